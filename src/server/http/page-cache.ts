import 'server-only';
import type { CachedResponse } from './cached-response';
import { brotliBufferAsync, compressBuffer, type Encoding } from './compress';
import { purgeHits, type PageLabels, type PagePurge } from '../../domain/page-purge';
import { shareable, type PagePeers, type SharedEntry } from './page-peers';
import { RefreshQueue, type PageCacheOptions } from './page-refresh-queue';

export type { PageCacheOptions } from './page-refresh-queue';
export type { CachedResponse } from './cached-response';

// A short-lived whole-response cache for anonymous GETs of pages (and their RSC payloads). Anonymous pages
// are the same for everyone, so the server can answer them without rendering (~2k rps against ~120
// rendered, docs/waku-notes.md). Compressed variants are made once per entry. Concurrent misses for one key share a render.
// Past its TTL an entry is still answered at once for a while (stale-while-revalidate) while one background
// render replaces it; a purge renders the pages it hit again at once (decision 065). Between the workers of
// `npm start` (PagePeers), one of them renders a refresh and the others get its result.

/** The stale-while-revalidate=600 that public pages' Cache-Control promises (render-page.ts). */
const STALE_WHILE_REVALIDATE_MS = 600_000;
/** After a failed refresh the stale copy stands this long before the next try (a database in trouble). */
const REFRESH_RETRY_MS = 2_000;

/** Smaller bodies go out as they are: compression would save next to nothing. */
const MIN_COMPRESS_BYTES = 512;

/** How many recent purges a fill in flight is checked against; a fill older than all of them is not stored. */
const PURGE_LOG = 256;

export class PageCache {
  private entries = new Map<string, CachedResponse>();
  private inflight = new Map<string, Promise<CachedResponse | null>>();
  private bytes = 0;
  private counted = new WeakSet<CachedResponse>(); // in `bytes`: a response not stored (an error page) counts nothing
  /** Moves on clear(): a render that started before it must not be stored after it (it may hold old data). */
  private epoch = 0;
  /** The same rule per page for purges: a render is not stored after a purge that hits it (the recent ones, numbered). */
  private purges: { n: number; purge: PagePurge; seq?: number; at: number }[] = [];
  private purged = 0;
  private inflightLabels = new Map<string, PageLabels>();
  /** When the last clear happened (a copy from another worker rendered before it is refused). */
  private clearedAt = -Infinity;
  /** Keys whose last refresh failed, and when: the stale copy stands a while before the next try. */
  private failedAt = new Map<string, number>();
  /** Pages a purge hit, waiting for their render (a few at once). */
  private queue: RefreshQueue;
  private staleMs: number;
  private purgeRefreshMax: number;
  private peers: PagePeers | null;
  refresher?: (key: string) => Promise<CachedResponse | null>;

  constructor(
    private ttlMs: number,
    private maxEntries = 1000,
    private maxBytes = 64 * 1024 * 1024,
    private now: () => number = Date.now,
    /** A key's labels (page-labels.ts); without them every purge forgets every page. */
    private labelsOf: (key: string) => PageLabels = () => ({ tags: [] }),
    options: PageCacheOptions = {},
  ) {
    this.staleMs = options.staleMs ?? STALE_WHILE_REVALIDATE_MS;
    this.refresher = options.refresher;
    this.purgeRefreshMax = options.purgeRefreshMax ?? 8;
    this.peers = options.peers ?? null;
    // Already being rendered (a request came first), or already back (another worker's render): skipped.
    this.queue = new RefreshQueue(this.purgeRefreshMax, options.purgeRefreshConcurrency ?? 2, (key) =>
      this.inflight.has(key) || this.peek(key) || !this.refresher ? null : this.startFill(key, () => this.refresher!(key), true),
    );
    this.peers?.subscribe((key, entry) => this.accept(key, entry));
    // The render worker first catches up with the purge feed, as a visitor's hit does before a refresh.
    this.peers?.onRender((key) => void (this.sync?.() ?? Promise.resolve()).then(() => this.revalidate(key)));
  }

  /** Catches up with the purges and the content version (set by render-page.ts). */
  sync?: () => Promise<void>;

  get enabled() {
    return this.ttlMs > 0;
  }

