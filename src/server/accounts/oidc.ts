import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import {
  authorizeUrl,
  exchangeCode,
  fetchProfile,
  OAuthError,
  profileFromClaims,
  type ProviderConfig,
  type ProviderProfile,
} from './oauth';

// OpenID Connect sign-in (Google, LinkedIn; decision 081), with jose, the JWT library the project already
// has: the issuer's discovery document names its endpoints and keys, the authorization request carries a
// nonce and a PKCE challenge, and the ID token from the token endpoint is verified (signature from the
// issuer's published keys, issuer, audience, expiry, nonce) before any of its claims is believed.

type Oidc = ProviderConfig & { issuer: string };
const isOidc = (p: ProviderConfig): p is Oidc => p.issuer !== null;
type Discovery = { issuer: string; authorization_endpoint: string; token_endpoint: string; jwks_uri: string };

const TIMEOUT_MS = 10_000;
const discoveries = new Map<string, Promise<Discovery>>();
const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

async function fetchJson(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (err) {
    throw new OAuthError(`provider unreachable: ${(err as Error).message}`);
  }
  if (!res.ok) throw new OAuthError(`provider answered ${res.status}`);
  const data: unknown = await res.json().catch(() => null);
  if (!data || typeof data !== 'object') throw new OAuthError('provider answered something that is not a JSON object');
  return data as Record<string, unknown>;
}

const isUrl = (v: unknown): v is string => typeof v === 'string' && /^https?:\/\/\S+$/.test(v);

/** The issuer's discovery document, fetched once per process (a failed fetch is tried again next time). */
function discover(issuer: string): Promise<Discovery> {
  let found = discoveries.get(issuer);
  if (!found) {
    found = fetchJson(`${issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`, { headers: { accept: 'application/json' } }).then(
      (d) => {
        // The document must speak for the issuer we were configured with, or its keys prove nothing.
        if (d.issuer !== issuer) throw new OAuthError('discovery document of another issuer');
        if (!isUrl(d.authorization_endpoint) || !isUrl(d.token_endpoint) || !isUrl(d.jwks_uri))
          throw new OAuthError('discovery document without its endpoints');
        return { issuer, authorization_endpoint: d.authorization_endpoint, token_endpoint: d.token_endpoint, jwks_uri: d.jwks_uri };
      },
    );
    found.catch(() => discoveries.delete(issuer));
    discoveries.set(issuer, found);
  }
  return found;
}

/** What the callback needs from the start of the flow; it travels in the sealed state cookie. */
export type OidcSecrets = { nonce: string; verifier: string };

/** The issuer's authorization URL, with a fresh nonce and PKCE verifier to keep until the callback. */
async function oidcAuthorizeUrl(p: Oidc, redirectUri: string, state: string): Promise<{ url: string; secrets: OidcSecrets }> {
  const d = await discover(p.issuer);
  const secrets = { nonce: randomBytes(16).toString('base64url'), verifier: randomBytes(32).toString('base64url') };
  const u = new URL(d.authorization_endpoint);
  u.searchParams.set('client_id', p.clientId);
  u.searchParams.set('redirect_uri', redirectUri);
  u.searchParams.set('response_type', 'code');
  u.searchParams.set('scope', p.scope);
  u.searchParams.set('state', state);
  u.searchParams.set('nonce', secrets.nonce);
  u.searchParams.set('code_challenge', createHash('sha256').update(secrets.verifier).digest('base64url'));
  u.searchParams.set('code_challenge_method', 'S256');
  if (p.id === 'google') u.searchParams.set('prompt', 'select_account');
  return { url: u.toString(), secrets };
}

/** Trade the code for tokens and read who signed in from the verified ID token. */
async function oidcProfile(p: Oidc, code: string, redirectUri: string, secrets: Partial<OidcSecrets>): Promise<ProviderProfile> {
  if (!secrets.nonce || !secrets.verifier) throw new OAuthError('state without nonce or verifier');
  const d = await discover(p.issuer);
  const tokens = await fetchJson(d.token_endpoint, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: p.clientId,
      client_secret: p.clientSecret,
      code_verifier: secrets.verifier,
    }),
  });
  if (typeof tokens.id_token !== 'string') throw new OAuthError('no ID token');
  let keys = keySets.get(d.jwks_uri);
  if (!keys) keySets.set(d.jwks_uri, (keys = createRemoteJWKSet(new URL(d.jwks_uri), { timeoutDuration: TIMEOUT_MS })));
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(tokens.id_token, keys, {
      issuer: d.issuer,
      audience: p.clientId,
      algorithms: ['RS256', 'ES256', 'PS256', 'EdDSA'],
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: 60,
    }));
  } catch (err) {
    throw new OAuthError(`ID token refused: ${(err as Error).message}`);
  }
  if (claims.nonce !== secrets.nonce) throw new OAuthError('ID token of another sign-in (nonce)');
  return profileFromClaims(claims);
}

/** Where the browser goes to sign in with the provider, and what the callback must be given back. */
export async function startSignIn(
  p: ProviderConfig,
  redirectUri: string,
  state: string,
): Promise<{ url: string; secrets: Partial<OidcSecrets> }> {
  if (isOidc(p)) return oidcAuthorizeUrl(p, redirectUri, state);
  return { url: authorizeUrl(p, redirectUri, state), secrets: {} };
}

/** The callback's code traded for the profile of whoever signed in. */
export async function finishSignIn(
  p: ProviderConfig,
  code: string,
  redirectUri: string,
  secrets: Partial<OidcSecrets>,
): Promise<ProviderProfile> {
  if (isOidc(p)) return oidcProfile(p, code, redirectUri, secrets);
  return fetchProfile(p, await exchangeCode(p, code, redirectUri));
}
