import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { createAuthService } from '../accounts/auth-service';
import { IDENTITY_LIMITS, createIdentityGuard, createRateLimiter } from '../limits/rate-limit';
import { parseTrustProxy } from '../http/client-ip';
import { createApiApp } from './app';

const SECRET = 's'.repeat(40);

describe.each(testDatabases)('product API on %s', (_name, open) => {
  let t: TestDb;
  let app: Hono;
  beforeAll(async () => {
    t = await open();
    // No identity limits here: these tests hammer one account on purpose; the limits have their own tests.
    const auth = createAuthService(t, SECRET);
    app = new Hono().route('/api', createApiApp({ auth: async () => auth, sessionCookie: 'tandem_token' }));
  });
  afterAll(async () => t?.cleanup());

  const post = async (path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
    app.request(`/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  const get = async (path: string, headers: Record<string, string> = {}): Promise<Response> => app.request(`/api${path}`, { headers });
  const json = async (res: Response) =>
    (await res.json()) as { success: boolean; message?: string; errors?: Record<string, string>; result?: any };

  const ana = {
    name: 'Ana',
    last_name: 'García',
    email: 'ana@example.com',
    password: 'una-clave-larga',
    origin: 'calculator',
    utm_source: 'news',
  };

  it('refuses a JSON body nested past the limit with a 400, before anything walks it', async () => {
    const deep = `{"email":${'['.repeat(30_000)}${']'.repeat(30_000)}}`;
    const res = await post('/v3/match/auth/login', deep);
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe('El cuerpo JSON anida demasiados niveles (máximo 32).');
    const unclosed = await post('/v3/match/register', '['.repeat(60_000), { lang: 'en' });
    expect(unclosed.status).toBe(400);
    expect((await json(unclosed)).message).toBe('The JSON body nests too many levels (at most 32).');
  });
  it('answers unknown paths with a JSON 404 and a known path with another method with 405 and Allow, never the HTML page', async () => {
    // As mounted in the HTTP layer: the pages' renderer sits behind the API and must never answer /api.
    const site = new Hono().route('/api', createApiApp({ auth: async () => createAuthService(t, SECRET), sessionCookie: 'tandem_token' }));
    site.all('*', (c) => c.html('<h1>page</h1>', 404));
    for (const path of ['/api/nope', '/api/v3/nope/deeper', '/api', '/api/v3/match/auth']) {
      const res = await site.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
      expect(((await res.json()) as { success: boolean }).success).toBe(false);
    }
    const wrong = await site.request('/api/v3/match/auth/login', { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    expect(wrong.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('registers a candidate, who can then sign in and read their user', async () => {
    const reg = await post('/v3/match/register', ana);
    expect(reg.status).toBe(201);
    const body = await json(reg);
    expect(body.success).toBe(true);
    expect(body.result.user).toMatchObject({
      name: 'Ana',
      last_name: 'García',
      email: 'ana@example.com',
      profile_slug: 'ana-garcia',
      user_status: 'pending-confirmation',
    });
    const login = await json(await post('/v3/match/auth/login', { email: 'ANA@example.com', password: ana.password }));
    expect(login.success).toBe(true);
    const token = login.result.access_token as string;
    const me = await json(await get('/v3/match/auth/me', { authorization: `Bearer ${token}` }));
    expect(me.result).toMatchObject({ email: 'ana@example.com', account_type: 'match' });
    expect(Object.keys(me.result).sort()).toEqual([
      'account_type',
      'email',
      'id',
      'last_name',
      'name',
      'profile_picture_path',
      'profile_slug',
      'user_status',
    ]);
    const row = await t.db
      .selectFrom('users')
      .select(['origin', 'utm_source'])
      .where('email', '=', 'ana@example.com')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ origin: 'calculator', utm_source: 'news' });
  });

  it("accepts the web session's cookie from this site's pages, never from another site", async () => {
    const token = (await json(await post('/v3/match/auth/login', { email: 'ana@example.com', password: ana.password }))).result
      .access_token as string;
    const same = await get('/v3/match/auth/me', { cookie: `tandem_token=${token}`, 'sec-fetch-site': 'same-origin' });
    expect(same.status).toBe(200);
    expect((await json(same)).result.email).toBe('ana@example.com');
    expect((await get('/v3/match/auth/me', { cookie: `tandem_token=${token}`, 'sec-fetch-site': 'cross-site' })).status).toBe(401);
    expect(
      (await get('/v3/match/auth/me', { cookie: `tandem_token=${token}`, origin: 'https://evil.example', host: 'localhost' })).status,
    ).toBe(401);
  });

  it('behind a proxy that rewrites Host, accepts the cookie from the SITE_URL origin only', async () => {
    const auth = createAuthService(t, SECRET);
    const behind = new Hono().route(
      '/api',
      createApiApp({ auth: async () => auth, sessionCookie: 'tandem_token', siteOrigin: 'https://tandem.example' }),
    );
    const token = (await json(await post('/v3/match/auth/login', { email: 'ana@example.com', password: ana.password }))).result
      .access_token as string;
    const me = (origin: string) =>
      behind.request('/api/v3/match/auth/me', { headers: { cookie: `tandem_token=${token}`, host: 'tandem', origin } });
    expect((await me('https://tandem.example')).status).toBe(200);
    expect((await me('https://evil.example')).status).toBe(401);
    expect((await me('null')).status).toBe(401);
    expect((await me('http://tandem')).status).toBe(401); // the rewritten Host no longer counts
  });

  it('registers a company with its company and keeps the account types apart', async () => {
    const reg = await post('/v3/hire/register', {
      name: 'Luis',
      last_name: 'Pérez',
      email: 'luis@acme.pe',
      password: 'otra-clave-larga',
      company_name: 'Acme Perú',
    });
    expect(reg.status).toBe(201);
    const token = (await json(reg)).result.access_token;
    expect((await get('/v3/hire/auth/me', { authorization: `Bearer ${token}` })).status).toBe(200);
    expect((await get('/v3/match/auth/me', { authorization: `Bearer ${token}` })).status).toBe(401);
    const asCandidate = await post('/v3/match/auth/login', { email: 'luis@acme.pe', password: 'otra-clave-larga' });
    expect(asCandidate.status).toBe(401);
    const company = await t.db.selectFrom('companies').select('name').executeTakeFirst();
    expect(company?.name).toBe('Acme Perú');
  });

  it('answers an unknown email and a wrong password the same way, in the lang header language', async () => {
    const a = await post('/v3/match/auth/login', { email: 'nobody@example.com', password: 'whatever-1' });
    const b = await post('/v3/match/auth/login', { email: 'ana@example.com', password: 'wrong-password' });
    expect(a.status).toBe(401);
    expect(b.status).toBe(401);
    const [ja, jb] = [await json(a), await json(b)];
    expect(ja).toEqual(jb);
    expect(ja.message).toBe('El correo o la contraseña no son correctos.');
    const en = await post('/v3/match/auth/login', { email: 'nobody@example.com', password: 'x' }, { lang: 'en' });
    expect((await json(en)).message).toBe('The email or password is not correct.');
  });

  it('refuses a second account for the same email, whatever its case', async () => {
    const res = await post('/v3/match/register', { ...ana, email: 'Ana@Example.COM' });
    expect(res.status).toBe(409);
    expect((await json(res)).errors).toEqual({ email: 'Ya existe una cuenta con este correo.' });
  });

  it('names the bad fields of invalid input, and never answers 500 for it', async () => {
    const res = await post('/v3/match/register', { name: '', email: 'not-an-email', password: 'short' }, { lang: 'en' });
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.errors).toEqual({
      name: 'This field is required.',
      email: 'Enter a valid email address.',
      password: 'Use at least 8 characters.',
    });
    for (const bad of [
      { email: 42, password: [] },
      { email: null },
      [],
      'null',
      '"text"',
      { email: "' OR 1=1 --", password: "'; drop table users; --" },
    ]) {
      const r = await post('/v3/match/auth/login', bad);
      expect([400, 401, 422]).toContain(r.status);
    }
    expect((await post('/v3/hire/register', { ...ana, email: 'x@y.com' })).status).toBe(422); // company_name missing
    expect((await post('/v3/match/register', { ...ana, email: 'z@y.com', password: 'p'.repeat(500) })).status).toBe(422);
  });

  it('answers invalid JSON 400, huge bodies 413, wrong methods 405 and unknown paths 404', async () => {
    expect((await post('/v3/match/auth/login', '{"email":')).status).toBe(400);
    const huge = await post('/v3/match/register', { ...ana, name: 'x'.repeat(1024 * 1024 + 10) });
    expect(huge.status).toBe(413);
    const wrong = await get('/v3/match/auth/login');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    expect((await get('/v3/admin/auth/me')).status).toBe(404);
    expect((await get('/v3/nothing/here/at/all')).status).toBe(404);
  });

  it('refuses missing, malformed, forged and stale tokens', async () => {
    expect((await get('/v3/match/auth/me')).status).toBe(401);
    expect((await get('/v3/match/auth/me', { authorization: 'Bearer nope' })).status).toBe(401);
    const token = (await json(await post('/v3/match/auth/login', { email: ana.email, password: ana.password }))).result
      .access_token as string;
    await t.db.updateTable('users').set({ token_version: 5 }).where('email', '=', ana.email).execute();
    expect((await get('/v3/match/auth/me', { authorization: `Bearer ${token}` })).status).toBe(401);
    await t.db.updateTable('users').set({ token_version: 0 }).where('email', '=', ana.email).execute();
  });

  it('creates exactly one account from 50 parallel registrations of one email', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => post('/v3/match/register', { ...ana, email: 'race@example.com' }).then((r) => r.status)),
    );
    expect(results.filter((s) => s === 201)).toHaveLength(1);
    expect(results.filter((s) => s === 409)).toHaveLength(49);
    const count = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('email', '=', 'race@example.com')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  }, 60_000); // 50 password hashes at once: slow on a busy machine, and no timing is asserted

  it('loses nothing across 200 parallel sign-ins', async () => {
    const results = await Promise.all(
      Array.from({ length: 200 }, () => post('/v3/match/auth/login', { email: ana.email, password: ana.password }).then((r) => r.status)),
    );
    expect(results.every((s) => s === 200)).toBe(true);
  }, 60_000);

  it('limits sign-in attempts per account and per address, with Retry-After', async () => {
    const limiter = createRateLimiter(t);
    const guard = createIdentityGuard(async () => limiter, {
      ...IDENTITY_LIMITS,
      loginPerIp: { max: 5, windowMs: 60_000 },
      loginPerEmail: { max: 3, windowMs: 60_000 },
    });
    const auth = createAuthService(t, SECRET, { guard });
    const strict = new Hono().route('/api', createApiApp({ auth: async () => auth, trustProxy: { hops: 1 } }));
    const login = (email: string, ip: string) =>
      strict.request('/api/v3/match/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, lang: 'en' },
        body: JSON.stringify({ email, password: 'wrong-password' }),
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await login('victim@example.com', `10.0.0.${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const refused = await login('victim@example.com', '10.0.0.9');
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await json(refused)).message).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);
    // per address: a fresh email from a busy address is refused too
    for (let i = 0; i < 5; i++) await login(`spray${i}@example.com`, '192.0.2.1');
    expect((await login('fresh@example.com', '192.0.2.1')).status).toBe(429);
  });
});

