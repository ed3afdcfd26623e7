import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases } from '../../testing/databases';
import { uploadStoreBackends, type StoreBackend } from '../../testing/upload-stores';
import { createDatabaseStore } from './data/database-store';
import { createS3Store } from './s3-store';
import { isUploadKey, sha256Hex, uploadKeyOf } from './upload-store';

// One contract, every backend.
// Every byte value, so that no layer treats the picture as text.
const bytes = Uint8Array.from({ length: 1024 }, (_, i) => (i * 7) % 256);

describe.each(uploadStoreBackends)('upload store: %s', (_name, open) => {
  let b: StoreBackend;
  beforeAll(async () => {
    b = await open();
  }, 30_000);
  afterAll(async () => {
    await b?.cleanup();
  });

  it('answers null and false for an unknown key, and deletes one without complaint', async () => {
    expect(await b.store.get('logos/1-unknown.webp')).toBeNull();
    expect(await b.store.has('logos/1-unknown.webp')).toBe(false);
    await expect(b.store.delete('logos/1-unknown.webp')).resolves.toBeUndefined();
  });

  it('gives back the bytes it was given, with their type, size and SHA-256', async () => {
    await b.store.put('avatars/7-0123456789abcdef.webp', bytes, 'image/webp');
    expect(await b.store.has('avatars/7-0123456789abcdef.webp')).toBe(true);
    const got = await b.store.get('avatars/7-0123456789abcdef.webp');
    expect(got).toMatchObject({ contentType: 'image/webp', size: 1024, sha256: sha256Hex(bytes) });
    expect(Buffer.from(got!.bytes).equals(Buffer.from(bytes))).toBe(true);
    // Keys are distinct by kind.
    expect(await b.store.has('logos/7-0123456789abcdef.webp')).toBe(false);
  });

  it('replaces the bytes of a key put again, and forgets a deleted key', async () => {
    const key = 'logos/9-aaaaaaaaaaaaaaaa.webp';
    await b.store.put(key, bytes.subarray(0, 10), 'image/webp');
    await b.store.put(key, bytes.subarray(10, 30), 'image/webp');
    const got = await b.store.get(key);
    expect(got?.size).toBe(20);
    expect(got?.sha256).toBe(sha256Hex(bytes.subarray(10, 30)));
    await b.store.delete(key);
    expect(await b.store.has(key)).toBe(false);
    expect(await b.store.get(key)).toBeNull();
  });

  it('refuses keys that are no upload key', async () => {
    for (const key of ['avatars/../x.webp', 'other/1.webp', 'logos/1.png', 'logos/', '/logos/1.webp', 'logos/a b.webp'])
      await expect(b.store.put(key, bytes, 'image/webp'), key).rejects.toThrow(/Not an upload key/);
    for (const op of ['get', 'has', 'delete'] as const)
      await expect(b.store[op]('../../etc/passwd'), op).rejects.toThrow(/Not an upload key/);
  });
});

describe('upload keys', () => {
  it('are {kind}/{name}.webp, and come from public paths only', () => {
    expect(isUploadKey('avatars/12-abcdef0123456789.webp')).toBe(true);
    expect(isUploadKey('logos/x.webp')).toBe(true);
    expect(isUploadKey(`logos/${'a'.repeat(121)}.webp`)).toBe(false);
    expect(uploadKeyOf('/uploads/logos/3-ab.webp')).toBe('logos/3-ab.webp');
    expect(uploadKeyOf('/uploads/logos/../3-ab.webp')).toBeNull();
    expect(uploadKeyOf('https://elsewhere.example/uploads/logos/3-ab.webp')).toBeNull();
    expect(uploadKeyOf(null)).toBeNull();
  });
});

describe('an unreachable store', () => {
  it('throws (promptly) instead of answering "not found": the S3 store on a closed port', async () => {
    const port = await new Promise<number>((resolve) => {
      const srv = createServer().listen(0, '127.0.0.1', () => {
        const p = (srv.address() as { port: number }).port;
        srv.close(() => resolve(p));
      });
    });
    const store = createS3Store({
      bucket: 'nowhere',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'x',
      secretAccessKey: 'y',
      forcePathStyle: true,
    });
    await expect(store.get('logos/1-a.webp')).rejects.toThrow();
    await expect(store.has('logos/1-a.webp')).rejects.toThrow();
  }, 20_000);

  it('throws: the database store on a closed database', async () => {
    const [, open] = testDatabases[0]!;
    const t = await open();
    const store = createDatabaseStore(t);
    await t.cleanup();
    await expect(store.get('logos/1-a.webp')).rejects.toThrow();
  });
});