  get(key: string): CachedResponse | undefined {
    const e = this.entries.get(key);
    // An expired entry stays (until replaced or evicted): it is the stale copy served while the database
    // is down (stale()).
    if (!e || e.expires <= this.now()) return undefined;
    // LRU: move to the end.
    this.entries.delete(key);
    this.entries.set(key, e);
    return e;
  }

  /** A fresh entry, or undefined, without counting as a use (no LRU move); never fills. */
  peek(key: string): CachedResponse | undefined {
    const e = this.entries.get(key);
    return e && e.expires > this.now() ? e : undefined;
  }

  /**
   * The last copy of a page whatever its age (within `maxStaleMs` of expiring), for when it cannot be
   * rendered again (the database is down): stale-if-error, as RFC 5861 lets a cache do.
   */
  stale(key: string, maxStaleMs = 24 * 60 * 60_000): CachedResponse | undefined {
    const e = this.entries.get(key);
    return e && e.status === 200 && !e.purged && this.now() - e.expires < maxStaleMs ? e : undefined;
  }

  /** A 200 past its TTL, within the stale window; a purged one not for a visitor with a session (their change: read-your-writes). */
  staleWhileRevalidate(key: string, anonymous = true): CachedResponse | undefined {
    const e = this.entries.get(key);
    if (!e || !this.enabled || e.status !== 200 || (e.purged && !anonymous)) return undefined;
    const age = this.now() - e.expires;
    return age >= 0 && age < this.staleMs ? e : undefined;
  }

  /** Start a background render of `key` unless one runs or just failed (the refresher, else `fill`); false: nothing to render with. */
  revalidate(key: string, fill?: () => Promise<CachedResponse | null>): boolean {
    if (this.inflight.has(key)) return true;
    const failed = this.failedAt.get(key);
    if (failed !== undefined && this.now() - failed < REFRESH_RETRY_MS) return true;
    const render = this.refresher ? () => this.refresher!(key) : fill;
    if (!render) return false;
    void this.startFill(key, render, true);
    return true;
  }

  /** Run fill once per key at a time; concurrent callers share it. A stale entry is answered at once while it is refreshed. */
  async getOrFill(
    key: string,
    fill: () => Promise<CachedResponse | null>,
    { anonymous = true }: { anonymous?: boolean } = {},
  ): Promise<{ entry: CachedResponse | null; hit: boolean; stale?: boolean }> {
    const hit = this.get(key);
    if (hit) return { entry: hit, hit: true };
    const stale = this.staleWhileRevalidate(key, anonymous);
    if (stale && this.revalidate(key, fill)) return { entry: stale, hit: true, stale: true };
    const p = this.inflight.get(key) ?? this.startFill(key, fill, false);
    return { entry: await p, hit: false };
  }

  /**
   * One render of `key`, shared by the requests that come meanwhile and stored unless a clear or a purge
   * that hits it came first. In the background (a refresh): rendered by one worker of the cluster, its
   * errors kept here (the stale copy stands), a page gone (404) forgotten.
   */
  private startFill(key: string, fill: () => Promise<CachedResponse | null>, background: boolean): Promise<CachedResponse | null> {
    const epoch = this.epoch;
    const seen = this.purged;
    const labels = this.labelsOf(key);
    const renderedAt = this.now();
    const feedSeq = this.followed ?? undefined;
    let claimed = false;
    let remote = false;
    const run = async (): Promise<CachedResponse | null> => {
      if (background && this.peers) {
        const need = this.lastHit(labels);
        const claim = await this.peers.claim(key, need);
        if (claim.mine) claimed = true;
        else {
          const theirs = await claim.result;
          if (theirs) {
            remote = true;
            return theirs;
          }
        }
        // Their result may have come while the claim was answered.
        const e = this.entries.get(key);
        if (e && e.expires > this.now() && (e.renderedAt ?? -Infinity) >= renderedAt) {
          remote = true;
          return e;
        }
      }
      const entry = await fill();
      // A refresh's brotli copy is made off the event loop (and, in the render worker, in that process), so
      // that the first visitor after it does not hold the serving loop for a compression.
      if (background && entry?.status === 200) await this.precompress(entry);
      return entry;
    };
    const p: Promise<CachedResponse | null> = run()
      .catch((err: unknown) => {
        if (!background) throw err;
        console.error(`[cache] refresh of ${key} failed`, err);
        return null;
      })
      .then((entry) => {
        if (remote) return entry;
        const storable = !!entry && this.enabled && entry.expires > this.now() && epoch === this.epoch && !this.purgedSince(seen, labels);
        if (entry && storable) {
          // The same object the caller answers with (its compressed variants are counted once, on it).
          entry.labels = labels;
          entry.renderedAt = renderedAt;
          entry.feedSeq = feedSeq;
          this.set(key, entry);
          this.failedAt.delete(key);
          this.peers?.done(key, shareable(entry));
          return entry;
        }
        if (background) {
          if (!entry || entry.status >= 500) this.failedAt.set(key, this.now());
          // The page is gone or moved (a closed offer): its old copy must not be answered any more.
          else if (entry.status !== 200 && epoch === this.epoch) this.delete(key);
        }
        if (claimed) this.peers?.done(key, null);
        return entry;
      })
      .finally(() => {
        if (this.inflight.get(key) === p) {
          this.inflight.delete(key);
          this.inflightLabels.delete(key);
        }
      });
    this.inflight.set(key, p);
    this.inflightLabels.set(key, labels);
    return p;
  }

