import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { signToken } from './jwt';
import { createApiApp } from '../api/app';
import { createCmsApp } from '../cms/app';
import { sweepRevokedTokens } from './data/sessions';
import { createAuthService, type AuthService } from './auth-service';
import { IDENTITY_LIMITS, createIdentityGuard, createRateLimiter } from '../limits/rate-limit';

const SECRET = 'a'.repeat(40);
const IP = { ip: '198.51.100.7' };

describe.each(testDatabases)('sessions end on the server on %s', (_name, open) => {
  let t: TestDb;
  let auth: AuthService;
  let app: Hono;
  beforeAll(async () => {
    t = await open();
    auth = createAuthService(t, SECRET);
    app = new Hono().route('/api', createApiApp({ auth: async () => auth })).route('/cms', createCmsApp({ auth: async () => auth }));
    await auth.register('match', { name: 'Lola', last_name: 'Paz', email: 'lola@example.com', password: 'clave-segura-1' }, IP);
  });
  afterAll(async () => t?.cleanup());

  const me = (token: string) => app.request('/api/v3/match/auth/me', { headers: { authorization: `Bearer ${token}` } });
  const cmsMe = (token: string) => app.request('/cms/users/me', { headers: { authorization: `Bearer ${token}` } });
  const signIn = async () => (await auth.login('match', 'lola@example.com', 'clave-segura-1', IP)).access_token;

  it('gives every sign-in its own token id', async () => {
    const [a, b] = [await signIn(), await signIn()];
    const jti = (tk: string) => JSON.parse(Buffer.from(tk.split('.')[1]!, 'base64url').toString()).jti;
    expect(jti(a)).toMatch(/^[\w-]{22}$/);
    expect(jti(a)).not.toBe(jti(b));
  });

  it('after logout the token answers 401 on every door, while the other sessions go on', async () => {
    const phone = await signIn();
    const laptop = await signIn();
    expect((await me(phone)).status).toBe(200);
    await auth.logout(phone);
    expect((await me(phone)).status).toBe(401);
    expect((await cmsMe(phone)).status).toBe(401);
    await expect(auth.me(null, phone)).rejects.toMatchObject({ code: 'unauthorized' });
    expect((await me(laptop)).status).toBe(200);
    // A second logout with the same token changes nothing and does not fail.
    await expect(auth.logout(phone)).resolves.toBeUndefined();
  });

  it('POST /api/v3/{type}/auth/logout ends the bearer session', async () => {
    const tk = await signIn();
    const out = await app.request('/api/v3/match/auth/logout', { method: 'POST', headers: { authorization: `Bearer ${tk}` } });
    expect(out.status).toBe(200);
    expect((await me(tk)).status).toBe(401);
    expect((await app.request('/api/v3/match/auth/logout', { method: 'POST' })).status).toBe(401);
  });

  it('"sign out everywhere" ends every token of the user', async () => {
    const [a, b] = [await signIn(), await signIn()];
    await auth.logoutEverywhere(a);
    expect((await me(a)).status).toBe(401);
    expect((await me(b)).status).toBe(401);
    expect((await me(await signIn())).status).toBe(200);
  });

  it('refuses a token without an id (from before token ids): it could not be ended alone', async () => {
    const user = await t.db
      .selectFrom('users')
      .select(['id', 'token_version'])
      .where('email', '=', 'lola@example.com')
      .executeTakeFirstOrThrow();
    const legacy = await signToken({ sub: String(user.id), typ: 'match', ver: user.token_version }, SECRET);
    expect((await me(legacy)).status).toBe(401);
  });

  it('ends a session after 7 days without use, however young; a used one lives on to its 30th day, not past it', async () => {
    let clock = Date.parse('2026-11-01T10:00:00Z');
    const timed = createAuthService(t, SECRET, { now: () => clock });
    const day = 24 * 60 * 60_000;
    const idle = (await timed.login('match', 'lola@example.com', 'clave-segura-1', IP)).access_token;
    const busy = (await timed.login('match', 'lola@example.com', 'clave-segura-1', IP)).access_token;
    for (let d = 1; d <= 29; d++) {
      clock += day;
      // The busy session is used every day; the idle one only on day 1, so on day 9 it has been idle 8 days.
      expect((await timed.me('match', busy)).email).toBe('lola@example.com');
      if (d === 1) await timed.me('match', idle);
      if (d === 9) await expect(timed.me('match', idle)).rejects.toMatchObject({ code: 'unauthorized' });
    }
    clock += day + 1000; // 30 days and a second after sign-in
    await expect(timed.me('match', busy)).rejects.toMatchObject({ code: 'unauthorized' });
    // One write an hour at most, not one per request.
    const fresh = (await timed.login('match', 'lola@example.com', 'clave-segura-1', IP)).access_token;
    const jti = JSON.parse(Buffer.from(fresh.split('.')[1]!, 'base64url').toString()).jti as string;
    const seen = async () =>
      String(
        (await t.db.selectFrom('session_activity').select('last_seen_at').where('jti', '=', jti).executeTakeFirstOrThrow()).last_seen_at,
      );
    await timed.me('match', fresh);
    const first = await seen();
    clock += 30 * 60_000;
    await timed.me('match', fresh);
    expect(await seen()).toBe(first);
    clock += 40 * 60_000;
    await timed.me('match', fresh);
    expect(await seen()).not.toBe(first);
  });

  it('forgets revocations once the token would have expired anyway', async () => {
    const tk = await signIn();
    await auth.logout(tk);
    const { exp, jti } = JSON.parse(Buffer.from(tk.split('.')[1]!, 'base64url').toString()) as { exp: number; jti: string };
    // Earlier tests' tokens may expire first (a slow machine): what matters is this token's own revocation.
    const kept = async () => (await t.db.selectFrom('revoked_tokens').select('jti').where('jti', '=', jti).execute()).length;
    await sweepRevokedTokens(t.db, new Date(exp * 1000 - 1000));
    expect(await kept()).toBe(1);
    expect(await sweepRevokedTokens(t.db, new Date(exp * 1000 + 1000))).toBeGreaterThan(0);
    expect(await kept()).toBe(0);
  });

  it('signs up six people with one name at once: every account is created, each with its own profile slug', async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        auth.register('match', { name: 'Mismo', last_name: 'Nombre', email: `mismo${i}@example.com`, password: 'clave-segura-1' }, IP),
      ),
    );
    const slugs = results.map((r) => r.user.profile_slug);
    expect(new Set(slugs).size).toBe(6);
    await expect(
      auth.register('match', { name: 'Mismo', last_name: 'Nombre', email: 'MISMO0@example.com', password: 'clave-segura-1' }, IP),
    ).rejects.toMatchObject({ code: 'email-taken' });
  });

  it('refuses forged and malformed tokens without touching the database', async () => {
    for (const bad of [
      'x',
      'a.b.c',
      await signToken({ sub: '99999999999999999999', typ: 'match', ver: 0 }, SECRET),
      await signToken({ sub: 'abc', typ: 'match', ver: 0 }, SECRET),
      await signToken({ sub: '1', typ: 'match', ver: 0 }, 'b'.repeat(40)),
    ]) {
      expect((await me(bad)).status, bad).toBe(401);
    }
  });
});

