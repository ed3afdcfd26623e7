import 'server-only';
import { FacetChips, FilterBar, SearchForm, SearchOptions, type FacetGroup, type QuickLink } from './job-filters';
import { countText, EmptyResults, JobList, SearchPager, type NearSearch, type RemoveLink } from '../../views/jobs/job-results';
import { PageHero } from '../../components/ui/page-hero';
import { countries, labelOf } from '../../domain/catalog';
import { formatMoney } from '../../i18n/format';
import {
  areaOf,
  FACET_VALUES,
  FACETS,
  indexableParent,
  parseJobQuery,
  type FacetKey,
  type JobQuery,
  type JobSelection,
} from '../../domain/job-facets';
import { selectionOf } from './job-selection';
import { alertQueryOf } from '../../domain/alert-search';
import { href } from '../../routes';
import { jobsHref, withFacet } from '../../views/jobs/job-search-url';
import { describeSearch, searchTitle } from '../../views/jobs/job-text';
import { cache } from 'react';
import { getConfig } from '../../server/config';
import type { AreaDeps } from '../route-module';
import { COUNT_CAP, type JobSearchResult } from '../../server/offers/job-search-service';
import type { Page, PageMeta, PageProps } from '../../server/render/page-types';

// Job search (/trabajos/{filters...}, /{country}/trabajos/{filters...}): reads one search through the
// service and renders it. The canonical redirect and the RSS feed are answered before the page
// (job-search-get.ts); unknown segments never get here (route validation, 404). The list continues by
// cursor (decision 057): a bad or stale one shows the first page.

/** What the search finds without one of its filters (only for an empty first page), by what is dropped. */
type Near = Partial<Record<FacetKey | 'country' | 'q' | 'salary', { total: number; capped: boolean }>>;
type Loaded = { selection: JobSelection; query: JobQuery; result: JobSearchResult; near: Near };

type Load = (p: PageProps) => Promise<Loaded>;

/** The search of a page's props. Memoised for the render (React's cache): meta() and the page get the same
 * props object, so one search per request serves both. */
const searchOf = ({ jobs }: Pick<AreaDeps, 'jobs'>): Load =>
  cache(async (p: PageProps) => {
    const selection: JobSelection = selectionOf(p.params)?.selection ?? {};
    const query = parseJobQuery(p.query);
    // An old page number (an RSC request keeps it: only documents are redirected) shows the first page.
    const service = await jobs();
    const result = await service.search({ ...selection, ...query, page: 1 }, { facets: true });
    // An empty search suggests its nearest searches with offers: each without one of its filters (counts kept
    // per selection, like any count).
    const near: Near = {};
    if (!result.items.length && !query.cursor) {
      const drops: [keyof Near, JobSelection, Partial<JobQuery>][] = [
        ...(['country', ...FACETS] as const)
          .filter((k) => selection[k])
          .map((k) => [k, withFacet(selection, k, undefined), query] as [keyof Near, JobSelection, Partial<JobQuery>]),
        ...(query.q ? [['q', selection, { ...query, q: '' }] as [keyof Near, JobSelection, Partial<JobQuery>]] : []),
        ...(query.minSalaryUsd
          ? [['salary', selection, { ...query, minSalaryUsd: undefined }] as [keyof Near, JobSelection, Partial<JobQuery>]]
          : []),
      ];
      const counts = await Promise.all(drops.map(([, sel, q]) => service.count({ ...sel, ...q })));
      drops.forEach(([k], i) => (near[k] = counts[i]!));
    }
    return { selection, query, result, near };
  });

async function meta(load: Load, p: PageProps): Promise<PageMeta> {
  const { selection, query, result } = await load(p);
  const title = searchTitle(selection, query, p.locale, p.t);
  const described = describeSearch(selection, p.locale, p.t);
  // Variants (free text, salary, sort, later pages), empty searches and searches deeper than
  // INDEXABLE_FACETS facets stay out of search engines; a deep one names its indexable parent as canonical,
  // any other its own canonical path (the query left off).
  const variant = !!query.q || !!query.minSalaryUsd || query.sort !== 'recent' || query.page > 1 || !!query.cursor;
  const parent = indexableParent(selection);
  const deep = Object.keys(parent).length < Object.keys(selection).length;
  return {
    title,
    description: p.t('jobs.description', { title: described, count: countText(result, p.locale) }),
    noindex: variant || deep || result.total === 0,
    // Its own canonical URL (decision 061: the one form of the selection; other forms were redirected).
    canonicalPath: jobsHref(p.locale, deep ? parent : selection),
  };
}

/** The job search's page, for both routes (all countries, one country). */
export function jobsPage(deps: Pick<AreaDeps, 'jobs'>): Page {
  const load = searchOf(deps);
  const page: Page = (p) => JobsContent(load, p);
  page.meta = (p) => meta(load, p);
  return page;
}

