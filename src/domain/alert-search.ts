// What a job alert watches: a job search (country, facet segments, free text, minimum salary) carried in the
// alert page's query string and stored in canonical form. The same rules as the search page: unknown facets,
// two values of one facet or an unknown country are refused, not dropped. Neutral module: the alert pages,
// the jobs page's link, the alerts service and tests.
import * as z from 'zod/mini';
import { countries, isCountry, labelOf, type CountryId } from './catalog';
import {
  canonicalSegments,
  FACET_VALUES,
  FACETS,
  facetOf,
  parseFilterSegments,
  QUERY_KEYS,
  type FacetSelection,
  type JobQuery,
  type JobSelection,
} from './job-facets';
import type { Locale } from '../i18n/locales';

export type AlertSearch = {
  country?: CountryId;
  /** Facet slugs in canonical order. */
  filters: string[];
  q: string;
  minSalaryUsd?: number;
};
export const FREQUENCIES = ['daily', 'weekly'] as const;
export type AlertFrequency = (typeof FREQUENCIES)[number];

/** The alert page's query keys (the search's own for the text and the salary). */
const ALERT_QUERY_KEYS = { country: 'pais', filters: 'filtros', q: QUERY_KEYS.q, minSalaryUsd: QUERY_KEYS.minSalaryUsd } as const;

const slug = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const searchSchema = z.object({
  country: z.optional(z.string().check(z.refine((v) => isCountry(v)))),
  filters: z.array(z.string().check(z.maxLength(60), z.regex(slug))).check(z.maxLength(FACETS.length)),
  q: z.string().check(z.maxLength(100)),
  minSalaryUsd: z.optional(z.string().check(z.regex(/^\d{1,7}$/))),
});

/** The search of an alert page's (or form's) values; null when any part is not a search the site knows. */
export function parseAlertSearch(values: {
  country?: string | null;
  filters?: string | null;
  q?: string | null;
  minSalaryUsd?: string | null;
}): AlertSearch | null {
  const parsed = searchSchema.safeParse({
    ...(values.country ? { country: values.country } : {}),
    filters: values.filters ? values.filters.split(/[/,]/).filter(Boolean) : [],
    q: values.q ?? '',
    ...(values.minSalaryUsd ? { minSalaryUsd: values.minSalaryUsd.trim() } : {}),
  });
  if (!parsed.success) return null;
  const facets = parseFilterSegments(parsed.data.filters);
  if (!facets.ok) return null;
  const min = parsed.data.minSalaryUsd ? Number(parsed.data.minSalaryUsd) : undefined;
  if (min !== undefined && (min < 1 || min > 1_000_000)) return null;
  const q = parsed.data.q.replace(/\s+/g, ' ').trim();
  return {
    ...(parsed.data.country ? { country: parsed.data.country as CountryId } : {}),
    filters: facets.canonical,
    q,
    ...(min ? { minSalaryUsd: min } : {}),
  };
}

/** The search of an alert page's query string. */
export const alertSearchOfQuery = (sp: URLSearchParams): AlertSearch | null =>
  parseAlertSearch({
    country: sp.get(ALERT_QUERY_KEYS.country),
    filters: sp.get(ALERT_QUERY_KEYS.filters),
    q: sp.get(ALERT_QUERY_KEYS.q),
    minSalaryUsd: sp.get(ALERT_QUERY_KEYS.minSalaryUsd),
  });

/** The alert page's query for a search page's selection and query (for href()). */
export function alertQueryOf(
  selection: JobSelection,
  query: Partial<Pick<JobQuery, 'q' | 'minSalaryUsd'>> = {},
): Record<string, string | undefined> {
  const filters = canonicalSegments(selection);
  return {
    [ALERT_QUERY_KEYS.country]: selection.country,
    [ALERT_QUERY_KEYS.filters]: filters.length ? filters.join(',') : undefined,
    [ALERT_QUERY_KEYS.q]: query.q || undefined,
    [ALERT_QUERY_KEYS.minSalaryUsd]: query.minSalaryUsd ? String(query.minSalaryUsd) : undefined,
  };
}

/** One string per distinct search: equal searches are one alert (text compared without case). */
export const searchKey = (s: AlertSearch): string =>
  [s.country ?? '', s.filters.join('/'), s.q.toLowerCase(), s.minSalaryUsd ?? ''].join('|');

/** The search as the job search service and the search links take it. */
export function selectionOfAlert(s: AlertSearch): JobSelection {
  const parsed = parseFilterSegments(s.filters);
  // A stored search the URL grammar now refuses (a role with an area it is not in, taken before decision
  // 061) keeps filtering by what it named (no offer), rather than widening to every offer.
  const facets: FacetSelection = parsed.ok ? parsed.selection : literalFacets(s.filters);
  return { ...facets, ...(s.country ? { country: s.country } : {}) };
}

/** Known facet values taken one by one (the first of each facet), unknown ones skipped. */
function literalFacets(segments: readonly string[]): FacetSelection {
  const out: FacetSelection = {};
  for (const v of segments) {
    const f = facetOf(v);
    if (f && out[f] === undefined) out[f] = v;
  }
  return out;
}

/** The parts of a search in words (for emails and the manage pages): country, facet values, text, salary. */
export function alertSearchParts(
  s: AlertSearch,
  locale: Locale,
): { country?: string; facets: string[]; q?: string; minSalaryUsd?: number } {
  const sel = selectionOfAlert(s);
  return {
    ...(s.country ? { country: labelOf(countries, s.country, locale) } : {}),
    facets: FACETS.flatMap((f) => (sel[f] ? [labelOf(FACET_VALUES[f], sel[f], locale)] : [])),
    ...(s.q ? { q: s.q } : {}),
    ...(s.minSalaryUsd ? { minSalaryUsd: s.minSalaryUsd } : {}),
  };
}
