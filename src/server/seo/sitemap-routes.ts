import 'server-only';
import type { Hono } from 'hono';
import { encodedBody, type EncodedBody } from '../http/encoded-body';
import { buildRobots, buildSitemaps, type SitemapData } from './sitemap';

export type SitemapRoutesOptions = {
  siteUrl: string;
  /** The pages of the data-driven routes; none listed while it fails (the last good build is kept). */
  data?: () => Promise<SitemapData>;
  /**
   * A number that moves when public pages change (a generation counter): the sitemap is rebuilt when it
   * does, asked at most every `checkEveryMs`. Without it, or when nothing moves, it is rebuilt every `maxAgeMs`.
   */
  version?: () => Promise<number> | number;
  checkEveryMs?: number;
  maxAgeMs?: number;
  /** The build's time: the `<lastmod>` of the static pages (none when unknown). */
  buildTime?: Date | null;
  now?: () => number;
};

const XML = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' };

type Built = { index: EncodedBody; files: Map<string, EncodedBody>; at: number; version: number | null; checkedAt: number };

/**
 * /robots.txt, the sitemap index at /sitemap.xml and its files at /sitemaps/{type}.xml, each built once per
 * data change, compressed once per encoding, with an ETag and 304s.
 */
export function registerSitemapRoutes(app: Hono, opts: SitemapRoutesOptions): void {
  const { siteUrl, data, version, checkEveryMs = 2000, maxAgeMs = 600_000, buildTime, now = Date.now } = opts;
  const robots = encodedBody(buildRobots(siteUrl), {
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'public, max-age=3600',
  });
  let built: Built | undefined;
  let pending: Promise<Built> | undefined;

  async function readVersion(): Promise<number | null> {
    try {
      return version ? await version() : null;
    } catch (err) {
      console.error('[sitemap] version unavailable', err);
      return null;
    }
  }

  async function build(): Promise<Built> {
    const at = now();
    // The version first, then the data: data newer than its version only costs one more build later.
    const v = await readVersion();
    let content: SitemapData = {};
    if (data) {
      try {
        content = await data();
      } catch (err) {
        console.error('[sitemap] data unavailable', err);
        // Keep the last good build; try again in a minute.
        if (built) return (built = { ...built, at: at - maxAgeMs + 60_000, checkedAt: at });
        return (built = { ...make({}), at: at - maxAgeMs + 60_000, version: null, checkedAt: at });
      }
    }
    return (built = { ...make(content), at, version: v, checkedAt: at });
  }

  function make(content: SitemapData) {
    const maps = buildSitemaps(siteUrl, content, { buildTime });
    return { index: encodedBody(maps.index, XML), files: new Map(maps.files.map((f) => [f.name, encodedBody(f.xml, XML)])) };
  }

  async function current(): Promise<Built> {
    const t = now();
    if (built && t - built.at <= maxAgeMs) {
      if (!version || t - built.checkedAt < checkEveryMs) return built;
      const v = await readVersion();
      // A failed read is no news: the current build stays.
      if (v === null || v === built.version) return (built = { ...built, checkedAt: t });
    }
    return (pending ??= build().finally(() => (pending = undefined)));
  }

  app.get('/robots.txt', (c) => robots.respond(c.req.raw));
  app.get('/sitemap.xml', async (c) => (await current()).index.respond(c.req.raw));
  app.get('/sitemaps/:file', async (c) => {
    const file = (await current()).files.get(c.req.param('file'));
    return file ? file.respond(c.req.raw) : c.text('Not Found', 404, { 'cache-control': 'no-store' });
  });
}
