// Cache hits answered at the node:http level (scripts/cache-hits.mjs with the app's nodeHit): the same status,
// headers and bytes as the Hono path gives for the same request, and the normal handler for every request the
// cache must not answer as it stands.
import { getRequestListener } from '@hono/node-server';
import { createServer, request, type IncomingHttpHeaders, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpApp } from '../src/server/http/app';
import { parseConfig } from '../src/server/config';
import { getRequestContext } from '../src/server/request-context';
import type { UserLoader } from '../src/server/accounts/session';
import { withCacheHits } from './cache-hits.mjs';

const ana = { id: 7, name: 'Ana', last_name: 'D', email: 'a@b.co', profile_picture_path: null, profile_slug: 'ana', user_status: 'active' };
const loadUser: UserLoader = async (token) => (token === 'good' ? ana : 'invalid');
type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };

const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function listen(listener: RequestListener): Promise<number> {
  const server = createServer(listener);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as AddressInfo).port;
}

/** The app behind two servers: `web` (the Node adapter only) and `node` (cache hits first), one page cache. */
async function setup({ ttl = 60_000, version = () => 0 }: { ttl?: number; version?: () => number } = {}) {
  let renders = 0;
  const inner = async (req: Request) => {
    renders++;
    const user = getRequestContext()?.session?.user?.name ?? 'anon';
    // Long enough to be compressed (512 bytes and more).
    const body = `<p>render=${renders} user=${user} path=${new URL(req.url).pathname}</p>${'<i>tandem</i>'.repeat(80)}`;
    return new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } });
  };
  const config = parseConfig({ PAGE_CACHE_TTL_MS: String(ttl) });
  const { app, nodeHit } = createHttpApp({
    inner,
    config,
    prod: true,
    build: { id: 'b', timestamp: 0 },
    staticRoot: '/nonexistent',
    loadUser,
    contentVersion: () => version(),
  });
  const adapter = getRequestListener(app.fetch);
  let passed = 0;
  const web = await listen((req, res) => void adapter(req, res));
  const node = await listen(
    withCacheHits(nodeHit, (req, res) => {
      passed++;
      void adapter(req, res);
    }),
  );
  return { web, node, renders: () => renders, passed: () => passed };
}

function send(port: number, path: string, { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** What a client can see of an answer, but the date (and the connection, which the test's agent decides). */
const seen = ({ status, headers, body }: Answer) => {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, ...rest } = headers;
  return { status, headers: rest, body: body.toString('base64') };
};

describe('cache hits at the node:http level', () => {
  it('answers a hit as the Hono path does: encodings, 304 with the policy kept, HEAD, signed in on a shared page', async () => {
    const { web, node, renders, passed } = await setup();
    await send(web, '/trabajos');
    await send(web, '/', { headers: { 'accept-language': 'es' } });
    const tag = (await send(web, '/trabajos', { headers: { 'accept-encoding': 'br' } })).headers.etag!;
    const cases: [string, { method?: string; headers?: Record<string, string> }][] = [
      ['/trabajos', {}],
      ['/trabajos', { headers: { 'accept-encoding': 'gzip, deflate' } }],
      ['/trabajos', { headers: { 'accept-encoding': 'br, gzip' } }],
      ['/trabajos', { headers: { 'accept-encoding': 'br', 'if-none-match': tag } }],
      ['/trabajos', { headers: { 'accept-encoding': 'gzip', 'if-none-match': tag } }],
      ['/trabajos', { method: 'HEAD', headers: { 'accept-encoding': 'br' } }],
      ['/trabajos', { headers: { cookie: 'tandem_token=good; tandem_type=match; tandem_signed_in=match' } }],
      ['/trabajos', { headers: { cookie: 'tandem_consent=1' } }],
      ['/', { headers: { 'accept-language': 'es-PE,es', 'accept-encoding': 'br' } }],
    ];
    for (const [path, init] of cases) {
      const viaNode = await send(node, path, init);
      expect(seen(viaNode), `${path} ${JSON.stringify(init)}`).toEqual(seen(await send(web, path, init)));
      expect(viaNode.headers['x-cache']).toBe('HIT');
    }
    expect(passed()).toBe(0);
    expect(renders()).toBe(2);
    const notModified = await send(node, '/trabajos', { headers: { 'accept-encoding': 'br', 'if-none-match': tag } });
    expect(notModified.status).toBe(304);
    // A page every visitor gets allows its scripts by hash (decision 064): the 304 keeps that policy.
    expect(notModified.headers['content-security-policy']).toMatch(/^default-src 'self'; script-src 'self'; /);
    expect(notModified.headers['content-length']).toBeUndefined();
    const head = await send(node, '/trabajos', { method: 'HEAD', headers: { 'accept-encoding': 'br' } });
    expect(head.headers['content-encoding']).toBe('br');
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    expect(head.body.byteLength).toBe(0);
  });

  it('hands the normal handler what the cache must not answer as it stands', async () => {
    const { web, node, passed } = await setup();
    await send(web, '/trabajos');
    await send(web, '/', { headers: { 'accept-language': 'es' } });
    const through: [string, { method?: string; headers?: Record<string, string> }, (a: Answer) => void][] = [
      // A session that began before the hint: its own page, with the hint.
      [
        '/trabajos',
        { headers: { cookie: 'tandem_token=good; tandem_type=match' } },
        (a) => expect(a.body.toString()).toContain('user=Ana'),
      ],
      ['/trabajos', { method: 'POST' }, (a) => expect(a.status).toBe(405)],
      ['/trabajos?utm_source=x', {}, (a) => expect(a.headers['set-cookie']?.some((c) => c.startsWith('tandem_utm='))).toBe(true)],
      ['/', { headers: { 'accept-language': 'en-US,en' } }, (a) => expect(a.headers.location).toBe('/en')],
      ['/empresas', {}, (a) => expect(a.headers['x-cache']).toBe('MISS')],
      // Not the adapter's key as it stands: it normalises the path (and then the Hono path hits).
      ['/x/../trabajos', {}, (a) => expect(a.headers['x-cache']).toBe('HIT')],
      ['/api/v3/nothing', {}, (a) => expect(a.headers['x-cache']).toBeUndefined()],
    ];
    for (const [i, [path, init, check]] of through.entries()) {
      check(await send(node, path, init));
      expect(passed(), `${path} ${JSON.stringify(init)}`).toBe(i + 1);
    }
  });

  it('answers an entry past its life stale, and every entry once the content version moved, while it is rendered again', async () => {
    let v = 1;
    const stale = await setup({ ttl: 50 });
    await send(stale.web, '/trabajos');
    await sleep(80);
    expect((await send(stale.node, '/trabajos')).headers['x-cache']).toBe('STALE');
    expect(stale.passed()).toBe(0);

    const moved = await setup({ version: () => v });
    await send(moved.web, '/trabajos');
    expect((await send(moved.node, '/trabajos')).headers['x-cache']).toBe('HIT');
    v = 2;
    expect((await send(moved.node, '/trabajos')).headers['x-cache']).toBe('STALE');
    expect(moved.passed()).toBe(0);
    // The one render behind it (the cache's own request, not a visitor's).
    for (let i = 0; i < 100 && moved.renders() < 2; i++) await sleep(10);
    expect(moved.renders()).toBe(2);
  });
});
