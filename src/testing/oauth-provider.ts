import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

// A small OAuth 2 provider on 127.0.0.1 that speaks the GitHub dialect and OpenID Connect (Google,
// LinkedIn) as our client uses them: /authorize approves at once for the configured user, /token trades
// codes (checking the PKCE verifier, and adding a signed ID token for an OpenID request), the discovery
// document and the keys are published, and the profile endpoints answer for issued tokens. Tests change
// `user` between flows, and `idToken` to make the next ID token wrong in one way.
type FakeUser = {
  id: string;
  name: string;
  email: string | null;
  verified: boolean;
  picture?: string;
  /** The application the token was issued to (the test client when unset). */
  client?: string;
};

export type FakeProvider = {
  url: string;
  clientId: string;
  clientSecret: string;
  user: FakeUser;
  /** Make /authorize answer as if the user pressed "Cancel". */
  deny: boolean;
  /** Access tokens issued so far, with their user. */
  tokens: Map<string, FakeUser>;
  /** Overrides for the next ID tokens (another issuer, audience or nonce; signed by a key nobody published). */
  idToken: { iss?: string; aud?: string; nonce?: string; foreignKey?: boolean };
  close(): Promise<void>;
  env(provider: 'github' | 'google' | 'linkedin'): Record<string, string>;
};