  /** Store another worker's render unless a clear here came after it started, or a purge here hits it that it had not seen. */
  accept(key: string, shared: SharedEntry): CachedResponse | null {
    const now = this.now();
    if (!this.enabled || shared.expires <= now || shared.renderedAt === undefined || shared.renderedAt <= this.clearedAt) return null;
    const labels = this.labelsOf(key);
    const seq = shared.feedSeq ?? -1;
    const first = this.purges[0];
    // Purges older than those remembered may have hit it.
    if (first && this.purges.length >= PURGE_LOG && (first.seq === undefined || first.seq > seq)) return null;
    for (const p of this.purges)
      if ((p.seq !== undefined ? p.seq > seq : p.at >= shared.renderedAt) && purgeHits(labels, p.purge)) return null;
    const current = this.entries.get(key);
    // Ours is newer (or as new and shows as many purges).
    const ours = current?.renderedAt ?? -Infinity;
    if (current && (ours > shared.renderedAt || (ours === shared.renderedAt && (current.feedSeq ?? -1) >= seq))) return null;
    const entry: CachedResponse = { ...shared, variants: { ...shared.variants }, labels };
    this.set(key, entry);
    this.failedAt.delete(key);
    return entry;
  }

  /** The feed position of the last remembered purge that hits these labels: a refresh must show it. */
  private lastHit(labels: PageLabels): number {
    let seq = -1;
    for (const p of this.purges) if (p.seq !== undefined && p.seq > seq && purgeHits(labels, p.purge)) seq = p.seq;
    return seq;
  }

