'use client';
import IconMonitor from '~icons/lucide/monitor';
import { Enhanced, type EnhancedChunk } from './enhance';
import type { Labels } from './color-mode-switch-impl';

// The colour-mode button in every header. The menu, its keyboard handling and the tooltip come as a chunk
// of their own right after hydration; until then the same button stands in its place (no layout shift).
const load = () => import('./color-mode-switch-impl') as Promise<EnhancedChunk<{ labels: Labels }>>;

export function ColorModeSwitch({ labels }: { labels: Labels }) {
  return (
    <Enhanced load={load} props={{ labels }}>
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
    </Enhanced>
  );
}
