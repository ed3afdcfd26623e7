// Links of the job search. Every search URL is built here from a selection, through href(), so chips,
// pagination, the form, the feed and redirects always produce the canonical path.
import type { Locale } from '../../i18n/locales';
import { href } from '../../routes';
import {
  areaOf,
  canonicalSelection,
  canonicalSegments,
  jobQueryParams,
  type FacetKey,
  type JobQuery,
  type JobSelection,
} from '../../domain/job-facets';

/** The canonical path (and query) of a search: /{country}/trabajos/{area}/{role}/... */
export function jobsHref(locale: Locale, selection: JobSelection, query?: Partial<JobQuery> & { format?: 'rss' }): string {
  const filters = canonicalSegments(selection);
  const qs = { ...jobQueryParams(query), format: query?.format };
  return selection.country
    ? href('countryJobs', locale, { country: selection.country, filters }, qs)
    : href('jobs', locale, { filters }, qs);
}

/**
 * The selection with one facet set to a value (or cleared with undefined), in canonical form. A role names
 * its area: choosing a role replaces the area, choosing another area drops the role, and clearing the area
 * (shown chosen when the role implies it) clears the role in it, so no chip links to its own page or to a
 * role outside its area (decision 061).
 */
export function withFacet(selection: JobSelection, key: FacetKey | 'country', value: string | undefined): JobSelection {
  const next: JobSelection = { ...selection };
  if (key === 'area' && next.role && value !== areaOf(next)) delete next.role;
  if (key === 'role' && value !== undefined) delete next.area;
  if (value === undefined) delete next[key];
  else (next as Record<string, string>)[key] = value;
  return canonicalSelection(next);
}
