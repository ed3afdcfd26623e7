import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { withLease } from '../db/job-lease';
import { toDate } from '../db/schema';
import {
  currentSitemapBuild,
  currentSitemapFile,
  dropOtherSitemapBuilds,
  insertSitemapFile,
  INDEX_NAME,
  nextSitemapBuild,
} from './data/sitemap-files';
import { writeSitemaps, type SitemapSources } from './sitemap-build';
import type { SitemapLimits } from './sitemap';

// The sitemap kept in the database (decision 055): built in the background by one process at a time (a job
// lease), read by every instance's requests. A request never builds it: it reads one stored file.

export type StoredSitemapFile = { name: string; gzip: Uint8Array; etag: string };

/** What the sitemap routes need: a stored file by name, and a way to ask for a build without waiting. */
export type SitemapReader = {
  /** A file of the current build (`sitemap.xml` is the index); null when there is no such file, and
   * 'none' when nothing has been built yet. */
  read(name: string): Promise<StoredSitemapFile | null | 'none'>;
  /** Ask for a check (and a build when it is stale) in the background; never waits for it. */
  kick(): void;
};

export type SitemapStoreOptions = {
  db: () => Promise<Kysely<DB>>;
  siteUrl: string;
  /** The app's build: a new build (new routes, new static pages) makes the sitemap stale. */
  buildId: string;
  /** The `<lastmod>` of the static pages (none when unknown). */
  buildTime?: Date | null;
  sources: SitemapSources;
  /** Moves whenever public pages change (the page cache's generation): the sitemap's staleness mark. */
  contentVersion: () => number | Promise<number>;
  limits?: SitemapLimits;
  /** How often each process looks whether the stored sitemap is stale (one small read). */
  checkEveryMs?: number;
  /** A stale sitemap is rebuilt once its build is this old: at most one build per interval, whatever the
   * rate of changes. */
  minAgeMs?: number;
  /** Rebuilt at this age even when nothing moved (offers pass their date without a write). */
  maxAgeMs?: number;
  now?: () => number;
};

/** Longer than a build takes: a lease past it means its holder died. */
const LEASE_MS = 5 * 60_000;

export type SitemapStore = SitemapReader & {
  /** Build now (under the lease): 'busy' when another process is building. */
  build(): Promise<'busy' | { build: number; files: number; urls: number }>;
  /** Build when nothing is built, or when the stored build is stale and old enough; what it did. */
  refresh(): Promise<'fresh' | 'busy' | 'built'>;
  /** Check every `checkEveryMs` from now on (and once at once). */
  start(): void;
  stop(): void;
};

export function createSitemapStore(opts: SitemapStoreOptions): SitemapStore {
  const { siteUrl, buildId, buildTime, sources, contentVersion, limits, now = Date.now } = opts;
  const { checkEveryMs = 60_000, minAgeMs = 5 * 60_000, maxAgeMs = 60 * 60_000 } = opts;
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<unknown> | undefined;

  /** What a build is made from: when this changes, the stored build is stale. */
  const sourceKey = async () => `v${await contentVersion()} b${buildId} ${siteUrl}`;

  async function build() {
    const db = await opts.db();
    return withLease(db, 'sitemap', LEASE_MS, async () => {
      // The version first, then the data: data newer than its mark only costs one more build later.
      const source = await sourceKey();
      const number = await nextSitemapBuild(db);
      const at = new Date(now());
      const { index, files } = await writeSitemaps(siteUrl, sources, {
        buildTime,
        limits,
        write: (f) => insertSitemapFile(db, number, source, at, f),
      });
      // The index last: from here on this build is the current one.
      await insertSitemapFile(db, number, source, at, index);
      await dropOtherSitemapBuilds(db, number);
      return { build: number, files: files.length, urls: files.reduce((n, f) => n + f.urls, 0) };
    });
  }

  async function refresh(): Promise<'fresh' | 'busy' | 'built'> {
    const db = await opts.db();
    const current = await currentSitemapBuild(db);
    if (current) {
      const age = now() - (toDate(current.built_at)?.getTime() ?? 0);
      const stale = current.source !== (await sourceKey());
      if (age < minAgeMs || (!stale && age < maxAgeMs)) return 'fresh';
    }
    const t = now();
    const done = await build();
    if (done === 'busy') return 'busy';
    console.log(`[sitemap] built ${done.files} files, ${done.urls} URLs in ${now() - t} ms`);
    return 'built';
  }

  /** One check at a time in this process; a failure is logged and tried again at the next check. */
  function check() {
    running ??= refresh()
      .catch((err) => console.error('[sitemap] build failed:', err))
      .finally(() => (running = undefined));
    return running;
  }

  function start() {
    if (timer) return;
    timer = setInterval(() => void check(), checkEveryMs);
    timer.unref?.();
    void check();
  }

  return {
    build,
    refresh,
    start,
    async read(name) {
      const db = await opts.db();
      const file = await currentSitemapFile(db, name);
      if (file) return { name: file.name, gzip: file.gzip, etag: file.etag };
      return name !== INDEX_NAME && (await currentSitemapBuild(db)) ? null : 'none';
    },
    kick() {
      if (timer) void check();
      else start();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