async function JobsContent(load: Load, p: PageProps) {
  const { locale, t } = p;
  const { selection, query, result, near } = await load(p);
  const keep = { q: query.q, minSalaryUsd: query.minSalaryUsd, sort: query.sort, exact: query.exact };
  const to = (sel: JobSelection, q: Parameters<typeof jobsHref>[2] = keep) => jobsHref(locale, sel, q);

  const shape: Pick<FacetGroup, 'key' | 'limit' | 'byCount'>[] = [
    { key: 'country' },
    ...FACETS.map((key) => ({
      key,
      ...(key === 'role' ? { limit: 8, byCount: true } : key === 'skill' ? { limit: 12, byCount: true } : {}),
    })),
  ];
  const groups: FacetGroup[] = shape.map((g) => ({
    ...g,
    // A role's area is chosen with it (the URL leaves it out): its chip shows chosen, and clears both.
    selected: g.key === 'area' ? areaOf(selection) : selection[g.key],
    counts: result.facets?.[g.key] ?? {},
    hrefOf: (value: string | undefined) => to(withFacet(selection, g.key, value)),
  }));

  // One link per active filter that drops it (the active-filter chips and the empty state's suggestions).
  const removals: RemoveLink[] = [
    ...(selection.country ? [{ key: 'country', text: labelOf(countries, selection.country, locale) }] : []),
    ...FACETS.flatMap((key) => (selection[key] ? [{ key, text: labelOf(FACET_VALUES[key], selection[key], locale) }] : [])),
  ].map((r) => ({ ...r, label: t('jobs.filters.remove', { label: r.text }), to: to(withFacet(selection, r.key as never, undefined)) }));
  if (query.q)
    removals.push({
      key: 'q',
      text: t('jobs.filters.query', { q: query.q }),
      label: t('jobs.filters.removeQuery', { q: query.q }),
      to: to(selection, { ...keep, q: '' }),
    });
  if (query.minSalaryUsd) {
    const amount = formatMoney(query.minSalaryUsd, 'USD', locale);
    removals.push({
      key: 'salary',
      text: `≥ ${amount}`,
      label: t('jobs.filters.removeSalary', { amount }),
      to: to(selection, { ...keep, minSalaryUsd: undefined }),
    });
  }

  // The phone's chip row: after the active filters, the commonest modalities, roles and skills of this search.
  const quick: QuickLink[] = groups
    .filter((g) => g.key === 'modality' || g.key === 'role' || g.key === 'skill')
    .flatMap((g) =>
      Object.entries(g.counts)
        .filter(([id, n]) => n > 0 && id !== g.selected && FACET_VALUES[g.key as FacetKey].some((v) => v.id === id))
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([id]) => ({ key: `${g.key}-${id}`, text: labelOf(FACET_VALUES[g.key as FacetKey], id, locale), to: g.hrefOf(id) })),
    );
  const nearSearches: NearSearch[] = removals
    .flatMap((r) => {
      const count = near[r.key as keyof Near];
      return count && count.total > 0 ? [{ ...r, count }] : [];
    })
    .sort((a, b) => b.count.total - a.count.total);
  const alert = href('alertNew', locale, {}, alertQueryOf(selection, query));

  const feed = getConfig().SITE_URL + to(selection, { ...keep, format: 'rss' });
  const heading = describeSearch(selection, locale, t);
  const count = result.total === 1 && !result.capped ? t('jobs.results.one') : t('jobs.results.many', { count: countText(result, locale) });

  return (
    <>
      <link rel="alternate" type="application/rss+xml" title={t('jobs.rss.title', { title: heading })} href={feed} />
      <PageHero heading={heading} />
      <div className="container page jobs-page">
        <SearchForm action={to(selection, {})} query={query} t={t} />
        <FilterBar removals={removals} quick={quick} t={t} />
        {result.understood && (
          <p className="notice jobs-understood">
            {t('jobs.understood.showing', { q: result.understood })}{' '}
            <a href={to(selection, { ...keep, exact: true })}>{t('jobs.understood.exact', { q: query.q })}</a>
          </p>
        )}
        {/* A plain link (this page is one cached HTML for everyone, with no room for more script): the alert
            page carries the search in its query string. */}
        <p className="jobs-alert">
          <a className="btn btn-outline-primary btn-md" href={alert}>
            {t('alerts.cta')}
          </a>{' '}
          <span className="muted">{t('alerts.ctaHint')}</span>
        </p>
        <div className="jobs-layout">
          <section className="jobs-results" aria-labelledby="jobs-results-title">
            <div className="jobs-results-head">
              <h2 id="jobs-results-title" className="jobs-results-title">
                {t('jobs.results.heading')} <span className="muted">· {count}</span>
              </h2>
              <a href={feed} className="jobs-rss" type="application/rss+xml">
                {t('jobs.rss.link')}
              </a>
            </div>
            {result.items.some((o) => o.isDemo) && <p className="demo-note muted">{t('jobs.demo')}</p>}
            {result.items.length ? (
              <JobList items={result.items} locale={locale} t={t} now={new Date()} />
            ) : (
              <EmptyResults
                removals={removals}
                near={nearSearches}
                all={removals.length ? to({}, {}) : null}
                alert={alert}
                locale={locale}
                t={t}
              />
            )}
            <SearchPager
              result={result}
              first={to(selection)}
              next={result.next ? to(selection, { ...keep, cursor: result.next }) : null}
              {...(result.sort === 'relevance' ? { windowEnd: COUNT_CAP } : {})}
              locale={locale}
              t={t}
            />
          </section>
          {/* A sheet on phones, opened by the "Filtros (n)" link (`:target`, CSS only), the column beside on wider screens. */}
          <aside id="jobs-filters" className="jobs-filters" aria-labelledby="jobs-filters-title">
            <div className="jobs-sheet-head">
              <h2 id="jobs-filters-title" className="jobs-filters-title">
                {t('jobs.filters.heading')}
              </h2>
              <a href="#jobs-results-title" className="jobs-sheet-close">
                {t('jobs.filters.close')}
              </a>
            </div>
            <SearchOptions query={query} locale={locale} t={t} />
            <FacetChips groups={groups} counted={!result.capped} locale={locale} t={t} />
            <a href="#jobs-results-title" className="btn btn-primary btn-md jobs-sheet-done">
              {t('jobs.filters.show')}
            </a>
          </aside>
        </div>
      </div>
    </>
  );
}
