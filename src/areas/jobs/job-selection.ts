import { parseFilterSegments, type JobSelection } from '../../domain/job-facets';
import type { Params } from '../../routes';

/** The selection a job search route's params name (facet segments, and the country of /{country}/trabajos), when they name one. */
export function selectionOf(params: Params): { selection: JobSelection; canonical: boolean } | null {
  const parsed = parseFilterSegments(Array.isArray(params.filters) ? params.filters : []);
  if (!parsed.ok) return null;
  const country = typeof params.country === 'string' ? (params.country as JobSelection['country']) : undefined;
  return { selection: { ...parsed.selection, ...(country ? { country } : {}) }, canonical: parsed.isCanonical };
}
