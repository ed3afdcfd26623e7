import 'server-only';
import { isIP } from 'node:net';
import type { Context } from 'hono';
import { normalize, type TrustProxy } from '../trust-proxy';

export { normalize, parseTrustProxy, type TrustProxy } from '../trust-proxy';

/**
 * The client address from the socket's address and the X-Forwarded-For header. The header is written by
 * the client first and then appended to by each proxy, so only the right-most entries can be believed:
 * the client is the right-most address that is not one of our proxies.
 */
export function resolveClientIp(socket: string | undefined, forwardedFor: string | undefined, trust: TrustProxy): string {
  const self = socket ? (normalize(socket) ?? socket) : 'unknown';
  if (!trust || !forwardedFor) return self;
  // Entries that are not addresses are kept as they are (they are never trusted), capped for the limiter keys.
  const chain = [
    ...forwardedFor
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean),
    self,
  ].map((e) => normalize(e) ?? e.slice(0, 64));
  if ('hops' in trust) return chain[Math.max(0, chain.length - 1 - trust.hops)]!;
  for (let i = chain.length - 1; i >= 0; i--) {
    const a = chain[i]!;
    const family = isIP(a);
    if (!family || !trust.ranges.check(a, family === 4 ? 'ipv4' : 'ipv6')) return a;
  }
  return chain[0]!;
}

/** The client address of a request (see resolveClientIp). */
export function clientIp(c: Context, trust: TrustProxy): string {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return resolveClientIp(env?.incoming?.socket?.remoteAddress, c.req.header('x-forwarded-for'), trust);
}
