import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { uploadStoreBackends, type StoreBackend } from '../../testing/upload-stores';
import { parseConfig } from '../config';
import { sha256Hex, type UploadStore } from '../uploads/upload-store';
import { createHttpApp } from './app';

// /uploads/{kind}/{name} served from each shared store (decision 033): the database on SQLite and PostgreSQL,
// and an S3 bucket (s3rver).
const IMMUTABLE = 'public, max-age=31536000, immutable';
const picture = Buffer.from('RIFF\u0000\u0001\u0002\u0003WEBPVP8 \u00ff\u00fe');
const mount = (uploads: () => UploadStore | Promise<UploadStore>) =>
  createHttpApp({
    inner: async () => new Response('page', { headers: { 'content-type': 'text/html' } }),
    config: parseConfig({}),
    prod: false,
    build: { id: 'b1', timestamp: 1 },
    uploads,
  }).app;

describe.each(uploadStoreBackends)('/uploads from %s', (_name, open) => {
  let b: StoreBackend;
  let app: ReturnType<typeof mount>;
  beforeAll(async () => {
    b = await open();
    await b.store.put('logos/4-abc123.webp', picture, 'image/webp');
    app = mount(() => b.store);
  }, 30_000);
  afterAll(async () => {
    await b?.cleanup();
  });

  it('200 with the bytes, immutable, tagged with their SHA-256; 304 for that tag (or *), HEAD without a body', async () => {
    const res = await app.request('/uploads/logos/4-abc123.webp');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(res.headers.get('etag')).toBe(`"${sha256Hex(picture)}"`);
    expect(res.headers.get('content-length')).toBe(String(picture.byteLength));
    expect(Buffer.from(await res.arrayBuffer()).equals(picture)).toBe(true);
    const etag = res.headers.get('etag')!;
    for (const tag of [etag, `"nope", W/${etag}`, '*']) {
      const again = await app.request('/uploads/logos/4-abc123.webp', { headers: { 'if-none-match': tag } });
      expect(again.status, tag).toBe(304);
      expect(await again.text()).toBe('');
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('cache-control')).toBe(IMMUTABLE);
    }
    expect((await app.request('/uploads/logos/4-abc123.webp', { headers: { 'if-none-match': '"nope"' } })).status).toBe(200);
    const head = await app.request('/uploads/logos/4-abc123.webp', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('etag')).toBe(etag);
    expect(await head.text()).toBe('');
  });

  it('404, not cached, for an unknown key or a name that is no upload name (even with a matching tag)', async () => {
    for (const path of [
      '/uploads/logos/missing.webp',
      '/uploads/avatars/4-abc123.webp',
      '/uploads/other/4-abc123.webp',
      '/uploads/logos/4-abc123.png',
      '/uploads/logos/%2e%2e%2f4-abc123.webp',
      `/uploads/logos/${'a'.repeat(121)}.webp`,
    ]) {
      const res = await app.request(path, { headers: { 'if-none-match': '*' } });
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('serves a picture put by another instance (another store object on the same backend) at once', async () => {
    const key = 'avatars/5-fedcba9876543210.webp';
    expect((await app.request(`/uploads/${key}`)).status).toBe(404);
    await b.store.put(key, picture.subarray(0, 8), 'image/webp');
    const res = await app.request(`/uploads/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(`"${sha256Hex(picture.subarray(0, 8))}"`);
  });
});

describe('/uploads when the store does not answer', () => {
  it('503, not cached, with Retry-After; never a 500 (a failing store, or one that cannot be opened)', async () => {
    const down = new Error('connection refused');
    const broken: UploadStore = {
      put: () => Promise.reject(down),
      get: () => Promise.reject(down),
      has: () => Promise.reject(down),
      delete: () => Promise.reject(down),
    };
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (const app of [mount(() => broken), mount(() => Promise.reject(down))])
        for (const headers of [{}, { 'if-none-match': '*' }] as Record<string, string>[]) {
          const res = await app.request('/uploads/logos/4-abc123.webp', { headers });
          expect(res.status).toBe(503);
          expect(res.headers.get('cache-control')).toBe('no-store');
          expect(res.headers.get('retry-after')).toBe('5');
        }
      // At most one line every 10 s, however many requests fail.
      expect(log.mock.calls.filter((c) => String(c[0]).startsWith('[uploads]'))).toHaveLength(1);
    } finally {
      log.mockRestore();
    }
  });
});
