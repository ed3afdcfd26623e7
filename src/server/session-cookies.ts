import 'server-only';
import { stringifySetCookie } from 'cookie';
import type { ServerConfig } from './config';
import { SESSION_HINT_COOKIE, type SessionHint } from '../domain/session-hint';

// The web session (decision 011): the token in an HttpOnly cookie page scripts never see, the account
// type in a second one, both for 365 days, SameSite=Lax, Secure when the site is served over HTTPS. A third,
// readable by page scripts, only says that someone is signed in (src/domain/session-hint.ts).
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

/** Set-Cookie for the offer draft token of a visitor without a company account (7 days; empty clears it). */
export function offerDraftCookie(c: CookieConfig, name: string, token: string): string {
  return stringifySetCookie({ name, value: token, maxAge: token ? 7 * 24 * 60 * 60 : 0, ...base(c) });
}
