import type { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { href } from '../../routes';
import { testDatabases, type TestDb } from '../../testing/databases';
import { startFakeProvider, type FakeProvider } from '../../testing/oauth-provider';
import { createApiApp } from '../api/app';
import { providersFromEnv } from '../accounts/oauth';
import { userLoaderOf } from '../accounts/session';
import { createCmsApp } from '../cms/app';
import { parseConfig } from '../config';
import { actionRoutes } from '../../testing/routes';
import { createAccountActions } from '../../areas/account/account-actions';
import { createAccountSettingsActions } from '../../areas/account/settings-actions';
import { createAccountDeletionAction } from '../../areas/account/deletion-actions';
import { createSalaryActions } from '../../areas/tools/salary-actions';
import { hireRoutes } from '../../areas/hire/routes';
import { areaDeps } from '../../testing/area-deps';
import { createAuthService, type AuthService } from '../accounts/auth-service';
import { IDENTITY_LIMITS, createIdentityGuard, createRateLimiter, type IdentityLimits } from '../limits/rate-limit';
import { createHttpApp } from './app';
import { Secret, TOTP } from 'otpauth';
import { createOperatorService } from '../accounts/operators/operator-service';
import { operatorRoutes } from '../../areas/operators/routes';

// Every door that checks a password, creates an account, sends a link or tries a code, listed once: each
// answers 429 with Retry-After once its limit is spent, and the limits are shared, so a lock on one door
// holds on the others (decision 017). Small limits keep it quick; the production values are in rate-limit.ts.
const SITE = 'https://tandem.example';
const LIMITS: IdentityLimits = {
  ...IDENTITY_LIMITS,
  loginPerIp: { max: 6, windowMs: 60_000 },
  loginPerEmail: { max: 3, windowMs: 60_000 },
  registerPerIp: { max: 3, windowMs: 60_000 },
  emailLinkPerIp: { max: 4, windowMs: 60_000 },
  emailLinkPerEmail: { max: 2, windowMs: 60_000 },
  codePerIp: { max: 3, windowMs: 60_000 },
  providerPerIp: { max: 2, windowMs: 60_000 },
};
const PASSWORD = 'clave-correcta-1';

type Knock = (n: number, ip: string) => Response | Promise<Response>;
type Door = { name: string; limit: number; knock: Knock };

describe.each(testDatabases)('identity doors on %s', (_name, open) => {
  let t: TestDb;
  let fp: FakeProvider;
  let app: Hono;
  let auth: AuthService;
  let seq = 0;
  /** A session of an operator with a second factor, not yet past the second step (its code door). */
  let operatorCookie = '';
  const fresh = () => `persona${++seq}@example.com`;

  beforeAll(async () => {
    t = await open();
    fp = await startFakeProvider();
    const limiter = createRateLimiter(t);
    auth = createAuthService(t, 'd'.repeat(40), { guard: createIdentityGuard(async () => limiter, LIMITS), siteUrl: SITE });
    const config = parseConfig({ SITE_URL: SITE, TRUST_PROXY: '1' });
    const oauth = { providers: providersFromEnv(fp.env('github')), stateSecret: () => 's'.repeat(40), config };
    const account = { auth: async () => auth, config };
    const operators = createOperatorService(t, { secret: 'd'.repeat(40), guard: createIdentityGuard(async () => limiter, LIMITS) });
    const operatorArea = operatorRoutes(areaDeps({ ...account, operators: async () => operators }));
    ({ app } = createHttpApp({
      inner: async () => new Response('<p>page</p>', { headers: { 'content-type': 'text/html' } }),
      config,
      prod: false,
      build: { id: 'b', timestamp: 0 },
      trustProxy: config.TRUST_PROXY,
      loadUser: userLoaderOf(async () => auth),
      routes: actionRoutes({
        ...createAccountActions(account),
        // The account page (a new password or email) and its emailed links' buttons.
        ...(({ account: page, confirm, undo }) => ({ account: page, accountEmailConfirm: confirm, accountEmailUndo: undo }))(
          createAccountSettingsActions(account),
        ),
        // Deleting one's own account (decision 073).
        accountDelete: createAccountDeletionAction(account),
        // The company sign-up is the hire area's route.
        hireStartNow: hireRoutes(areaDeps(account)).hireStartNow.action,
        operatorVerify: operatorArea.operatorVerify.action,
        ...createSalaryActions({
          account,
          contributions: async () => {
            throw new Error('not used');
          },
        }),
      }),
      api: createApiApp({ auth: async () => auth, trustProxy: config.TRUST_PROXY }),
      cms: createCmsApp({ auth: async () => auth, trustProxy: config.TRUST_PROXY, oauth }),
    }));
    for (const [type, email] of [
      ['match', 'victima@example.com'],
      ['hire', 'empresa@example.com'],
      ['match', 'cambio@example.com'],
      ['match', 'ajustes@example.com'],
      ['hire', 'ajustes-empresa@example.com'],
      ['match', 'borrar@example.com'],
    ] as const) {
      await auth.register(
        type,
        { name: 'Vic', last_name: 'Tima', email, password: PASSWORD, company_name: 'Víctima SA' },
        { ip: `setup-${email}` },
      );
    }
  });
  beforeAll(async () => {
    // An operator enrols on one session (its code spent), and signs in again: the door is that session's step.
    const operators = createOperatorService(t, { secret: 'd'.repeat(40) });
    const email = 'opera@example.com';
    const plain = createAuthService(t, 'd'.repeat(40));
    const first = await plain.register('match', { name: 'Op', last_name: 'Era', email, password: PASSWORD }, { ip: 'setup' });
    await operators.add(email);
    const { secret } = (await operators.enrolment(first.user.id))!;
    const code = TOTP.generate({ secret: Secret.fromBase32(secret) });
    expect(await operators.enrol(first.user.id, first.access_token, code, { ip: 'setup' })).toHaveLength(10);
    const token = (await plain.login('match', email, PASSWORD, { ip: 'setup' })).access_token;
    operatorCookie = `tandem_token=${token}; tandem_type=match`;
  });
  afterAll(async () => {
    await fp?.close();
    await t?.cleanup();
  });

  const json = (method: string, path: string, ip: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.request(path, {
      method,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const form = (path: string, ip: string, fields: Record<string, string>, cookie?: string) =>
    app.request(path, {
      method: 'POST',
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE, 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
    });
  const signUp = (extra: Record<string, string> = {}) => ({
    name: 'Ana',
    last_name: 'Ruiz',
    email: fresh(),
    password: 'clave-segura-9',
    ...extra,
  });
  const code = () => 'c'.repeat(43);
  /** The browser's provider round trip up to our callback, with a code the provider does not know. */
  const providerCallback = async (ip: string) => {
    const start = await app.request('/cms/connect/github', { headers: { 'x-forwarded-for': ip } });
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!;
    const cookie = start.headers
      .getSetCookie()
      .find((c) => c.startsWith('tandem_oauth='))!
      .split(';')[0]!;
    return app.request(`/cms/connect/github/callback?state=${state}&code=unknown-code`, { headers: { cookie, 'x-forwarded-for': ip } });
  };
  // The change-password door's own session, signed in without counting against the account's limit.
  const unlimited = () => createAuthService(t, 'd'.repeat(40));
  let changer: Promise<string> | undefined;
  const bearer = async () => ({
    authorization: `Bearer ${await (changer ??= unlimited()
      .login('match', 'cambio@example.com', PASSWORD, { ip: 'setup' })
      .then((r) => r.access_token))}`,
  });

  // The account page's own sessions (one per account type), signed in without counting against their limits.
  const sessions = new Map<string, Promise<string>>();
  const signedIn = (type: 'match' | 'hire', email: string) =>
    (sessions.get(email) ??
      sessions
        .set(
          email,
          unlimited()
            .login(type, email, PASSWORD, { ip: 'setup' })
            .then((r) => `tandem_token=${r.access_token}; tandem_type=${type}`),
        )
        .get(email))!;

  // Each door knocks from its own address with the same account (where there is one): the account limit
  // (or, without an account, the address limit) is what trips.
  const doors: Door[] = [
    {
      name: 'POST /api/v3/match/auth/login',
      limit: 3,
      knock: (_n, ip) => json('POST', '/api/v3/match/auth/login', ip, { email: 'a1@example.com', password: 'mala' }),
    },
    {
      name: 'POST /api/v3/hire/auth/login',
      limit: 3,
      knock: (_n, ip) => json('POST', '/api/v3/hire/auth/login', ip, { email: 'a2@example.com', password: 'mala' }),
    },
    { name: 'POST /api/v3/match/register', limit: 3, knock: (_n, ip) => json('POST', '/api/v3/match/register', ip, signUp()) },
    {
      name: 'POST /api/v3/hire/register',
      limit: 3,
      knock: (_n, ip) => json('POST', '/api/v3/hire/register', ip, signUp({ company_name: 'Nueva SA' })),
    },
    {
      name: 'POST /cms/auth/local',
      limit: 3,
      knock: (_n, ip) => json('POST', '/cms/auth/local', ip, { identifier: 'a3@example.com', password: 'mala' }),
    },
    {
      name: 'POST /cms/auth/local/register',
      limit: 3,
      knock: (_n, ip) => json('POST', '/cms/auth/local/register', ip, { username: 'Ana', email: fresh(), password: 'clave-segura-9' }),
    },
    {
      name: 'POST /cms/auth/forgot-password',
      limit: 2,
      knock: (_n, ip) => json('POST', '/cms/auth/forgot-password', ip, { email: 'a4@example.com' }),
    },
    {
      name: 'POST /cms/auth/send-email-confirmation',
      limit: 2,
      knock: (_n, ip) => json('POST', '/cms/auth/send-email-confirmation', ip, { email: 'a5@example.com' }),
    },
    {
      name: 'POST /cms/auth/reset-password',
      limit: 3,
      knock: (_n, ip) =>
        json('POST', '/cms/auth/reset-password', ip, { code: code(), password: 'nueva-clave-1', passwordConfirmation: 'nueva-clave-1' }),
    },
    {
      name: 'GET /cms/auth/email-confirmation',
      limit: 3,
      knock: (_n, ip) => json('GET', `/cms/auth/email-confirmation?confirmation=${code()}`, ip),
    },
    {
      name: 'POST /cms/auth/change-password',
      limit: 3,
      knock: async (_n, ip) =>
        json(
          'POST',
          '/cms/auth/change-password',
          ip,
          { currentPassword: 'mala', password: 'otra-clave-1', passwordConfirmation: 'otra-clave-1' },
          await bearer(),
        ),
    },
    {
      name: 'GET /cms/auth/github/callback',
      limit: 2,
      knock: (_n, ip) => json('GET', '/cms/auth/github/callback?access_token=not-a-token', ip),
    },
    { name: 'GET /cms/connect/github/callback', limit: 2, knock: (_n, ip) => providerCallback(ip) },
    {
      name: `POST ${href('login', 'es')}`,
      limit: 3,
      knock: (_n, ip) => form(href('login', 'es'), ip, { email: 'a6@example.com', password: 'mala' }),
    },
    {
      name: `POST ${href('login', 'en')}`,
      limit: 3,
      knock: (_n, ip) => form(href('login', 'en'), ip, { email: 'a7@example.com', password: 'mala' }),
    },
    { name: `POST ${href('signUp', 'es')}`, limit: 3, knock: (_n, ip) => form(href('signUp', 'es'), ip, signUp()) },
    {
      name: `POST ${href('hireStartNow', 'es')}`,
      limit: 3,
      knock: (_n, ip) => form(href('hireStartNow', 'es'), ip, signUp({ company_name: 'Otra SA' })),
    },
    { name: `POST ${href('calculatorRegister', 'es')}`, limit: 3, knock: (_n, ip) => form(href('calculatorRegister', 'es'), ip, signUp()) },
    {
      name: `POST ${href('forgotPassword', 'es')}`,
      limit: 2,
      knock: (_n, ip) => form(href('forgotPassword', 'es'), ip, { email: 'a8@example.com' }),
    },
    {
      name: `POST ${href('confirmEmail', 'es', { token: 'x' })} (new link)`,
      limit: 2,
      knock: (_n, ip) => form(href('confirmEmail', 'es', { token: code() }), ip, { email: 'a9@example.com' }),
    },
    {
      name: `POST ${href('resetPassword', 'es', { token: 'x' })}`,
      limit: 3,
      knock: (_n, ip) =>
        form(href('resetPassword', 'es', { token: code() }), ip, { password: 'nueva-clave-1', passwordConfirmation: 'nueva-clave-1' }),
    },
    {
      name: `POST ${href('account', 'es')} (new password)`,
      limit: 3,
      knock: async (_n, ip) =>
        form(
          href('account', 'es'),
          ip,
          { currentPassword: 'mala-clave-1', password: 'otra-clave-1', passwordConfirmation: 'otra-clave-1' },
          await signedIn('match', 'ajustes@example.com'),
        ),
    },
    {
      name: `POST ${href('account', 'en')} (new email)`,
      limit: 3,
      knock: async (_n, ip) =>
        form(
          href('account', 'en'),
          ip,
          { email: fresh(), currentPassword: 'mala-clave-1' },
          await signedIn('hire', 'ajustes-empresa@example.com'),
        ),
    },
    {
      name: `POST ${href('accountDelete', 'es')} (delete the account)`,
      limit: 3,
      knock: async (_n, ip) =>
        form(
          href('accountDelete', 'es'),
          ip,
          { currentPassword: 'mala-clave-1', confirmDelete: 'yes' },
          await signedIn('match', 'borrar@example.com'),
        ),
    },
    {
      name: `POST ${href('accountEmailConfirm', 'es', { token: 'x' })}`,
      limit: 3,
      knock: (_n, ip) => form(href('accountEmailConfirm', 'es', { token: code() }), ip, {}),
    },
    {
      name: `POST ${href('accountEmailUndo', 'en', { token: 'x' })}`,
      limit: 3,
      knock: (_n, ip) => form(href('accountEmailUndo', 'en', { token: code() }), ip, {}),
    },
    {
      name: `POST ${href('operatorVerify', 'es')} (the second step's code)`,
      limit: 3,
      knock: (_n, ip) =>
        app.request(href('operatorVerify', 'es'), {
          method: 'POST',
          body: new URLSearchParams({ code: 'AAAAA-AAAAA' }).toString(),
          headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE, 'x-forwarded-for': ip, cookie: operatorCookie },
        }),
    },
  ];

  it.each(doors.map((d, i) => [d.name, d, i] as const))('%s answers 429 with Retry-After after its limit', async (_n, door, i) => {
    const ip = `10.1.${i}.1`;
    const before: number[] = [];
    for (let n = 0; n < door.limit; n++) before.push((await door.knock(n, ip)).status);
    expect(
      before.every((s) => s !== 429 && s < 500),
      `${door.name}: ${before}`,
    ).toBe(true);
    const refused = await door.knock(door.limit, ip);
    expect(refused.status, door.name).toBe(429);
    expect(refused.headers.get('retry-after'), door.name).toMatch(/^[1-9]\d*$/);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
  });

  it('a lock on one account made through the API holds on cms, the web form and the other account type, for the right password too', async () => {
    for (let n = 0; n < 3; n++)
      expect(
        (await json('POST', '/api/v3/match/auth/login', `10.2.${n}.1`, { email: 'victima@example.com', password: 'mala' })).status,
      ).toBe(401);
    expect((await json('POST', '/cms/auth/local', '10.2.9.1', { identifier: 'VICTIMA@example.com', password: PASSWORD })).status).toBe(429);
    expect((await form(href('login', 'es'), '10.2.9.2', { email: 'victima@example.com', password: PASSWORD })).status).toBe(429);
    expect((await json('POST', '/api/v3/match/auth/login', '10.2.9.3', { email: 'victima@example.com', password: PASSWORD })).status).toBe(
      429,
    );
  });

  it('a lock on one account made through cms holds on the API', async () => {
    for (let n = 0; n < 3; n++)
      expect((await json('POST', '/cms/auth/local', `10.3.${n}.1`, { identifier: 'empresa@example.com', password: 'mala' })).status).toBe(
        400,
      );
    expect((await json('POST', '/api/v3/hire/auth/login', '10.3.9.1', { email: 'empresa@example.com', password: PASSWORD })).status).toBe(
      429,
    );
  });

  it('an address locked at one door is locked at the others: sign-in by address, sign-up, email links, codes', async () => {
    const ip = '10.4.0.1';
    for (let n = 0; n < 6; n++) await json('POST', '/api/v3/match/auth/login', ip, { email: fresh(), password: 'mala' });
    expect((await json('POST', '/cms/auth/local', ip, { identifier: fresh(), password: 'mala' })).status).toBe(429);
    expect((await form(href('login', 'en'), ip, { email: fresh(), password: 'mala' })).status).toBe(429);

    const reg = '10.4.0.2';
    for (let n = 0; n < 3; n++) expect((await form(href('signUp', 'es'), reg, signUp())).status).toBe(303);
    expect(
      (await json('POST', '/cms/auth/local/register', reg, { username: 'Ana', email: fresh(), password: 'clave-segura-9' })).status,
    ).toBe(429);
    expect((await json('POST', '/api/v3/hire/register', reg, signUp({ company_name: 'X SA' }))).status).toBe(429);

    const links = '10.4.0.3';
    for (let n = 0; n < 4; n++) expect((await json('POST', '/cms/auth/forgot-password', links, { email: fresh() })).status).toBe(200);
    expect((await form(href('confirmEmail', 'es', { token: code() }), links, { email: fresh() })).status).toBe(429);

    const codes = '10.4.0.4';
    for (let n = 0; n < 3; n++) expect((await json('GET', `/cms/auth/email-confirmation?confirmation=${code()}`, codes)).status).toBe(400);
    expect(
      (
        await form(href('resetPassword', 'es', { token: code() }), codes, {
          password: 'nueva-clave-1',
          passwordConfirmation: 'nueva-clave-1',
        })
      ).status,
    ).toBe(429);
  });

  it("answers the browser's provider callback with a page in the visitor's language when the limit is spent", async () => {
    const ip = '10.5.0.1';
    for (let n = 0; n < 2; n++) expect((await providerCallback(ip)).status).toBe(303);
    const page = await providerCallback(ip);
    expect(page.status).toBe(429);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('Demasiados intentos');
    expect(html).toContain(`href="${href('login', 'es')}"`);
  });
});
