import { Link } from 'waku';
import IconX from '~icons/lucide/x';
import { countries, type Labelled } from '../../domain/catalog';
import { formatMoney, formatNumber } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { FACET_VALUES, MIN_SALARY_STEPS, QUERY_KEYS, sortParam, type FacetKey, type JobQuery } from '../../domain/job-facets';
import type { RemoveLink } from '../../views/jobs/job-results';

// The job search's controls: a GET form (free text, minimum salary, sort; works without JavaScript),
// the active filters with their remove links, and the facet chips with their counts (decision 078 for phones). The chips are plain
// anchors (a full page load, like the form): a search page has about a hundred of them, and as router
// Links each would be a client component to render on the server and hydrate in the browser.

/** The search form: free text and its button. Its minimum salary and sort live in the filters panel (a sheet
 * on phones), tied to this form by `form=`, so one submit sends them all. */
export function SearchForm({ action, query, t }: { action: string; query: JobQuery; t: T }) {
  return (
    <form id={SEARCH_FORM} className="card job-search" method="get" action={action} role="search" aria-label={t('jobs.search.form')}>
      <div className="field job-search-q">
        <label htmlFor="jobs-q">{t('jobs.search.label')}</label>
        <input
          id="jobs-q"
          type="search"
          name={QUERY_KEYS.q}
          defaultValue={query.q}
          placeholder={t('jobs.search.placeholder')}
          maxLength={100}
        />
      </div>
      <button type="submit" className="btn btn-primary btn-md">
        {t('jobs.search.submit')}
      </button>
    </form>
  );
}
const SEARCH_FORM = 'jobs-search';

