import 'server-only';
import { countries } from '../../domain/catalog';
import { alternates, paramNames, routeIds, routes, type Params, type RouteId } from '../../routes';
import { locales } from '../../i18n/locales';

// The sitemap's XML, piece by piece: the URLs of one page (one per locale, with hreflang alternates and
// lastmod), the file around them, and the index of files. sitemap-build.ts puts them together outside any
// request (decision 055).

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** One page of a data-driven route: its parameters and when its content last changed (when the data says). */
export type SitemapEntry = { params: Params; lastmod?: Date | string | null };
/** The pages of data-driven routes listed whole (salary pages that show a figure), keyed by route. */
export type SitemapData = Partial<Record<RouteId, SitemapEntry[]>>;

/** The protocol's limits per file: 50,000 URLs and 50 MB uncompressed. */
export type SitemapLimits = { urls: number; bytes: number };
export const SITEMAP_LIMITS: SitemapLimits = { urls: 50_000, bytes: 50 * 1024 * 1024 };

/** The index's files, in this order: each holds the pages of one kind. */
export const SITEMAP_GROUPS = ['pages', 'jobs', 'salaries', 'offers', 'companies'] as const;
export type SitemapGroup = (typeof SITEMAP_GROUPS)[number];

/** Which file of the index a route's pages go to. */
export function groupOf(id: RouteId): SitemapGroup {
  if (id === 'offer') return 'offers';
  if (id === 'company') return 'companies';
  if (id === 'jobs' || id === 'countryJobs') return 'jobs';
  if (id.startsWith('tools') && paramNames(routes[id].es).length > 0) return 'salaries';
  return 'pages';
}

/** The routes listed in the sitemap, in route-table order: indexable, and not canonical to another route
 * (those pages are listed through that route only). */
export const sitemapRoutes: RouteId[] = routeIds.filter((id) => routes[id].indexable && !('canonical' in routes[id]));

/** Parameter sets of a route whose pages are known without data (none for a data-driven route). */
export function staticParams(id: RouteId): Params[] {
  const names = paramNames(routes[id].es);
  if (names.length === 0) return [{}];
  if (names.join() === 'filters') return [{ filters: [] }];
  if (names.join() === 'country') return countries.map((c) => ({ country: c.id }));
  if (names.join() === 'country,filters') return countries.map((c) => ({ country: c.id, filters: [] }));
  return [];
}

/** A W3C datetime (the sitemap protocol's format): `2026-11-20` stays a date, a time goes out in UTC to the second. */
export function w3cDate(value: Date | string | null | undefined): string | undefined {
  if (value == null || value === '') return undefined;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** The later of two W3C dates (either may be missing). */
export const laterDate = (a: string | undefined, b: string | undefined) => (!a || (b && b > a) ? b : a);

export const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
export const URLSET_OPEN = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
export const URLSET_CLOSE = '</urlset>\n';

/** One page's `<url>` elements, one per locale, each with the page's hreflang alternates and its lastmod. */
export function pageUrls(siteUrl: string, id: RouteId, { params, lastmod }: SitemapEntry): { xml: string; urls: number; lastmod?: string } {
  const alts = alternates(id, params);
  const links = alts
    .map((a) => `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${xmlEscape(siteUrl + a.path)}"/>`)
    .join('\n');
  const date = w3cDate(lastmod);
  const mod = date ? `\n    <lastmod>${date}</lastmod>` : '';
  let xml = '';
  for (const locale of locales) {
    const loc = alts.find((a) => a.hreflang === locale)!.path;
    xml += `  <url>\n    <loc>${xmlEscape(siteUrl + loc)}</loc>${mod}\n${links}\n  </url>\n`;
  }
  return { xml, urls: locales.length, lastmod: date };
}

/** The name of a group's n-th file (1-based): `offers.xml`, `offers-2.xml`... */
export const sitemapFileName = (group: string, n: number) => (n === 1 ? `${group}.xml` : `${group}-${n}.xml`);

/** The sitemap index: one `<sitemap>` per file, with the newest lastmod of its pages. */
export function sitemapIndex(siteUrl: string, files: { name: string; lastmod?: string }[]): string {
  return (
    XML_HEAD +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    files
      .map(
        (f) =>
          `  <sitemap>\n    <loc>${xmlEscape(`${siteUrl}/sitemaps/${f.name}`)}</loc>${f.lastmod ? `\n    <lastmod>${f.lastmod}</lastmod>` : ''}\n  </sitemap>\n`,
      )
      .join('') +
    '</sitemapindex>\n'
  );
}

export function buildRobots(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /cms/',
    'Disallow: /RSC/',
    'Disallow: /logout',
    'Disallow: /en/logout',
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
