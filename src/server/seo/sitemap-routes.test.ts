import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { parseConfig } from '../config';
import { createHttpApp } from '../http/app';
import { registerSitemapRoutes } from './sitemap-routes';
import { writeSitemaps, type BuiltFile, type SitemapSources } from './sitemap-build';
import type { SitemapReader } from './sitemap-store';

const SITE = 'http://localhost:8080';

/** A store holding one build made from `sources` (or nothing until `build()`), counting its kicks and reads. */
function memoryStore(sources: SitemapSources) {
  let files: Map<string, BuiltFile> | undefined;
  const store = {
    kicks: 0,
    reads: 0,
    async build() {
      const built = new Map<string, BuiltFile>();
      const { index } = await writeSitemaps(SITE, sources, { write: async (f) => void built.set(f.name, f) });
      files = built.set('sitemap.xml', index);
    },
    async read(name: string) {
      store.reads++;
      if (!files) return 'none' as const;
      return files.get(name) ?? null;
    },
    kick() {
      store.kicks++;
    },
  } satisfies SitemapReader & Record<string, unknown>;
  return store;
}

const salaryPages: SitemapSources = {
  pages: async () => ({
    toolsCountryRole: [{ params: { country: 'peru', rol: 'backend' }, lastmod: '2026-11-02' }],
    toolsCountryDeveloper: [{ params: { country: 'peru', developer: 'backend' } }],
  }),
};
const names = (xml: string) => [...xml.matchAll(/<loc>[^<]*\/sitemaps\/([^<]+)<\/loc>/g)].map((m) => m[1]);

describe('sitemap routes', () => {
  it('serves the stored index at /sitemap.xml and its files under /sitemaps, robots pointing at the index', async () => {
    const store = memoryStore(salaryPages);
    await store.build();
    const { app } = createHttpApp({
      inner: async () => new Response('x'),
      config: parseConfig({}),
      prod: true,
      build: { id: 'b1', timestamp: Date.parse('2026-11-25T00:00:00Z') },
      staticRoot: '/nonexistent',
      sitemap: store,
    });
    const robots = await app.request('/robots.txt');
    expect(await robots.text()).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    const index = await app.request('/sitemap.xml');
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(index.headers.get('cache-control')).toBe('public, max-age=3600');
    const xml = await index.text();
    expect(xml).toContain('<sitemapindex');
    expect(names(xml)).toEqual(['pages.xml', 'jobs.xml', 'salaries.xml']);
    const salaries = await (await app.request('/sitemaps/salaries.xml')).text();
    expect(salaries).toContain(`<loc>${SITE}/herramientas/peru/backend</loc>\n    <lastmod>2026-11-02</lastmod>`);
    expect(salaries).toContain(`<loc>${SITE}/en/tools/peru/backend</loc>`);
    expect(salaries).not.toContain('/herramientas/chile/backend');
    // The same page under the "developer" path is canonical to the one above: never listed itself.
    expect(salaries).not.toContain('/salario/developer/');
    const pages = await (await app.request('/sitemaps/pages.xml')).text();
    expect(pages).not.toContain('/logout');
    expect((await app.request('/sitemaps/offers.xml')).status).toBe(404);
    expect((await app.request('/sitemaps/nope.xml')).status).toBe(404);
    // Only file names are looked up.
    const reads = store.reads;
    expect((await app.request('/sitemaps/..%2Fsitemap.xml')).status).toBe(404);
    expect((await app.request('/sitemaps/sitemap.xml')).status).toBe(404);
    expect(store.reads).toBe(reads);
    expect(store.kicks).toBe(0);
  });

  it('sends the stored gzip when accepted, plain otherwise, with Vary, an ETag per encoding, 304 for it, and HEAD', async () => {
    const store = memoryStore(salaryPages);
    await store.build();
    const app = new Hono();
    registerSitemapRoutes(app, { siteUrl: SITE, store });
    for (const path of ['/sitemap.xml', '/sitemaps/pages.xml', '/sitemaps/salaries.xml']) {
      const plain = await app.request(path);
      expect(plain.headers.get('content-encoding')).toBeNull();
      const text = await plain.text();
      expect(text.startsWith('<?xml')).toBe(true);
      expect(plain.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
      expect(plain.headers.get('vary')).toBe('Accept-Encoding');
      const gz = await app.request(path, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(text);
      const tag = gz.headers.get('etag')!;
      expect(tag).toMatch(/-gz"$/);
      expect(tag).not.toBe(plain.headers.get('etag'));
      const not = await app.request(path, { headers: { 'accept-encoding': 'gzip', 'if-none-match': `W/"other", ${tag}` } });
      expect(not.status).toBe(304);
      expect(not.headers.get('etag')).toBe(tag);
      expect(not.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(not.headers.get('vary')).toBe('Accept-Encoding');
      expect(await not.text()).toBe('');
      expect((await app.request(path, { headers: { 'if-none-match': plain.headers.get('etag')! } })).status).toBe(304);
      expect((await app.request(path, { headers: { 'if-none-match': '*' } })).status).toBe(304);
      const head = await app.request(path, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('etag')).toBe(plain.headers.get('etag'));
      expect(await head.text()).toBe('');
    }
    const robots = await app.request('/robots.txt');
    const again = await app.request('/robots.txt', { headers: { 'if-none-match': robots.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });

  it('before the first build answers the pages known without data, uncached, and asks for a build', async () => {
    const store = memoryStore(salaryPages);
    const app = new Hono();
    registerSitemapRoutes(app, { siteUrl: SITE, store, buildTime: new Date('2026-11-25T00:00:00Z') });
    const index = await app.request('/sitemap.xml');
    expect(index.status).toBe(200);
    expect(index.headers.get('cache-control')).toBe('no-store');
    expect(names(await index.text())).toEqual(['pages.xml', 'jobs.xml']);
    expect(store.kicks).toBe(1);
    const pages = await (await app.request('/sitemaps/pages.xml')).text();
    expect(pages).toContain(`<loc>${SITE}/en/tools/salary/calculator</loc>\n    <lastmod>2026-11-25T00:00:00Z</lastmod>`);
    expect(await (await app.request('/sitemaps/jobs.xml')).text()).toContain(`<loc>${SITE}/peru/trabajos</loc>`);
    // Salary pages are listed only when they show a figure: not before the data is read.
    expect((await app.request('/sitemaps/salaries.xml')).status).toBe(404);
    // Once built, the stored sitemap.
    await store.build();
    const built = await app.request('/sitemap.xml');
    expect(built.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(names(await built.text())).toEqual(['pages.xml', 'jobs.xml', 'salaries.xml']);
    expect((await app.request('/sitemaps/salaries.xml')).status).toBe(200);
    expect(store.kicks).toBe(4);
  });

  it('without a store, serves the minimal sitemap', async () => {
    const app = new Hono();
    registerSitemapRoutes(app, { siteUrl: SITE });
    expect(names(await (await app.request('/sitemap.xml')).text())).toEqual(['pages.xml', 'jobs.xml']);
    // No build time: no lastmod on the static pages.
    expect(await (await app.request('/sitemaps/pages.xml')).text()).not.toContain('<lastmod>');
  });
});
