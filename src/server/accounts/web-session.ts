import 'server-only';
import type { ServerConfig } from '../config';
import { isDatabaseUnavailable } from '../db/unavailable';
import { ServiceError } from '../errors';
import { anonymousSession, type Session, type SessionUser } from '../../state/session';
import type { AuthService } from './auth-service';

// The web session of a request (SPEC §4, PRODUCT.md §5): token and account type come from cookies; the
// user is loaded once; a token the backend refuses clears both cookies and the visitor is anonymous.
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

export type ResolvedSession = { session: Session; token: string | null; clearCookies: boolean };

/** The request's cookies, parsed once by the HTTP layer. */
export type CookieJar = Record<string, string | undefined>;

export async function resolveSession(
  jar: CookieJar,
  config: Pick<ServerConfig, 'AUTH_COOKIE_TOKEN' | 'AUTH_COOKIE_TYPE'>,
  loadUser: UserLoader | undefined,
): Promise<ResolvedSession> {
  const token = jar[config.AUTH_COOKIE_TOKEN];
  if (!token) return { session: anonymousSession, token: null, clearCookies: false };
  const type = jar[config.AUTH_COOKIE_TYPE];
  if ((type !== 'match' && type !== 'hire') || !loadUser) return { session: anonymousSession, token: null, clearCookies: true };
  try {
    const user = await loadUser(token, type);
    if (user === 'invalid') return { session: anonymousSession, token: null, clearCookies: true };
    return { session: { type, loggedIn: true, user }, token, clearCookies: false };
  } catch (err) {
    // The database out of reach is the caller's to answer (the page's 503 screen, a JSON 503): rendering
    // as anonymous would send a signed-in visitor to the sign-in page. The cookies stay as they are.
    if (isDatabaseUnavailable(err)) throw err;
    console.error('[session] could not load the user', err);
    return { session: anonymousSession, token: null, clearCookies: false };
  }
}
