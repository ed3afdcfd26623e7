import { describe, expect, it } from 'vitest';
import { routeIds, routes } from '../../routes';
import { buildSitemaps, w3cDate } from './sitemap';

const SITE = 'https://tandem.example';
const W3C = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}Z)?$/;

/** Well-formed XML: every tag closed in order, attributes quoted, only the five entities. */
function expectWellFormed(xml: string) {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const stack: string[] = [];
  for (const m of xml
    .slice(xml.indexOf('?>') + 2)
    .matchAll(/<(\/?)([\w:]+)((?:\s+[\w:]+="[^"<]*")*)\s*(\/?)>|<|&(?!(amp|lt|gt|quot|apos);)/g)) {
    if (!m[2]) throw new Error(`stray markup at ${m.index}: ${xml.slice(m.index, m.index + 40)}`);
    if (m[4]) continue;
    if (m[1]) expect(stack.pop()).toBe(m[2]);
    else stack.push(m[2]);
  }
  expect(stack).toEqual([]);
}

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe('sitemap index', () => {
  const data = {
    offer: [
      { params: { slug: 'backend-acme' }, lastmod: new Date('2026-11-20T10:11:12.345Z') },
      { params: { slug: 'qa-lima' }, lastmod: null },
    ],
    company: [{ params: { slug: 'acme' }, lastmod: '2026-11-21T08:00:00Z' }],
    toolsCountryRole: [{ params: { country: 'peru', rol: 'backend' }, lastmod: '2026-11-02' }],
    toolsCountryDeveloper: [{ params: { country: 'peru', developer: 'backend' }, lastmod: '2026-11-02' }],
  };
  const { index, files } = buildSitemaps(SITE, data, { buildTime: new Date('2026-11-25T00:00:00Z') });
  const file = (name: string) => files.find((f) => f.name === name)!.xml;

  it('points at one file per type, each with the newest lastmod of its pages', () => {
    expectWellFormed(index);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(index)).toEqual(['pages', 'jobs', 'salaries', 'offers', 'companies'].map((n) => `${SITE}/sitemaps/${n}.xml`));
    expect(index).toContain(`<loc>${SITE}/sitemaps/offers.xml</loc>\n    <lastmod>2026-11-20T10:11:12Z</lastmod>`);
    expect(index).toContain(`<loc>${SITE}/sitemaps/pages.xml</loc>\n    <lastmod>2026-11-25T00:00:00Z</lastmod>`);
    for (const m of index.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)) expect(m[1]).toMatch(W3C);
  });

  it('lists every page once per locale with its hreflang alternates and its lastmod in W3C format', () => {
    for (const f of files) {
      expectWellFormed(f.xml);
      expect(f.xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">');
      for (const m of f.xml.matchAll(/<lastmod>([^<]+)<\/lastmod>/g)) expect(m[1]).toMatch(W3C);
      expect(new Set(locs(f.xml)).size).toBe(locs(f.xml).length);
      expect(f.urls).toBe(locs(f.xml).length);
    }
    const offers = file('offers.xml');
    expect(locs(offers)).toEqual([
      `${SITE}/oferta/backend-acme`,
      `${SITE}/en/oferta/backend-acme`,
      `${SITE}/oferta/qa-lima`,
      `${SITE}/en/oferta/qa-lima`,
    ]);
    expect(offers).toContain(`<loc>${SITE}/en/oferta/backend-acme</loc>\n    <lastmod>2026-11-20T10:11:12Z</lastmod>`);
    expect(offers).toContain(`<loc>${SITE}/oferta/qa-lima</loc>\n    <xhtml:link`); // no date, no lastmod
    expect(offers).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${SITE}/oferta/backend-acme"/>`);
    expect(file('companies.xml')).toContain(`<loc>${SITE}/en/company/acme</loc>\n    <lastmod>2026-11-21T08:00:00Z</lastmod>`);
    const salaries = file('salaries.xml');
    expect(salaries).toContain(`<loc>${SITE}/herramientas/peru/backend</loc>\n    <lastmod>2026-11-02</lastmod>`);
    expect(file('pages.xml')).toContain(`<loc>${SITE}/en/tools/salary/calculator</loc>\n    <lastmod>2026-11-25T00:00:00Z</lastmod>`);
    expect(file('jobs.xml')).toContain(`<loc>${SITE}/peru/trabajos</loc>`);
  });

  it('leaves out noindex routes and routes canonical to another, listing pages only once overall', () => {
    const all = files.flatMap((f) => locs(f.xml));
    expect(new Set(all).size).toBe(all.length);
    expect(all.some((l) => l.includes('/salario/developer/') || l.includes('/salary/developer/backend'))).toBe(false);
    expect(all.some((l) => /\/(en\/)?(logout|ingresar|login)$/.test(l))).toBe(false);
    const hidden = routeIds.filter((id) => !routes[id].indexable || 'canonical' in routes[id]);
    expect(hidden).toContain('toolsCountryDeveloper');
    for (const id of hidden) {
      if (!routes[id].es.includes('[')) expect(all).not.toContain(SITE + routes[id].es);
    }
    // Without data, a data-driven page is not listed.
    const bare = buildSitemaps(SITE).files;
    expect(bare.map((f) => f.name)).toEqual(['pages.xml', 'jobs.xml', 'salaries.xml']);
    expect(bare.flatMap((f) => locs(f.xml)).some((l) => l.includes('/herramientas/peru/backend'))).toBe(false);
    // No build time: no lastmod on the static pages.
    expect(bare[0]!.xml).not.toContain('<lastmod>');
  });

  it('splits a type into more files past the per-file limits', () => {
    const many = {
      offer: Array.from({ length: 25 }, (_, i) => ({ params: { slug: `o-${i}` }, lastmod: `2026-01-${String(i + 1).padStart(2, '0')}` })),
    };
    const split = buildSitemaps(SITE, many, { limits: { urls: 20, bytes: 10_000_000 } });
    const offers = split.files.filter((f) => f.name.startsWith('offers'));
    expect(offers.map((f) => [f.name, f.urls])).toEqual([
      ['offers.xml', 20],
      ['offers-2.xml', 20],
      ['offers-3.xml', 10],
    ]);
    expect(split.index).toContain(`<loc>${SITE}/sitemaps/offers-3.xml</loc>\n    <lastmod>2026-01-25</lastmod>`);
    const small = buildSitemaps(SITE, many, { limits: { urls: 50_000, bytes: 4000 } }).files.filter((f) => f.name.startsWith('offers'));
    expect(small.length).toBeGreaterThan(1);
    for (const f of small) expect(Buffer.byteLength(f.xml)).toBeLessThanOrEqual(4000);
  });

  it('writes dates as W3C datetimes', () => {
    expect(w3cDate(new Date('2026-11-20T10:11:12.345Z'))).toBe('2026-11-20T10:11:12Z');
    expect(w3cDate('2026-11-20')).toBe('2026-11-20');
    expect(w3cDate('2026-11-20 10:11:12Z')).toBe('2026-11-20T10:11:12Z');
    expect(w3cDate('not a date')).toBeUndefined();
    expect(w3cDate(null)).toBeUndefined();
  });
});
