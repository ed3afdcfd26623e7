import 'server-only';
import { countries } from '../../domain/catalog';
import { alternates, paramNames, routeIds, routes, type Params, type RouteId } from '../../routes';
import { locales } from '../../i18n/locales';

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Parameter sets to list for an indexable route; data-driven pages add theirs as their data arrives. */
function sitemapParams(id: RouteId): Params[] {
  const names = paramNames(routes[id].es);
  if (names.length === 0) return [{}];
  if (names.join() === 'filters') return [{ filters: [] }];
  if (names.join() === 'country') return countries.map((c) => ({ country: c.id }));
  if (names.join() === 'country,filters') return countries.map((c) => ({ country: c.id, filters: [] }));
  return [];
}

/** Parameter sets of data-driven pages (salary pages that have data), keyed by route. */
export type DataParams = Partial<Record<RouteId, Params[]>>;

/** Every indexable route in both locales, each URL with its hreflang alternates. */
export function buildSitemap(siteUrl: string, data: DataParams = {}): string {
  const urls: string[] = [];
  for (const id of routeIds) {
    // Pages whose canonical URL is another route's are listed through that route only.
    if (!routes[id].indexable || 'canonical' in routes[id]) continue;
    for (const params of data[id] ?? sitemapParams(id)) {
      const alts = alternates(id, params);
      const links = alts
        .map((a) => `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${xmlEscape(siteUrl + a.path)}"/>`)
        .join('\n');
      for (const locale of locales) {
        const loc = alts.find((a) => a.hreflang === locale)!.path;
        urls.push(`  <url>\n    <loc>${xmlEscape(siteUrl + loc)}</loc>\n${links}\n  </url>`);
      }
    }
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    urls.join('\n') +
    '\n</urlset>\n'
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
