import 'server-only';
import { randomBytes } from 'node:crypto';
import { stringifySetCookie } from 'cookie';
import type { ServerConfig } from '../config';
import { visitorCountry } from '../../domain/visitor-country';
import type { TrustProxy } from './client-ip';

// The visitor's anonymous id: a random first-party value that buckets feature-flag variants, so the same
// browser always sees the same variant (GrowthBook's `id` attribute). Not a secret and not tied to an
// account; readable by scripts because the browser SDK evaluates with the same attributes.
export const ANONYMOUS_ID_COOKIE = 'tandem_aid';
const MAX_AGE_S = 365 * 24 * 60 * 60;
const SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

export const anonymousIdOf = (value: string | undefined): string | undefined => (value && SHAPE.test(value) ? value : undefined);

export const newAnonymousId = (): string => randomBytes(16).toString('base64url');

export function anonymousIdCookie(id: string, config: Pick<ServerConfig, 'SITE_URL'>): string {
  return stringifySetCookie({
    name: ANONYMOUS_ID_COOKIE,
    value: id,
    maxAge: MAX_AGE_S,
    path: '/',
    sameSite: 'lax',
    secure: config.SITE_URL.startsWith('https://'),
  });
}

/** The visitor's country for flag targeting: a trusted CDN's country header, else the browser language's region. */
export function flagCountry(headers: Headers, trustProxy: TrustProxy): string | undefined {
  const cdn = trustProxy
    ? (headers.get('cf-ipcountry') ?? headers.get('x-vercel-ip-country') ?? headers.get('cloudfront-viewer-country'))
    : null;
  return visitorCountry({ cdnCountry: cdn, acceptLanguage: headers.get('accept-language') });
}
