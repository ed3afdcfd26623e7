import 'server-only';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// The rows of people's data exports (decision 072). A job is claimed by one statement (started_at set where
// it was unset, or set long enough ago that its builder died), so two instances never build the same one.
type Now = { now: Date };

export async function insertExport(db: Kysely<DB>, r: { userId: number; locale: 'es' | 'en'; consent: string | null } & Now) {
  const row = await db
    .insertInto('data_exports')
    .values({ user_id: r.userId, locale: r.locale, consent: r.consent, requested_at: r.now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The account's latest request that is still of use: waiting, being built, or ready and unexpired. */
export function liveExportOf(db: Kysely<DB>, userId: number, now: Date) {
  return db
    .selectFrom('data_exports')
    .select(['id', 'requested_at', 'ready_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('failed_at', 'is', null)
    .where((eb) => eb.or([eb('ready_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** Claim the oldest job waiting (or abandoned before `staleBefore`); null when there is none or another took it. */
export async function claimExport(db: Kysely<DB>, now: Date, staleBefore: Date) {
  const waiting = (eb: ExpressionBuilder<DB, 'data_exports'>) =>
    eb.and([
      eb('ready_at', 'is', null),
      eb('failed_at', 'is', null),
      eb.or([eb('started_at', 'is', null), eb('started_at', '<', staleBefore)]),
    ]);
  const next = await db
    .selectFrom('data_exports')
    .select(['id', 'user_id', 'locale', 'consent'])
    .where(waiting)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (!next) return null;
  const claimed = await db.updateTable('data_exports').set({ started_at: now }).where('id', '=', next.id).where(waiting).executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1 ? next : undefined;
}

export async function markExportReady(
  db: Kysely<DB>,
  id: number,
  r: { fileKey: string; bytes: number; tokenHash: string; expiresAt: Date } & Now,
): Promise<void> {
  await db
    .updateTable('data_exports')
    .set({ ready_at: r.now, file_key: r.fileKey, file_bytes: r.bytes, token_hash: r.tokenHash, expires_at: r.expiresAt })
    .where('id', '=', id)
    .execute();
}

export async function markExportFailed(db: Kysely<DB>, id: number, now: Date): Promise<void> {
  await db.updateTable('data_exports').set({ failed_at: now }).where('id', '=', id).execute();
}

/** A ready, unexpired export by its link's token hash. */
export function readyExportByHash(db: Kysely<DB>, tokenHash: string, now: Date) {
  return db
    .selectFrom('data_exports')
    .select(['id', 'user_id', 'file_key', 'requested_at'])
    .where('token_hash', '=', tokenHash)
    .where('ready_at', 'is not', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export async function markExportDownloaded(db: Kysely<DB>, id: number, now: Date): Promise<void> {
  await db.updateTable('data_exports').set({ downloaded_at: now }).where('id', '=', id).execute();
}

/** Exports past their expiry, and failed ones older than `failedBefore`: their files go, then their rows. */
export function expiredExports(db: Kysely<DB>, now: Date, failedBefore: Date) {
  return db
    .selectFrom('data_exports')
    .select(['id', 'file_key'])
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('failed_at', '<', failedBefore)]))
    .orderBy('id')
    .limit(500)
    .execute();
}

export async function deleteExport(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('data_exports').where('id', '=', id).execute();
}