describe('visitor context (the client-IP cookie)', () => {
  const app = (trust: string | undefined) =>
    new Hono().route(
      '/api',
      createApiApp({
        auth: () => Promise.reject(new Error('not used')),
        trustProxy: parseTrustProxy(trust),
        siteOrigin: 'https://tandem.example',
      }),
    );
  const env = { incoming: { socket: { remoteAddress: '::ffff:10.0.0.5' } } };

  it('answers the connection address, sets the script-readable cookie and is never cached', async () => {
    const res = await app(undefined).request('/api/visitor', { headers: { 'x-forwarded-for': '203.0.113.9' } }, env);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, result: { ip: '10.0.0.5', utm: null } });
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^tandem_client_ip=10\.0\.0\.5; Max-Age=86400; Path=\/; Secure; SameSite=Lax$/);
    expect(cookie).not.toMatch(/HttpOnly/);
  });

  it('believes the proxy hop only when TRUST_PROXY says so, and returns the stored campaign', async () => {
    const res = await app('1').request(
      '/api/visitor',
      { headers: { 'x-forwarded-for': '198.51.100.7, 203.0.113.9', cookie: 'tandem_utm=' + encodeURIComponent('{"utm_source":"li"}') } },
      env,
    );
    expect(await res.json()).toEqual({ success: true, result: { ip: '203.0.113.9', utm: { utm_source: 'li' } } });
  });

  it('answers 405 to writes', async () => {
    expect((await app(undefined).request('/api/visitor', { method: 'POST' }, env)).status).toBe(405);
  });
});
