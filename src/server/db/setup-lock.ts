import 'server-only';
import { sql, type Transaction } from 'kysely';
import type { Dialect } from './client';
import type { DB } from './schema';

// One-time setup that every process of an instance may attempt as it starts (the demo seed, loading the
// course files): the first takes this lock in its transaction, the others wait for it, then find the work
// done. Without it two workers starting together both insert the same rows and the second fails.

/** Named locks, one per kind of setup work. */
export const SETUP_LOCKS = { demoSeed: 727271, learningContent: 727272 } as const;

/** Held until `trx` ends. PostgreSQL: an advisory lock; SQLite: the database's write lock, taken at once by a write. */
export async function takeSetupLock(trx: Transaction<DB>, dialect: Dialect, lock: keyof typeof SETUP_LOCKS): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${SETUP_LOCKS[lock]})`.execute(trx);
  else
    await sql`insert into rate_limits (key, window_start, count) values (${`__${lock}_lock__`}, 0, 0) on conflict (key) do nothing`.execute(
      trx,
    );
}
