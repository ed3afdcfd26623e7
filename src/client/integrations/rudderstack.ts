import { RudderAnalytics, type ApiObject, type ApiOptions, type IdentifyTraits } from '@rudderstack/analytics-js/bundled';
import type { AnalyticsConfig } from '../../domain/public-config';
import { readCookie } from '../../domain/consent';
import { sessionOptions } from '../../domain/integrations';
import type { Utm } from '../../domain/utm';
import { connectAnalytics, type AnalyticsCall } from '../analytics';

// RudderStack, loaded only after consent and idle, as its own chunk (integrations-impl imports it). The
// bundled build carries its plugins, so the SDK never fetches code from RudderStack's CDN (CSP, no outside
// calls); the polyfill for old engines is off for the same reason. Identity follows the session: the email
// is the id (docs/product-rules.md) and a signed-out visitor gets a `logout` event and a fresh anonymous identity
// (reset(true) also renews the anonymous id, so the next person on a shared computer is someone new).
export type Identity = { email: string; traits: Record<string, unknown> } | null;
export type VisitorContext = { ip?: string; utm?: Utm | null };

/** UTM fields as the event context's `campaign` (RudderStack's names). */
function campaignOf(utm: Utm | null | undefined): Record<string, string> | undefined {
  if (!utm) return undefined;
  const map: [keyof Utm, string][] = [
    ['utm_campaign', 'name'],
    ['utm_source', 'source'],
    ['utm_medium', 'medium'],
    ['utm_term', 'term'],
    ['utm_content', 'content'],
    ['utm_id', 'id'],
  ];
  const out: Record<string, string> = {};
  for (const [from, to] of map) if (utm[from]) out[to] = utm[from];
  return Object.keys(out).length ? out : undefined;
}

/** Context added to every call: Meta's browser ids (fbp, fbc), the visit's campaign and the client IP. */
function callOptions(visitor: VisitorContext): ApiOptions {
  const context: Record<string, unknown> = {};
  const fbp = readCookie(document.cookie, '_fbp');
  const fbc = readCookie(document.cookie, '_fbc');
  if (fbp) context.fbp = fbp;
  if (fbc) context.fbc = fbc;
  const campaign = campaignOf(visitor.utm);
  if (campaign) context.campaign = campaign;
  if (visitor.ip) context.ip = visitor.ip;
  return { context: context as ApiObject };
}

export function startRudderStack(config: AnalyticsConfig, visitor: VisitorContext, identity: Identity, signedOut: boolean): Promise<void> {
  const rs = new RudderAnalytics();
  return new Promise((resolve) => {
    rs.load(config.key, config.data_plane_url, {
      ...(config.config_url ? { configUrl: config.config_url } : {}),
      ...(config.cdn_url ? { destSDKBaseURL: config.cdn_url } : {}),
      sessions: sessionOptions(config.session_timeout),
      ...(config.same_site ? { sameSiteCookie: config.same_site } : {}),
      // Host-only cookies (not the registrable domain's): what the server and the page delete when the
      // visitor withdraws is then the very cookie the SDK set, and nothing reaches other subdomains.
      sameDomainCookiesOnly: true,
      polyfillIfRequired: false,
      logLevel: 'ERROR',
    });
    rs.ready(() => {
      const options = () => callOptions(visitor);
      const current = rs.getUserId();
      if (identity && current !== identity.email) rs.identify(identity.email, identity.traits as IdentifyTraits, options());
      else if (!identity && current) {
        if (signedOut) rs.track('logout', {}, options());
        rs.reset(true);
      }
      connectAnalytics((call: AnalyticsCall) => {
        if (call.kind === 'page') rs.page(call.properties as ApiObject, options());
        else if (call.kind === 'track') rs.track(call.event, call.properties as ApiObject, options());
        else if (call.kind === 'identify') rs.identify(call.userId, call.traits as IdentifyTraits, options());
        else rs.reset(true);
      });
      resolve();
    });
  });
}
