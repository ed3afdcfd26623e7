import { Hono } from 'hono';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { startFakeProvider, type FakeProvider } from '../../testing/oauth-provider';
import { providersFromEnv } from '../accounts/oauth';
import { parseConfig } from '../config';
import { createAuthService } from '../accounts/auth-service';
import { createCmsApp } from './app';

// Google and LinkedIn by OpenID Connect against the local fake issuer (never an outside host): the
// discovery document, a nonce and a PKCE challenge on the way out, and an ID token that is believed only
// when its signature, issuer, audience and nonce all hold.
const SITE = 'https://tandem.example';
const config = parseConfig({ SITE_URL: SITE });

describe.each(testDatabases)('provider sign-in (OpenID Connect) on %s', (_name, open) => {
  let t: TestDb;
  let fp: FakeProvider;
  let app: Hono;
  const appWith = (env: Record<string, string>) =>
    new Hono().route(
      '/cms',
      createCmsApp({
        auth: async () => createAuthService(t, 'c'.repeat(40)),
        oauth: { providers: providersFromEnv(env), stateSecret: () => 's'.repeat(40), config },
      }),
    );
  beforeAll(async () => {
    t = await open();
    fp = await startFakeProvider();
    app = appWith({ ...fp.env('google'), ...fp.env('linkedin') });
  });
  afterAll(async () => {
    await fp?.close();
    await t?.cleanup();
  });
  let n = 0;
  beforeEach(() => {
    fp.idToken = {};
    n++;
    fp.user = { id: `oidc-${n}`, name: 'Rosa Quispe Mamani', email: `rosa${n}@example.com`, verified: true };
  });

  const cookieOf = (res: Response, name: string) =>
    res.headers
      .getSetCookie()
      .find((c) => c.startsWith(`${name}=`))
      ?.split(';')[0]
      ?.slice(name.length + 1);

  async function signIn(provider: 'google' | 'linkedin', on = app) {
    const start = await on.request(`/cms/connect/${provider}?lang=en`);
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location')!);
    const sealed = cookieOf(start, 'tandem_oauth');
    const consent = await fetch(authorize, { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    return { authorize, res: await on.request(back.pathname + back.search, { headers: { cookie: `tandem_oauth=${sealed}` } }) };
  }
  const accounts = async (email: string) => (await t.db.selectFrom('users').select('id').where('email', '=', email).execute()).length;

  it('signs a new person in with LinkedIn: nonce and PKCE on the way out, a candidate account from the ID token', async () => {
    const { authorize, res } = await signIn('linkedin');
    expect(authorize.origin + authorize.pathname).toBe(`${fp.url}/authorize`);
    expect(authorize.searchParams.get('scope')).toBe('openid profile email');
    expect(authorize.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/en/match/plataforma');
    const me = await app.request('/cms/users/me', { headers: { authorization: `Bearer ${cookieOf(res, 'tandem_token')}` } });
    expect(await me.json()).toMatchObject({ email: fp.user.email, name: 'Rosa', last_name: 'Quispe Mamani', confirmed: true });
    const identity = await t.db.selectFrom('oauth_identities').select('provider_user_id').where('provider', '=', 'linkedin').execute();
    expect(identity.map((i) => i.provider_user_id)).toContain(fp.user.id);
  });

  it('signs in with Google the same way, choosing the Google account', async () => {
    const { authorize, res } = await signIn('google');
    expect(authorize.searchParams.get('prompt')).toBe('select_account');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/en/match/plataforma');
    expect(await accounts(fp.user.email!)).toBe(1);
  });

  const refusals: [string, FakeProvider['idToken']][] = [
    ['another issuer', { iss: 'https://issuer.evil.example' }],
    ['another audience', { aud: 'someone-elses-client' }],
    ['another sign-in’s nonce', { nonce: 'replayed-nonce' }],
    ['a key the issuer never published', { foreignKey: true }],
  ];
  for (const [what, idToken] of refusals) {
    it(`refuses an ID token from ${what}: back to sign-in, no account`, async () => {
      fp.idToken = idToken;
      const { res } = await signIn('linkedin');
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/en/login?error=oauth-failed');
      expect(cookieOf(res, 'tandem_token')).toBeUndefined();
      expect(await accounts(fp.user.email!)).toBe(0);
    });
  }

  it('refuses a callback carrying another browser’s state, and an address the provider does not vouch for', async () => {
    const start = await app.request('/cms/connect/linkedin?lang=en');
    const consent = await fetch(new URL(start.headers.get('location')!), { redirect: 'manual' });
    const back = new URL(consent.headers.get('location')!);
    // Another browser's state cookie (another nonce and verifier) with this callback: the state does not match.
    const other = cookieOf(await app.request('/cms/connect/linkedin?lang=en'), 'tandem_oauth');
    const res = await app.request(back.pathname + back.search, { headers: { cookie: `tandem_oauth=${other}` } });
    expect(res.headers.get('location')).toBe('/en/login?error=oauth-failed');
    fp.user = { ...fp.user, verified: false };
    expect((await signIn('google')).res.headers.get('location')).toBe('/en/login?error=oauth-no-email');
    expect(await accounts(fp.user.email!)).toBe(0);
  });

  it('cannot start when the issuer’s discovery fails, and LinkedIn tokens are not taken at the token door', async () => {
    const broken = appWith({ ...fp.env('linkedin'), OAUTH_LINKEDIN_ISSUER: `${fp.url}/nowhere` });
    const start = await broken.request('/cms/connect/linkedin?lang=en&redirect=/en/tools');
    expect(start.status).toBe(303);
    expect(start.headers.get('location')).toBe('/en/login?error=oauth-failed&redirect=%2Fen%2Ftools');
    fp.tokens.set('tok-li', { id: 'li-1', name: 'Li', email: 'li@example.com', verified: true });
    expect((await app.request('/cms/auth/linkedin/callback?access_token=tok-li')).status).toBe(401);
  });

  it('shows each button only when its provider is configured', () => {
    expect(Object.keys(providersFromEnv({ ...fp.env('linkedin') }))).toEqual(['linkedin']);
    expect(Object.keys(providersFromEnv({ OAUTH_LINKEDIN_CLIENT_ID: 'x' }))).toEqual([]);
    expect(providersFromEnv({ OAUTH_GOOGLE_CLIENT_ID: 'a', OAUTH_GOOGLE_CLIENT_SECRET: 'b' }).google?.issuer).toBe(
      'https://accounts.google.com',
    );
    expect(providersFromEnv({ OAUTH_LINKEDIN_CLIENT_ID: 'a', OAUTH_LINKEDIN_CLIENT_SECRET: 'b' }).linkedin?.issuer).toBe(
      'https://www.linkedin.com/oauth',
    );
    expect(providersFromEnv({ OAUTH_GITHUB_CLIENT_ID: 'a', OAUTH_GITHUB_CLIENT_SECRET: 'b' }).github?.issuer).toBeNull();
  });
});
