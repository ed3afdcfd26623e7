import 'server-only';
import type { Context } from 'hono';
import type { Limit, LimitResult, RateLimiter } from '../services/rate-limit';

// The client address behind TRUST_PROXY lives with the HTTP layer; the limiters' callers import it from here.
export { clientIp } from '../http/client-ip';

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
