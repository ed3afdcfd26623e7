import 'server-only';
import { statSync } from 'node:fs';
import type { Hono, MiddlewareHandler } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { isLocale, type Locale } from '../../i18n/locales';
import { messagesOf } from '../../i18n/translate';
import { encodedBody, type EncodedBody } from './encoded-body';
import { conditional, isNotModified, notModified } from './etag';
import { isCompressible } from './compress';
import { UPLOAD_KIND, UPLOAD_NAME, type StoredUpload, type UploadStore } from '../uploads/upload-store';

// Public GETs answered from memory, disk or the upload store, each with an ETag and a 304 for `If-None-Match`:
// the message tables, the build descriptors, the certificate keys (JWKS) and status lists, the uploaded
// pictures and the built static files.

export type PublicFilesOptions = {
  build: { id: string; timestamp: number };
  publicKeys?: () => { keys: object[] };
  /** Status list n, signed (decision 067); null when there is no such list. */
  statusLists?: (list: number) => Promise<{ credential: object; jwt: string; etag: string } | null>;
  /** The shared store of uploaded pictures (decision 033), served under /uploads. */
  uploads?: () => UploadStore | Promise<UploadStore>;
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
const json = (value: unknown) => JSON.stringify(value);

const NO_STORE = { 'cache-control': 'no-store' };
let lastOutageLog = 0;

export function registerPublicFiles(app: Hono, { build, publicKeys, statusLists, uploads }: PublicFilesOptions): void {
  // Uploaded pictures: names carry a content hash, so they never change; the tag is the stored SHA-256.
  if (uploads) {
    app.get('/uploads/:kind/:file', async (c) => {
      const { kind, file } = c.req.param();
      if (!UPLOAD_KIND.test(kind) || !UPLOAD_NAME.test(file)) return c.text('Not Found', 404, NO_STORE);
      let found: StoredUpload | null;
      try {
        found = await (await uploads()).get(`${kind}/${file}`);
      } catch (err) {
        // The store is down (database or bucket): a short, uncached answer, logged at most every 10 s.
        if (Date.now() - lastOutageLog > 10_000) {
          lastOutageLog = Date.now();
          console.error('[uploads] the upload store did not answer:', err);
        }
        return c.text('Service Unavailable', 503, { ...NO_STORE, 'retry-after': '5' });
      }
      if (!found) return c.text('Not Found', 404, NO_STORE);
      // The name says .webp and only WebP is stored; a stored type is never served as-is (no HTML from here).
      const headers = { 'content-type': 'image/webp', 'cache-control': IMMUTABLE };
      return conditional(c.req.raw, found.bytes, headers, `"${found.sha256}"`);
    });
  }

  // The message tables: built and compressed once per locale.
  const messages = new Map<Locale, EncodedBody>();
  app.get('/_i18n/:locale/messages.json', (c) => {
    const locale = c.req.param('locale');
    if (!isLocale(locale)) return c.json({ statusCode: 404, message: `Locale '${locale}' not found.` }, 404);
    let body = messages.get(locale);
    if (!body) {
      body = encodedBody(json({ [locale]: messagesOf(locale) }), {
        'content-type': 'application/json',
        'cache-control': 'public, max-age=86400',
      });
      messages.set(locale, body);
    }
    return body.respond(c.req.raw);
  });

  const latest = json({ id: build.id, timestamp: build.timestamp });
  app.get('/builds/latest.json', (c) =>
    conditional(c.req.raw, latest, { 'content-type': 'application/json', 'cache-control': 'public, max-age=1' }),
  );
  const meta = json({ id: build.id, timestamp: build.timestamp, prerendered: [] });
  app.get('/builds/meta/:file', (c) => {
    if (c.req.param('file') !== `${build.id}.json`) return c.json({ statusCode: 404, message: 'Unknown build' }, 404);
    return conditional(c.req.raw, meta, { 'content-type': 'application/json', 'cache-control': IMMUTABLE });
  });

  if (publicKeys)
    app.get('/.well-known/jwks.json', (c) =>
      conditional(c.req.raw, json(publicKeys()), {
        'cache-control': 'public, max-age=3600',
        'access-control-allow-origin': '*',
        'content-type': 'application/jwk-set+json',
      }),
    );

  // A certificate's credentialStatus points here: the BitstringStatusListCredential as a VC-JWT (or, asked
  // for JSON, the credential beside its JWT). Built again when a revocation changes it; verifiers may keep it
  // a minute.
  if (statusLists)
    app.get('/credentials/status/:list', async (c) => {
      const raw = c.req.param('list');
      const headers = { 'cache-control': 'public, max-age=60', 'access-control-allow-origin': '*', vary: 'Accept' };
      const found = /^(0|[1-9]\d{0,8})$/.test(raw) ? await statusLists(Number(raw)) : null;
      if (!found) return c.json({ error: 'Status list not found' }, 404, headers);
      const accept = c.req.header('accept') ?? '';
      const asJson = /application\/(ld\+)?json/.test(accept) && !/application\/vc\+jwt/.test(accept);
      return asJson
        ? conditional(c.req.raw, json({ credential: found.credential, jwt: found.jwt }), {
            ...headers,
            'content-type': 'application/json; charset=utf-8',
          })
        : conditional(c.req.raw, found.jwt, { ...headers, 'content-type': 'application/vc+jwt' }, found.etag);
    });
}

/**
 * The built static files (dist/public), precompressed variants included, for file-like paths only (page
 * paths skip the file-system lookup). Each answer carries an ETag from the served file's size and mtime,
 * with the encoding in it (the .br file is another representation), and `If-None-Match` gets a 304.
 */
export function staticFiles(root: string): MiddlewareHandler {
  const fileLike = /\.[a-z0-9]+$/i;
  // Which file serveStatic chose for a request, handed from its callback to the ETag step below: Hono
  // middleware outside any render, so keyed by the request rather than React's cache().
  const served = new WeakMap<Request, string>();
  const statics = serveStatic({
    root,
    precompressed: true,
    onFound: (path, c) => void served.set(c.req.raw, path),
  });
  return async (c, next) => {
    if (!fileLike.test(c.req.path)) return next();
    const res = await statics(c, next);
    const path = served.get(c.req.raw);
    if (!(res instanceof Response) || !path) return res;
    const s = res.status === 200 ? statSync(path, { throwIfNoEntry: false }) : undefined;
    if (!s) return res;
    const encoding = /\.(br|gz|zst)$/.exec(path)?.[1];
    const etag = `"${s.size.toString(36)}-${Math.floor(s.mtimeMs).toString(36)}${encoding ? `-${encoding}` : ''}"`;
    const headers = new Headers(res.headers);
    headers.set('etag', etag);
    headers.set('cache-control', path.includes('/assets/') ? IMMUTABLE : 'public, max-age=3600');
    // Every compressible file may come in another encoding: caches must key on Accept-Encoding.
    if (!encoding && isCompressible(headers.get('content-type')) && !/accept-encoding/i.test(headers.get('vary') ?? ''))
      headers.append('vary', 'Accept-Encoding');
    if (isNotModified(c.req.header('if-none-match'), etag)) {
      void res.body?.cancel().catch(() => {});
      return (c.res = notModified(headers));
    }
    return (c.res = new Response(res.body, { status: res.status, headers }));
  };
}
