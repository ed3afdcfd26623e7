// The idle collector (scripts/idle-gc.mjs): it collects once a burst is over and the heap has grown, never
// while a request is in flight, and not again until the heap has grown once more.
import { execFileSync } from 'node:child_process';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, it } from 'vitest';
import { collectWhenIdle } from './idle-gc.mjs';

const MB = 1024 * 1024;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

/** A server whose /slow request answers when `release` is called; the collector watches it with a fake heap. */
async function setup() {
  let release = () => {};
  const server: Server = createServer((req, res) => {
    if (req.url === '/slow') release = () => res.end('late');
    else res.end('ok');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  const heap: { size: number; collections: number; options?: object } = { size: 10 * MB, collections: 0 };
  const stop = collectWhenIdle(server, {
    gc: (options) => {
      heap.collections++;
      heap.options = options;
      heap.size = 12 * MB;
    },
    heapSize: () => heap.size,
    idleMs: 40,
    checkMs: 10,
    growthBytes: 32 * MB,
  });
  cleanups.push(stop, () => new Promise<void>((r) => server.close(() => r())));
  const get = (path: string) =>
    new Promise<void>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => res.resume().on('end', resolve));
      req.on('error', reject).end();
    });
  return { heap, get, releaseSlow: () => release() };
}

it('collects once after the requests stop, when the heap has grown since the last collection', async () => {
  const { heap, get } = await setup();
  await get('/');
  heap.size = 60 * MB;
  await sleep(300);
  expect(heap.collections).toBe(1);
  // The collection V8 does when memory runs out: it compacts and gives the unused pages back.
  expect(heap.options).toEqual({ type: 'major', execution: 'sync', flavor: 'last-resort' });
  // Idle again with nothing new on the heap: no second collection.
  await get('/');
  await sleep(300);
  expect(heap.collections).toBe(1);
});

it('does not collect while a request is in flight, however long it takes', async () => {
  const { heap, get, releaseSlow } = await setup();
  heap.size = 60 * MB;
  const slow = get('/slow');
  await sleep(300);
  expect(heap.collections).toBe(0);
  releaseSlow();
  await slow;
  await sleep(300);
  expect(heap.collections).toBe(1);
});

it('leaves a heap that has not grown alone', async () => {
  const { heap, get } = await setup();
  await get('/');
  heap.size = 30 * MB;
  await sleep(300);
  expect(heap.collections).toBe(0);
});

it('does nothing without a gc function (a worker started without --expose-gc)', () => {
  const server = createServer();
  const stop = collectWhenIdle(server, { gc: null, heapSize: () => 100 * MB });
  expect(server.listenerCount('request')).toBe(0);
  stop();
});

it("V8's last-resort collection gives the grown heap back, where a regular one keeps it", () => {
  // The option object the collector passes is V8's own API (gc-extension): if a Node upgrade dropped it, the
  // idle collection would quietly become a regular one that keeps the new space committed.
  const script = `
    const v8 = require('node:v8');
    const size = () => v8.getHeapStatistics().total_heap_size;
    let keep = [];
    for (let i = 0; i < 2e6; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 50000) keep = []; }
    keep = null;
    const before = size();
    gc(process.argv[1] === 'regular' ? undefined : { type: 'major', execution: 'sync', flavor: 'last-resort' });
    console.log(JSON.stringify({ before, after: size() }));`;
  const run = (flavor: string) =>
    JSON.parse(execFileSync(process.execPath, ['--expose-gc', '--max-semi-space-size=16', '-e', script, flavor], { encoding: 'utf8' })) as {
      before: number;
      after: number;
    };
  const regular = run('regular');
  const lastResort = run('last-resort');
  expect(regular.before).toBeGreaterThan(32 * MB);
  expect(regular.after).toBeGreaterThan(regular.before / 2);
  expect(lastResort.after).toBeLessThan(lastResort.before / 4);
});
