import 'server-only';
import zlib from 'node:zlib';

// A compressor that flushes after every chunk, so streamed SSR reaches the browser as it is rendered
// (hono/compress buffers it: docs/waku-notes.md). Its callbacks never throw after the client hangs up.
export type Encoding = 'br' | 'gzip';

export function pickEncoding(acceptEncoding: string | null | undefined): Encoding | null {
  const ae = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(ae)) return 'br';
  if (/\bgzip\b/.test(ae)) return 'gzip';
  return null;
}

const COMPRESSIBLE = /^(text\/|application\/(json|xml|rss\+xml|javascript|manifest\+json)|image\/svg\+xml)/;
export const isCompressible = (contentType: string | null) => !!contentType && COMPRESSIBLE.test(contentType);

export function compressStream(body: ReadableStream<Uint8Array>, encoding: Encoding): ReadableStream<Uint8Array> {
  // Small windows: a page is tens of kB, and each stream's native buffers live until it is destroyed.
  const z =
    encoding === 'br'
      ? zlib.createBrotliCompress({
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 },
        })
      : zlib.createGzip({ level: 5, memLevel: 7, windowBits: 15 });
  let closed = false;
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      z.on('data', (chunk: Buffer) => {
        if (closed) return;
        try {
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        } catch {
          closed = true;
        }
      });
      z.on('end', () => {
        z.destroy(); // free the native compressor now, not at the next GC
        if (closed) return;
        closed = true;
        try {
          controller.close();
        } catch {
          /* already closed */
        }
      });
      z.on('error', (err) => {
        if (closed) return;
        closed = true;
        try {
          controller.error(err);
        } catch {
          /* already closed */
        }
      });
      // Chunks that arrive together are compressed together: one flush per burst, not per chunk (a flush
      // costs a block header and most of brotli's work), while a streamed <Suspense> part still goes out
      // as soon as it is rendered.
      let flushScheduled = false;
      const flushSoon = () => {
        if (flushScheduled) return;
        flushScheduled = true;
        setImmediate(() => {
          flushScheduled = false;
          if (!closed && !z.writableEnded) z.flush();
        });
      };
      void (async () => {
        try {
          for (;;) {
            const { done, value } = await reader.read();
            if (done) break;
            if (closed) return;
            z.write(value);
            flushSoon();
          }
          z.end();
        } catch (err) {
          z.destroy(err as Error);
        }
      })();
    },
    cancel(reason) {
      closed = true;
      void reader.cancel(reason).catch(() => {});
      z.destroy();
    },
  });
}

const BUFFER_BR = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 6 } };
const BUFFER_GZIP = { level: 6 };

export function compressBuffer(buf: Uint8Array, encoding: Encoding): Uint8Array {
  return encoding === 'br' ? zlib.brotliCompressSync(buf, BUFFER_BR) : zlib.gzipSync(buf, BUFFER_GZIP);
}

/** The same bytes as compressBuffer(buf, 'br'), made on libuv's thread pool: the event loop goes on serving
 * meanwhile. Brotli only: it is the variant made ahead for a refreshed page (most visitors ask for it). */
export function brotliBufferAsync(buf: Uint8Array): Promise<Uint8Array> {
  return new Promise((resolve, reject) => zlib.brotliCompress(buf, BUFFER_BR, (err, out) => (err ? reject(err) : resolve(out))));
}

/** A response compressed on the way out in `encoding` when its type is worth it (and not already encoded); HEAD: no body. */
export function compressedResponse(res: Response, encoding: Encoding | null, isHead = false): Response {
  const headers = new Headers(res.headers);
  if (res.body && encoding && isCompressible(headers.get('content-type')) && !headers.has('content-encoding')) {
    headers.set('content-encoding', encoding);
    headers.delete('content-length');
    headers.append('vary', 'Accept-Encoding');
    return new Response(isHead ? null : compressStream(res.body, encoding), { status: res.status, headers });
  }
  return new Response(isHead ? null : res.body, { status: res.status, headers });
}