describe.each(testDatabases)('identity limits in the service on %s', (_name, open) => {
  let t: TestDb;
  let auth: AuthService;
  beforeAll(async () => {
    t = await open();
    const limiter = createRateLimiter(t);
    const small = { max: 2, windowMs: 60_000 };
    auth = createAuthService(t, SECRET, {
      guard: createIdentityGuard(async () => limiter, { ...IDENTITY_LIMITS, loginPerEmail: small, codePerIp: small }),
    });
    await auth.register(
      'hire',
      { name: 'Nico', last_name: 'Ruiz', email: 'nico@example.com', password: 'clave-segura-1', company_name: 'Ruiz SA' },
      IP,
    );
  });
  afterAll(async () => t?.cleanup());

  it('counts sign-in, sign-in by any type and change password against one account limit', async () => {
    const { access_token } = await auth.login('hire', 'nico@example.com', 'clave-segura-1', { ip: '203.0.113.1' });
    await expect(auth.loginAnyType('NICO@example.com', 'wrong', { ip: '203.0.113.2' })).rejects.toMatchObject({
      code: 'invalid-credentials',
    });
    const refused = auth.changePassword(access_token, 'clave-segura-1', 'otra-clave-9', { ip: '203.0.113.3' });
    await expect(refused).rejects.toMatchObject({ code: 'rate-limited' });
    await expect(refused.catch((e) => e.retryAfterSeconds)).resolves.toBeGreaterThan(0);
    // The right password does not get through a spent limit either.
    await expect(auth.login('hire', 'nico@example.com', 'clave-segura-1', { ip: '203.0.113.4' })).rejects.toMatchObject({
      code: 'rate-limited',
    });
  });

  it('limits tried codes per address, whether for a reset or a confirmation', async () => {
    await expect(auth.confirmEmail('x'.repeat(43), { ip: '192.0.2.9' })).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(auth.resetCodeIsUsable('y'.repeat(43), { ip: '192.0.2.9' })).resolves.toBe(false);
    await expect(auth.resetPassword('z'.repeat(43), 'nueva-clave-1', { ip: '192.0.2.9' })).rejects.toMatchObject({ code: 'rate-limited' });
    await expect(auth.confirmEmail('x'.repeat(43), { ip: '192.0.2.10' })).rejects.toMatchObject({ code: 'invalid-input' });
  });

  it('asks the provider nothing once the address has used up its provider sign-ins', async () => {
    let asked = 0;
    const guard = createIdentityGuard(async () => createRateLimiter(t), {
      ...IDENTITY_LIMITS,
      providerPerIp: { max: 1, windowMs: 60_000 },
    });
    const strict = createAuthService(t, SECRET, { guard });
    const profile = async () => (
      asked++,
      { providerUserId: 'p-1', email: 'prov@example.com', emailVerified: true, name: 'Pro', lastName: 'V', picture: null }
    );
    await strict.signInWithProvider('github', profile, { ip: '192.0.2.50' });
    await expect(strict.signInWithProvider('github', profile, { ip: '192.0.2.50' })).rejects.toMatchObject({ code: 'rate-limited' });
    expect(asked).toBe(1);
  });
});
