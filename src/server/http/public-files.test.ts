import { afterAll, describe, expect, it, vi } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { freshSqlite } from '../../testing/databases';
import { parseConfig } from '../config';
import { createDatabaseStore } from '../uploads/database-store';
import { sha256Hex, type UploadStore } from '../uploads/upload-store';
import { createHttpApp } from './app';

const dir = mkdtempSync(join(tmpdir(), 'tandem-public-'));
const t = await freshSqlite();
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.cleanup();
});
const root = join(dir, 'public');
mkdirSync(join(root, 'assets'), { recursive: true });
const uploads = createDatabaseStore(t);
const picture = Buffer.from('RIFF....WEBP');
await uploads.put('logos/abc123.webp', picture, 'image/webp');
const js = `export const x = ${JSON.stringify('a'.repeat(2000))};\n`;
writeFileSync(join(root, 'assets', 'app-1a2b.js'), js);
writeFileSync(join(root, 'assets', 'app-1a2b.js.br'), brotliCompressSync(js));
writeFileSync(join(root, 'favicon.ico'), Buffer.from([0, 0, 1, 0]));

const { app } = createHttpApp({
  inner: async () => new Response('page', { headers: { 'content-type': 'text/html' } }),
  config: parseConfig({}),
  prod: true,
  build: { id: 'b1', timestamp: 1 },
  staticRoot: root,
  uploads: () => uploads,
  publicKeys: () => ({ keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'abc' }] }),
});

/** GET, then the same with the ETag it gave: 304 with the same caching headers and no body; HEAD too. */
async function expectRevalidates(path: string, headers: Record<string, string> = {}) {
  const first = await app.request(path, { headers });
  expect(first.status).toBe(200);
  const etag = first.headers.get('etag');
  expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
  const again = await app.request(path, { headers: { ...headers, 'if-none-match': `"nope", ${etag}` } });
  expect(again.status).toBe(304);
  expect(await again.text()).toBe('');
  expect(again.headers.get('etag')).toBe(etag);
  expect(again.headers.get('cache-control')).toBe(first.headers.get('cache-control'));
  expect(again.headers.get('vary')).toBe(first.headers.get('vary'));
  expect((await app.request(path, { headers: { ...headers, 'if-none-match': '*' } })).status).toBe(304);
  expect((await app.request(path, { headers: { ...headers, 'if-none-match': '"nope"' } })).status).toBe(200);
  const head = await app.request(path, { method: 'HEAD', headers });
  expect(head.status).toBe(200);
  expect(head.headers.get('etag')).toBe(etag);
  expect(await head.text()).toBe('');
  return first;
}

describe('public files and JSON: ETag and 304', () => {
  it('on the message tables (compressed once per locale), the build descriptors and the JWKS', async () => {
    const messages = await expectRevalidates('/_i18n/es/messages.json');
    expect(messages.headers.get('cache-control')).toBe('public, max-age=86400');
    expect(messages.headers.get('content-type')).toBe('application/json');
    const br = await expectRevalidates('/_i18n/en/messages.json', { 'accept-encoding': 'br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('etag')).toMatch(/-br"$/);
    expect((await app.request('/_i18n/fr/messages.json')).status).toBe(404);
    expect(await (await expectRevalidates('/builds/latest.json')).json()).toEqual({ id: 'b1', timestamp: 1 });
    expect((await expectRevalidates('/builds/meta/b1.json')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await app.request('/builds/meta/zz.json')).status).toBe(404);
    const jwks = await expectRevalidates('/.well-known/jwks.json');
    expect(jwks.headers.get('content-type')).toBe('application/jwk-set+json');
    expect(jwks.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('on uploads, served from the shared store for ever, tagged with their SHA-256', async () => {
    const res = await expectRevalidates('/uploads/logos/abc123.webp');
    expect(res.headers.get('etag')).toBe(`"${sha256Hex(picture)}"`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('content-length')).toBe(String(picture.byteLength));
    expect(Buffer.from(await res.arrayBuffer()).equals(picture)).toBe(true);
  });

  it('on uploads: 404 (not cached) for an unknown key or a name that is no upload name', async () => {
    for (const path of [
      '/uploads/logos/missing.webp',
      '/uploads/avatars/abc123.webp',
      '/uploads/other/abc123.webp',
      '/uploads/logos/abc123.png',
      '/uploads/logos/%2e%2e%2fabc123.webp',
    ]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    // A tag that would match is no 304 for a picture that is not there.
    const gone = await app.request('/uploads/logos/missing.webp', { headers: { 'if-none-match': '*' } });
    expect(gone.status).toBe(404);
  });

  it('on uploads: 503 (not cached), never a 500, when the store does not answer', async () => {
    const down = new Error('connection refused');
    const broken: UploadStore = {
      put: () => Promise.reject(down),
      get: () => Promise.reject(down),
      has: () => Promise.reject(down),
      delete: () => Promise.reject(down),
    };
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (const store of [() => broken, () => Promise.reject(down)]) {
        const { app: other } = createHttpApp({
          inner: async () => new Response('page'),
          config: parseConfig({}),
          prod: true,
          build: { id: 'b1', timestamp: 1 },
          staticRoot: root,
          uploads: store,
        });
        for (const headers of [{}, { 'if-none-match': `"${sha256Hex(picture)}"` }] as Record<string, string>[]) {
          const res = await other.request('/uploads/logos/abc123.webp', { headers });
          expect(res.status).toBe(503);
          expect(res.headers.get('cache-control')).toBe('no-store');
          expect(res.headers.get('retry-after')).toBe('5');
        }
      }
    } finally {
      log.mockRestore();
    }
  });

  it('on static files, with another tag for the precompressed variant and Vary on both', async () => {
    const plain = await expectRevalidates('/assets/app-1a2b.js');
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(js);
    const br = await expectRevalidates('/assets/app-1a2b.js', { 'accept-encoding': 'gzip, br' });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('etag')).not.toBe(plain.headers.get('etag'));
    // The identity tag does not stand for the br body.
    const mixed = await app.request('/assets/app-1a2b.js', {
      headers: { 'accept-encoding': 'br', 'if-none-match': plain.headers.get('etag')! },
    });
    expect(mixed.status).toBe(200);
    const icon = await expectRevalidates('/favicon.ico');
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
    // A file-like path that is no file still reaches the app.
    expect(await (await app.request('/nope.txt')).text()).toBe('page');
  });
});
