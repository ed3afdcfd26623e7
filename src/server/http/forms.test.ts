import { describe, expect, it, vi } from 'vitest';
import { parseConfig, type ServerConfig } from '../config';
import { getRequestContext } from '../request-context';
import type { UserLoader } from '../accounts/session';
import { createHttpApp } from './app';
import type { TrustProxy } from './client-ip';
import type { FormHandler, FormInput } from './forms';

const defaultConfig = parseConfig({});
const anaOnly: UserLoader = async (token) =>
  token === 'good'
    ? { id: 1, name: 'Ana', last_name: 'Díaz', email: 'a@b.co', profile_picture_path: null, profile_slug: 'ana', user_status: 'active' }
    : 'invalid';

function setup(
  seen: FormInput[] = [],
  {
    config = defaultConfig,
    trustProxy = null,
    loadUser = anaOnly,
  }: { config?: ServerConfig; trustProxy?: TrustProxy; loadUser?: UserLoader } = {},
) {
  const login: FormHandler = {
    async handle(input) {
      seen.push(input);
      if (input.fields.email === 'ok@example.com')
        return { ok: true, redirect: '/match/plataforma', cookies: ['tandem_token=abc; Path=/; HttpOnly'] };
      return {
        ok: false,
        status: 401,
        message: input.t('api.invalidCredentials'),
        errors: { email: 'x' },
        values: { email: input.fields.email ?? '' },
      };
    },
  };
  // The page render shows what the form state and session were, as a template would.
  const inner = async () => {
    const ctx = getRequestContext();
    return new Response(`<p>form=${JSON.stringify(ctx?.form ?? null)} user=${ctx?.session?.user?.name ?? 'anon'}</p>`, {
      headers: { 'content-type': 'text/html' },
    });
  };
  const { app } = createHttpApp({
    inner,
    config,
    prod: false,
    build: { id: 'b', timestamp: 0 },
    routes: { login: { action: login } },
    trustProxy,
    loadUser,
  });
  return app;
}

const post = (app: ReturnType<typeof setup>, path: string, body: string, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost', ...headers },
  });

