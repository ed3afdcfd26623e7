import 'server-only';
import type { Context } from 'hono';
import { parseCookie, stringifySetCookie } from 'cookie';
import { CONSENT_COOKIE, CONSENT_MAX_AGE_S, FULL_CONSENT, NO_CONSENT, serializeConsent, type Consent } from '../../domain/consent';
import { trackingCookiesToDrop } from '../../domain/tracking-cookies';
import { safeRedirect } from '../../domain/safe-redirect';
import type { ServerConfig } from '../config';
import { isCrossSite } from './forms';

// POST /consent: the consent banner's form (decision 023). It works without JavaScript: the choice is
// stored in the consent cookie and the visitor goes back to the page they were on. Taking a permission
// back also deletes the cookies that tool's SDK had set (rl_* for analytics, _dd_s for monitoring).
export async function handleConsent(c: Context, config: Pick<ServerConfig, 'SITE_URL'>, siteOrigin: string | null): Promise<Response> {
  if (isCrossSite(c, siteOrigin)) return c.text('Forbidden', 403);
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody();
  } catch {
    return c.text('Bad Request', 400);
  }
  const field = (name: string) => (typeof form[name] === 'string' ? form[name] : '');
  const choice = field('choice');
  const consent: Consent =
    choice === 'accept'
      ? FULL_CONSENT
      : choice === 'reject'
        ? NO_CONSENT
        : { analytics: field('analytics') === 'on', monitoring: field('monitoring') === 'on' };
  const secure = config.SITE_URL.startsWith('https://');
  const headers = new Headers({ 'cache-control': 'no-store', location: safeRedirect(field('back'), config.SITE_URL) ?? '/' });
  headers.append(
    'set-cookie',
    stringifySetCookie({
      name: CONSENT_COOKIE,
      value: serializeConsent(consent),
      maxAge: CONSENT_MAX_AGE_S,
      path: '/',
      sameSite: 'lax',
      secure,
    }),
  );
  for (const name of trackingCookiesToDrop(Object.keys(parseCookie(c.req.header('cookie') ?? '')), consent))
    headers.append('set-cookie', stringifySetCookie({ name, value: '', maxAge: 0, path: '/' }));
  return new Response(null, { status: 303, headers });
}
