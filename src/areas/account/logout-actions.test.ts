import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { href } from '../../routes';
import { testDatabases } from '../../testing/databases';
import { PASSWORD, config, createFormWorld, type Account, type Answer, type FormWorld } from '../../testing/form-app';

// Signing out (logout-actions.ts): the post of GET /logout's page and the workspaces' "sign out everywhere". Through the
// HTTP layer on real services: the token ends on the server, not only in the browser.
describe.each(testDatabases)('logout on %s', (_db, open) => {
  let w: FormWorld;
  beforeAll(async () => {
    w = await createFormWorld(open);
  }, 60_000);
  afterAll(async () => w?.cleanup());

  /** A second session of the same account, as another device would hold. */
  const otherDevice = async (a: Account) => (await w.setupAuth.login(a.type, a.email, PASSWORD, { ip: 'device' })).access_token;
  /** Both session cookies cleared, with the attributes they were set with. */
  const expectCleared = (a: Answer) => {
    for (const name of [config.AUTH_COOKIE_TOKEN, config.AUTH_COOKIE_TYPE]) {
      const line = a.cookies.find((c) => c.startsWith(`${name}=;`));
      expect(line, `${name} in ${a.cookies.join(' | ')}`).toBeDefined();
      expect(line).toMatch(/Max-Age=0/);
      expect(line).toMatch(/Path=\//);
      expect(line).toMatch(/HttpOnly/);
    }
  };

  it('POST ends this session on the server, clears the cookies and goes home (no JavaScript: 303); other devices stay signed in', async () => {
    const ana = await w.account('match');
    const phone = await otherDevice(ana);
    const a = await w.post(href('logout', 'es'), {}, { as: ana, json: false });
    expect(a.status, a.text).toBe(303);
    expect(a.location).toBe(href('home', 'es'));
    expectCleared(a);
    expect(await w.live(ana.token, 'match')).toBe(false);
    expect(await w.live(phone, 'match')).toBe(true);
  });

  it('intent=everywhere ends every session of the account', async () => {
    const [eva, ana] = await Promise.all([w.account('hire'), w.account('match')]);
    const phone = await otherDevice(eva);
    const a = await w.post(href('logout', 'en'), { intent: 'everywhere' }, { as: eva });
    expect(a.json).toEqual({ ok: true, redirect: href('home', 'en') });
    expectCleared(a);
    expect(await w.live(eva.token, 'hire')).toBe(false);
    expect(await w.live(phone, 'hire')).toBe(false);
    // Another account is untouched.
    expect(await w.live(ana.token, 'match')).toBe(true);
  });

  it('GET /logout only asks: the session stays, nothing is cleared, and the page is not cached', async () => {
    const ana = await w.account('match');
    for (const locale of ['es', 'en'] as const) {
      const a = await w.get(href('logout', locale), {
        cookie: `${config.AUTH_COOKIE_TOKEN}=${ana.token}; ${config.AUTH_COOKIE_TYPE}=match`,
      });
      expect(a.status).toBe(200);
      expect(a.headers.get('cache-control')).toMatch(/no-store/);
      expect(a.cookies.filter((c) => c.startsWith(`${config.AUTH_COOKIE_TOKEN}=`))).toEqual([]);
      expect(await w.live(ana.token, 'match')).toBe(true);
    }
  });

  it('without a session, or with an ended one, still answers 303 home and clears the cookies', async () => {
    const anon = await w.post(href('logout', 'es'), {}, { json: false });
    expect(anon.status).toBe(303);
    expect(anon.location).toBe(href('home', 'es'));
    expectCleared(anon);
    const ana = await w.account('match');
    await w.svc.auth.logout(ana.token);
    const stale = await w.post(href('logout', 'es'), { intent: 'everywhere' }, { as: ana, json: false });
    expect(stale.status).toBe(303);
    expectCleared(stale);
  });

  it('signs the browser out even when the server cannot end the session (database down)', async () => {
    const ana = await w.account('match');
    const real = w.svc.auth;
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    w.svc.auth = {
      ...real,
      logout: async () => {
        throw new Error('database down');
      },
    };
    try {
      const a = await w.post(href('logout', 'es'), {}, { as: ana, json: false });
      expect(a.status).toBe(303);
      expectCleared(a);
      expect(errors).toHaveBeenCalledWith('[logout] could not end the session on the server', expect.any(Error));
    } finally {
      w.svc.auth = real;
      errors.mockRestore();
    }
  });
});
