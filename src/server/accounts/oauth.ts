import 'server-only';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

// Provider sign-in (decision 010): GitHub by OAuth 2's authorization code, Google and LinkedIn by OpenID
// Connect (oidc.ts, decision 081). Each provider is on only when its client id and secret are set; its
// endpoints or issuer can be pointed elsewhere (GitHub Enterprise, a test server on 127.0.0.1).
// Everything a provider sends back is treated as untrusted input.
export const PROVIDER_IDS = ['github', 'google', 'linkedin'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

export type ProviderConfig = {
  id: ProviderId;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  /** GitHub: the REST API root (…/user, …/user/emails); Google: the OpenID userinfo endpoint. */
  profileUrl: string;
  /**
   * Where a token someone hands us is checked against our client id (checkTokenAudience). GitHub: the REST
   * API root (…/applications/{client_id}/token); Google: the tokeninfo endpoint.
   */
  tokenInfoUrl: string;
  scope: string;
  /** The OpenID Connect issuer whose discovery document names the endpoints (null: plain OAuth 2, GitHub). */
  issuer: string | null;
};

export type ProviderProfile = {
  providerUserId: string;
  email: string | null;
  emailVerified: boolean;
  name: string;
  lastName: string;
  picture: string | null;
};

const DEFAULTS: Record<ProviderId, Omit<ProviderConfig, 'id' | 'clientId' | 'clientSecret'>> = {
  github: {
    authorizeUrl: 'https://github.com/login/oauth/authorize',
    tokenUrl: 'https://github.com/login/oauth/access_token',
    profileUrl: 'https://api.github.com',
    tokenInfoUrl: 'https://api.github.com',
    scope: 'read:user user:email',
    issuer: null,
  },
  google: {
    authorizeUrl: 'https://accounts.google.com/o/oauth2/v2/auth',
    tokenUrl: 'https://oauth2.googleapis.com/token',
    profileUrl: 'https://openidconnect.googleapis.com/v1/userinfo',
    tokenInfoUrl: 'https://oauth2.googleapis.com/tokeninfo',
    scope: 'openid email profile',
    issuer: 'https://accounts.google.com',
  },
  // The browser flow only: LinkedIn has no public check of whom a token was issued to (checkTokenAudience).
  linkedin: {
    authorizeUrl: 'https://www.linkedin.com/oauth/v2/authorization',
    tokenUrl: 'https://www.linkedin.com/oauth/v2/accessToken',
    profileUrl: 'https://api.linkedin.com/v2/userinfo',
    tokenInfoUrl: '',
    scope: 'openid profile email',
    issuer: 'https://www.linkedin.com/oauth',
  },
};

/**
 * Providers configured by OAUTH_{GITHUB|GOOGLE|LINKEDIN}_{CLIENT_ID|CLIENT_SECRET} (+ optional _AUTHORIZE_URL,
 * _TOKEN_URL, _PROFILE_URL, _TOKENINFO_URL; Google and LinkedIn: _ISSUER).
 */
export function providersFromEnv(env: Record<string, string | undefined>): Partial<Record<ProviderId, ProviderConfig>> {
  const out: Partial<Record<ProviderId, ProviderConfig>> = {};
  for (const id of PROVIDER_IDS) {
    const k = `OAUTH_${id.toUpperCase()}_`;
    const clientId = env[`${k}CLIENT_ID`];
    const clientSecret = env[`${k}CLIENT_SECRET`];
    if (!clientId || !clientSecret) continue;
    const d = DEFAULTS[id];
    out[id] = {
      id,
      clientId,
      clientSecret,
      authorizeUrl: env[`${k}AUTHORIZE_URL`] || d.authorizeUrl,
      tokenUrl: env[`${k}TOKEN_URL`] || d.tokenUrl,
      profileUrl: (env[`${k}PROFILE_URL`] || d.profileUrl).replace(/\/+$/, ''),
      // Behind GitHub Enterprise or a test server the check lives beside the profile API.
      tokenInfoUrl: (env[`${k}TOKENINFO_URL`] || (id === 'github' && env[`${k}PROFILE_URL`]) || d.tokenInfoUrl).replace(/\/+$/, ''),
      scope: d.scope,
      issuer: d.issuer && (env[`${k}ISSUER`] || d.issuer),
    };
  }
  return out;
}

export const isProviderId = (v: string): v is ProviderId => (PROVIDER_IDS as readonly string[]).includes(v);

export class OAuthError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OAuthError';
  }
}

