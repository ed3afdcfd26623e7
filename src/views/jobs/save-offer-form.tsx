import type { Locale } from '../../i18n/locales';
import { href } from '../../routes';

// Saving an offer (decision 049), on job cards and offer pages: cached pages cannot know the viewer, so the
// button always says "Save" and the POST is idempotent; a visitor not signed in is sent to sign in first.
/** The bookmark button of cards and offer pages: a plain POST (no JavaScript), idempotent. */
export function SaveOfferForm({ slug, locale, label, title }: { slug: string; locale: Locale; label: string; title?: string }) {
  return (
    <form method="post" action={href('offerSave', locale, { slug })} className="save-offer">
      <button type="submit" className="btn btn-outline-secondary btn-md" data-testid="save-offer">
        {label}
        {title && <span className="sr-only"> {title}</span>}
      </button>
    </form>
  );
}
