import 'server-only';
import { createHash } from 'node:crypto';

// Entity tags and `If-None-Match` (RFC 9110 §8.8.3, §13.1.2): one place for every response that can be
// revalidated (sitemap, feeds, public JSON, uploads, static files; cached pages later).

/** A strong ETag of a body: `"` + 22 characters of its SHA-1 in base64url + `"` (same bytes, same tag). */
export function etagOf(bytes: Uint8Array | string): string {
  return etagOfDigest(createHash('sha1').update(bytes).digest());
}

/** The same tag from a SHA-1 computed piece by piece (a body too large to hold whole: a sitemap file). */
export const etagOfDigest = (sha1: Uint8Array): string => `"${Buffer.from(sha1).toString('base64url').slice(0, 22)}"`;

/** The same tag for the body sent with a content coding: a strong tag must differ per encoding. */
export function etagForEncoding(etag: string, encoding: string | null): string {
  if (!encoding) return etag;
  const weak = etag.startsWith('W/');
  const opaque = weak ? etag.slice(2) : etag;
  return `${weak ? 'W/' : ''}${opaque.slice(0, -1)}-${encoding === 'gzip' ? 'gz' : encoding}"`;
}

const opaqueOf = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);

/**
 * Whether a GET or HEAD with this `If-None-Match` header gets a 304 for a representation tagged `etag`:
 * `*` matches any, otherwise any tag of the comma-separated list matches by the weak comparison (W/ ignored).
 */
export function isNotModified(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const header = ifNoneMatch.trim();
  if (header === '*') return true;
  const wanted = opaqueOf(etag.trim());
  // Entity tags are quoted and may not contain '"', so a plain scan of the list is exact; commas inside
  // quotes are allowed, so split on the tags themselves, not on commas.
  for (const m of header.matchAll(/(?:W\/)?"[^"]*"/g)) if (opaqueOf(m[0]) === wanted) return true;
  return false;
}

// The headers a 304 carries (RFC 9110 §15.4.5): those a 200 would have sent that describe caching.
const KEPT_ON_304 = ['cache-control', 'content-location', 'date', 'etag', 'expires', 'vary', 'last-modified'];

/** A 304 with the caching headers of the response it stands for, and no body. */
export function notModified(headers: Headers | HeadersInit): Response {
  const from = new Headers(headers);
  const out = new Headers();
  for (const name of KEPT_ON_304) {
    const v = from.get(name);
    if (v !== null) out.set(name, v);
  }
  return new Response(null, { status: 304, headers: out });
}

/**
 * A 200 response of `body` tagged with its ETag (computed unless given), or its 304 when the request's
 * `If-None-Match` matches; no body for HEAD. For bodies built in memory (JSON, text, XML).
 */
export function conditional(
  request: Request,
  body: Uint8Array | string,
  headers: Record<string, string>,
  etag: string = etagOf(body),
): Response {
  const h = new Headers(headers);
  h.set('etag', etag);
  if (isNotModified(request.headers.get('if-none-match'), etag)) return notModified(h);
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  h.set('content-length', String(bytes.byteLength));
  return new Response(request.method === 'HEAD' ? null : (bytes as Uint8Array<ArrayBuffer>), { status: 200, headers: h });
}
