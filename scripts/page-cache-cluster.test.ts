// The page caches of `npm start`'s workers render a page again once for all of them (decision 065): the
// lease asked of the primary (scripts/cluster.mjs) and the entry passed through it, with two real workers
// (scripts/fixtures/page-cache-server.mjs). Renders are counted from the fixture's log, never timed.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const fixture = fileURLToPath(new URL('./fixtures/page-cache-server.mjs', import.meta.url));
const TTL_MS = 600;

const started: { child: ChildProcess; dir: string }[] = [];
afterEach(() => {
  for (const { child, dir } of started.splice(0)) {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
    rmSync(dir, { recursive: true, force: true });
  }
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function start({ renderer = false } = {}) {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'page-peers-'));
  const log = join(dir, 'renders.log');
  const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', fixture], {
    env: {
      ...process.env,
      PORT: String(port),
      TTL_MS: String(TTL_MS),
      RENDER_LOG: log,
      DIE_MARKER: join(dir, 'died'),
      RENDERER: renderer ? '1' : '',
    },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push({ child, dir });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const up = () => (out.match(/worker \d+ listening/g) ?? []).length >= 2 && (!renderer || /renderer \d+ ready/.test(out));
  for (let i = 0; i < 300 && !up(); i++) await sleep(50);
  if (!up()) throw new Error(`fixture did not start:\n${out}`);
  const renders = () => {
    try {
      return readFileSync(log, 'utf8').trim().split('\n').filter(Boolean);
    } catch {
      return [];
    }
  };
  const rendererPid = () => /renderer (\d+) ready/.exec(out)?.[1];
  return { port, renders, output: () => out, rendererPid };
}

type Answer = { body: string; cache: string; worker: string };
/** One request on a connection of its own (the kernel spreads them over both workers). */
const get = (port: number, path: string) =>
  new Promise<Answer>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve({ body, cache: String(res.headers['x-cache']), worker: String(res.headers['x-worker']) }));
    });
    req.on('error', reject);
    req.end();
  });

/** Asks on many connections until both workers have answered `path` with what `done` wants (bounded). */
async function untilBoth(port: number, path: string, done: (body: string) => boolean) {
  const seen = new Map<string, string>();
  for (let round = 0; round < 100; round++) {
    for (const a of await Promise.all(Array.from({ length: 8 }, () => get(port, path)))) seen.set(a.worker, a.body);
    if (seen.size >= 2 && [...seen.values()].every(done)) return [...seen.keys()];
    await sleep(20);
  }
  throw new Error(`both workers never answered ${path} as wanted: ${JSON.stringify([...seen])}`);
}

describe('page cache across workers (scripts/cluster.mjs)', { timeout: 30_000 }, () => {
  it('renders a page once for both workers, and once again after it expires', async () => {
    const { port, renders } = await start();
    expect((await get(port, '/page/a')).cache).toBe('MISS');
    // The entry reached the other worker through the primary: neither renders it.
    await untilBoth(port, '/peek/a', (b) => b === 'fresh');
    expect(renders()).toHaveLength(1);
    await sleep(TTL_MS + 50);
    // Past its TTL: both answer the old copy at once; one of them renders it again for both.
    const answers = await Promise.all(Array.from({ length: 16 }, () => get(port, '/page/a')));
    expect(answers.filter((a) => a.cache === 'MISS')).toEqual([]);
    expect(new Set(answers.map((a) => a.worker)).size).toBe(2);
    await untilBoth(port, '/peek/a', (b) => b === 'fresh');
    const all = renders();
    expect(all).toHaveLength(2);
    const second = all[1]!.split(' ')[0];
    // Both now answer the refreshed copy, by the worker that rendered it.
    await untilBoth(port, '/page/a', (b) => b.includes(`by ${second} `));
  });

  it('a worker that dies while it renders frees the page: another one renders it', async () => {
    const { port, renders } = await start();
    await get(port, '/page/die');
    await untilBoth(port, '/peek/die', (b) => b === 'fresh');
    await sleep(TTL_MS + 50);
    // Stale answers; the refresh's worker dies mid-render (the primary replaces it).
    await Promise.all(Array.from({ length: 16 }, () => get(port, '/page/die').catch(() => null)));
    // The refresh runs after those answers, in the background: its worker leaves the marker as it dies.
    const marker = join(started[0]!.dir, 'died');
    const diedPid = () => (existsSync(marker) ? readFileSync(marker, 'utf8') : '');
    for (let i = 0; i < 200 && !diedPid(); i++) await sleep(25);
    const died = diedPid();
    expect(died, 'the refresh of /page/die started, and its worker died').toMatch(/^\d+$/);
    let fresh: Answer | undefined;
    for (let i = 0; i < 200 && !fresh; i++) {
      const a = await get(port, '/page/die').catch(() => null);
      if (a?.cache === 'HIT' && a.worker !== died) fresh = a;
      else await sleep(25);
    }
    expect(fresh?.body).toMatch(/by \d+ #/);
    expect(fresh!.body).not.toContain(`by ${died} `);
    const byOthers = renders()
      .slice(1)
      .filter((line) => !line.startsWith(`${died} `));
    expect(byOthers.length).toBeGreaterThanOrEqual(1);
  });

  it('with a render worker, the refresh is rendered there, never by a worker that serves, and reaches both', async () => {
    const { port, renders, rendererPid } = await start({ renderer: true });
    expect((await get(port, '/page/r')).cache).toBe('MISS');
    await untilBoth(port, '/peek/r', (b) => b === 'fresh');
    const [first] = renders();
    await sleep(TTL_MS + 50);
    const answers = await Promise.all(Array.from({ length: 16 }, () => get(port, '/page/r')));
    expect(answers.filter((a) => a.cache === 'MISS')).toEqual([]);
    const pid = rendererPid();
    expect(pid).toMatch(/^\d+$/);
    await untilBoth(port, '/page/r', (b) => b.includes(`by ${pid} `));
    // The visitor's miss was rendered by the worker it reached; the refresh by the render worker alone.
    expect(first!.startsWith(`${pid} `)).toBe(false);
    expect(renders().slice(1)).toEqual([`${pid} /page/r`]);
  });
});
