import { describe, expect, it, vi } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

const compressed = vi.hoisted(() => ({ calls: 0 }));
vi.mock('./compress', async (importOriginal) => {
  const real = await importOriginal<typeof import('./compress')>();
  return {
    ...real,
    compressBuffer: (buf: Uint8Array, enc: 'br' | 'gzip') => {
      compressed.calls++;
      return real.compressBuffer(buf, enc);
    },
  };
});
const { encodedBody, encodedBodyCache } = await import('./encoded-body');

const text = `<?xml version="1.0"?>\n<urlset>${'<url><loc>https://tandem.example/x</loc></url>\n'.repeat(200)}</urlset>\n`;
const XML = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' };
const get = (headers: Record<string, string> = {}, method = 'GET') => new Request('http://x/s.xml', { method, headers });

describe('encoded bodies', () => {
  it('sends br or gzip by Accept-Encoding, each its own ETag, Vary on all, and decompresses to the body', async () => {
    const body = encodedBody(text, XML);
    const plain = body.respond(get());
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(text);
    const br = body.respond(get({ 'accept-encoding': 'gzip, deflate, br' }));
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brBytes.length).toBeLessThan(text.length / 10);
    expect(Number(br.headers.get('content-length'))).toBe(brBytes.length);
    expect(brotliDecompressSync(brBytes).toString()).toBe(text);
    const gz = body.respond(get({ 'accept-encoding': 'gzip' }));
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(text);
    const tags = new Set([plain, br, gz].map((r) => r.headers.get('etag')));
    expect(tags.size).toBe(3);
    expect(br.headers.get('etag')).toBe(body.etag.replace(/"$/, '-br"'));
  });

  it('compresses once per body and encoding, not per request', () => {
    const body = encodedBody(text, XML);
    const before = compressed.calls;
    for (let i = 0; i < 5; i++) body.respond(get({ 'accept-encoding': 'br' }));
    for (let i = 0; i < 5; i++) body.respond(get({ 'accept-encoding': 'gzip' }));
    expect(compressed.calls - before).toBe(2);
    // Rebuilt bodies with the same bytes reuse the encoded one.
    const cache = encodedBodyCache(2);
    const a = cache(text, XML);
    expect(cache(`${text}`, XML)).toBe(a);
    cache('other', XML);
    cache('another', XML);
    expect(cache(text, XML)).not.toBe(a); // evicted: only the 2 most recent are kept
  });

  it('answers 304 to its own tag per encoding, with the same caching headers, and HEAD without a body', async () => {
    const body = encodedBody(text, XML);
    const br = body.respond(get({ 'accept-encoding': 'br' }));
    const tag = br.headers.get('etag')!;
    const not = body.respond(get({ 'accept-encoding': 'br', 'if-none-match': `"zzz", ${tag}` }));
    expect(not.status).toBe(304);
    expect(not.headers.get('etag')).toBe(tag);
    expect(not.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(not.headers.get('vary')).toBe('Accept-Encoding');
    expect(await not.text()).toBe('');
    // The br tag does not stand for the identity body.
    expect(body.respond(get({ 'if-none-match': tag })).status).toBe(200);
    expect(body.respond(get({ 'if-none-match': '*' })).status).toBe(304);
    const head = body.respond(get({ 'accept-encoding': 'gzip' }, 'HEAD'));
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBe('gzip');
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await head.text()).toBe('');
  });

  it('leaves tiny bodies uncompressed', () => {
    const res = encodedBody('User-agent: *\n', { 'content-type': 'text/plain' }).respond(get({ 'accept-encoding': 'br' }));
    expect(res.headers.get('content-encoding')).toBeNull();
  });
});