export async function startFakeProvider(port = 0): Promise<FakeProvider> {
  const codes = new Map<string, { user: FakeUser; redirectUri: string; nonce: string | null; challenge: string | null }>();
  let seq = 0;
  const keys = await generateKeyPair('RS256');
  const foreign = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(keys.publicKey)), kid: 'fake-1', alg: 'RS256', use: 'sig' };
  const fp: FakeProvider = {
    url: '',
    clientId: 'test-client',
    clientSecret: 'test-secret',
    user: { id: '1001', name: 'Lucía Fernández', email: 'lucia@example.com', verified: true },
    deny: false,
    tokens: new Map(),
    idToken: {},
    close: () => new Promise((r) => server.close(() => r())),
    env: (p) => ({
      [`OAUTH_${p.toUpperCase()}_CLIENT_ID`]: fp.clientId,
      [`OAUTH_${p.toUpperCase()}_CLIENT_SECRET`]: fp.clientSecret,
      [`OAUTH_${p.toUpperCase()}_AUTHORIZE_URL`]: `${fp.url}/authorize`,
      [`OAUTH_${p.toUpperCase()}_TOKEN_URL`]: `${fp.url}/token`,
      [`OAUTH_${p.toUpperCase()}_PROFILE_URL`]: p === 'github' ? `${fp.url}/api` : `${fp.url}/userinfo`,
      ...(p === 'github' ? {} : { [`OAUTH_${p.toUpperCase()}_ISSUER`]: fp.url }),
      ...(p === 'google' ? { OAUTH_GOOGLE_TOKENINFO_URL: `${fp.url}/tokeninfo` } : {}),
    }),
  };
  const json = (res: import('node:http').ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  };
  const handle = async (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
    const url = new URL(req.url ?? '/', fp.url);
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    const who = bearer ? fp.tokens.get(bearer) : undefined;
    if (url.pathname === '/authorize') {
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      if (fp.deny || url.searchParams.get('client_id') !== fp.clientId) {
        back.searchParams.set('error', 'access_denied');
      } else {
        const code = `code-${++seq}`;
        codes.set(code, {
          user: { ...fp.user },
          redirectUri: back.origin + back.pathname,
          nonce: url.searchParams.get('nonce'),
          challenge: url.searchParams.get('code_challenge'),
        });
        back.searchParams.set('code', code);
      }
      res.writeHead(302, { location: back.toString() }).end();
      return;
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const form = new URLSearchParams(raw);
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      if (
        !grant ||
        form.get('client_id') !== fp.clientId ||
        form.get('client_secret') !== fp.clientSecret ||
        form.get('redirect_uri') !== grant.redirectUri ||
        (grant.challenge !== null &&
          createHash('sha256')
            .update(form.get('code_verifier') ?? '')
            .digest('base64url') !== grant.challenge)
      ) {
        return json(res, 400, { error: 'invalid_grant' });
      }
      const token = `tok-${++seq}`;
      fp.tokens.set(token, grant.user);
      if (grant.nonce === null) return json(res, 200, { access_token: token, token_type: 'bearer' });
      const u = grant.user;
      const [given, ...family] = u.name.split(' ');
      const o = fp.idToken;
      const id_token = await new SignJWT({
        nonce: o.nonce ?? grant.nonce,
        email: u.email,
        email_verified: u.verified,
        given_name: given,
        family_name: family.join(' '),
        name: u.name,
        picture: u.picture,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'fake-1' })
        .setIssuer(o.iss ?? fp.url)
        .setAudience(o.aud ?? u.client ?? fp.clientId)
        .setSubject(u.id)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(o.foreignKey ? foreign.privateKey : keys.privateKey);
      return json(res, 200, { access_token: token, token_type: 'Bearer', id_token });
    }
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer: fp.url,
        authorization_endpoint: `${fp.url}/authorize`,
        token_endpoint: `${fp.url}/token`,
        jwks_uri: `${fp.url}/jwks`,
        userinfo_endpoint: `${fp.url}/userinfo`,
      });
    }
    if (url.pathname === '/jwks') return json(res, 200, { keys: [jwk] });
    // GitHub's check of a token against an application, authenticated as that application.
    const app = /^\/api\/applications\/([^/]+)\/token$/.exec(url.pathname);
    if (app && req.method === 'POST') {
      let raw = '';
      for await (const chunk of req) raw += chunk;
      const basic = Buffer.from(`${fp.clientId}:${fp.clientSecret}`).toString('base64');
      if (req.headers.authorization !== `Basic ${basic}` || decodeURIComponent(app[1]!) !== fp.clientId)
        return json(res, 401, { message: 'Requires authentication' });
      const token = (JSON.parse(raw || '{}') as { access_token?: string }).access_token ?? '';
      const owner = fp.tokens.get(token);
      if (!owner || (owner.client ?? fp.clientId) !== fp.clientId) return json(res, 404, { message: 'Not Found' });
      return json(res, 200, { token, app: { client_id: fp.clientId }, user: { id: Number(owner.id) } });
    }
    // Google's tokeninfo: which client a token was issued to.
    if (url.pathname === '/tokeninfo') {
      const owner = fp.tokens.get(url.searchParams.get('access_token') ?? '');
      if (!owner) return json(res, 400, { error: 'invalid_token' });
      const client = owner.client ?? fp.clientId;
      return json(res, 200, { aud: client, azp: client, sub: owner.id, email: owner.email });
    }
    if (!who) return json(res, 401, { message: 'Bad credentials' });
    if (url.pathname === '/api/user') {
      return json(res, 200, {
        id: Number(who.id),
        login: who.name.split(' ')[0]!.toLowerCase(),
        name: who.name,
        email: null,
        avatar_url: who.picture ?? null,
      });
    }
    if (url.pathname === '/api/user/emails') {
      return json(
        res,
        200,
        who.email
          ? [
              { email: 'old@example.com', primary: false, verified: false },
              { email: who.email, primary: true, verified: who.verified },
            ]
          : [],
      );
    }
    if (url.pathname === '/userinfo') {
      const [given, ...family] = who.name.split(' ');
      return json(res, 200, {
        sub: who.id,
        email: who.email,
        email_verified: who.verified,
        given_name: given,
        family_name: family.join(' '),
        name: who.name,
        picture: who.picture,
      });
    }
    json(res, 404, { message: 'Not Found' });
  };
  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  fp.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  server.unref();
  return fp;
}
