import 'server-only';
import { getT } from '../../i18n/translate';
import { parseJobQuery, QUERY_KEYS, sortParam } from '../../domain/job-facets';
import { placeOf } from '../../domain/search-rewrite';
import { selectionOf } from './job-selection';
import { jobsHref } from '../../views/jobs/job-search-url';
import { searchTitle } from '../../views/jobs/job-text';
import { isValidRoute } from '../../routes';
import { buildJobsFeed } from './jobs-feed';
import { encodedBodyCache } from '../../server/http/encoded-body';
import type { JobSearchService } from '../../server/offers/job-search-service';
import type { RouteGet } from '../../server/http/app';

// What the HTTP layer answers for a job search URL before the page renders: a 301 to the canonical
// order of its facet segments (the page URL and its RSC twin, query kept), or its RSS feed (?format=rss).
// The list pages by cursor (decision 057): an old `?pagina=N` link is sent to the search's first page.
// Anything else, unknown segments included (the page answers 404), falls through to the page.

const DEFAULTS: Record<string, string> = { [QUERY_KEYS.sort]: sortParam('recent') };

/** The query without the search's empty or default fields, nor a page number (other parameters, such as
 * utm_*, kept in order). */
function cleanSearch(url: URL): string {
  const known = new Set<string>(Object.values(QUERY_KEYS));
  const all = [...url.searchParams];
  const kept = all.filter(([k, v]) => !(known.has(k) && (v.trim() === '' || DEFAULTS[k] === v || k === QUERY_KEYS.page)));
  if (kept.length === all.length) return url.search;
  const out = new URLSearchParams(kept).toString();
  return out ? `?${out}` : '';
}

const RSS = { 'content-type': 'application/rss+xml; charset=utf-8', 'cache-control': 'public, max-age=300' };

export function createJobSearchGet(deps: { jobs: () => Promise<JobSearchService>; siteUrl: string; brand: string }) {
  // Feed readers poll: the same feed is compressed once, and answered with 304 when they have it.
  const feeds = encodedBodyCache(128);
  const get: RouteGet = async ({ match, url, rsc, request }) => {
    const found = isValidRoute(match.id, match.params) ? selectionOf(match.params) : null;
    if (!found) return null;
    const { locale } = match;
    // A GET form sends every field, empty or default ones too: those come off the canonical URL as well.
    const search = rsc ? url.search : cleanSearch(url);
    // A place in the free text is the country filter (decision 078): "?q=peru" is /peru/trabajos, one URL
    // per search (decision 061). `exacto=1` searches the words as typed.
    const q = url.searchParams.get(QUERY_KEYS.q) ?? '';
    const place = q.trim() && url.searchParams.get(QUERY_KEYS.exact) !== '1' ? placeOf(q.trim(), found.selection.country) : null;
    if (place) {
      const params = new URLSearchParams(url.search);
      params.set(QUERY_KEYS.q, place.rest);
      const rest = cleanSearch(new URL(`${url.pathname}?${params}`, url));
      const path = jobsHref(locale, { ...found.selection, country: place.country });
      const location = rsc ? `/RSC/R${path}.txt${rest}` : `${path}${rest}`;
      return new Response(null, { status: 301, headers: { location, 'cache-control': 'public, max-age=3600' } });
    }
    if (!found.canonical || search !== url.search) {
      const path = jobsHref(locale, found.selection);
      const location = rsc ? `/RSC/R${path}.txt${search}` : `${path}${search}`;
      return new Response(null, { status: 301, headers: { location, 'cache-control': 'public, max-age=3600' } });
    }
    if (rsc || url.searchParams.get('format') !== 'rss') return null;

    const query = parseJobQuery(url.searchParams);
    const t = getT(locale);
    const items = await (await deps.jobs()).latest({ ...found.selection, ...query, page: 1 });
    const page = { q: query.q, minSalaryUsd: query.minSalaryUsd, sort: query.sort };
    const body = buildJobsFeed({
      items,
      locale,
      t,
      siteUrl: deps.siteUrl,
      brand: deps.brand,
      title: searchTitle(found.selection, { q: query.q, page: 1 }, locale, t),
      pageUrl: deps.siteUrl + jobsHref(locale, found.selection, page),
      feedUrl: deps.siteUrl + jobsHref(locale, found.selection, { ...page, format: 'rss' }),
    });
    return feeds(body, RSS).respond(request);
  };
  return get;
}
