import 'server-only';
import { sql } from 'kysely';
import type { Database } from '../db/client';

// Fixed-window counters in the database, so every worker and every instance shares them. One statement
// per hit (insert or update, returning the new count): no read-then-write race.
export type Limit = { max: number; windowMs: number };
export type LimitResult = { allowed: boolean; retryAfterSeconds: number };

/** `scale` multiplies every limit (RATE_LIMIT_SCALE: browser test runs sign in many times from one address). */
export function createRateLimiter(database: Database, now: () => number = Date.now, scale = 1) {
  return {
    async hit(key: string, limit: Limit): Promise<LimitResult> {
      const max = limit.max * scale;
      const { windowMs } = limit;
      const t = now();
      const expired = t - windowMs;
      const rows = await sql<{ count: number; window_start: number | string }>`
        insert into rate_limits (key, window_start, count) values (${key}, ${t}, 1)
        on conflict (key) do update set
          count = case when rate_limits.window_start <= ${expired} then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= ${expired} then ${t} else rate_limits.window_start end
        returning count, window_start`.execute(database.db);
      const row = rows.rows[0]!;
      const count = Number(row.count);
      const start = Number(row.window_start);
      return { allowed: count <= max, retryAfterSeconds: Math.max(1, Math.ceil((start + windowMs - t) / 1000)) };
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** Limits of PRODUCT.md §5: sign-in and sign-up per IP and per account. */
export type AuthLimits = { loginPerIp: Limit; loginPerEmail: Limit; registerPerIp: Limit };
export const AUTH_LIMITS: AuthLimits = {
  loginPerIp: { max: 30, windowMs: 15 * 60_000 },
  loginPerEmail: { max: 10, windowMs: 15 * 60_000 },
  registerPerIp: { max: 10, windowMs: 15 * 60_000 },
};

/** Emails with a link (password reset, confirmation): per IP and per address. */
export const EMAIL_LINK_LIMIT: Limit = { max: 5, windowMs: 15 * 60_000 };
