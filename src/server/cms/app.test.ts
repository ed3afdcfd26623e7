import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { createAuthService } from '../services/auth-service';
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
    app.request(`/cms${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });

  it('registers, signs in with {identifier, password} and reads /users/me', async () => {
    const reg = await post('/auth/local/register', { username: 'Marta', email: 'marta@example.com', password: 'clave-segura-1' });
    expect(reg.status).toBe(200);
    const r = (await reg.json()) as { jwt: string; user: { email: string; username: string; confirmed: boolean } };
    expect(r.jwt.split('.')).toHaveLength(3);
    expect(r.user).toMatchObject({ email: 'marta@example.com', username: 'Marta', confirmed: false });
    const login = (await (await post('/auth/local', { identifier: 'MARTA@example.com', password: 'clave-segura-1' })).json()) as { jwt: string };
    const me = await app.request('/cms/users/me', { headers: { authorization: `Bearer ${login.jwt}` } });
    expect(me.status).toBe(200);
    expect(((await me.json()) as { email: string }).email).toBe('marta@example.com');
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
