import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from './schema';

// A periodic job that must run on one instance at a time (the daily digests, the job alerts): whoever holds
// the lease runs it. A lease that was not given back (the process died) ends by itself at locked_until, so
// the next instance takes over and nothing is lost. One row per job; both databases.
const holder = `${process.pid}-${randomUUID().slice(0, 8)}`;

/** Take the lease `name` until now + ttlMs; true when this process holds it now. */
export async function takeLease(db: Kysely<DB>, name: string, ttlMs: number, now = new Date()): Promise<boolean> {
  const until = new Date(now.getTime() + ttlMs);
  const inserted = await db
    .insertInto('job_leases')
    .values({ name, holder, locked_until: until })
    .onConflict((oc) => oc.column('name').doNothing())
    .returning('name')
    .executeTakeFirst();
  if (inserted) return true;
  const taken = await db
    .updateTable('job_leases')
    .set({ holder, locked_until: until })
    .where('name', '=', name)
    .where((eb) => eb.or([eb('locked_until', '<=', now), eb('holder', '=', holder)]))
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) === 1;
}

/** Give the lease back (only when this process holds it). */
export async function releaseLease(db: Kysely<DB>, name: string): Promise<void> {
  await db
    .updateTable('job_leases')
    .set({ locked_until: new Date(0) })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .execute();
}

/**
 * Run `job` when the lease is free: 'busy' when another instance holds it. The lease is given back after
 * the job, even when it fails.
 */
export async function withLease<T>(db: Kysely<DB>, name: string, ttlMs: number, job: () => Promise<T>): Promise<T | 'busy'> {
  if (!(await takeLease(db, name, ttlMs))) return 'busy';
  try {
    return await job();
  } finally {
    await releaseLease(db, name).catch(() => {});
  }
}