/** Minimum salary and sort, submitted with the search form; at the top of the filters panel. */
export function SearchOptions({ query, locale, t }: { query: JobQuery; locale: Locale; t: T }) {
  const steps =
    query.minSalaryUsd && !MIN_SALARY_STEPS.includes(query.minSalaryUsd as never)
      ? [...MIN_SALARY_STEPS, query.minSalaryUsd].sort((a, b) => a - b)
      : MIN_SALARY_STEPS;
  return (
    <div className="jobs-options">
      <div className="field">
        <label htmlFor="jobs-min-salary">{t('jobs.search.minSalary')}</label>
        <select
          id="jobs-min-salary"
          form={SEARCH_FORM}
          name={QUERY_KEYS.minSalaryUsd}
          defaultValue={query.minSalaryUsd ? String(query.minSalaryUsd) : ''}
        >
          <option value="">{t('jobs.search.any')}</option>
          {steps.map((n) => (
            <option key={n} value={String(n)}>
              {t('jobs.search.perMonth', { amount: formatMoney(n, 'USD', locale) })}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="jobs-sort">{t('jobs.search.sort')}</label>
        <select id="jobs-sort" form={SEARCH_FORM} name={QUERY_KEYS.sort} defaultValue={sortParam(query.sort)}>
          {/* The default order: with free text, the most relevant first (decision 057). */}
          <option value={sortParam('recent')}>{query.q ? t('jobs.sort.relevance') : t('jobs.sort.recent')}</option>
          <option value={sortParam('salary')}>{t('jobs.sort.salary')}</option>
        </select>
      </div>
      <button type="submit" form={SEARCH_FORM} className="btn btn-outline-primary btn-md">
        {t('jobs.filters.apply')}
      </button>
    </div>
  );
}

/** A chip that adds a common filter (phones: the sideways row under the search). */
export type QuickLink = { key: string; text: string; to: string };

/**
 * Under the search box: on phones the "Filtros (n)" button that opens the filters sheet (`#jobs-filters`,
 * shown by `:target` in CSS: no script), and one row of chips that scrolls sideways, the active filters
 * (each removes itself) then common ones; on wider screens the active filters only.
 */
export function FilterBar({ removals, quick, t }: { removals: RemoveLink[]; quick: QuickLink[]; t: T }) {
  const active = removals.filter((r) => r.key !== 'q').length;
  return (
    <div className="jobs-bar">
      <a href="#jobs-filters" className="btn btn-outline-primary btn-md jobs-filters-open">
        {active ? t('jobs.filters.open', { count: active }) : t('jobs.filters.openNone')}
      </a>
      {(removals.length > 0 || quick.length > 0) && (
        <nav className={removals.length ? 'jobs-active' : 'jobs-active jobs-active-none'} aria-label={t('jobs.filters.quick')}>
          {removals.length > 0 && (
            <h2 className="jobs-active-title" id="jobs-active-title">
              {t('jobs.filters.active')}
            </h2>
          )}
          <ul className="chips jobs-chip-row">
            {removals.map((r) => (
              <li key={r.key}>
                <Link to={r.to} className="chip chip-remove" aria-label={r.label}>
                  <span aria-hidden="true">{r.text}</span>
                  <IconX className="icon" aria-hidden="true" />
                </Link>
              </li>
            ))}
            {quick.map((q) => (
              <li key={q.key} className="jobs-quick">
                <a href={q.to} className="chip facet-chip">
                  {q.text}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </div>
  );
}

export type FacetGroup = {
  key: FacetKey | 'country';
  selected: string | undefined;
  counts: Record<string, number>;
  /** Where choosing a value leads (the selected value's link removes it). */
  hrefOf: (value: string | undefined) => string;
  /** Values shown before "more options"; the rest are folded away. */
  limit?: number;
  /** Order by count (long lists) rather than the catalogue's order. */
  byCount?: boolean;
};

const listOf = (key: FacetGroup['key']): readonly Labelled[] => (key === 'country' ? countries : FACET_VALUES[key]);

/** `counted`: the counts are totals (a broad free text's counts only sample its newest matches: no numbers). */
export function FacetChips({ groups, counted, locale, t }: { groups: FacetGroup[]; counted: boolean; locale: Locale; t: T }) {
  return (
    <>
      {groups.map((g) => {
        let values = listOf(g.key).filter((v) => v.id === g.selected || (g.counts[v.id] ?? 0) > 0);
        if (!values.length) return null;
        if (g.byCount) values = [...values].sort((a, b) => (g.counts[b.id] ?? 0) - (g.counts[a.id] ?? 0));
        const selected = values.filter((v) => v.id === g.selected);
        const rest = values.filter((v) => v.id !== g.selected);
        const limit = g.limit ?? Infinity;
        const chip = (v: Labelled) => {
          const on = v.id === g.selected;
          const n = g.counts[v.id] ?? 0;
          return (
            <li key={v.id}>
              <a href={g.hrefOf(on ? undefined : v.id)} className="chip facet-chip" aria-current={on ? 'true' : undefined}>
                {v.label[locale]}
                {on ? (
                  <>
                    <span className="sr-only"> ({t('jobs.filters.remove', { label: v.label[locale] })})</span>
                    <IconX className="icon" aria-hidden="true" />
                  </>
                ) : (
                  counted && (
                    <span className="facet-count">
                      <span className="sr-only"> (</span>
                      {formatNumber(n, locale)}
                      <span className="sr-only">)</span>
                    </span>
                  )
                )}
              </a>
            </li>
          );
        };
        return (
          <section key={g.key} className="facet" aria-labelledby={`facet-${g.key}`}>
            <h3 id={`facet-${g.key}`}>{t(`jobs.facet.${g.key}`)}</h3>
            <ul className="chips">
              {selected.map(chip)}
              {rest.slice(0, limit).map(chip)}
            </ul>
            {rest.length > limit && (
              <details className="facet-more">
                <summary>{t('jobs.filters.more')}</summary>
                <ul className="chips">{rest.slice(limit).map(chip)}</ul>
              </details>
            )}
          </section>
        );
      })}
    </>
  );
}
