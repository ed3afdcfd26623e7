import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// The idempotency keys' table: one row per key while its first request runs (status null), then its answer.

/** Claims a key for a first request; fails with the database's unique violation when the key is known. */
export async function claimKey(db: Kysely<DB>, key: string, fingerprint: string): Promise<void> {
  await db.insertInto('idempotency_keys').values({ key, fingerprint, status: null, body: null, created_at: new Date() }).execute();
}

export function keyOf(db: Kysely<DB>, key: string) {
  return db.selectFrom('idempotency_keys').select(['fingerprint', 'status', 'body']).where('key', '=', key).executeTakeFirst();
}

export async function storeAnswer(db: Kysely<DB>, key: string, status: number, body: string): Promise<void> {
  await db.updateTable('idempotency_keys').set({ status, body }).where('key', '=', key).where('status', 'is', null).execute();
}

export async function releaseKey(db: Kysely<DB>, key: string): Promise<void> {
  await db.deleteFrom('idempotency_keys').where('key', '=', key).execute();
}

/** Answers kept past their day (housekeeping). */
export async function sweepIdempotencyKeys(db: Kysely<DB>, before: Date): Promise<number> {
  const r = await db.deleteFrom('idempotency_keys').where('created_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows ?? 0);
}
