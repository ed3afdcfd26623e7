import 'server-only';
import type { Context } from 'hono';
import type { Limit, LimitResult, RateLimiter } from '../services/rate-limit';

/** The client address: the socket's, or the first X-Forwarded-For hop when the proxy is trusted. */
export function clientIp(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const fwd = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
    if (fwd) return fwd;
  }
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}

/** Count a hit against each key; the first refusal is returned (with Retry-After set), else null. */
export async function firstRefusal(
  c: Context,
  limiter: (() => Promise<RateLimiter>) | undefined,
  checks: [string, Limit][],
): Promise<LimitResult | null> {
  if (!limiter) return null;
  const l = await limiter();
  for (const [key, limit] of checks) {
    const r = await l.hit(key, limit);
    if (!r.allowed) {
      c.header('retry-after', String(r.retryAfterSeconds));
      return r;
    }
  }
  return null;
}
