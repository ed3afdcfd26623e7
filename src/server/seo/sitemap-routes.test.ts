import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { parseConfig } from '../config';
import { createHttpApp } from '../http/app';
import { registerSitemapRoutes, type SitemapRoutesOptions } from './sitemap-routes';
import type { SitemapData } from './sitemap';

const SITE = 'http://localhost:8080';

function setup(opts: Partial<SitemapRoutesOptions> = {}) {
  const app = new Hono();
  registerSitemapRoutes(app, { siteUrl: SITE, ...opts });
  return app;
}

describe('sitemap routes', () => {
  it('serves the index at /sitemap.xml and its files under /sitemaps, robots pointing at the index', async () => {
    const { app } = createHttpApp({
      inner: async () => new Response('x'),
      config: parseConfig({}),
      prod: true,
      build: { id: 'b1', timestamp: Date.parse('2026-11-25T00:00:00Z') },
      staticRoot: '/nonexistent',
      sitemapData: async () => ({
        toolsCountryRole: [{ params: { country: 'peru', rol: 'backend' }, lastmod: '2026-11-02' }],
        toolsCountryDeveloper: [{ params: { country: 'peru', developer: 'backend' } }],
      }),
    });
    const robots = await app.request('/robots.txt');
    expect(await robots.text()).toContain(`Sitemap: ${SITE}/sitemap.xml`);
    const index = await app.request('/sitemap.xml');
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const xml = await index.text();
    expect(xml).toContain('<sitemapindex');
    const names = [...xml.matchAll(/<loc>[^<]*\/sitemaps\/([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(names).toEqual(['pages.xml', 'jobs.xml', 'salaries.xml']);
    const salaries = await (await app.request('/sitemaps/salaries.xml')).text();
    expect(salaries).toContain(`<loc>${SITE}/herramientas/peru/backend</loc>\n    <lastmod>2026-11-02</lastmod>`);
    expect(salaries).toContain(`<loc>${SITE}/en/tools/peru/backend</loc>`);
    expect(salaries).not.toContain('/herramientas/chile/backend');
    // The same page under the "developer" path is canonical to the one above: never listed itself.
    expect(salaries).not.toContain('/salario/developer/');
    const pages = await (await app.request('/sitemaps/pages.xml')).text();
    expect(pages).toContain(`<loc>${SITE}/en/tools/salary/calculator</loc>\n    <lastmod>2026-11-25T00:00:00Z</lastmod>`);
    expect(pages).not.toContain('/logout');
    expect((await app.request('/sitemaps/offers.xml')).status).toBe(404);
    expect((await app.request('/sitemaps/nope.xml')).status).toBe(404);
  });

  it('sends gzip or br by Accept-Encoding with Vary, an ETag per encoding, 304 for it, and HEAD', async () => {
    const app = setup();
    // The index is a few hundred bytes (sent as it is) until there are many files.
    const index = await app.request('/sitemap.xml', { headers: { 'accept-encoding': 'br' } });
    expect(index.headers.get('content-encoding')).toBeNull();
    expect((await app.request('/sitemap.xml', { headers: { 'if-none-match': index.headers.get('etag')! } })).status).toBe(304);
    for (const path of ['/sitemaps/pages.xml', '/sitemaps/salaries.xml']) {
      const plain = await app.request(path);
      const text = await plain.text();
      expect(plain.headers.get('vary')).toBe('Accept-Encoding');
      const br = await app.request(path, { headers: { 'accept-encoding': 'gzip, br' } });
      expect(br.headers.get('content-encoding')).toBe('br');
      expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(text);
      const gz = await app.request(path, { headers: { 'accept-encoding': 'gzip' } });
      expect(gz.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(text);
      const tag = gz.headers.get('etag')!;
      expect(tag).not.toBe(plain.headers.get('etag'));
      const not = await app.request(path, { headers: { 'accept-encoding': 'gzip', 'if-none-match': `W/"other", ${tag}` } });
      expect(not.status).toBe(304);
      expect(not.headers.get('etag')).toBe(tag);
      expect(not.headers.get('cache-control')).toBe('public, max-age=3600');
      expect(not.headers.get('vary')).toBe('Accept-Encoding');
      expect(await not.text()).toBe('');
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

  it('rebuilds when the version moves (checked every few seconds), and at the latest after the max age', async () => {
    let t = 1_000_000;
    let version = 0;
    let loads = 0;
    let slugs = ['a'];
    const app = setup({
      now: () => t,
      version: () => version,
      checkEveryMs: 2000,
      maxAgeMs: 600_000,
      data: async (): Promise<SitemapData> => (loads++, { offer: slugs.map((slug) => ({ params: { slug } })) }),
    });
    const offers = async () => (await app.request('/sitemaps/offers.xml')).text();
    expect(await offers()).toContain('/oferta/a<');
    slugs = ['a', 'b'];
    t += 1000;
    expect(await offers()).not.toContain('/oferta/b<'); // nothing moved
    version = 1;
    expect(await offers()).not.toContain('/oferta/b<'); // not checked again yet
    t += 1500;
    expect(await offers()).toContain('/oferta/b<');
    expect(loads).toBe(2);
    t += 5000;
    await offers();
    expect(loads).toBe(2); // checked, same version: no rebuild
    slugs = ['c'];
    t += 600_000;
    expect(await offers()).toContain('/oferta/c<');
    expect(loads).toBe(3);
  });

  it('keeps the last good sitemap when its data fails, and builds without data at first', async () => {
    let fail = true;
    let t = 0;
    const app = setup({
      now: () => t,
      data: async () => {
        if (fail) throw new Error('down');
        return { offer: [{ params: { slug: 'a' } }] };
      },
    });
    const quiet = console.error;
    console.error = () => {};
    try {
      expect((await app.request('/sitemap.xml')).status).toBe(200);
      expect((await app.request('/sitemaps/offers.xml')).status).toBe(404);
      fail = false;
      t += 61_000; // retried after a minute
      expect((await app.request('/sitemaps/offers.xml')).status).toBe(200);
      fail = true;
      t += 600_001;
      expect((await app.request('/sitemaps/offers.xml')).status).toBe(200);
    } finally {
      console.error = quiet;
    }
  });
});