  set(key: string, entry: CachedResponse) {
    this.delete(key);
    entry.labels ??= this.labelsOf(key);
    this.entries.set(key, entry);
    this.counted.add(entry);
    this.bytes += entry.body.byteLength + (entry.variants.br?.byteLength ?? 0) + (entry.variants.gzip?.byteLength ?? 0);
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  private delete(key: string) {
    this.failedAt.delete(key);
    const e = this.entries.get(key);
    if (!e) return;
    this.bytes -= e.body.byteLength + (e.variants.br?.byteLength ?? 0) + (e.variants.gzip?.byteLength ?? 0);
    this.counted.delete(e);
    this.entries.delete(key);
  }

  /** Forget everything (a change that names no pages, a purge feed read for the first time). */
  clear() {
    this.entries.clear();
    this.inflight.clear();
    this.inflightLabels.clear();
    this.bytes = 0;
    this.counted = new WeakSet();
    this.epoch++;
    this.purges = [];
    this.queue.clear();
    this.clearedAt = this.now();
  }

  /** Every entry stale from now (salary figures moved): answered while rendered again; renders in flight not stored (decision 065). */
  expireAll() {
    const now = this.now();
    for (const e of this.entries.values()) if (e.expires > now) e.expires = now;
    this.inflight.clear();
    this.inflightLabels.clear();
    this.epoch++;
    this.queue.clear();
    this.clearedAt = now;
  }

  /**
   * Forget the pages a change may have altered (decision 058); fills in flight for them are neither shared
   * with later requests nor stored. A purge of everything is clear(). `seq`: its place in the purge feed
   * (an entry rendered after this cache applied it already shows it). The most recently used of the pages
   * it hit are rendered again in the background (decision 065), their old copy kept meanwhile for visitors
   * without a session; a visitor with one (who may have made the change) joins that render. The others go.
   */
  purge(purge: PagePurge, seq?: number) {
    if (purge.all) return this.clear();
    const now = this.now();
    const hit: string[] = [];
    const refresh = !!this.refresher && this.purgeRefreshMax > 0;
    for (const [key, e] of this.entries)
      if (purgeHits(e.labels, purge) && !(seq !== undefined && e.feedSeq !== undefined && e.feedSeq >= seq)) {
        if (refresh && e.status === 200 && now - e.expires < this.staleMs) hit.push(key);
        else this.delete(key);
      }
    // The LRU order: the last ones are the most recently used.
    const kept = hit.slice(-this.purgeRefreshMax);
    for (const key of hit.slice(0, -this.purgeRefreshMax)) this.delete(key);
    for (const key of kept) {
      const e = this.entries.get(key)!;
      e.purged = true;
      if (e.expires > now) e.expires = now;
    }
    for (const [key, labels] of this.inflightLabels)
      if (purgeHits(labels, purge)) {
        this.inflight.delete(key);
        this.inflightLabels.delete(key);
      }
    this.purges.push({ n: ++this.purged, purge, seq, at: now });
    if (this.purges.length > PURGE_LOG) this.purges.shift();
    if (refresh) {
      // Beyond the bound, the oldest waiting pages go (their copy with them).
      for (const key of this.queue.add(kept.reverse())) if (this.entries.get(key)?.purged) this.delete(key);
    }
  }

  /** The last purge of the feed applied (null before the first batch). */
  private followed: number | null = null;

  get purgeSeq(): number | null {
    return this.followed;
  }

  /**
   * Apply a batch of the purge feed (page-purges.ts) read after `purgeSeq`: each purge not applied yet, in
   * order. The first batch only gives the position: a page cached before it may predate a purge it did not
   * see, so whatever is cached then goes.
   */
  follow(batch: { seq: number | null; purges: readonly { seq: number; purge: PagePurge }[] }) {
    if (batch.seq === null) return;
    if (this.followed === null) {
      if (this.entries.size || this.inflight.size) this.clear();
    } else
      for (const p of batch.purges)
        if (p.seq > this.followed) {
          this.purge(p.purge, p.seq);
          // Renders started from here show it.
          this.followed = p.seq;
        }
    if (this.followed === null || batch.seq > this.followed) this.followed = batch.seq;
  }

  /** Whether a purge numbered after `seen` hits these labels (true when such purges are no longer known). */
  private purgedSince(seen: number, labels: PageLabels): boolean {
    if (seen === this.purged) return false;
    const first = this.purges[0];
    if (!first || first.n > seen + 1) return true;
    return this.purges.some((p) => p.n > seen && purgeHits(labels, p.purge));
  }

  /** Resolves once no render of this cache runs or waits (tests). */
  async settled(): Promise<void> {
    for (let i = 0; i < 1000 && (this.inflight.size || !this.queue.idle); i++) {
      await Promise.allSettled(this.inflight.values());
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  get size() {
    return this.entries.size;
  }

  expiresAt() {
    return this.now() + this.ttlMs;
  }

  /** Make the variant most visitors ask for (brotli) on the thread pool; a failure leaves it to variant(). */
  private async precompress(entry: CachedResponse): Promise<void> {
    if (entry.body.byteLength < MIN_COMPRESS_BYTES || entry.variants.br) return;
    try {
      entry.variants.br = await brotliBufferAsync(entry.body);
    } catch (err) {
      console.error('[cache] compression failed', err);
    }
  }

  /** The body in an encoding, compressed once and kept with the entry. */
  variant(entry: CachedResponse, encoding: Encoding | null): Uint8Array {
    if (!encoding || entry.body.byteLength < MIN_COMPRESS_BYTES) return entry.body;
    let v = entry.variants[encoding];
    if (!v) {
      v = compressBuffer(entry.body, encoding);
      entry.variants[encoding] = v;
      if (this.counted.has(entry)) this.bytes += v.byteLength;
    }
    return v;
  }
}
