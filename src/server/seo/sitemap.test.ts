import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { routeIds, routes } from '../../routes';
import { w3cDate, type SitemapData, type SitemapLimits } from './sitemap';
import { writeSitemaps, type KeysetSource, type SitemapSources } from './sitemap-build';

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

/** A keyset source over a list (ids from 1), counting its queries. */
function listSource(rows: { slug: string; lastmod?: Date | string | null }[]): KeysetSource & { calls: [number, number][] } {
  const calls: [number, number][] = [];
  const source = async (after: number, limit: number) => {
    calls.push([after, limit]);
    return rows
      .map((r, i) => ({ id: i + 1, slug: r.slug, lastmod: r.lastmod == null ? null : new Date(r.lastmod) }))
      .filter((r) => r.id > after)
      .slice(0, limit);
  };
  return Object.assign(source, { calls });
}

/** The files as written (unzipped), and the index. */
async function build(sources: SitemapSources, opts: { buildTime?: Date; limits?: SitemapLimits } = {}) {
  const files: { name: string; xml: string; urls: number; size: number; etag: string }[] = [];
  const { index } = await writeSitemaps(SITE, sources, {
    ...opts,
    write: async (f) => void files.push({ name: f.name, xml: gunzipSync(f.gzip).toString(), urls: f.urls, size: f.size, etag: f.etag }),
  });
  return { index: gunzipSync(index.gzip).toString(), files };
}

describe('sitemap index', async () => {
  const data: SitemapData = {
    toolsCountryRole: [{ params: { country: 'peru', rol: 'backend' }, lastmod: '2026-11-02' }],
    toolsCountryDeveloper: [{ params: { country: 'peru', developer: 'backend' }, lastmod: '2026-11-02' }],
  };
  const { index, files } = await build(
    {
      pages: async () => data,
      offers: listSource([{ slug: 'backend-acme', lastmod: '2026-11-20T10:11:12.345Z' }, { slug: 'qa-lima' }]),
      companies: listSource([{ slug: 'acme', lastmod: '2026-11-21T08:00:00Z' }]),
    },
    { buildTime: new Date('2026-11-25T00:00:00Z') },
  );
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
      expect(f.size).toBe(Buffer.byteLength(f.xml));
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

  it('leaves out noindex routes and routes canonical to another, listing pages only once overall', async () => {
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
    const bare = (await build({})).files;
    expect(bare.map((f) => f.name)).toEqual(['pages.xml', 'jobs.xml', 'salaries.xml']);
    expect(bare.flatMap((f) => locs(f.xml)).some((l) => l.includes('/herramientas/peru/backend'))).toBe(false);
    // No build time: no lastmod on the static pages.
    expect(bare[0]!.xml).not.toContain('<lastmod>');
  });

  it('splits a type into files past the per-file limits, one query per file, each page once', async () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({ slug: `o-${i}`, lastmod: `2026-01-${String(i + 1).padStart(2, '0')}` }));
    // 20 URLs a file: 10 offers (one URL per locale).
    const offers = listSource(rows);
    const split = await build({ offers }, { limits: { urls: 20, bytes: 10_000_000 } });
    const files = split.files.filter((f) => f.name.startsWith('offers'));
    expect(files.map((f) => [f.name, f.urls])).toEqual([
      ['offers.xml', 20],
      ['offers-2.xml', 20],
      ['offers-3.xml', 10],
    ]);
    // Each file its own keyset query, after the last offer of the one before; a short page ends the list.
    expect(offers.calls).toEqual([
      [0, 10],
      [10, 10],
      [20, 10],
    ]);
    expect(split.index).toContain(`<loc>${SITE}/sitemaps/offers-3.xml</loc>\n    <lastmod>2026-01-25T00:00:00Z</lastmod>`);
    const listed = files.flatMap((f) => locs(f.xml)).filter((l) => !l.includes('/en/'));
    expect(listed).toEqual(rows.map((r) => `${SITE}/oferta/${r.slug}`));

    // Past the byte limit a file ends early and the next query starts after its last offer.
    const bySize = listSource(rows);
    const small = (await build({ offers: bySize }, { limits: { urls: 50_000, bytes: 4000 } })).files.filter((f) =>
      f.name.startsWith('offers'),
    );
    expect(small.length).toBeGreaterThan(1);
    for (const f of small) expect(Buffer.byteLength(f.xml)).toBeLessThanOrEqual(4000);
    expect(bySize.calls).toHaveLength(small.length);
    expect(small.flatMap((f) => locs(f.xml)).filter((l) => !l.includes('/en/'))).toEqual(rows.map((r) => `${SITE}/oferta/${r.slug}`));
    // A list that ends exactly at a file's size is asked once more, and gets nothing: no empty file.
    const exact = listSource(rows.slice(0, 20));
    expect(
      (await build({ offers: exact }, { limits: { urls: 20, bytes: 10_000_000 } })).files.filter((f) => f.name.startsWith('offers')),
    ).toHaveLength(2);
    expect(exact.calls).toEqual([
      [0, 10],
      [10, 10],
      [20, 10],
    ]);
  });

  it('refuses a page larger than a file rather than looping', async () => {
    await expect(build({ offers: listSource([{ slug: 'x'.repeat(500) }]) }, { limits: { urls: 20, bytes: 1000 } })).rejects.toThrow(
      /does not fit/,
    );
  });

  it('writes dates as W3C datetimes', () => {
    expect(w3cDate(new Date('2026-11-20T10:11:12.345Z'))).toBe('2026-11-20T10:11:12Z');
    expect(w3cDate('2026-11-20')).toBe('2026-11-20');
    expect(w3cDate('2026-11-20 10:11:12Z')).toBe('2026-11-20T10:11:12Z');
    expect(w3cDate('not a date')).toBeUndefined();
    expect(w3cDate(null)).toBeUndefined();
  });
});
