import 'server-only';
import { compressBuffer, pickEncoding, type Encoding } from './compress';
import { etagForEncoding, etagOf, isNotModified, notModified } from './etag';

// A body built once in memory (a sitemap file, a feed) and sent many times: tagged once, compressed at most
// once per encoding (on first demand), answered with 304 when the client already has it.

export type EncodedBody = {
  /** The tag of the uncompressed body; each encoding's tag adds a suffix (`"abc-br"`). */
  readonly etag: string;
  readonly size: number;
  /** The body for this request: br, gzip or identity by Accept-Encoding, or a 304; no body for HEAD. */
  respond(request: Request): Response;
};

// Below this, compression costs more than it saves.
const MIN_COMPRESS = 512;

export function encodedBody(body: Uint8Array | string, headers: Record<string, string>): EncodedBody {
  const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
  const etag = etagOf(bytes);
  const variants = new Map<Encoding, Uint8Array>();
  const compress = bytes.byteLength >= MIN_COMPRESS;
  return {
    etag,
    size: bytes.byteLength,
    respond(request) {
      const encoding = compress ? pickEncoding(request.headers.get('accept-encoding')) : null;
      const h = new Headers(headers);
      h.set('vary', 'Accept-Encoding');
      const tag = etagForEncoding(etag, encoding);
      h.set('etag', tag);
      if (isNotModified(request.headers.get('if-none-match'), tag)) return notModified(h);
      let out = bytes;
      if (encoding) {
        out = variants.get(encoding) ?? variants.set(encoding, compressBuffer(bytes, encoding)).get(encoding)!;
        h.set('content-encoding', encoding);
      }
      h.set('content-length', String(out.byteLength));
      return new Response(request.method === 'HEAD' ? null : (out as Uint8Array<ArrayBuffer>), { status: 200, headers: h });
    },
  };
}

/**
 * Bodies rebuilt per request that often come out the same (a search's feed): the same bytes reuse the
 * encoded body already made, so each distinct body is compressed once. Keeps the `max` most recent.
 */
export function encodedBodyCache(max = 64) {
  const entries = new Map<string, EncodedBody>();
  return (body: Uint8Array | string, headers: Record<string, string>): EncodedBody => {
    const bytes = typeof body === 'string' ? new TextEncoder().encode(body) : body;
    const key = etagOf(bytes) + JSON.stringify(headers);
    let entry = entries.get(key);
    if (entry) entries.delete(key);
    else entry = encodedBody(bytes, headers);
    entries.set(key, entry);
    if (entries.size > max) entries.delete(entries.keys().next().value!);
    return entry;
  };
}
