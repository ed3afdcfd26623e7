import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { createAuthService } from '../accounts/auth-service';
import { createCmsApp } from './app';

describe.each(testDatabases)('content backend identity on %s', (_name, open) => {
  let t: TestDb;
  let app: Hono;
  beforeAll(async () => {
    t = await open();
    const auth = createAuthService(t, 'c'.repeat(40));
    app = new Hono().route('/cms', createCmsApp({ auth: async () => auth }));
  });
  afterAll(async () => t?.cleanup());

  const post = async (path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
    app.request(`/cms${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  it('refuses a JSON body nested past the limit with a 400', async () => {
    const res = await post('/auth/local', `{"identifier":${'['.repeat(30_000)}}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      'El cuerpo JSON anida demasiados niveles (máximo 32).',
    );
  });
  it('registers, signs in with {identifier, password} and reads /users/me', async () => {
    const reg = await post('/auth/local/register', { username: 'Marta', email: 'marta@example.com', password: 'clave-segura-1' });
    expect(reg.status).toBe(200);
    const r = (await reg.json()) as { jwt: string; user: { email: string; username: string; confirmed: boolean } };
    expect(r.jwt.split('.')).toHaveLength(3);
    expect(r.user).toMatchObject({ email: 'marta@example.com', username: 'Marta', confirmed: false });
    const login = (await (await post('/auth/local', { identifier: 'MARTA@example.com', password: 'clave-segura-1' })).json()) as {
      jwt: string;
    };
    const me = await app.request('/cms/users/me', { headers: { authorization: `Bearer ${login.jwt}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe('marta@example.com');
  });

  it('answers unknown paths with a JSON 404 in the Strapi shape, never the HTML page behind it', async () => {
    const site = new Hono().route('/cms', createCmsApp({ auth: async () => createAuthService(t, 'c'.repeat(40)) }));
    site.all('*', (c) => c.html('<h1>page</h1>', 404));
    for (const path of ['/cms/nope', '/cms/api/nope', '/cms']) {
      const res = await site.request(path);
      expect(res.status, path).toBe(404);
      expect(((await res.json()) as { error: { status: number; name: string } }).error).toMatchObject({
        status: 404,
        name: 'NotFoundError',
      });
    }
    const wrong = await site.request('/cms/auth/local', { method: 'PUT' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
  });

  it('answers errors in the Strapi v4 shape', async () => {
    const bad = await post('/auth/local', { identifier: 'marta@example.com', password: 'nope-nope' }, { lang: 'en' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      data: null,
      error: { status: 400, name: 'ValidationError', message: 'The email or password is not correct.', details: {} },
    });
    const unauth = await app.request('/cms/users/me');
    expect(unauth.status).toBe(401);
    expect(((await unauth.json()) as { error: { name: string } }).error.name).toBe('UnauthorizedError');
    const invalid = await post('/auth/local/register', { username: '', email: 'x', password: '1' });
    expect(invalid.status).toBe(400);
    const details = ((await invalid.json()) as { error: { details: { errors: Record<string, string> } } }).error.details.errors;
    expect(Object.keys(details).sort()).toEqual(['email', 'password', 'username']);
    expect((await post('/auth/local', '{oops')).status).toBe(400);
    expect((await app.request('/cms/auth/local')).status).toBe(405);
    expect((await app.request('/cms/nothing')).status).toBe(404);
  });

  it('refuses a second account for one email', async () => {
    const dup = await post('/auth/local/register', { username: 'Otra', email: 'Marta@Example.com', password: 'clave-segura-2' });
    expect(dup.status).toBe(400);
    expect(((await dup.json()) as { error: { message: string } }).error.message).toBe('Ya existe una cuenta con este correo.');
  });
});

describe.each(testDatabases)('password reset and change on %s', (_name, open) => {
  let t: TestDb;
  let app: Hono;
  const sent: string[] = [];
  beforeAll(async () => {
    t = await open();
    const { createEmailService } = await import('../email/email-service');
    const { createIdentityGuard, createRateLimiter } = await import('../limits/rate-limit');
    const limiter = createRateLimiter(t);
    const auth = createAuthService(t, 'c'.repeat(40), {
      email: createEmailService(t, { log: (m) => sent.push(m) }),
      siteUrl: 'https://tandem.example',
      guard: createIdentityGuard(async () => limiter),
    });
    app = new Hono().route('/cms', createCmsApp({ auth: async () => auth, trustProxy: { hops: 1 } }));
  });
  afterAll(async () => t?.cleanup());

  const post = async (path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
    app.request(`/cms${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const lastLink = async () => {
    const row = await t.db
      .selectFrom('email_outbox')
      .select(['text_body', 'to_email', 'subject'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return { ...row, code: /\/(?:restablecer-contrasena|en\/reset-password)\/([A-Za-z0-9_-]+)/.exec(row.text_body)?.[1] ?? '' };
  };

  it('sends a single-use reset link that signs the user in and ends older sessions', async () => {
    const reg = (await (
      await post('/auth/local/register', { username: 'Rosa', email: 'rosa@example.com', password: 'vieja-clave-1' })
    ).json()) as { jwt: string };
    const forgot = await post('/auth/forgot-password', { email: 'rosa@example.com' }, { 'x-forwarded-for': '203.0.113.1' });
    expect(forgot.status).toBe(200);
    const mail = await lastLink();
    expect(mail.to_email).toBe('rosa@example.com');
    expect(mail.text_body).toContain('https://tandem.example/restablecer-contrasena/');
    const reset = await post('/auth/reset-password', { code: mail.code, password: 'nueva-clave-1', passwordConfirmation: 'nueva-clave-1' });
    expect(reset.status).toBe(200);
    const fresh = ((await reset.json()) as { jwt: string }).jwt;
    const meNow = await app.request('/cms/users/me', { headers: { authorization: `Bearer ${fresh}` } });
    expect(((await meNow.json()) as { email: string }).email).toBe('rosa@example.com');
    // the old session is over, the code is spent, the new password works
    expect((await app.request('/cms/users/me', { headers: { authorization: `Bearer ${reg.jwt}` } })).status).toBe(401);
    const again = await post(
      '/auth/reset-password',
      { code: mail.code, password: 'otra-clave-12', passwordConfirmation: 'otra-clave-12' },
      { lang: 'en' },
    );
    expect(again.status).toBe(400);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      'The link is not valid or has expired. Ask for a new one.',
    );
    expect((await post('/auth/local', { identifier: 'rosa@example.com', password: 'nueva-clave-1' })).status).toBe(200);
  });

  it('answers 200 for unknown emails without sending anything, and limits requests', async () => {
    const before = sent.length;
    expect((await post('/auth/forgot-password', { email: 'ghost@example.com' }, { 'x-forwarded-for': '203.0.113.2' })).status).toBe(200);
    expect(sent.length).toBe(before);
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await post('/auth/forgot-password', { email: `x${i}@example.com` }, { 'x-forwarded-for': '203.0.113.3' })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('ends older unused reset links when a new one is asked for, and every other link when one is used', async () => {
    const forgot = async () => {
      expect((await post('/auth/forgot-password', { email: 'rosa@example.com' }, { 'x-forwarded-for': '203.0.113.20' })).status).toBe(200);
      return (await lastLink()).code;
    };
    const reset = (code: string, password: string) => post('/auth/reset-password', { code, password, passwordConfirmation: password });
    const first = await forgot();
    const second = await forgot();
    expect(second).not.toBe(first);
    expect((await reset(first, 'clave-del-primero')).status).toBe(400);
    // Two live links at once can only come from before this rule (or a race): using one ends the other.
    const user = await t.db.selectFrom('users').select('id').where('email', '=', 'rosa@example.com').executeTakeFirstOrThrow();
    const { createAuthCode } = await import('../accounts/data/auth-codes');
    const third = await forgot();
    const raced = await createAuthCode(t.db, user.id, 'reset', 60_000);
    await t.db.updateTable('auth_codes').set({ used_at: null }).where('user_id', '=', user.id).where('kind', '=', 'reset').execute();
    expect((await reset(raced, 'nueva-clave-1')).status).toBe(200);
    expect((await reset(third, 'clave-del-tercero')).status).toBe(400);
    expect((await reset(second, 'clave-del-segundo')).status).toBe(400);
    expect((await post('/auth/local', { identifier: 'rosa@example.com', password: 'nueva-clave-1' })).status).toBe(200);
  });

  it('rejects mismatched confirmations and expired codes', async () => {
    const mismatch = await post(
      '/auth/reset-password',
      { code: 'x'.repeat(43), password: 'nueva-clave-1', passwordConfirmation: 'otra-cosa-22' },
      { lang: 'en' },
    );
    expect(mismatch.status).toBe(400);
    expect(
      ((await mismatch.json()) as { error: { details: { errors: Record<string, string> } } }).error.details.errors.passwordConfirmation,
    ).toBe('The passwords do not match.');
    const user = await t.db.selectFrom('users').select('id').where('email', '=', 'rosa@example.com').executeTakeFirstOrThrow();
    const { createAuthCode } = await import('../accounts/data/auth-codes');
    const expired = await createAuthCode(t.db, user.id, 'reset', 1000, Date.now() - 5000);
    expect(
      (await post('/auth/reset-password', { code: expired, password: 'nueva-clave-2', passwordConfirmation: 'nueva-clave-2' })).status,
    ).toBe(400);
  });

  it('changes the password of a signed-in user who knows the current one', async () => {
    const login = (await (await post('/auth/local', { identifier: 'rosa@example.com', password: 'nueva-clave-1' })).json()) as {
      jwt: string;
    };
    const auth = { authorization: `Bearer ${login.jwt}` };
    const wrong = await post(
      '/auth/change-password',
      { currentPassword: 'no-es-esta', password: 'tercera-clave', passwordConfirmation: 'tercera-clave' },
      auth,
    );
    expect(wrong.status).toBe(400);
    const ok = await post(
      '/auth/change-password',
      { currentPassword: 'nueva-clave-1', password: 'tercera-clave', passwordConfirmation: 'tercera-clave' },
      auth,
    );
    expect(ok.status).toBe(200);
    expect((await app.request('/cms/users/me', { headers: auth })).status).toBe(401);
    expect(
      (await post('/auth/change-password', { currentPassword: 'x', password: 'y'.repeat(8), passwordConfirmation: 'y'.repeat(8) })).status,
    ).toBe(401);
  });
});

describe.each(testDatabases)('email confirmation on %s', (_name, open) => {
  let t: TestDb;
  let app: Hono;
  beforeAll(async () => {
    t = await open();
    const { createEmailService } = await import('../email/email-service');
    const auth = createAuthService(t, 'c'.repeat(40), {
      email: createEmailService(t, { log: () => {} }),
      siteUrl: 'https://tandem.example',
    });
    app = new Hono().route('/cms', createCmsApp({ auth: async () => auth }));
  });
  afterAll(async () => t?.cleanup());

  const post = async (path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> =>
    app.request(`/cms${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

  it('sends the confirmation email on sign-up, in the language of the request', async () => {
    expect(
      (await post('/auth/local/register', { username: 'Iker', email: 'iker@example.com', password: 'clave-segura-9' }, { lang: 'en' }))
        .status,
    ).toBe(200);
    const mail = await t.db
      .selectFrom('email_outbox')
      .select(['to_email', 'subject', 'text_body', 'locale', 'kind'])
      .where('to_email', '=', 'iker@example.com')
      .execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ kind: 'email-confirmation', locale: 'en', subject: 'Confirm your email for Tandem' });
    expect(mail[0]!.text_body).toMatch(/^Hi Iker,\n[\s\S]*https:\/\/tandem\.example\/en\/confirm-email\/[A-Za-z0-9_-]{43}\n/);
  });

  it('emails a confirmation link that activates the account once', async () => {
    await post('/auth/local/register', { username: 'Eva', email: 'eva@example.com', password: 'clave-segura-9' });
    const sent = await post('/auth/send-email-confirmation', { email: 'eva@example.com' }, { lang: 'en' });
    expect(sent.status).toBe(200);
    const mail = await t.db.selectFrom('email_outbox').select(['text_body', 'locale']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(mail.locale).toBe('en');
    const code = /\/en\/confirm-email\/([A-Za-z0-9_-]+)/.exec(mail.text_body)?.[1] ?? '';
    const ok = await app.request(`/cms/auth/email-confirmation?confirmation=${code}`);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { user: { confirmed: boolean; user_status: string } }).user).toMatchObject({
      confirmed: true,
      user_status: 'active',
    });
    expect((await app.request(`/cms/auth/email-confirmation?confirmation=${code}`)).status).toBe(400);
    expect((await app.request('/cms/auth/email-confirmation')).status).toBe(400);
    // confirmed accounts get no further mail
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('email_outbox')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await post('/auth/send-email-confirmation', { email: 'eva@example.com' });
    expect(await count()).toBe(before);
  });
});
