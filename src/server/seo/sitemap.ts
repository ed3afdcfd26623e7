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

/** One page of a data-driven route: its parameters and when its content last changed (when the data says). */
type SitemapEntry = { params: Params; lastmod?: Date | string | null };
/** The pages of data-driven routes (offers, companies, salary pages that have data), keyed by route. */
export type SitemapData = Partial<Record<RouteId, SitemapEntry[]>>;

type SitemapFile = { name: string; xml: string; urls: number; lastmod?: string };
export type Sitemaps = { index: string; files: SitemapFile[] };

/** Which file of the index a route's pages go to. */
function groupOf(id: RouteId): string {
  if (id === 'offer') return 'offers';
  if (id === 'company') return 'companies';
  if (id === 'jobs' || id === 'countryJobs') return 'jobs';
  if (id.startsWith('tools') && paramNames(routes[id].es).length > 0) return 'salaries';
  return 'pages';
}
const GROUPS = ['pages', 'jobs', 'salaries', 'offers', 'companies'];

/** A W3C datetime (the sitemap protocol's format): `2026-11-20` stays a date, a time goes out in UTC to the second. */
export function w3cDate(value: Date | string | null | undefined): string | undefined {
  if (value == null || value === '') return undefined;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

// The protocol allows 50,000 URLs and 50 MB (uncompressed) per file; files stay far below both.
const LIMITS = { urls: 10_000, bytes: 10 * 1024 * 1024 };

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';

/**
 * Every indexable route in both locales, each URL with its hreflang alternates and, where known, its
 * `<lastmod>`, in per-type files (pages, jobs, salaries, offers, companies; `offers-2.xml`... past the
 * limits) behind a sitemap index. Static pages carry the build time when there is one.
 */
export function buildSitemaps(
  siteUrl: string,
  data: SitemapData = {},
  { buildTime, limits = LIMITS }: { buildTime?: Date | null; limits?: { urls: number; bytes: number } } = {},
): Sitemaps {
  const built = w3cDate(buildTime && buildTime.getTime() > 0 ? buildTime : null);
  const byGroup = new Map<string, { xml: string; lastmod?: string }[]>(GROUPS.map((g) => [g, []]));
  for (const id of routeIds) {
    // Pages whose canonical URL is another route's are listed through that route only.
    if (!routes[id].indexable || 'canonical' in routes[id]) continue;
    const entries: SitemapEntry[] = data[id] ?? sitemapParams(id).map((params) => ({ params, lastmod: built }));
    const urls = byGroup.get(groupOf(id))!;
    for (const { params, lastmod } of entries) {
      const alts = alternates(id, params);
      const links = alts
        .map((a) => `    <xhtml:link rel="alternate" hreflang="${a.hreflang}" href="${xmlEscape(siteUrl + a.path)}"/>`)
        .join('\n');
      const date = w3cDate(lastmod);
      const mod = date ? `\n    <lastmod>${date}</lastmod>` : '';
      for (const locale of locales) {
        const loc = alts.find((a) => a.hreflang === locale)!.path;
        urls.push({ xml: `  <url>\n    <loc>${xmlEscape(siteUrl + loc)}</loc>${mod}\n${links}\n  </url>\n`, lastmod: date });
      }
    }
  }

  const files: SitemapFile[] = [];
  const room = limits.bytes - HEAD.length - URLSET.length - '</urlset>\n'.length;
  for (const [group, urls] of byGroup) {
    let part: string[] = [];
    let bytes = 0;
    let lastmod: string | undefined;
    const flush = () => {
      if (!part.length) return;
      const n = files.filter((f) => f.name.startsWith(`${group}.`) || f.name.startsWith(`${group}-`)).length + 1;
      files.push({
        name: n === 1 ? `${group}.xml` : `${group}-${n}.xml`,
        xml: HEAD + URLSET + part.join('') + '</urlset>\n',
        urls: part.length,
        lastmod,
      });
      part = [];
      bytes = 0;
      lastmod = undefined;
    };
    for (const url of urls) {
      const size = Buffer.byteLength(url.xml);
      if (part.length >= limits.urls || bytes + size > room) flush();
      part.push(url.xml);
      bytes += size;
      if (url.lastmod && (!lastmod || url.lastmod > lastmod)) lastmod = url.lastmod;
    }
    flush();
  }

  const index =
    HEAD +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    files
      .map(
        (f) =>
          `  <sitemap>\n    <loc>${xmlEscape(`${siteUrl}/sitemaps/${f.name}`)}</loc>${f.lastmod ? `\n    <lastmod>${f.lastmod}</lastmod>` : ''}\n  </sitemap>\n`,
      )
      .join('') +
    '</sitemapindex>\n';
  return { index, files };
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
