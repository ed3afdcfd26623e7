import IconMonitor from '~icons/lucide/monitor';
import { Enhance } from './enhance';
import type { Labels } from './color-mode-switch-impl';

// The colour-mode button in every header. The menu, its keyboard handling and the tooltip come as a chunk
// of their own right after hydration; until then the same button stands in its place (no layout shift).
// A server component: the stand-in comes in the page's HTML and payload, so none of its code (the icon
// included) is in the JavaScript every page loads.
export function ColorModeSwitch({ labels }: { labels: Labels }) {
  return (
    <Enhance kind="color-mode-switch" props={{ labels }}>
      <span className="color-mode">
        <span className="tooltip-wrap">
          <span className="dropdown">
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              aria-label={`${labels.label}: ${labels.system}`}
              aria-haspopup="menu"
              aria-expanded={false}
            >
              <IconMonitor aria-hidden />
            </button>
          </span>
        </span>
      </span>
    </Enhance>
  );
}
