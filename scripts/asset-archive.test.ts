// The asset archive (scripts/asset-archive.mjs): builds simulated in a temporary folder, each emptying the
// assets folder as Waku's build does; the files of the last builds come back, older ones are pruned.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { adoptAssets, archiveAssets, keepBuildsFromEnv } from './asset-archive.mjs';

let dir = '';
let assetsDir = '';
let archiveDir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'asset-archive-'));
  assetsDir = join(dir, 'dist/public/assets');
  archiveDir = join(dir, '.build-cache/assets');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** What a build leaves: an emptied assets folder holding `files` (the content is the name). */
function build(id: string, files: string[], keep?: number) {
  rmSync(join(dir, 'dist'), { recursive: true, force: true });
  mkdirSync(assetsDir, { recursive: true });
  for (const f of files) writeFileSync(join(assetsDir, f), `content of ${f}`);
  return archiveAssets({ assetsDir, archiveDir, buildId: id, keep });
}
const served = () => readdirSync(assetsDir).sort();
const archived = () => readdirSync(join(archiveDir, 'files')).sort();
const manifest = () => JSON.parse(readFileSync(join(archiveDir, 'manifest.json'), 'utf8')) as { builds: { id: string; files: string[] }[] };

describe('archiveAssets', () => {
  it("puts back the previous builds' files, with their precompressed copies", () => {
    build('one', ['client-AAAAAAAA.js', 'client-AAAAAAAA.js.br', 'client-AAAAAAAA.js.gz', 'style-CCCCCCCC.css']);
    const second = build('two', ['client-BBBBBBBB.js', 'client-BBBBBBBB.js.br', 'style-CCCCCCCC.css']);
    expect(second).toEqual({ builds: ['one', 'two'], restored: 3, pruned: 0 });
    expect(served()).toEqual([
      'client-AAAAAAAA.js',
      'client-AAAAAAAA.js.br',
      'client-AAAAAAAA.js.gz',
      'client-BBBBBBBB.js',
      'client-BBBBBBBB.js.br',
      'style-CCCCCCCC.css',
    ]);
    expect(readFileSync(join(assetsDir, 'client-AAAAAAAA.js.br'), 'utf8')).toBe('content of client-AAAAAAAA.js.br');
  });

  it('keeps exactly the last N builds and prunes the files only older builds named', () => {
    build('b1', ['a-11111111.js', 'shared-SSSSSSSS.js']);
    build('b2', ['a-22222222.js', 'shared-SSSSSSSS.js']);
    build('b3', ['a-33333333.js']);
    const fourth = build('b4', ['a-44444444.js']);
    expect(fourth.builds).toEqual(['b2', 'b3', 'b4']);
    expect(fourth.pruned).toBe(1);
    // b2 still names the shared file, so it stays although b1 (which named it first) is gone.
    expect(served()).toEqual(['a-22222222.js', 'a-33333333.js', 'a-44444444.js', 'shared-SSSSSSSS.js']);
    expect(archived()).toEqual(served());
    expect(manifest().builds.map((b) => b.id)).toEqual(['b2', 'b3', 'b4']);

    build('b5', ['a-55555555.js'], 2);
    expect(served()).toEqual(['a-44444444.js', 'a-55555555.js']);
    expect(archived()).toEqual(served());
  });

  it('keeps only content-hashed files', () => {
    build('one', ['client-AAAAAAAA.js', 'notes.txt', 'logo.svg']);
    build('two', []);
    expect(served()).toEqual(['client-AAAAAAAA.js']);
  });

  it('keeps the modification time, so the ETag (size and mtime) of a restored file does not change', () => {
    mkdirSync(assetsDir, { recursive: true });
    writeFileSync(join(assetsDir, 'client-AAAAAAAA.js'), 'x');
    const then = new Date('2026-01-02T03:04:05Z');
    utimesSync(join(assetsDir, 'client-AAAAAAAA.js'), then, then);
    archiveAssets({ assetsDir, archiveDir, buildId: 'one' });
    build('two', ['client-BBBBBBBB.js']);
    expect(statSync(join(assetsDir, 'client-AAAAAAAA.js')).mtimeMs).toBe(then.getTime());
  });

  it('starts a new archive when the manifest is unreadable, and still serves this build', () => {
    build('one', ['client-AAAAAAAA.js']);
    writeFileSync(join(archiveDir, 'manifest.json'), '{ not json');
    const second = build('two', ['client-BBBBBBBB.js']);
    expect(second.builds).toEqual(['two']);
    expect(served()).toEqual(['client-BBBBBBBB.js']);
    expect(archived()).toEqual(['client-BBBBBBBB.js']);
  });
});

describe('adoptAssets', () => {
  it('records a build the archive does not know, so the next build keeps it', () => {
    mkdirSync(assetsDir, { recursive: true });
    writeFileSync(join(assetsDir, 'client-OOOOOOOO.js'), 'old');
    expect(adoptAssets({ assetsDir, archiveDir })).toBe(1);
    build('new', ['client-NNNNNNNN.js']);
    expect(served()).toEqual(['client-NNNNNNNN.js', 'client-OOOOOOOO.js']);
  });

  it('adds nothing for a build the archive already has, restored files included', () => {
    build('one', ['client-AAAAAAAA.js']);
    build('two', ['client-BBBBBBBB.js']);
    expect(adoptAssets({ assetsDir, archiveDir })).toBe(0);
    expect(manifest().builds.map((b) => b.id)).toEqual(['one', 'two']);
  });

  it('does nothing without a build', () => {
    expect(adoptAssets({ assetsDir, archiveDir })).toBe(0);
    expect(existsSync(archiveDir)).toBe(false);
  });
});

describe('keepBuildsFromEnv', () => {
  it('reads KEEP_BUILDS, 3 by default, and refuses what is not a whole number from 1', () => {
    expect(keepBuildsFromEnv({})).toBe(3);
    expect(keepBuildsFromEnv({ KEEP_BUILDS: '5' })).toBe(5);
    expect(() => keepBuildsFromEnv({ KEEP_BUILDS: '0' })).toThrow(/KEEP_BUILDS/);
    expect(() => keepBuildsFromEnv({ KEEP_BUILDS: 'two' })).toThrow(/KEEP_BUILDS/);
  });
});
