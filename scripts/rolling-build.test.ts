// Slow (one real production build, about 15-60 s): in a temporary copy of the app holding a finished earlier
// build and an archive, `npm run build`'s script keeps both earlier builds' hashed assets, and the production
// server answers them 200 with immutable caching, precompressed copies included (decision 062).
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';

const repo = new URL('..', import.meta.url).pathname;
const dir = mkdtempSync(join(tmpdir(), 'rolling-build-'));
const assets = join(dir, 'dist/public/assets');
const archive = join(dir, '.build-cache/assets');
const PREVIOUS = 'previous-chunk-PREV0001.js';
const OLDER = 'older-chunk-OLDER001.js';
let server: ChildProcess | undefined;
let origin = '';

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const port = (s.address() as { port: number }).port;
  await new Promise((r) => s.close(r));
  return port;
}

/** Runs a Node script in the copy; resolves with its output, rejects with it when it fails. */
function run(args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}:\n${out.slice(-4000)}`))));
  });
}

beforeAll(async () => {
  for (const p of ['src', 'public', 'i18n', 'scripts', 'package.json', 'waku.config.ts', 'tsconfig.json'])
    cpSync(join(repo, p), join(dir, p), { recursive: true });
  symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'));
  // The build in dist/ before this one, made before the archive knew of it (finished: stamped).
  mkdirSync(assets, { recursive: true });
  const previous = 'console.log("previous build");\n'.repeat(64);
  writeFileSync(join(assets, PREVIOUS), previous);
  writeFileSync(join(assets, `${PREVIOUS}.br`), brotliCompressSync(previous));
  writeFileSync(join(dir, 'dist/.build-stamp'), new Date().toISOString() + '\n');
  // And one before it, in the archive only.
  mkdirSync(join(archive, 'files'), { recursive: true });
  writeFileSync(join(archive, 'files', OLDER), 'console.log("older build");\n');
  writeFileSync(
    join(archive, 'manifest.json'),
    JSON.stringify({ version: 1, builds: [{ id: 'older', builtAt: '2026-01-01T00:00:00.000Z', files: [OLDER] }] }),
  );

  // As `npm run build` and `npm start` run: not Vitest's NODE_ENV=test (a development server otherwise).
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(NODE_ENV|VITEST.*|ASSET_ARCHIVE_DIR|KEEP_BUILDS|TANDEM_BUILD_ID)$/.test(k)),
  );
  await run(['scripts/build.mjs'], env);

  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: dir,
    env: {
      ...env,
      NO_BUILD: '1',
      WORKERS: '1',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: `file:${join(dir, 'data/t.db')}`,
      SEED_DEMO: 'false',
    },
    stdio: 'ignore',
  });
  for (let i = 0; ; i++) {
    if (
      await fetch(`${origin}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 300 || server.exitCode !== null) throw new Error('the production server did not start');
    await sleep(100);
  }
}, 300_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
}, 30_000);

it("slow: a build keeps the previous builds' assets, served with immutable caching", async () => {
  const manifest = JSON.parse(readFileSync(join(archive, 'manifest.json'), 'utf8')) as { builds: { id: string; files: string[] }[] };
  expect(manifest.builds.map((b) => b.id).slice(0, 2)).toEqual(['older', 'adopted']);
  expect(manifest.builds).toHaveLength(3);
  // Waku's build emptied the folder: the earlier files are there because they were put back.
  expect(manifest.builds[2]!.files).not.toContain(PREVIOUS);
  const current = manifest.builds[2]!.files.find((f) => f.endsWith('.js'));
  expect(current).toBeDefined();

  for (const name of [PREVIOUS, OLDER, current]) {
    expect(existsSync(join(assets, name!))).toBe(true);
    const res = await fetch(`${origin}/assets/${name}`, { headers: { 'accept-encoding': 'identity' } });
    expect(res.status, name).toBe(200);
    expect(res.headers.get('cache-control'), name).toBe('public, max-age=31536000, immutable');
    await res.arrayBuffer();
  }
  // The precompressed copy came back with its file.
  const br = await fetch(`${origin}/assets/${PREVIOUS}`, { headers: { 'accept-encoding': 'br' } });
  expect(br.headers.get('content-encoding')).toBe('br');
  expect(await br.text()).toContain('previous build');
}, 60_000);
