import 'server-only';
import { Link } from 'waku';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { href } from '../../routes';
import type { SavedOffer } from '../../server/offers/saved-offers-service';

// The workspace's parts of decision 049: the withdrawal's confirmation step (no JavaScript needed) and the
// saved offers, open ones first, those no longer taking applications apart; each with its remove button.
export function WithdrawConfirm({
  application,
  locale,
  t,
}: {
  application: { id: number; offer: { title: string } };
  locale: Locale;
  t: T;
}) {
  const back = `${href('matchPlatform', locale)}#applications`;
  return (
    <div className="card withdraw-confirm" role="region" aria-labelledby="withdraw-title" id="withdraw" data-testid="withdraw-confirm">
      <h2 id="withdraw-title" className="h3">
        {t('applying.withdraw.confirmTitle', { offer: application.offer.title })}
      </h2>
      <p>{t('applying.withdraw.confirmBody')}</p>
      <form method="post" action={href('matchPlatform', locale)} className="actions">
        <input type="hidden" name="intent" value="withdraw" />
        <input type="hidden" name="application" value={application.id} />
        <button type="submit" className="btn btn-danger btn-md" data-testid="withdraw-confirm-button">
          {t('applying.withdraw.confirm')}
        </button>
        <Link className="btn btn-outline-secondary btn-md" to={back}>
          {t('applying.withdraw.cancel')}
        </Link>
      </form>
    </div>
  );
}

function SavedList({ items, locale, t, closed }: { items: SavedOffer[]; locale: Locale; t: T; closed?: boolean }) {
  return (
    <ul className="saved-offers">
      {items.map((s) => (
        <li key={s.offerId} className="saved-offer" data-testid="saved-offer">
          <div>
            <Link to={href('offer', locale, { slug: s.slug })}>{s.title}</Link> <span className="muted">· {s.company}</span>
            {closed && <span className="badge">{t(`platform.offerState.${s.state}`)}</span>}
          </div>
          <form method="post" action={href('matchPlatform', locale)}>
            <input type="hidden" name="intent" value="unsave" />
            <input type="hidden" name="offer" value={s.offerId} />
            <button type="submit" className="btn btn-outline-secondary btn-md">
              {t('applying.saved.remove')}
              <span className="sr-only"> {s.title}</span>
            </button>
          </form>
        </li>
      ))}
    </ul>
  );
}

export function SavedOffersSection({
  saved,
  removed,
  locale,
  t,
}: {
  saved: { open: SavedOffer[]; closed: SavedOffer[]; next: string | null };
  removed: boolean;
  locale: Locale;
  t: T;
}) {
  const empty = !saved.open.length && !saved.closed.length;
  return (
    <section className="section" id="saved" aria-labelledby="saved-title">
      <h2 id="saved-title">{t('applying.saved.heading')}</h2>
      {removed && (
        <p className="alert alert-success" role="status">
          {t('applying.saved.removed')}
        </p>
      )}
      {empty ? <p className="notice">{t('applying.saved.empty')}</p> : <SavedList items={saved.open} locale={locale} t={t} />}
      {saved.closed.length > 0 && (
        <>
          <h3 className="h4">{t('applying.saved.closedHeading')}</h3>
          <SavedList items={saved.closed} locale={locale} t={t} closed />
        </>
      )}
      {saved.next && (
        <p>
          <Link to={`${href('matchPlatform', locale)}?${new URLSearchParams({ guardadas: saved.next })}#saved`}>
            {t('applying.saved.more')}
          </Link>
        </p>
      )}
    </section>
  );
}
