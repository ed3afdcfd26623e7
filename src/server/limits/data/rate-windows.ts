import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// The rate limiter's table: one fixed window per key.

/** Counts one hit at `t` in one statement (insert or update, returning the new count): no read-then-write race. */
export async function countHit(db: Kysely<DB>, key: string, t: number, expired: number) {
  const rows = await sql<{ count: number; window_start: number | string }>`
        insert into rate_limits (key, window_start, count) values (${key}, ${t}, 1)
        on conflict (key) do update set
          count = case when rate_limits.window_start <= ${expired} then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start <= ${expired} then ${t} else rate_limits.window_start end
        returning count, window_start`.execute(db);
  return rows.rows[0]!;
}

/** Forgets windows that started before `before` (ms); how many. */
export async function sweepWindows(db: Kysely<DB>, before: number): Promise<number> {
  const r = await db.deleteFrom('rate_limits').where('window_start', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows ?? 0);
}
