import type { Encoding } from './compress';
import type { PageLabels } from '../../domain/page-purge';

/** A page as the page cache keeps it (page-cache.ts), and as it travels between workers (page-peers.ts). */
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
  /** When its render started (the cache's clock): a copy from another worker older than a clear here is refused. */
  renderedAt?: number;
  /** The purge feed's position when its render started: it shows every purge up to it (unknown: none). */
  feedSeq?: number;
  /** A purge hit it and it is being rendered again: answered stale only to visitors without a session. */
  purged?: boolean;
};
