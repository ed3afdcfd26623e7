import 'server-only';
import { isCompressible, type Encoding } from './compress';
import { etagForEncoding, etagOf, isNotModified } from './etag';
import type { CachedResponse, PageCache } from './page-cache';

/** A cached page as sent: status, headers as written, and the body (null for HEAD and 304). */
export type PreparedHit = { status: number; headers: Record<string, string>; body: Uint8Array | null };

/** The fields of a node:http request that the hit rules read (IncomingMessage has them). */
export type NodeRequestLike = { method?: string; url?: string; headers: Record<string, string | string[] | undefined> };

/**
 * A cached page in the visitor's encoding, with its tag, or a 304 when the tag matches. Plain header
 * objects, built once per entry and encoding: a hit only copies them (the Node adapter and the node:http
 * layer write them as they are).
 */
export function preparedAnswer(
  cache: PageCache,
  entry: CachedResponse,
  {
    hit,
    stale,
    encoding,
    ifNoneMatch,
    isHead,
    vary,
  }: { hit: boolean; stale?: boolean; encoding: Encoding | null; ifNoneMatch?: string; isHead: boolean; vary?: string },
): PreparedHit {
  const prepared = (entry.prepared ??= {});
  let p = prepared[encoding ?? 'identity'];
  if (!p) {
    const headers: Record<string, string> = Object.fromEntries(entry.headers);
    const compressible = isCompressible(headers['content-type'] ?? null);
    const body = cache.variant(entry, compressible ? encoding : null);
    const encoded = compressible && body !== entry.body && encoding ? encoding : null;
    if (encoded) headers['content-encoding'] = encoded;
    if (compressible) headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
    // One tag per body (and encoding), the same from any worker or instance (decision 064): a 304 from any.
    headers.etag = etagForEncoding((entry.etag ??= etagOf(entry.body)), encoded);
    headers['content-length'] = String(body.byteLength);
    headers['x-cache'] = 'HIT';
    p = prepared[encoding ?? 'identity'] = { body, headers };
  }
  let headers = p.headers;
  // The home page's extra Vary, added once per entry and encoding too (a hit then copies nothing).
  if (vary) headers = (p.varied ??= {})[vary] ??= { ...headers, vary: headers.vary ? `${headers.vary}, ${vary}` : vary };
  if (!hit) headers = { ...headers, 'x-cache': 'MISS' };
  // Past its TTL, answered while it is rendered again (stale-while-revalidate, decision 065).
  else if (stale) headers = { ...headers, 'x-cache': 'STALE' };
  // The 304 keeps the page's own headers: a browser replaces its stored ones with them, and a stored page
  // whose policy lost its script hashes (or nonce) would run none of its scripts.
  if (entry.status === 200 && isNotModified(ifNoneMatch, p.headers.etag!)) {
    const { 'content-length': _length, ...rest } = headers;
    return { status: 304, headers: rest, body: null };
  }
  return { status: entry.status, headers, body: isHead ? null : p.body };
}

export const responseOf = (p: PreparedHit) =>
  new Response(p.body as Uint8Array<ArrayBuffer> | null, { status: p.status, headers: p.headers });

// What @hono/node-server takes as it is (src/url.ts there): any other request target or Host is parsed
// and normalised into a URL first, so only these may be looked up by their raw text.
const PLAIN_TARGET = /^\/[!#$&-;=?-[\]_a-z~]*$/;
const DOT_SEGMENT = /\/\.\.?(?:[/?#]|$)/;
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

/** The cache key of a node:http request (path and query), when the Web request built from it has the same. */
export function plainKey(req: NodeRequestLike): string | null {
  const { url, headers } = req;
  if (!url || !PLAIN_TARGET.test(url) || DOT_SEGMENT.test(url)) return null;
  const host = headers.host;
  return typeof host === 'string' && PLAIN_HOST.test(host) ? url : null;
}
