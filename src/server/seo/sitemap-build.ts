import 'server-only';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createGzip } from 'node:zlib';
import type { RouteId } from '../../routes';
import { locales } from '../../i18n/locales';
import { etagOfDigest } from '../http/etag';
import {
  groupOf,
  laterDate,
  pageUrls,
  SITEMAP_GROUPS,
  SITEMAP_LIMITS,
  sitemapFileName,
  sitemapIndex,
  sitemapRoutes,
  staticParams,
  URLSET_CLOSE,
  URLSET_OPEN,
  w3cDate,
  XML_HEAD,
  type SitemapData,
  type SitemapEntry,
  type SitemapGroup,
  type SitemapLimits,
} from './sitemap';

// Building the sitemap's files (decision 055), outside any request: each file is gzipped as it is written
// (the whole uncompressed file is never held), and the offer and company files are each read with one
// keyset query, so every open offer is listed once however many there are.

/** Pages read a file at a time: the rows with an id above `after`, by id, at most `limit` (one query). */
export type KeysetSource = (after: number, limit: number) => Promise<{ id: number; slug: string; lastmod: Date | null }[]>;

export type SitemapSources = {
  /** The data-driven pages known as a whole list (the salary pages that show a figure), by route. */
  pages?: () => Promise<SitemapData>;
  offers?: KeysetSource;
  companies?: KeysetSource;
};

/** A finished file: gzipped, tagged by its uncompressed bytes, with its URL count and newest lastmod. */
export type BuiltFile = { name: string; gzip: Uint8Array; etag: string; size: number; urls: number; lastmod?: string };

type Row = { key: number; id: RouteId; entry: SitemapEntry };

// Bytes handed to the compressor at once: fewer, larger writes; a wait for the compressor every few of them
// lets requests in between.
const CHUNK = 64 * 1024;

/** One sitemap file being written: the XML goes through gzip and SHA-1 as it comes, never kept whole. */
class GzipFile {
  private readonly z = createGzip({ level: 6 });
  private readonly out: Buffer[] = [];
  private readonly hash = createHash('sha1');
  private readonly ended: Promise<unknown>;
  private pending = '';
  size = 0;
  urls = 0;
  lastmod: string | undefined;

  constructor(
    private readonly maxBytes: number,
    head: string,
  ) {
    this.z.on('data', (c: Buffer) => this.out.push(c));
    this.ended = once(this.z, 'end');
    this.ended.catch(() => {}); // a file given up is destroyed: nobody waits for its end
    this.take(head);
  }

  /** Whether `xml` still fits with the closing tag, within the byte limit. */
  fits(xml: string, tail: string): boolean {
    return this.size + Buffer.byteLength(xml) + tail.length <= this.maxBytes;
  }

  async add(xml: string, urls: number, lastmod: string | undefined): Promise<void> {
    this.urls += urls;
    this.lastmod = laterDate(this.lastmod, lastmod);
    this.take(xml);
    if (this.pending.length >= CHUNK) await this.flush();
  }

  async finish(name: string, tail: string): Promise<BuiltFile> {
    this.take(tail);
    await this.flush();
    this.z.end();
    await this.ended;
    return {
      name,
      gzip: Buffer.concat(this.out),
      etag: etagOfDigest(this.hash.digest()),
      size: this.size,
      urls: this.urls,
      lastmod: this.lastmod,
    };
  }

  destroy(): void {
    this.z.destroy();
  }

  private take(s: string) {
    this.size += Buffer.byteLength(s);
    this.hash.update(s);
    this.pending += s;
  }

  private async flush() {
    const s = this.pending;
    this.pending = '';
    if (s && !this.z.write(s)) await once(this.z, 'drain');
  }
}

/** A small file in one piece (the index). */
async function gzipWhole(name: string, xml: string): Promise<BuiltFile> {
  const file = new GzipFile(Infinity, xml);
  return file.finish(name, '');
}

/**
 * Every indexable route in both locales, in per-type files (pages, jobs, salaries, offers, companies;
 * `offers-2.xml`... past the limits) behind a sitemap index. `write` gets each file as it is finished; the
 * index comes back last, for the caller to publish once every file is written. A group with no pages has
 * no file. Static pages carry the build time as lastmod when there is one.
 */
export async function writeSitemaps(
  siteUrl: string,
  sources: SitemapSources,
  {
    buildTime,
    limits = SITEMAP_LIMITS,
    write,
  }: { buildTime?: Date | null; limits?: SitemapLimits; write: (file: BuiltFile) => Promise<void> },
): Promise<{ index: BuiltFile; files: Omit<BuiltFile, 'gzip'>[] }> {
  const built = w3cDate(buildTime && buildTime.getTime() > 0 ? buildTime : null);
  const data = sources.pages ? await sources.pages() : {};
  const files: Omit<BuiltFile, 'gzip'>[] = [];
  // A page is one URL per locale: a file's query asks for as many pages as its URLs allow.
  const perFile = Math.max(1, Math.floor(limits.urls / locales.length));

  const keyset = (id: RouteId, source: KeysetSource) => async (after: number, limit: number) =>
    (await source(after, limit)).map((r): Row => ({ key: r.id, id, entry: { params: { slug: r.slug }, lastmod: r.lastmod } }));
  const listed = (group: SitemapGroup) => {
    const rows = sitemapRoutes
      .filter((id) => groupOf(id) === group && id !== 'offer' && id !== 'company')
      .flatMap((id) => (data[id] ?? staticParams(id).map((params) => ({ params, lastmod: built }))).map((entry) => ({ id, entry })))
      .map((r, i): Row => ({ key: i + 1, ...r }));
    return async (after: number, limit: number) => rows.slice(after, after + limit);
  };
  const sourceOf = (group: SitemapGroup) => {
    if (group === 'offers') return sources.offers && keyset('offer', sources.offers);
    if (group === 'companies') return sources.companies && keyset('company', sources.companies);
    return listed(group);
  };

  for (const group of SITEMAP_GROUPS) {
    const fetch = sourceOf(group);
    if (!fetch) continue;
    let after = 0;
    for (let n = 1; ; n++) {
      // One query per file, starting after the last page of the previous one.
      const rows = await fetch(after, perFile);
      if (!rows.length) break;
      const file = new GzipFile(limits.bytes, XML_HEAD + URLSET_OPEN);
      let taken = 0;
      try {
        for (const row of rows) {
          const page = pageUrls(siteUrl, row.id, row.entry);
          // Past the byte limit the file ends here; the next file's query starts after its last page.
          if (!file.fits(page.xml, URLSET_CLOSE)) break;
          await file.add(page.xml, page.urls, page.lastmod);
          taken++;
        }
        if (!taken) throw new Error(`a page of ${group} does not fit in a sitemap file of ${limits.bytes} bytes`);
        const done = await file.finish(sitemapFileName(group, n), URLSET_CLOSE);
        await write(done);
        const { gzip: _, ...meta } = done;
        files.push(meta);
      } catch (err) {
        file.destroy();
        throw err;
      }
      after = rows[taken - 1]!.key;
      if (taken === rows.length && rows.length < perFile) break;
    }
  }
  const index = await gzipWhole('sitemap.xml', sitemapIndex(siteUrl, files));
  return { index, files };
}