describe('form posts to pages', () => {
  it('redirects with 303 and the handler cookies on success, without JavaScript', async () => {
    const res = await post(setup(), '/ingresar?redirect=/x', 'email=ok%40example.com&password=p');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/match/plataforma');
    expect(res.headers.get('set-cookie')).toBe('tandem_token=abc; Path=/; HttpOnly');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('re-renders the page with the errors (and the handler status) on failure', async () => {
    const res = await post(setup(), '/en/login', 'email=no%40example.com&password=p');
    expect(res.status).toBe(401);
    expect(await res.text()).toContain('"message":"The email or password is not correct."');
  });

  it('answers JSON to the form islands', async () => {
    const app = setup();
    const ok = await post(app, '/ingresar', 'email=ok%40example.com', { accept: 'application/json' });
    expect(await ok.json()).toEqual({ ok: true, redirect: '/match/plataforma' });
    const bad = await post(app, '/ingresar', 'email=no%40example.com', { accept: 'application/json' });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({
      ok: false,
      message: 'El correo o la contraseña no son correctos.',
      errors: { email: 'x' },
      values: { email: 'no@example.com' },
    });
  });

  it('passes the locale, route params, query and the signed-in user to the handler', async () => {
    const seen: FormInput[] = [];
    await post(setup(seen), '/en/login?redirect=%2Fen%2Ftools', 'email=no%40example.com', {
      cookie: 'tandem_token=good; tandem_type=match',
    });
    expect(seen[0]).toMatchObject({ id: 'login', locale: 'en', fields: { email: 'no@example.com' }, token: 'good' });
    expect(seen[0]!.query.get('redirect')).toBe('/en/tools');
    expect(seen[0]!.session.user?.name).toBe('Ana');
  });

  it('refuses posts from other sites, unreadable bodies, oversized bodies and pages without a form', async () => {
    const app = setup();
    expect((await post(app, '/ingresar', 'email=a', { origin: 'https://evil.example' })).status).toBe(403);
    expect((await post(app, '/ingresar', 'email=a', { 'sec-fetch-site': 'cross-site' })).status).toBe(403);
    expect((await post(app, '/ingresar', 'email=a', { origin: 'http://localhost' })).status).toBe(401);
    expect((await post(app, '/ingresar', '{"email":"a"}', { 'content-type': 'application/json' })).status).toBe(400);
    expect((await post(app, '/ingresar', `email=${'a'.repeat(70_000)}`)).status).toBe(413);
    const none = await post(app, '/hire/pricing', 'a=1');
    expect(none.status).toBe(405);
    expect(none.headers.get('allow')).toBe('GET, HEAD');
  });

  it('behind a proxy that rewrites Host, accepts posts from the SITE_URL origin only', async () => {
    const app = setup([], { config: parseConfig({ SITE_URL: 'https://tandem.example' }) });
    // nginx's default passes the upstream's name as Host
    const behind = { host: 'tandem' };
    expect((await post(app, '/ingresar', 'email=a', { ...behind, origin: 'https://tandem.example' })).status).toBe(401);
    expect(
      (await post(app, '/ingresar', 'email=a', { ...behind, origin: 'https://tandem.example', 'sec-fetch-site': 'same-origin' })).status,
    ).toBe(401);
    expect((await post(app, '/ingresar', 'email=a', behind)).status).toBe(401);
    for (const origin of [
      'https://evil.example',
      'null',
      'http://tandem.example',
      'https://tandem.example.evil.example',
      'http://tandem',
      'not a url',
    ]) {
      expect((await post(app, '/ingresar', 'email=a', { ...behind, origin })).status, origin).toBe(403);
    }
    // The Host no longer counts once SITE_URL is set, even when it matches the Origin.
    expect((await post(app, '/ingresar', 'email=a', { host: 'evil.example', origin: 'https://evil.example' })).status).toBe(403);
    expect(
      (await post(app, '/ingresar', 'email=a', { ...behind, origin: 'https://tandem.example', 'sec-fetch-site': 'cross-site' })).status,
    ).toBe(403);
  });

  it('without SITE_URL, compares the Origin with the Host as before', async () => {
    const app = setup();
    expect((await post(app, '/ingresar', 'email=a', { host: 'tandem.internal:8080', origin: 'https://tandem.internal:8080' })).status).toBe(
      401,
    );
    expect((await post(app, '/ingresar', 'email=a', { host: 'tandem', origin: 'https://tandem.example' })).status).toBe(403);
    expect((await post(app, '/ingresar', 'email=a', { origin: 'null' })).status).toBe(403);
  });

  it('hands the handler the client address behind the trusted proxy, not a spoofed first hop', async () => {
    const seen: FormInput[] = [];
    await post(setup(seen, { trustProxy: { hops: 1 } }), '/ingresar', 'email=a', { 'x-forwarded-for': '6.6.6.6, 198.51.100.4' });
    await post(setup(seen), '/ingresar', 'email=a', { 'x-forwarded-for': '198.51.100.4' });
    expect(seen.map((s) => s.ip)).toEqual(['198.51.100.4', 'unknown']);
  });
});

describe('session on page requests', () => {
  it('loads the user once and hands it to the render', async () => {
    const loadUser = vi.fn(anaOnly);
    const res = await setup([], { loadUser }).request('/hire', { headers: { cookie: 'tandem_token=good; tandem_type=match' } });
    expect(await res.text()).toContain('user=Ana');
    expect(loadUser).toHaveBeenCalledTimes(1);
    expect(loadUser).toHaveBeenCalledWith('good', 'match');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('loads the user once for a failed signed-in post, action and re-rendered page together', async () => {
    const loadUser = vi.fn(anaOnly);
    const seen: FormInput[] = [];
    const res = await post(setup(seen, { loadUser }), '/ingresar', 'email=no%40example.com&password=x', {
      cookie: 'tandem_token=good; tandem_type=match',
    });
    expect(res.status).toBe(401);
    expect(await res.text()).toContain('user=Ana');
    expect(seen[0]?.viewer).toEqual({ id: 1, type: 'match' });
    expect(loadUser).toHaveBeenCalledTimes(1);
  });

  it('does not load a user without a session cookie', async () => {
    const loadUser = vi.fn(anaOnly);
    expect(await (await setup([], { loadUser }).request('/hire')).text()).toContain('user=anon');
    expect(loadUser).not.toHaveBeenCalled();
  });

  it('clears the session cookies and the signed-in hint for a refused token and renders as anonymous', async () => {
    const res = await setup().request('/hire', { headers: { cookie: 'tandem_token=stale; tandem_type=match' } });
    expect(await res.text()).toContain('user=anon');
    const cleared = res.headers.getSetCookie();
    expect(cleared).toHaveLength(3);
    expect(cleared.every((c) => /Max-Age=0/.test(c))).toBe(true);
    expect(cleared.map((c) => c.split('=')[0])).toEqual(['tandem_token', 'tandem_type', 'tandem_signed_in']);
  });

  it('keeps the campaign of a visit in a cookie', async () => {
    const res = await setup().request('/hire?utm_source=a&utm_source=b');
    const utm = res.headers.getSetCookie().find((c) => c.startsWith('tandem_utm='))!;
    expect(decodeURIComponent(utm.split(';')[0]!.slice('tandem_utm='.length))).toBe('{"utm_source":"b"}');
    expect(utm).toMatch(/HttpOnly/);
  });
});
