// The nginx snippet of docs/operations.md (docs/deploy/nginx.conf), run for real in front of the app: TLS, form posts
// through a proxy, the client address behind it. Needs nginx and openssl; CI installs both and refuses to skip.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { request } from 'node:https';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve, type ServerType } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshSqlite, type TestDb } from '../../testing/databases';
import { createApiApp } from '../api/app';
import { parseConfig } from '../config';
import { createAccountActions } from '../../areas/account/account-actions';
import { createAuthService } from '../accounts/auth-service';
import { IDENTITY_LIMITS, createIdentityGuard, createRateLimiter } from '../limits/rate-limit';
import { createHttpApp } from './app';
import { siteOriginOf } from './forms';

const SNIPPET = join(process.cwd(), 'docs/deploy/nginx.conf');
const NGINX = '/usr/sbin/nginx';
const hasNginx = existsSync(NGINX);
const hasOpenssl = (() => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();
const missing = [!hasNginx && 'nginx', !hasOpenssl && 'openssl'].filter(Boolean).join(' and ');
if (process.env.CI && missing) {
  throw new Error(`not installed: ${missing}. In CI the proxy test must run, not be skipped (.ci/run installs nginx and openssl)`);
}

describe('the nginx snippet in docs/operations.md', () => {
  it('is docs/deploy/nginx.conf, verbatim', () => {
    const operations = readFileSync(join(process.cwd(), 'docs/operations.md'), 'utf8');
    expect(operations).toContain('```nginx\n' + readFileSync(SNIPPET, 'utf8') + '```\n');
  });
});

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });

type Reply = { status: number; headers: IncomingHttpHeaders; body: string };

