import 'server-only';
import { stringifySetCookie } from 'cookie';
import { cache } from 'react';
import { SESSION_HINT_COOKIE, type SessionHint } from '../../domain/session-hint';
import { anonymousSession, type Session, type SessionUser } from '../../state/session';
import type { ServerConfig } from '../config';
import { isDatabaseUnavailable } from '../db/unavailable';
import { ServiceError } from '../errors';
import { getRequestContext } from '../request-context';
import type { AuthService } from './auth-service';

// The visitor's session, in one place (decision 037). Token and account type come from two HttpOnly cookies;
// the HTTP layer reads them once per request (resolveViewer) and a token the backend refuses clears them.
// From that one read come the session pages show (src/state/session.ts, the client-safe shape) and the
// viewer services check: getViewer() in a page or component, FormInput.viewer in a form action, the
// `viewer` argument of a route's viewer handler. The cookies' Set-Cookie values are built here too.

/** Who is asking, as the services see it: the signed-in user's id and account type, or null. */
export type Viewer = { id: number; type: 'match' | 'hire' } | null;

/** The visitor of a request: the session the page shows and the viewer the services check. */
export type RequestViewer = { session: Session; viewer: Viewer };

/** The one mapping from a session to the services' viewer. */
function viewerOf(session: Session): Viewer {
  if (!session.loggedIn || !session.user || session.type === 'anonymous') return null;
  const id = Number(session.user.id);
  return Number.isSafeInteger(id) && id > 0 ? { id, type: session.type } : null;
}

const anonymous: RequestViewer = { session: anonymousSession, viewer: null };

/**
 * The visitor of the request being rendered, as the HTTP layer loaded it (anonymous outside a request, and
 * on pages rendered once for every visitor). Memoised for the render with React's cache(): the root, the
 * page and its meta get the same objects, which the pages' own cached loads use as keys.
 */
export const getViewer = cache(async (): Promise<RequestViewer> => {
  const session = getRequestContext()?.session;
  return session ? { session, viewer: viewerOf(session) } : anonymous;
});

// --- The HTTP layer's half: reading the cookies -----------------------------------------------------------

type AccountType = 'match' | 'hire';
/** Loads the user behind a token, or 'invalid' when the backend refuses it (expired, revoked, wrong type). */
export type UserLoader = (token: string, type: AccountType) => Promise<SessionUser | 'invalid'>;

/** The identity service as a UserLoader: the user behind a token, 'invalid' for a token it refuses. */
export const userLoaderOf =
  (auth: () => Promise<AuthService>): UserLoader =>
  async (token, type) => {
    try {
      return await (await auth()).me(type, token);
    } catch (err) {
      if (err instanceof ServiceError) return 'invalid';
      throw err;
    }
  };

/** The viewer behind a request's cookies, with its token and whether the cookies must be cleared. */
export type ResolvedViewer = RequestViewer & { token: string | null; clearCookies: boolean };

/** The request's cookies, parsed once by the HTTP layer. */
export type CookieJar = Record<string, string | undefined>;

const nobody = (clearCookies: boolean): ResolvedViewer => ({ ...anonymous, token: null, clearCookies });

/** Reads the session cookies and loads their user (the HTTP layer, once per request: see http/app.ts). */
export async function resolveViewer(
  jar: CookieJar,
  config: Pick<ServerConfig, 'AUTH_COOKIE_TOKEN' | 'AUTH_COOKIE_TYPE'>,
  loadUser: UserLoader | undefined,
): Promise<ResolvedViewer> {
  const token = jar[config.AUTH_COOKIE_TOKEN];
  if (!token) return nobody(false);
  const type = jar[config.AUTH_COOKIE_TYPE];
  if ((type !== 'match' && type !== 'hire') || !loadUser) return nobody(true);
  try {
    const user = await loadUser(token, type);
    if (user === 'invalid') return nobody(true);
    const session: Session = { type, loggedIn: true, user };
    return { session, viewer: viewerOf(session), token, clearCookies: false };
  } catch (err) {
    // The database out of reach is the caller's to answer (the page's 503 screen, a JSON 503): rendering
    // as anonymous would send a signed-in visitor to the sign-in page. The cookies stay as they are.
    if (isDatabaseUnavailable(err)) throw err;
    console.error('[session] could not load the user', err);
    return nobody(false);
  }
}

// --- The cookies --------------------------------------------------------------------------------------------
// The token in an HttpOnly cookie page scripts never see, the account type in a second one, both for 365
// days, SameSite=Lax, Secure when the site is served over HTTPS. A third, readable by page scripts, only says
// that someone is signed in (src/domain/session-hint.ts).
const SESSION_MAX_AGE_S = 365 * 24 * 60 * 60;

type CookieConfig = Pick<ServerConfig, 'AUTH_COOKIE_TOKEN' | 'AUTH_COOKIE_TYPE' | 'AUTH_COOKIE_DOMAIN' | 'SITE_URL'>;

const base = (c: CookieConfig) => ({
  path: '/',
  domain: c.AUTH_COOKIE_DOMAIN || undefined,
  sameSite: 'lax' as const,
  httpOnly: true,
  secure: c.SITE_URL.startsWith('https://'),
});

/** Set-Cookie values that start a session. */
export function sessionCookies(c: CookieConfig, token: string, type: 'match' | 'hire'): string[] {
  return [
    stringifySetCookie({ name: c.AUTH_COOKIE_TOKEN, value: token, maxAge: SESSION_MAX_AGE_S, ...base(c) }),
    stringifySetCookie({ name: c.AUTH_COOKIE_TYPE, value: type, maxAge: SESSION_MAX_AGE_S, ...base(c) }),
    sessionHintCookie(c, type),
  ];
}

/** Set-Cookie of the readable "signed in as" hint (also given to sessions that began before it existed). */
export function sessionHintCookie(c: CookieConfig, type: SessionHint): string {
  return stringifySetCookie({ name: SESSION_HINT_COOKIE, value: type, maxAge: SESSION_MAX_AGE_S, ...base(c), httpOnly: false });
}

/** Set-Cookie values that end a session. */
export function clearedSessionCookies(c: CookieConfig): string[] {
  return [
    ...[c.AUTH_COOKIE_TOKEN, c.AUTH_COOKIE_TYPE].map((name) => stringifySetCookie({ name, value: '', maxAge: 0, ...base(c) })),
    stringifySetCookie({ name: SESSION_HINT_COOKIE, value: '', maxAge: 0, ...base(c), httpOnly: false }),
  ];
}

/** Set-Cookie for the offer draft token of a visitor without a company account (7 days; empty clears it),
 * with the session cookies' attributes: the offer form picks the draft up once they are signed in. */
export function offerDraftCookie(c: CookieConfig, name: string, token: string): string {
  return stringifySetCookie({ name, value: token, maxAge: token ? 7 * 24 * 60 * 60 : 0, ...base(c) });
}
