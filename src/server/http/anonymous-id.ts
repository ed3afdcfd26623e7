import 'server-only';
import { randomBytes } from 'node:crypto';
import { stringifySetCookie } from 'cookie';
import type { ServerConfig } from '../config';

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
