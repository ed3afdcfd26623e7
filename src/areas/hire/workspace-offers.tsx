import 'server-only';
import { Link } from 'waku';
import IconEllipsis from '~icons/lucide/ellipsis';
import { Enhance } from '../../components/islands/enhance';
import { formatDate } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { href } from '../../routes';
import type { HiringService } from '../../server/offers/hiring-service';

// The workspace's offers (decision 029): one primary action per row (see the applicants when there are any,
// else edit) and a <details> menu with the rest, so that nothing needs JavaScript and the destructive
// "close" is one deliberate step away instead of a red button on every row.
type Offer = Awaited<ReturnType<HiringService['offers']>>['offers'][number];

const STATE_BADGE: Record<string, string> = {
  open: 'success',
  draft: 'secondary',
  paused: 'warning',
  closed: 'secondary',
  expired: 'warning',
};

const isPublic = (o: Offer) => o.state === 'open' || o.state === 'closed' || o.state === 'expired';

export function OffersTable({ offers, site, locale, t }: { offers: Offer[]; site: string; locale: Locale; t: T }) {
  const edit = (o: Offer) => `${href('hireCreateOffer', locale)}?oferta=${o.id}`;
  return (
    <div id="offers-list">
      <table className="salary-table offers-table" aria-labelledby="offers-title">
        <thead>
          <tr>
            <th scope="col">{t('platform.offer')}</th>
            <th scope="col">{t('offer.status')}</th>
            <th scope="col" className="num">
              {t('hire.site.applicants')}
            </th>
            <th scope="col">{t('offer.validThrough')}</th>
            <th scope="col">
              <span className="sr-only">{t('hire.site.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {offers.map((o) => {
            const seeApplicants = o.applicants > 0;
            const primary = seeApplicants ? t('hire.site.viewApplicants') : t('hire.site.edit');
            const stateActions = o.actions.filter((a) => a !== 'close');
            return (
              <tr key={o.id} data-testid="company-offer">
                <th scope="row" className="offer-cell">
                  {isPublic(o) ? <Link to={href('offer', locale, { slug: o.slug })}>{o.title}</Link> : o.title}
                </th>
                <td>
                  <span className={`badge badge-${STATE_BADGE[o.state] ?? 'secondary'}`}>{t(`platform.offerState.${o.state}`)}</span>
                </td>
                <td className="num" data-testid="applicant-count">
                  <span className={o.applicants > 0 ? 'count' : 'count count-zero'}>{o.applicants}</span>
                  <span className="cell-label"> {o.applicants === 1 ? t('hire.site.applicantOne') : t('hire.site.applicantMany')}</span>
                </td>
                <td className="offer-date">
                  <span className="cell-label">{t('offer.validThrough')}: </span>
                  {o.validThrough && o.state !== 'closed' ? formatDate(o.validThrough, locale) : '—'}
                </td>
                <td className="offer-actions">
                  <div className="row-actions">
                    <Link
                      className="btn btn-outline-primary btn-sm"
                      to={seeApplicants ? href('hireApplicants', locale, { id: String(o.id) }) : edit(o)}
                      data-testid="primary-action"
                      aria-label={`${primary}: ${o.title}`}
                    >
                      {primary}
                    </Link>
                    <details className="row-menu">
                      <summary className="btn btn-ghost btn-sm">
                        <IconEllipsis aria-hidden />
                        <span className="sr-only">
                          {t('hire.site.moreActions')}: {o.title}
                        </span>
                      </summary>
                      <ul className="row-menu-panel">
                        {seeApplicants && (
                          <li>
                            <Link to={edit(o)} aria-label={`${t('hire.site.edit')}: ${o.title}`}>
                              {t('hire.site.edit')}
                            </Link>
                          </li>
                        )}
                        {isPublic(o) && (
                          <li>
                            <Link to={href('offer', locale, { slug: o.slug })} aria-label={`${t('hire.site.publicPage')}: ${o.title}`}>
                              {t('hire.site.publicPage')}
                            </Link>
                          </li>
                        )}
                        {stateActions.map((a) => (
                          <li key={a}>
                            <ActionForm site={site} offer={o} action={a} t={t} />
                          </li>
                        ))}
                        {o.actions.includes('close') && (
                          <li className="row-menu-danger">
                            <ActionForm site={site} offer={o} action="close" t={t} />
                          </li>
                        )}
                      </ul>
                    </details>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <Enhance kind="menu-keys" props={{ scopeId: 'offers-list' }}>
        {null}
      </Enhance>
    </div>
  );
}

function ActionForm({ site, offer, action, t }: { site: string; offer: Offer; action: Offer['actions'][number]; t: T }) {
  return (
    <form method="post" action={site}>
      <input type="hidden" name="intent" value="offer-action" />
      <input type="hidden" name="offer" value={offer.id} />
      <input type="hidden" name="action" value={action} />
      <button type="submit" aria-label={`${t(`hire.action.${action}`)}: ${offer.title}`}>
        {t(`hire.action.${action}`)}
      </button>
    </form>
  );
}

/** The close action's second step (decision 048): closing is shown again with the offer's title, then done. */
export function CloseConfirm({ offer, site, t }: { offer: Offer; site: string; t: T }) {
  return (
    <section className="card section-sm confirm-panel" role="alertdialog" aria-labelledby="close-confirm-title" data-testid="close-confirm">
      <h3 id="close-confirm-title">{t('tracker.close.title', { title: offer.title })}</h3>
      <p>{t('tracker.close.text')}</p>
      <form method="post" action={site} className="inline-form">
        <input type="hidden" name="intent" value="offer-action" />
        <input type="hidden" name="offer" value={offer.id} />
        <input type="hidden" name="action" value="close" />
        <input type="hidden" name="confirm" value="1" />
        <button type="submit" className="btn btn-danger btn-md" data-testid="close-confirm-submit">
          {t('tracker.close.confirm')}
        </button>
        <Link className="btn btn-outline-secondary btn-md" to={site}>
          {t('tracker.close.cancel')}
        </Link>
      </form>
    </section>
  );
}