export function authorizeUrl(p: ProviderConfig, redirectUri: string, state: string): string {
  const u = new URL(p.authorizeUrl);
  u.searchParams.set('client_id', p.clientId);
  u.searchParams.set('redirect_uri', redirectUri);
  u.searchParams.set('response_type', 'code');
  u.searchParams.set('scope', p.scope);
  u.searchParams.set('state', state);
  return u.toString();
}

const TIMEOUT_MS = 10_000;
async function getJson(url: string, init: RequestInit): Promise<unknown> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw new OAuthError(`provider unreachable: ${(err as Error).message}`);
  }
  const text = await res.text();
  if (!res.ok) throw new OAuthError(`provider answered ${res.status}`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new OAuthError('provider answered something that is not JSON');
  }
}

/** Trade the authorization code for the provider's access token. */
export async function exchangeCode(p: ProviderConfig, code: string, redirectUri: string): Promise<string> {
  const body = new URLSearchParams({
    client_id: p.clientId,
    client_secret: p.clientSecret,
    code,
    redirect_uri: redirectUri,
    grant_type: 'authorization_code',
  });
  const data = (await getJson(p.tokenUrl, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body,
  })) as { access_token?: unknown; error?: unknown };
  if (typeof data.access_token !== 'string' || !data.access_token) {
    throw new OAuthError(`no access token (${typeof data.error === 'string' ? data.error : 'unknown reason'})`);
  }
  return data.access_token;
}

/**
 * Whether a provider access token that a client hands us (the content backend's
 * /auth/{provider}/callback?access_token=) was issued to our application. A token issued to any other
 * app would otherwise open the account of whoever it belongs to, to that app's owner. GitHub answers
 * 200 to its application-token check, authenticated with our client id and secret, only for our own
 * tokens; Google's tokeninfo names the client a token was issued to (aud, azp).
 */
export async function checkTokenAudience(p: ProviderConfig, accessToken: string): Promise<void> {
  if (!p.tokenInfoUrl) throw new OAuthError(`${p.id} tokens cannot be checked against this application`);
  if (p.id === 'github') {
    const basic = Buffer.from(`${p.clientId}:${p.clientSecret}`).toString('base64');
    await getJson(`${p.tokenInfoUrl}/applications/${encodeURIComponent(p.clientId)}/token`, {
      method: 'POST',
      headers: { accept: 'application/json', authorization: `Basic ${basic}`, 'content-type': 'application/json', 'user-agent': 'Tandem' },
      body: JSON.stringify({ access_token: accessToken }),
    }).catch((err: unknown) => {
      throw new OAuthError(`token not issued to this application (${(err as Error).message})`);
    });
    return;
  }
  const u = new URL(p.tokenInfoUrl);
  u.searchParams.set('access_token', accessToken);
  const info = (await getJson(u.toString(), { headers: { accept: 'application/json' } })) as Record<string, unknown>;
  if (info.aud !== p.clientId && info.azp !== p.clientId) throw new OAuthError('token issued to another application');
}

