import 'server-only';
import { compressBuffer, type Encoding } from './compress';
import { purgeHits, type PageLabels, type PagePurge } from '../../domain/page-purge';

// A short-lived whole-response cache for anonymous GETs of pages (and their RSC payloads). Anonymous pages
// are the same for everyone, so the server can answer them without rendering (~2k rps against ~120
// rendered, docs/waku-notes.md). Compressed variants are made once per entry. Concurrent misses for one key share a render.
export type CachedResponse = {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
  variants: Partial<Record<Encoding, Uint8Array>>;
  expires: number;
  /** The body's entity tag, computed on first use. */
  etag?: string;
  /** The route is one page for every visitor (decision 002): signed-in visitors may get it too. */
  shared?: boolean;
  /** The route has no GET answer of its own (content negotiation, redirects): a hit may skip every other step. */
  fast?: boolean;
  /** Per encoding, the body and the headers of a hit, built on first use (a hit then only copies them). */
  prepared?: Partial<
    Record<Encoding | 'identity', { body: Uint8Array; headers: Record<string, string>; varied?: Record<string, Record<string, string>> }>
  >;
  /** What the page depends on (its key's labels, set when stored): which purges forget it (decision 058). */
  labels?: PageLabels;
};

/** How many recent purges a fill in flight is checked against; a fill older than all of them is not stored. */
const PURGE_LOG = 256;

export class PageCache {
  private entries = new Map<string, CachedResponse>();
  private inflight = new Map<string, Promise<CachedResponse | null>>();
  private bytes = 0;
  /** Moves on clear(): a render that started before it must not be stored after it (it may hold old data). */
  private epoch = 0;
  /** The same rule per page for purges: a render is not stored after a purge that hits it (the recent ones, numbered). */
  private purges: { n: number; purge: PagePurge }[] = [];
  private purged = 0;
  private inflightLabels = new Map<string, PageLabels>();

  constructor(
    private ttlMs: number,
    private maxEntries = 1000,
    private maxBytes = 64 * 1024 * 1024,
    private now: () => number = Date.now,
    /** A key's labels (page-labels.ts); without them every purge forgets every page. */
    private labelsOf: (key: string) => PageLabels = () => ({ tags: [] }),
  ) {}

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
    return e && e.status === 200 && this.now() - e.expires < maxStaleMs ? e : undefined;
  }

  /** Run fill once per key at a time; concurrent callers get the same result. */
  async getOrFill(key: string, fill: () => Promise<CachedResponse | null>): Promise<{ entry: CachedResponse | null; hit: boolean }> {
    const hit = this.get(key);
    if (hit) return { entry: hit, hit: true };
    let p = this.inflight.get(key);
    if (!p) {
      const epoch = this.epoch;
      const seen = this.purged;
      const labels = this.labelsOf(key);
      p = fill()
        .then((entry) => {
          if (entry && this.enabled && entry.expires > this.now() && epoch === this.epoch && !this.purgedSince(seen, labels)) {
            // The same object the caller answers with (its compressed variants are counted once, on it).
            entry.labels = labels;
            this.set(key, entry);
          }
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
    }
    return { entry: await p, hit: false };
  }

  set(key: string, entry: CachedResponse) {
    this.delete(key);
    entry.labels ??= this.labelsOf(key);
    this.entries.set(key, entry);
    this.bytes += entry.body.byteLength;
    while (this.entries.size > this.maxEntries || this.bytes > this.maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  private delete(key: string) {
    const e = this.entries.get(key);
    if (!e) return;
    this.bytes -= e.body.byteLength + (e.variants.br?.byteLength ?? 0) + (e.variants.gzip?.byteLength ?? 0);
    this.entries.delete(key);
  }

  /** Forget everything (salary figures moved, a change that names no pages). */
  clear() {
    this.entries.clear();
    this.inflight.clear();
    this.inflightLabels.clear();
    this.bytes = 0;
    this.epoch++;
    this.purges = [];
  }

  /**
   * Forget the pages a change may have altered (decision 058); fills in flight for them are neither shared
   * with later requests nor stored. A purge of everything is clear().
   */
  purge(purge: PagePurge) {
    if (purge.all) return this.clear();
    for (const [key, e] of this.entries) if (purgeHits(e.labels, purge)) this.delete(key);
    for (const [key, labels] of this.inflightLabels)
      if (purgeHits(labels, purge)) {
        this.inflight.delete(key);
        this.inflightLabels.delete(key);
      }
    this.purges.push({ n: ++this.purged, purge });
    if (this.purges.length > PURGE_LOG) this.purges.shift();
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
    } else for (const p of batch.purges) if (p.seq > this.followed) this.purge(p.purge);
    if (this.followed === null || batch.seq > this.followed) this.followed = batch.seq;
  }

  /** Whether a purge numbered after `seen` hits these labels (true when such purges are no longer known). */
  private purgedSince(seen: number, labels: PageLabels): boolean {
    if (seen === this.purged) return false;
    const first = this.purges[0];
    if (!first || first.n > seen + 1) return true;
    return this.purges.some((p) => p.n > seen && purgeHits(labels, p.purge));
  }

  get size() {
    return this.entries.size;
  }

  expiresAt() {
    return this.now() + this.ttlMs;
  }

  /** The body in an encoding, compressed once and kept with the entry. */
  variant(entry: CachedResponse, encoding: Encoding | null): Uint8Array {
    if (!encoding || entry.body.byteLength < 512) return entry.body;
    let v = entry.variants[encoding];
    if (!v) {
      v = compressBuffer(entry.body, encoding);
      entry.variants[encoding] = v;
      this.bytes += v.byteLength;
    }
    return v;
  }
}
