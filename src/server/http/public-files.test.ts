import { afterAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { parseConfig } from '../config';
import { createHttpApp } from './app';

const dir = mkdtempSync(join(tmpdir(), 'tandem-public-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const root = join(dir, 'public');
mkdirSync(join(root, 'assets'), { recursive: true });
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
