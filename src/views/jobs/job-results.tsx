import { Link } from 'waku';
import { formatAtLeast, formatDate, formatDaysAgo, formatGrouped, formatNumber } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { skills, labelOf } from '../../domain/catalog';
import { englishLabel, modalityLabel, placeText, salaryText, seniorityLabel } from './job-text';
import { href } from '../../routes';
import { CompanyLogo } from '../../components/ui/company-logo';
import type { JobCard } from '../../server/offers/job-search-service';
import { SaveOfferForm } from './save-offer-form';

// The results of a job search: offer cards, pagination and the empty state. Server components only.
// A card is one tap target: its title link stretches over the whole card (CSS), the company link and the
// save button sit above it and keep working.

/**
 * Offer cards. `dense`: the title, company, salary and facts only (no skills, no save button), for the few
 * offers a salary page points to, where the card leads to the offer and the page stays short on a phone.
 * `logos: false` on a company's own page, where every card would repeat its logo.
 */
export function JobList({
  items,
  locale,
  t,
  now = new Date(),
  dense = false,
  logos = true,
}: {
  items: JobCard[];
  locale: Locale;
  t: T;
  now?: Date;
  dense?: boolean;
  logos?: boolean;
}) {
  return (
    <ol className="job-list">
      {items.map((o) => {
        const salary = salaryText(o.salary, locale, t);
        return (
          <li key={o.id}>
            <article className="card job-card" aria-labelledby={`job-${o.id}`}>
              <div className="job-card-head">
                {logos && <CompanyLogo name={o.company.name} logo={o.company.logo} size={44} />}
                <div>
                  <h3 id={`job-${o.id}`} className="job-title">
                    <Link to={href('offer', locale, { slug: o.slug })}>{o.title}</Link>
                  </h3>
                  <p className="job-company">
                    <Link to={href('company', locale, { slug: o.company.slug })}>{o.company.name}</Link>
                  </p>
                </div>
              </div>
              <p className="job-salary">
                <span>{salary.local}</span>
                {salary.usd && <span className="job-salary-usd">{salary.usd}</span>}
              </p>
              <ul className="job-facts">
                <li>{modalityLabel(o.modality, locale)}</li>
                <li>{placeText(o, locale, t)}</li>
                <li>{seniorityLabel(o.seniority, locale)}</li>
                {o.english && <li>{englishLabel(o.english, locale)}</li>}
                {o.publishedAt && (
                  <li>
                    <time dateTime={o.publishedAt.toISOString()} title={formatDate(o.publishedAt, locale)}>
                      {t('jobs.card.posted', { date: formatDaysAgo(o.publishedAt, now, locale) })}
                    </time>
                  </li>
                )}
              </ul>
              {!dense && o.skills.length > 0 && (
                <ul className="job-skills" aria-label={t('jobs.card.skills')}>
                  {o.skills.map((s) => (
                    <li key={s.skill} className="chip chip-static">
                      {labelOf(skills, s.skill, locale)}
                    </li>
                  ))}
                </ul>
              )}
              {!dense && <SaveOfferForm slug={o.slug} locale={locale} label={t('applying.saved.save')} title={o.title} />}
            </article>
          </li>
        );
      })}
    </ol>
  );
}

/** How many a search found: "1.234" or, when counting stopped at its cap, "1.000+" ("1,000+" in English). */
export const countText = (r: { total: number; capped: boolean }, locale: Locale) =>
  r.capped ? formatAtLeast(r.total, locale) : formatNumber(r.total, locale);

/**
 * The search list's pager (keyset, decision 057): where this page is ("21–40 de 1.234", or "de 1.000+"), a
 * link back to the first page after it, and "Siguientes 20" (the real number left when fewer) while there is
 * a next page. No page numbers: a page is reached by its cursor, so the pager offers only pages it can reach.
 */
