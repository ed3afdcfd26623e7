import type { T } from '../../i18n/translate';
import { Enhance } from '../islands/enhance';

export type CopyLinkLabels = { field: string; copy: string; copied: string; failed: string };

// A share link as a field that never runs past the screen (a raw URL does not wrap). The server renders the
// field; the "copy" button comes with its own chunk once JavaScript runs (copy-link-impl.tsx).
export function CopyLink({ url, labels, testId }: { url: string; labels: CopyLinkLabels; testId?: string }) {
  return (
    <Enhance kind="copy-link" props={{ url, labels, testId }}>
      <div className="copy-link" data-testid={testId}>
        <input className="input" type="url" readOnly value={url} aria-label={labels.field} />
      </div>
    </Enhance>
  );
}

/** The strings in the page's language (client components get only what they render). */
export const copyLinkLabels = (t: T): CopyLinkLabels => ({
  field: t('copyLink.field'),
  copy: t('copyLink.copy'),
  copied: t('copyLink.copied'),
  failed: t('copyLink.failed'),
});
