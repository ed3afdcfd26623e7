import 'server-only';
import { parseCookie, stringifySetCookie } from 'cookie';
import { captureUtm, parseUtm, type Utm } from '../../domain/utm';
import type { ServerConfig } from '../config';

// The campaign of the latest visit that carried one, kept for 30 days so that a sign-up later in the
// visit is attributed to it.
const UTM_COOKIE = 'tandem_utm';
const MAX_AGE_S = 30 * 24 * 60 * 60;

export function utmCookieFor(params: URLSearchParams, config: Pick<ServerConfig, 'SITE_URL'>): string[] {
  const utm = captureUtm(params);
  if (!utm) return [];
  return [
    stringifySetCookie({
      name: UTM_COOKIE,
      value: JSON.stringify(utm),
      maxAge: MAX_AGE_S,
      path: '/',
      sameSite: 'lax',
      httpOnly: true,
      secure: config.SITE_URL.startsWith('https://'),
    }),
  ];
}

export function utmFromCookies(cookieHeader: string | undefined): Utm | null {
  return parseUtm(parseCookie(cookieHeader ?? '')[UTM_COOKIE]);
}