export function SearchPager({
  result,
  first,
  next,
  windowEnd,
  locale,
  t,
}: {
  result: { total: number; capped: boolean; from: number; perPage: number; items: unknown[] };
  first: string;
  next: string | null;
  /** The relevance order stops at this many: said when this page reaches it. */
  windowEnd?: number;
  locale: Locale;
  t: T;
}) {
  if (!result.items.length || (result.from <= 1 && !next)) return null;
  const to = result.from + result.items.length - 1;
  const total = Math.max(result.total, to);
  const left = result.capped ? result.perPage : Math.max(0, total - to);
  return (
    <nav className="pagination" aria-label={t('jobs.pagination.label')} data-testid="jobs-pager">
      <ul>
        {result.from > 1 && (
          <li>
            <Link to={first} rel="first" className="btn btn-outline-primary btn-sm">
              {t('jobs.pagination.first')}
            </Link>
          </li>
        )}
        <li className="pagination-status">
          <span aria-current="page">
            {t('jobs.pagination.range', {
              from: formatNumber(result.from, locale),
              to: formatNumber(to, locale),
              total: countText({ total, capped: result.capped }, locale),
            })}
          </span>
        </li>
        {next && left > 0 && (
          <li>
            <Link to={next} rel="next" className="btn btn-outline-primary btn-sm">
              {t('jobs.pagination.nextN', { n: formatNumber(Math.min(result.perPage, left), locale) })}
            </Link>
          </li>
        )}
      </ul>
      {windowEnd !== undefined && !next && to >= windowEnd && (
        <p className="muted">{t('jobs.pagination.window', { count: formatGrouped(windowEnd, locale) })}</p>
      )}
    </nav>
  );
}

/** Page links: first, a window around the current page, last; prev/next carry rel. */
export function Pagination({ page, pages, hrefOf, t }: { page: number; pages: number; hrefOf: (page: number) => string; t: T }) {
  if (pages <= 1) return null;
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])]
    .filter((n) => n >= 1 && n <= pages)
    .sort((a, b) => a - b);
  return (
    <nav className="pagination" aria-label={t('jobs.pagination.label')}>
      <p className="sr-only">{t('jobs.pagination.status', { page, pages })}</p>
      <ul>
        {page > 1 && (
          <li>
            <Link to={hrefOf(page - 1)} rel="prev" className="btn btn-outline-primary btn-sm">
              {t('jobs.pagination.prev')}
            </Link>
          </li>
        )}
        {shown.map((n, i) => (
          <li key={n} className="pagination-number">
            {i > 0 && n - shown[i - 1]! > 1 && (
              <span className="pagination-gap" aria-hidden="true">
                …
              </span>
            )}
            {n === page ? (
              <span className="btn btn-primary btn-sm" aria-current="page">
                {n}
              </span>
            ) : (
              <Link to={hrefOf(n)} className="btn btn-ghost btn-sm" aria-label={t('jobs.pagination.page', { page: n })}>
                {n}
              </Link>
            )}
          </li>
        ))}
        {page < pages && (
          <li>
            <Link to={hrefOf(page + 1)} rel="next" className="btn btn-outline-primary btn-sm">
              {t('jobs.pagination.next')}
            </Link>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** A link that drops one filter: `text` is what the chip shows, `label` says what the link does. */
export type RemoveLink = { key: string; text: string; label: string; to: string };

/** A search one filter away from an empty one, and how many it finds. */
export type NearSearch = RemoveLink & { count: { total: number; capped: boolean } };

/**
 * No results: say so, then the nearest searches that have offers (the search without one of its filters,
 * with how many it finds), most first; when none has any, a link to drop each filter; then all offers
 * and an alert for this search.
 */
export function EmptyResults({
  removals,
  near,
  all,
  alert,
  locale,
  t,
}: {
  removals: RemoveLink[];
  near: NearSearch[];
  all: string | null;
  alert: string;
  locale: Locale;
  t: T;
}) {
  return (
    <div className="notice jobs-empty" role="status">
      <p className="jobs-empty-title">{t('jobs.empty')}</p>
      {near.length > 0 ? (
        <>
          <p>{t('jobs.emptySuggest')}</p>
          <ul>
            {near.map((r) => (
              <li key={r.key}>
                <Link to={r.to}>
                  {r.count.total === 1 && !r.count.capped
                    ? t('jobs.emptyDropOne', { label: r.text })
                    : t('jobs.emptyDrop', { label: r.text, count: countText(r.count, locale) })}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : (
        removals.length > 0 && (
          <>
            <p>{t('jobs.emptyHint')}</p>
            <ul>
              {removals.map((r) => (
                <li key={r.key}>
                  <Link to={r.to}>{r.label}</Link>
                </li>
              ))}
            </ul>
          </>
        )
      )}
      {all && (
        <p>
          <Link to={all}>{t('jobs.clearFilters')}</Link>
        </p>
      )}
      <p>
        <a href={alert}>{t('jobs.emptyAlert')}</a>
      </p>
    </div>
  );
}
