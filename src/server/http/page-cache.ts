import 'server-only';
import { compressBuffer, type Encoding } from './compress';

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
};

export class PageCache {
  private entries = new Map<string, CachedResponse>();
  private inflight = new Map<string, Promise<CachedResponse | null>>();
  private bytes = 0;
  /** Moves on clear(): a render that started before it must not be stored after it (it may hold old data). */
  private epoch = 0;

  constructor(
    private ttlMs: number,
    private maxEntries = 1000,
    private maxBytes = 64 * 1024 * 1024,
    private now: () => number = Date.now,
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
      p = fill()
        .then((entry) => {
          if (entry && this.enabled && entry.expires > this.now() && epoch === this.epoch) this.set(key, entry);
          return entry;
        })
        .finally(() => {
          if (this.inflight.get(key) === p) this.inflight.delete(key);
        });
      this.inflight.set(key, p);
    }
    return { entry: await p, hit: false };
  }

  set(key: string, entry: CachedResponse) {
    this.delete(key);
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

  /** Forget everything (called after writes that change what public pages show). */
  clear() {
    this.entries.clear();
    this.inflight.clear();
    this.bytes = 0;
    this.epoch++;
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
