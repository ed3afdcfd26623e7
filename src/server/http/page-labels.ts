import 'server-only';
import { isCountry, isRole } from '../../domain/catalog';
import { parseFilterSegments, QUERY_KEYS, type JobSelection } from '../../domain/job-facets';
import { companyTag, FIGURES_TAG, HOME_TAG, offerTag, profileTag, type PageLabels } from '../../domain/page-purge';
import { matchRoute, type RouteId } from '../../routes';
import { pagePathFromPathname } from './page-path';

// What a cached page depends on, read from its URL (the route table and the page's params), for the page
// cache's purges (decision 058). A route not named here is unlabelled: every public change forgets it, as
// every change did before. Only name a route here after reading what its page renders.

const UNLABELLED: PageLabels = Object.freeze({ tags: [] });
/** Pages whose content comes from files and configuration: only a full clear (a deploy, a catalogue change) forgets them. */
const STATIC: PageLabels = Object.freeze({ tags: ['static'] });
/** Salary pages: the aggregates only (the salary generation clears every page). */
const SALARIES: PageLabels = Object.freeze({ tags: ['salaries'] });

const STATIC_ROUTES = new Set<RouteId>(['privacy', 'terms', 'termsB2c', 'termsBlackNovember']);
/** Salary figures and nothing else from the database (the role pages also list offers: below). */
const SALARY_ROUTES = new Set<RouteId>([
  'tools',
  'toolsCountry',
  'toolsCountrySalary',
  'toolsSkill',
  'toolsCountrySkill',
  'calculator',
  'calculatorIframe',
]);

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

/** The labels of a page-cache key (a page's path and query, or its RSC payload's). */
export function pageLabels(key: string): PageLabels {
  const q = key.indexOf('?');
  const pathname = q < 0 ? key : key.slice(0, q);
  const search = new URLSearchParams(q < 0 ? '' : key.slice(q + 1));
  const match = matchRoute(pagePathFromPathname(pathname));
  if (!match) return UNLABELLED;
  const { id, params } = match;
  if (STATIC_ROUTES.has(id)) return STATIC;
  if (SALARY_ROUTES.has(id)) return SALARIES;
  switch (id) {
    case 'home':
      // The live counts, the salary example and the latest offers (of any selection).
      return { tags: [HOME_TAG, FIGURES_TAG], offers: 'any' };
    case 'offer': {
      // Its own row and its company's name and logo (another offer's change shows in its related list within
      // the cache's TTL: decision 058).
      const slug = str(params.slug);
      return slug ? { tags: [offerTag(slug)] } : UNLABELLED;
    }
    case 'company': {
      const slug = str(params.slug);
      return slug ? { tags: [companyTag(slug)] } : UNLABELLED;
    }
    case 'talentProfile': {
      const slug = str(params.slug);
      return slug ? { tags: [profileTag(slug)] } : UNLABELLED;
    }
    case 'jobs':
    case 'countryJobs': {
      const parsed = parseFilterSegments(Array.isArray(params.filters) ? params.filters : []);
      const country = str(params.country);
      if (!parsed.ok || (country !== undefined && !isCountry(country))) return UNLABELLED;
      // Free text and a minimum salary are not in the offers' facets: any offer may change those pages.
      if (search.get(QUERY_KEYS.q)?.trim() || search.get(QUERY_KEYS.minSalaryUsd)) return { tags: ['search'], offers: 'any' };
      const selection: JobSelection = { ...parsed.selection, ...(country ? { country } : {}) };
      // One facet of slack: the facet counts leave each facet out of the filter in turn.
      return { tags: ['search'], offers: { selection, slack: 1 } };
    }
    case 'toolsCountryRole':
    case 'toolsDeveloper':
    case 'toolsCountryDeveloper': {
      // The figures, and the role's newest open offers (in the country when the page has one).
      const role = str(params.rol) ?? str(params.developer);
      const country = str(params.country);
      if (!role || !isRole(role) || (country !== undefined && !isCountry(country))) return SALARIES;
      return { tags: ['salaries'], offers: { selection: { role, ...(country ? { country } : {}) }, slack: 0 } };
    }
    default:
      return UNLABELLED;
  }
}
