import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadStoreBackends, type StoreBackend } from '../../testing/upload-stores';
import { copyUploadsFolder } from './copy-files';
import { sha256Hex } from './upload-store';

describe.each(uploadStoreBackends)('npm run uploads:migrate (copyUploadsFolder) into %s', (_name, open) => {
  let b: StoreBackend;
  let dir: string;
  let avatar: Buffer;
  let logo: Buffer;
  beforeAll(async () => {
    b = await open();
    dir = mkdtempSync(join(tmpdir(), 'tandem-old-uploads-'));
    const webp = (background: string) =>
      sharp({ create: { width: 8, height: 8, channels: 3, background } })
        .webp()
        .toBuffer();
    [avatar, logo] = await Promise.all([webp('#123456'), webp('#abcdef')]);
    mkdirSync(join(dir, 'avatars'), { recursive: true });
    mkdirSync(join(dir, 'logos', 'nested.webp'), { recursive: true });
    writeFileSync(join(dir, 'avatars', '3-0123456789abcdef.webp'), avatar);
    writeFileSync(join(dir, 'logos', '5-fedcba9876543210.webp'), logo);
    // What an interrupted save or a stray file leaves behind: left alone.
    writeFileSync(join(dir, 'avatars', '.3-aa.webp.123.tmp'), avatar);
    writeFileSync(join(dir, 'avatars', '4-bb.webp'), 'not a picture');
    writeFileSync(join(dir, 'notes.txt'), 'x');
  }, 30_000);
  afterAll(async () => {
    await b?.cleanup();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('copies every picture once, skips what is there on the next run, and leaves the folder as it was', async () => {
    const before = ['avatars', 'logos'].map((k) => readdirSync(join(dir, k)).sort());
    const { store } = b;
    const lines: string[] = [];
    expect(await copyUploadsFolder(dir, store, (l) => lines.push(l))).toEqual({ copied: 2, skipped: 0, ignored: 3 });
    expect(lines).toEqual([
      'ignored avatars/.3-aa.webp.123.tmp: not a picture name',
      'ignored avatars/4-bb.webp: not a WebP file',
      'ignored logos/nested.webp: not a picture name',
    ]);
    const got = await store.get('avatars/3-0123456789abcdef.webp');
    expect(got).toMatchObject({ contentType: 'image/webp', size: avatar.byteLength, sha256: sha256Hex(avatar) });
    expect((await store.get('logos/5-fedcba9876543210.webp'))?.sha256).toBe(sha256Hex(logo));

    expect(await copyUploadsFolder(dir, store)).toEqual({ copied: 0, skipped: 2, ignored: 3 });
    for (const key of ['avatars/.3-aa.webp.123.tmp', 'avatars/4-bb.webp', 'logos/nested.webp'])
      expect(await store.has(key).catch(() => false), key).toBe(false);
    expect(['avatars', 'logos'].map((k) => readdirSync(join(dir, k)).sort())).toEqual(before);
  });

  it('copies nothing from a folder without pictures', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'tandem-no-uploads-'));
    try {
      expect(await copyUploadsFolder(empty, b.store)).toEqual({ copied: 0, skipped: 0, ignored: 0 });
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
