import 'server-only';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { Hono } from 'hono';
import { encodedBody } from '../http/encoded-body';
import { etagForEncoding, isNotModified, notModified } from '../http/etag';
import { buildRobots, groupOf, sitemapRoutes } from './sitemap';
import { writeSitemaps, type BuiltFile } from './sitemap-build';
import type { SitemapReader, StoredSitemapFile } from './sitemap-store';

export type SitemapRoutesOptions = {
  siteUrl: string;
  /** The sitemap built in the background (sitemap-store.ts); without it, or before its first build, the
   * minimal sitemap below. */
  store?: SitemapReader;
  /** The build's time: the `<lastmod>` of the static pages in the minimal sitemap (none when unknown). */
  buildTime?: Date | null;
};

const XML = { 'content-type': 'application/xml; charset=utf-8' };
const CACHED = 'public, max-age=3600';
const gunzipAsync = promisify(gunzip);

/** A stored (gzipped) file for this request: gzip as stored when accepted, else unzipped; 304 by ETag. */
async function respond(request: Request, file: StoredSitemapFile, cacheControl: string): Promise<Response> {
  const gzip = /\bgzip\b/i.test(request.headers.get('accept-encoding') ?? '');
  const h = new Headers({ ...XML, 'cache-control': cacheControl, vary: 'Accept-Encoding' });
  const tag = etagForEncoding(file.etag, gzip ? 'gzip' : null);
  h.set('etag', tag);
  if (isNotModified(request.headers.get('if-none-match'), tag)) return notModified(h);
  const body = gzip ? file.gzip : new Uint8Array(await gunzipAsync(file.gzip));
  if (gzip) h.set('content-encoding', 'gzip');
  h.set('content-length', String(body.byteLength));
  return new Response(request.method === 'HEAD' ? null : (body as Uint8Array<ArrayBuffer>), { status: 200, headers: h });
}

/**
 * /robots.txt, the sitemap index at /sitemap.xml and its files at /sitemaps/{type}.xml, as the store last
 * built them (decision 055): one read per request, gzip as stored, an ETag and 304s. Until the first build
 * (a fresh install), the index lists only the pages known without data (`pages`, `jobs`), made in memory and
 * not cached by anyone, and the store is asked to build in the background.
 */
export function registerSitemapRoutes(app: Hono, opts: SitemapRoutesOptions): void {
  const { siteUrl, store, buildTime } = opts;
  const robots = encodedBody(buildRobots(siteUrl), { 'content-type': 'text/plain; charset=utf-8', 'cache-control': CACHED });

  let minimal: Promise<Map<string, BuiltFile>> | undefined;
  const minimalFiles = () =>
    (minimal ??= (async () => {
      const files = new Map<string, BuiltFile>();
      // Salary pages are listed only when they show a figure: none before the data is read.
      const noSalaryPages = Object.fromEntries(sitemapRoutes.filter((id) => groupOf(id) === 'salaries').map((id) => [id, []]));
      const { index } = await writeSitemaps(
        siteUrl,
        { pages: async () => noSalaryPages },
        { buildTime, write: async (f) => void files.set(f.name, f) },
      );
      return files.set('sitemap.xml', index);
    })());

  async function serve(request: Request, name: string): Promise<Response | null> {
    const stored = store ? await store.read(name) : 'none';
    if (stored !== 'none') return stored && respond(request, stored, CACHED);
    store?.kick();
    const file = (await minimalFiles()).get(name);
    return file ? respond(request, file, 'no-store') : null;
  }

  const notFound = () =>
    new Response('Not Found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' } });
  app.get('/robots.txt', (c) => robots.respond(c.req.raw));
  app.get('/sitemap.xml', async (c) => (await serve(c.req.raw, 'sitemap.xml')) ?? notFound());
  app.get('/sitemaps/:file', async (c) => {
    const name = c.req.param('file');
    // Only the files' own names are looked up: the index is at /sitemap.xml.
    if (name === 'sitemap.xml' || !/^[a-z]+(-\d+)?\.xml$/.test(name)) return notFound();
    return (await serve(c.req.raw, name)) ?? notFound();
  });
}