const str = (v: unknown, max = 200): string => (typeof v === 'string' ? v.trim().slice(0, max) : '');
const httpsUrl = (v: unknown): string | null => (typeof v === 'string' && /^https?:\/\/\S+$/.test(v) && v.length <= 500 ? v : null);
function splitName(full: string, fallback: string): { name: string; lastName: string } {
  const parts = full.split(/\s+/).filter(Boolean);
  if (!parts.length) return { name: fallback.slice(0, 100) || 'Usuario', lastName: '' };
  return { name: parts[0]!.slice(0, 100), lastName: parts.slice(1).join(' ').slice(0, 100) };
}

/** Who the access token belongs to, with a verified email when the provider vouches for one. */
export async function fetchProfile(p: ProviderConfig, accessToken: string): Promise<ProviderProfile> {
  const headers = { accept: 'application/json', authorization: `Bearer ${accessToken}`, 'user-agent': 'Tandem' };
  if (p.id === 'github') {
    const user = (await getJson(`${p.profileUrl}/user`, { headers })) as Record<string, unknown>;
    const id = typeof user.id === 'number' || typeof user.id === 'string' ? String(user.id) : '';
    if (!id) throw new OAuthError('profile without an id');
    const emails: unknown = await getJson(`${p.profileUrl}/user/emails`, { headers }).catch(() => []);
    const list = Array.isArray(emails) ? (emails as Record<string, unknown>[]) : [];
    const primary = list.find((e) => e.primary === true && e.verified === true) ?? list.find((e) => e.verified === true);
    const { name, lastName } = splitName(str(user.name), str(user.login));
    return {
      providerUserId: id,
      email: primary ? str(primary.email, 254) || null : null,
      emailVerified: !!primary,
      name,
      lastName,
      picture: httpsUrl(user.avatar_url),
    };
  }
  return profileFromClaims((await getJson(p.profileUrl, { headers })) as Record<string, unknown>);
}

/** A profile from OpenID Connect claims (a verified ID token, or the userinfo endpoint's answer). */
export function profileFromClaims(info: Record<string, unknown>): ProviderProfile {
  const sub = str(info.sub);
  if (!sub) throw new OAuthError('profile without an id');
  const given = str(info.given_name, 100);
  const split = splitName(str(info.name), str(info.email).split('@')[0] ?? '');
  return {
    providerUserId: sub,
    email: str(info.email, 254) || null,
    emailVerified: info.email_verified === true || info.email_verified === 'true',
    name: given || split.name,
    lastName: str(info.family_name, 100) || (given ? '' : split.lastName),
    picture: httpsUrl(info.picture),
  };
}

// The state parameter and where to go afterwards travel in a short-lived signed cookie (an HS256 JWT,
// jose): no server-side storage, and a callback that did not start in this browser is refused.
// An OpenID Connect sign-in adds its nonce and PKCE verifier.
export type OAuthState = {
  state: string;
  provider: ProviderId;
  redirect: string | null;
  locale: 'es' | 'en';
  exp: number;
  nonce?: string;
  verifier?: string;
};

export const newState = () => randomBytes(24).toString('base64url');
// A key of its own: a state cookie can never pass for a session token, nor the reverse.
const stateKey = (secret: string) => new TextEncoder().encode(`oauth-state:${secret}`);

/** The sealed state; `exp` is in milliseconds like Date.now() (the JWT carries it in seconds). */
export function sealState(s: OAuthState, secret: string): Promise<string> {
  const { exp, ...rest } = s;
  return new SignJWT(rest)
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(Math.floor(exp / 1000))
    .sign(stateKey(secret));
}

export async function openState(sealed: string | undefined, secret: string, now = Date.now()): Promise<OAuthState | null> {
  if (!sealed) return null;
  try {
    const { payload } = await jwtVerify(sealed, stateKey(secret), {
      algorithms: ['HS256'],
      requiredClaims: ['exp'],
      currentDate: new Date(now),
    });
    const s = { ...payload, exp: payload.exp! * 1000 } as OAuthState;
    return typeof s.state === 'string' && isProviderId(s.provider) ? s : null;
  } catch {
    return null;
  }
}

/** States match only when equal, compared in constant time. */
export function sameState(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
