import type { T } from '../../i18n/translate';
import type { CopyLinkLabels } from '../islands/copy-link';

/** The copy-link island's strings in the page's language (client components get only what they render). */
export const copyLinkLabels = (t: T): CopyLinkLabels => ({
  field: t('copyLink.field'),
  copy: t('copyLink.copy'),
  copied: t('copyLink.copied'),
  failed: t('copyLink.failed'),
});