describe.skipIf(!!missing)(`behind nginx with docs/deploy/nginx.conf${missing ? ` (skipped: ${missing} not installed)` : ''}`, () => {
  const EMAIL = 'ana@proxy.example';
  const PASSWORD = 'una-clave-larga';
  let dir: string | undefined;
  let nginx: ChildProcess | undefined;
  let server: ServerType | undefined;
  let db: TestDb | undefined;
  let port = 0;
  let origin = '';
  const formIps: string[] = [];

  // node:https against the self-signed certificate, for this request only.
  const call = (method: string, path: string, headers: Record<string, string> = {}, body?: string) =>
    new Promise<Reply>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method, path, headers, rejectUnauthorized: false, agent: false }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: text }));
      });
      req.on('error', reject);
      req.setTimeout(10_000, () => req.destroy(new Error(`${method} ${path}: no answer in 10 s`)));
      req.end(body);
    });

  beforeAll(async () => {
    const tmp = (dir = mkdtempSync(join(tmpdir(), 'tandem-nginx-')));
    // nginx's workers run as nobody when the tests run as root (CI): they must reach the temp paths.
    chmodSync(tmp, 0o755);
    port = await freePort();
    origin = `https://127.0.0.1:${port}`;

    db = await freshSqlite();
    const limiter = createRateLimiter(db);
    // Only the per-address limit can trip: every attempt uses another email.
    const guard = createIdentityGuard(async () => limiter, { ...IDENTITY_LIMITS, loginPerIp: { max: 3, windowMs: 60_000 } });
    const auth = createAuthService(db, 's'.repeat(40), { guard });
    await auth.register('match', { name: 'Ana', last_name: 'Proxy', email: EMAIL, password: PASSWORD }, { ip: 'setup' });
    const config = parseConfig({ SITE_URL: origin, TRUST_PROXY: '1' });
    const login = createAccountActions({ auth: async () => auth, config }).login;
    const { app } = createHttpApp({
      inner: async () => new Response('<p>page</p>', { headers: { 'content-type': 'text/html' } }),
      config,
      prod: false,
      build: { id: 'b', timestamp: 0 },
      trustProxy: config.TRUST_PROXY,
      routes: { login: { action: { handle: (input) => (formIps.push(input.ip), login.handle(input)) } } },
      api: createApiApp({
        auth: async () => auth,
        trustProxy: config.TRUST_PROXY,
        siteOrigin: siteOriginOf(config),
        sessionCookie: config.AUTH_COOKIE_TOKEN,
      }),
    });
    const appPort = await new Promise<number>((resolve) => {
      server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1', overrideGlobalObjects: false }, (info) => resolve(info.port));
    });

    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(tmp, 'key.pem'),
        '-out',
        join(tmp, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );

    // Only the example values change; each must be there, or the documented snippet changed shape.
    let site = readFileSync(SNIPPET, 'utf8');
    const examples: [string, string][] = [
      ['listen 443 ssl;', `listen 127.0.0.1:${port} ssl;`],
      ['server_name tandem.example;', 'server_name 127.0.0.1;'],
      ['server 127.0.0.1:8080;', `server 127.0.0.1:${appPort};`],
      ['/etc/ssl/tandem/fullchain.pem', join(tmp, 'cert.pem')],
      ['/etc/ssl/tandem/privkey.pem', join(tmp, 'key.pem')],
    ];
    for (const [from, to] of examples) {
      if (!site.includes(from)) throw new Error(`docs/deploy/nginx.conf no longer has "${from}"`);
      site = site.split(from).join(to);
    }
    const temp = (name: string) => `${name}_temp_path ${join(tmp, name)};`;
    writeFileSync(
      join(tmp, 'nginx.conf'),
      [
        'daemon off;',
        'worker_processes 1;',
        `pid ${join(tmp, 'nginx.pid')};`,
        `error_log ${join(tmp, 'error.log')} warn;`,
        'events { worker_connections 64; }',
        'http {',
        `  access_log ${join(tmp, 'access.log')};`,
        `  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join(' ')}`,
        // nginx reaches the app from another loopback address, so the socket address (the proxy) and the
        // client address (127.0.0.1) differ: the app must take the entry nginx appended, not its peer.
        '  proxy_bind 127.0.0.2;',
        site,
        '}',
      ].join('\n'),
    );

    nginx = spawn(NGINX, ['-p', tmp, '-c', join(tmp, 'nginx.conf'), '-e', join(tmp, 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    nginx.stderr!.on('data', (d) => (stderr += d));
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (nginx.exitCode !== null) {
        const log = existsSync(join(tmp, 'error.log')) ? readFileSync(join(tmp, 'error.log'), 'utf8') : '';
        throw new Error(`nginx exited with ${nginx.exitCode}: ${stderr}${log}`);
      }
      const up = await call('GET', '/healthz').then(
        (r) => r.status === 200,
        () => false,
      );
      if (up) break;
      if (Date.now() > deadline) throw new Error(`nginx did not answer on ${origin}: ${stderr}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 30_000);

  afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((r) => nginx!.once('exit', r));
      nginx.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (nginx.exitCode === null) nginx.kill('SIGKILL');
    }
    if (server) await new Promise((r) => server!.close(r));
    await db?.cleanup();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('serves the app over https with the site headers', async () => {
    const res = await call('GET', '/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toBe('ok');
    expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
  });

  it('accepts a form post from the site (nginx sends Host without the port), signs in, and the cookie works for the API', async () => {
    const res = await call(
      'POST',
      '/ingresar',
      {
        'content-type': 'application/x-www-form-urlencoded',
        origin,
        'x-forwarded-for': '203.0.113.66',
      },
      new URLSearchParams({ email: EMAIL, password: PASSWORD }).toString(),
    );
    expect(res.status, res.body).toBe(303);
    expect(formIps).toEqual(['127.0.0.1']);
    const token = (res.headers['set-cookie'] ?? []).map((c) => /^tandem_token=([^;]+)/.exec(c)?.[1]).find(Boolean);
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const me = await call('GET', '/api/v3/match/auth/me', { cookie: `tandem_token=${token}`, origin });
    expect(me.status, me.body).toBe(200);
    expect(JSON.parse(me.body).result.email).toBe(EMAIL);
    const elsewhere = await call(
      'POST',
      '/ingresar',
      { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      'email=x',
    );
    expect(elsewhere.status).toBe(403);
  });

  it('limits sign-ins per address even when each attempt forges another first X-Forwarded-For hop', async () => {
    await db!.db.deleteFrom('rate_limits').execute();
    const statuses: number[] = [];
    let refused: Reply | undefined;
    for (let i = 0; i < 6; i++) {
      const res = await call(
        'POST',
        '/api/v3/match/auth/login',
        {
          'content-type': 'application/json',
          lang: 'en',
          'x-forwarded-for': `10.${i}.${i}.${i}, 198.51.100.${i}`,
        },
        JSON.stringify({ email: `spray${i}@proxy.example`, password: 'wrong-password' }),
      );
      statuses.push(res.status);
      if (res.status === 429) refused ??= res;
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    expect(refused!.headers['retry-after']).toMatch(/^\d+$/);
    expect(JSON.parse(refused!.body).message).toMatch(/^Too many attempts/);
    // Every attempt was counted against the one real client, none against a forged address.
    const keys = await db!.db.selectFrom('rate_limits').select('key').where('key', 'like', 'login:ip:%').execute();
    expect(keys.map((k) => k.key)).toEqual(['login:ip:127.0.0.1']);
  });
});
