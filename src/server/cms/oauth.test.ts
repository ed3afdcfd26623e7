import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { startFakeProvider, type FakeProvider } from '../../testing/oauth-provider';
import { providersFromEnv } from '../accounts/oauth';
import { parseConfig } from '../config';
import { createAuthService } from '../accounts/auth-service';
import { createOperatorService, type OperatorService } from '../accounts/operators/operator-service';
import { createCmsApp } from './app';

const SITE = 'https://tandem.example';
const config = parseConfig({ SITE_URL: SITE });

describe.each(testDatabases)('provider sign-in (OAuth 2) on %s', (_name, open) => {
  let t: TestDb;
  let fp: FakeProvider;
  let app: Hono;
  let operators: OperatorService;
  beforeAll(async () => {
    t = await open();
    fp = await startFakeProvider();
    const auth = createAuthService(t, 'c'.repeat(40));
    operators = createOperatorService(t, { secret: 'c'.repeat(40) });
    const providers = providersFromEnv({ ...fp.env('github'), ...fp.env('google') });
    app = new Hono().route(
      '/cms',
      createCmsApp({
        auth: async () => auth,
        oauth: { providers, stateSecret: () => 's'.repeat(40), config },
        operators: async () => operators,
      }),
    );
  });
  afterAll(async () => {
    await fp?.close();
    await t?.cleanup();
  });
  beforeEach(() => {
    fp.deny = false;
    fp.user = {
      id: '1001',
      name: 'Lucía Fernández Díaz',
      email: 'lucia@example.com',
      verified: true,
      picture: 'https://avatars.example/lucia.png',
    };
  });

  const cookieOf = (res: Response, name: string) =>
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${name}=`))
      ?.split(';')[0]
      ?.slice(name.length + 1);

  /** The browser's round trip: our redirect, the provider's consent screen, back to our callback. */
  async function signIn(provider: 'github' | 'google', query = '', opts: { tamperState?: boolean; dropCookie?: boolean } = {}) {
    const start = await app.request(`/cms/connect/${provider}${query}`);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.origin + authorize.pathname).toBe(`${fp.url}/authorize`);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${SITE}/cms/connect/${provider}/callback`);
    expect(authorize.searchParams.get('client_id')).toBe('test-client');
    const sealed = cookieOf(start, 'tandem_oauth');
    expect(sealed).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/); // a JWT
    const consent = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    if (opts.tamperState) back.searchParams.set('state', 'forged-state-value');
    return app.request(back.pathname + back.search, { headers: opts.dropCookie ? {} : { cookie: `tandem_oauth=${sealed}` } });
  }

  it('answers a clear 404 for a provider that is not configured', async () => {
    const bare = new Hono().route('/cms', createCmsApp({ auth: async () => createAuthService(t, 'c'.repeat(40)) }));
    for (const path of ['/cms/connect/github', '/cms/auth/google/callback?access_token=x', '/cms/connect/facebook']) {
      const res = await bare.request(path, { headers: { lang: 'en' } });
      expect(res.status).toBe(404);
      const body = (await res.json()) as { data: null; error: { status: number; name: string; message: string } };
      expect(body.error.name).toBe('NotFoundError');
      expect(body.error.message).toMatch(/^Sign-in with (github|google|facebook) is not available\.$/);
    }
    expect((await app.request('/cms/connect/facebook')).status).toBe(404);
  });

  it('creates an active candidate on first GitHub sign-in, starts the web session and lands on the platform', async () => {
    const res = await signIn('github');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/match/plataforma');
    const token = res.headers.getSetCookie().find((c) => c.startsWith('tandem_token='))!;
    expect(token).toMatch(/HttpOnly/);
    expect(token).toMatch(/SameSite=Lax/);
    expect(token).toMatch(/Secure/);
    expect(token).toMatch(/Max-Age=31536000/);
    expect(cookieOf(res, 'tandem_type')).toBe('match');
    expect(cookieOf(res, 'tandem_oauth')).toBe('');
    const me = await app.request('/cms/users/me', { headers: { authorization: `Bearer ${cookieOf(res, 'tandem_token')}` } });
    expect(await me.json()).toMatchObject({
      email: 'lucia@example.com',
      name: 'Lucía',
      last_name: 'Fernández Díaz',
      user_status: 'active',
      confirmed: true,
      account_type: 'match',
      profile_picture_path: 'https://avatars.example/lucia.png',
    });
    const users = await t.db.selectFrom('users').select(['id', 'password_hash']).where('email', '=', 'lucia@example.com').execute();
    expect(users).toHaveLength(1);
    expect(users[0]!.password_hash).toBeNull();
  });

  it('signs the same person in again, returning to a safe redirect in their language', async () => {
    const before = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const again = await signIn('github', '?redirect=/en/job/react-dev%3Fapply%3D1&lang=en');
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe('/en/job/react-dev?apply=1');
    const unsafe = await signIn('github', '?redirect=https://evil.example/&lang=en');
    expect(unsafe.headers.get('location')).toBe('/en/match/plataforma');
    // The browser follows this Location right after the session cookies are set: no way off the site.
    for (const attack of [
      '/.//evil.example/x',
      '/%2e//evil.example',
      '/a/../..//evil.example',
      '/\\evil.example',
      '/%2E%2E//evil.example',
    ]) {
      const res = await signIn('github', `?${new URLSearchParams({ redirect: attack, lang: 'en' })}`);
      expect(res.headers.get('location'), attack).toBe('/en/match/plataforma');
    }
    const after = await t.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('links Google to an existing account with the same verified email, confirming it', async () => {
    const auth = createAuthService(t, 'c'.repeat(40));
    await auth.register(
      'hire',
      { name: 'Rosa', last_name: 'Vidal', email: 'Rosa@Empresa.example', password: 'clave-segura-9', company_name: 'Empresa' },
      { ip: 'test' },
    );
    fp.user = { id: 'g-77', name: 'Rosa Vidal', email: 'rosa@empresa.example', verified: true };
    const res = await signIn('google');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/hire/site');
    expect(cookieOf(res, 'tandem_type')).toBe('hire');
    const user = await t.db
      .selectFrom('users')
      .select(['id', 'user_status', 'email_confirmed_at'])
      .where('email', '=', 'Rosa@Empresa.example')
      .executeTakeFirstOrThrow();
    expect(user.user_status).toBe('active');
    expect(user.email_confirmed_at).not.toBeNull();
    const link = await t.db
      .selectFrom('oauth_identities')
      .selectAll()
      .where('provider', '=', 'google')
      .where('provider_user_id', '=', 'g-77')
      .executeTakeFirstOrThrow();
    expect(link.user_id).toBe(user.id);
  });

  it.each(['match', 'hire'] as const)(
    'takes a %s account someone else opened with the address back from them: their password and sessions end',
    async (type) => {
      const auth = createAuthService(t, 'c'.repeat(40));
      const email = `victima-${type}@example.com`;
      // The attacker signs up with the victim's address and a password of their own, and stays signed in.
      const extra = type === 'hire' ? { company_name: 'Empresa Falsa' } : {};
      const { access_token: attackerToken } = await auth.register(
        type,
        { name: 'Atacante', last_name: 'X', email, password: 'clave-del-atacante', ...extra },
        { ip: 'test' },
      );
      expect((await auth.me(type, attackerToken)).email).toBe(email);
      // The victim later signs in with a provider that has verified the address.
      fp.user = { id: type === 'match' ? '5001' : '5002', name: 'Víctima Real', email, verified: true };
      const res = await signIn('github');
      expect(res.status).toBe(303);
      const victimToken = cookieOf(res, 'tandem_token')!;
      expect((await auth.me(type, victimToken)).email).toBe(email);
      // The attacker's session and password no longer open the account.
      await expect(auth.me(type, attackerToken)).rejects.toMatchObject({ code: 'unauthorized' });
      await expect(auth.login(type, email, 'clave-del-atacante', { ip: 'test' })).rejects.toMatchObject({ code: 'invalid-credentials' });
      const user = await t.db
        .selectFrom('users')
        .select(['password_hash', 'email_confirmed_at'])
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      expect(user.password_hash).toBeNull();
      expect(user.email_confirmed_at).not.toBeNull();
    },
  );

  it('keeps the password of a confirmed account when a provider is linked to it', async () => {
    const auth = createAuthService(t, 'c'.repeat(40));
    const email = 'confirmada@example.com';
    const { access_token } = await auth.register(
      'match',
      { name: 'Ana', last_name: 'C', email, password: 'clave-propia-1' },
      { ip: 'test' },
    );
    await t.db.updateTable('users').set({ email_confirmed_at: new Date(), user_status: 'active' }).where('email', '=', email).execute();
    fp.user = { id: '5003', name: 'Ana C', email, verified: true };
    expect((await signIn('github')).status).toBe(303);
    expect((await auth.login('match', email, 'clave-propia-1', { ip: 'test' })).access_token).toBeTruthy();
    expect((await auth.me('match', access_token)).email).toBe(email);
  });

  it('sends the visitor back to sign-in with a reason when the flow fails', async () => {
    const reason = async (res: Response) => {
      expect(res.status).toBe(303);
      const loc = new URL(res.headers.get('location')!, SITE);
      expect(res.headers.getSetCookie().some((c) => c.startsWith('tandem_token='))).toBe(false);
      return `${loc.pathname}?${loc.searchParams}`;
    };
    expect(await reason(await signIn('github', '', { tamperState: true }))).toBe('/ingresar?error=oauth-failed');
    expect(await reason(await signIn('github', '?lang=en', { dropCookie: true }))).toBe('/ingresar?error=oauth-failed');
    fp.deny = true;
    expect(await reason(await signIn('github', '?lang=en&redirect=/en/hire'))).toBe(
      '/en/login?error=oauth-cancelled&redirect=%2Fen%2Fhire',
    );
    fp.deny = false;
    fp.user = { id: '2002', name: 'Sin Correo', email: 'nadie@example.com', verified: false };
    expect(await reason(await signIn('google'))).toBe('/ingresar?error=oauth-no-email');
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'nadie@example.com').executeTakeFirst()).toBeUndefined();
  });

  it('signs in an API client that holds a provider token, in the Strapi shape', async () => {
    fp.tokens.set('tok-api', { id: '3003', name: 'Api Cliente', email: 'api@example.com', verified: true });
    const res = await app.request('/cms/auth/github/callback?access_token=tok-api');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { jwt: string; user: { email: string; confirmed: boolean } };
    expect(body.jwt.split('.')).toHaveLength(3);
    expect(body.user).toMatchObject({ email: 'api@example.com', confirmed: true });

    const refused = await app.request('/cms/auth/github/callback?access_token=stolen', { headers: { lang: 'en' } });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      data: null,
      error: {
        status: 401,
        name: 'UnauthorizedError',
        message: 'We could not sign you in with that provider. Please try again.',
        details: {},
      },
    });
    // A token the provider issued to some other application names a real person, but not to us.
    for (const provider of ['github', 'google']) {
      fp.tokens.set(`tok-other-${provider}`, {
        id: '3004',
        name: 'Otra App',
        email: 'otra@example.com',
        verified: true,
        client: 'another-app',
      });
      const foreign = await app.request(`/cms/auth/${provider}/callback?access_token=tok-other-${provider}`);
      expect(foreign.status, provider).toBe(401);
    }
    fp.tokens.set('tok-google', { id: 'g-3005', name: 'Api Google', email: 'apig@example.com', verified: true });
    expect((await app.request('/cms/auth/google/callback?access_token=tok-google')).status).toBe(200);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'otra@example.com').executeTakeFirst()).toBeUndefined();
    const missing = await app.request('/cms/auth/github/callback');
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { details: { errors: Record<string, string> } } }).error.details.errors).toEqual({
      access_token: 'Este campo es obligatorio.',
    });
    expect((await app.request('/cms/auth/github/callback?access_token=x', { method: 'POST' })).status).toBe(405);
  });

  it('creates one account when the same new identity signs in ten times at once', async () => {
    fp.tokens.set('tok-race', { id: '4004', name: 'Rápida Vez', email: 'race@example.com', verified: true });
    const results = await Promise.all(Array.from({ length: 10 }, () => app.request('/cms/auth/google/callback?access_token=tok-race')));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const ids = new Set(await Promise.all(results.map(async (r) => ((await r.json()) as { user: { id: number } }).user.id)));
    expect(ids.size).toBe(1);
    const rows = await t.db.selectFrom('users').select('id').where('email', '=', 'race@example.com').execute();
    expect(rows).toHaveLength(1);
  });

  it('sends an operator from the provider sign-in to the second step, in their language, whatever the redirect', async () => {
    fp.user = { id: '5005', name: 'Opera Dora', email: 'opera-gh@example.com', verified: true };
    expect((await signIn('github')).headers.get('location')).toBe('/match/plataforma');
    await operators.add('opera-gh@example.com');
    const es = await signIn('github', '?redirect=/empleo/x');
    expect(es.status).toBe(303);
    expect(es.headers.get('location')).toBe('/operador/verificar');
    expect(cookieOf(es, 'tandem_token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/); // the ordinary session goes on
    expect((await signIn('github', '?lang=en')).headers.get('location')).toBe('/en/operator/verify');
    await operators.remove('opera-gh@example.com');
    expect((await signIn('github')).headers.get('location')).toBe('/match/plataforma');
  });
});
