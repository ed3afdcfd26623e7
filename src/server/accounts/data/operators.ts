import 'server-only';
import type { Kysely, Transaction } from 'kysely';
import { toDate, type DB } from '../../db/schema';

// The operators' rows (decision 070): the role, the second factor, the sessions that passed it, and the
// audit log. The log has an insert, a read and the two-year sweep here, and nothing else: no update ever.
type Q = Kysely<DB> | Transaction<DB>;

export async function findOperator(db: Q, userId: number) {
  const row = await db.selectFrom('operators').selectAll().where('user_id', '=', userId).executeTakeFirst();
  return row ? { ...row, totp_enrolled_at: toDate(row.totp_enrolled_at), created_at: toDate(row.created_at)! } : undefined;
}

export async function listOperators(db: Q) {
  const rows = await db
    .selectFrom('operators as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['u.id', 'u.email', 'u.account_type', 'o.totp_enrolled_at', 'o.created_at'])
    .orderBy('u.email')
    .execute();
  return rows.map((r) => ({ ...r, totp_enrolled_at: toDate(r.totp_enrolled_at), created_at: toDate(r.created_at)! }));
}

/** Makes the user an operator; false when they already were. */
export async function insertOperator(db: Q, userId: number): Promise<boolean> {
  const r = await db
    .insertInto('operators')
    .values({ user_id: userId })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Removes the role (its second factor, recovery codes and operator sessions go with it); false when there was none. */
export async function deleteOperator(db: Q, userId: number): Promise<boolean> {
  await db.deleteFrom('operator_sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('operator_recovery_codes').where('user_id', '=', userId).execute();
  const r = await db.deleteFrom('operators').where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows ?? 0) > 0;
}

/** The stored secrets of every operator (the start-up step encrypts those still bare). */
export async function listOperatorSecrets(db: Q) {
  return db.selectFrom('operators').select(['user_id', 'totp_secret', 'totp_pending_secret']).execute();
}

/** Replaces a stored secret by its encrypted form, only if it is still the value read. */
export async function replaceSecret(db: Q, userId: number, column: 'totp_secret' | 'totp_pending_secret', from: string, to: string) {
  await db
    .updateTable('operators')
    .set({ [column]: to })
    .where('user_id', '=', userId)
    .where(column, '=', from)
    .execute();
}

export async function setPendingSecret(db: Q, userId: number, secret: string): Promise<void> {
  await db.updateTable('operators').set({ totp_pending_secret: secret }).where('user_id', '=', userId).execute();
}

/** The pending secret (as stored) becomes the factor (`secret`, encrypted), with its first step used and ten fresh recovery codes. */
export async function completeEnrolment(
  db: Q,
  userId: number,
  pending: string,
  secret: string,
  step: number,
  codeHashes: string[],
  at: Date,
) {
  const r = await db
    .updateTable('operators')
    .set({ totp_secret: secret, totp_pending_secret: null, totp_enrolled_at: at, totp_last_step: step })
    .where('user_id', '=', userId)
    .where('totp_pending_secret', '=', pending)
    .where('totp_secret', 'is', null)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows ?? 0) !== 1) return false;
  await db.deleteFrom('operator_recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('operator_recovery_codes')
    .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
  return true;
}

/**
 * Records `step` as the last one used, only if it is later than the last one: a code is good once, even
 * within its window, and of two requests racing with one code only one wins.
 */
export async function spendStep(db: Q, userId: number, step: number): Promise<boolean> {
  const r = await db
    .updateTable('operators')
    .set({ totp_last_step: step })
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0) === 1;
}

/** Spends an unused recovery code of the operator; false when there is none with that hash. */
export async function spendRecoveryCode(db: Q, userId: number, codeHash: string, at: Date): Promise<boolean> {
  const r = await db
    .updateTable('operator_recovery_codes')
    .set({ used_at: at })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0) === 1;
}

export async function countUnusedRecoveryCodes(db: Q, userId: number): Promise<number> {
  const r = await db
    .selectFrom('operator_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function insertOperatorSession(db: Q, jti: string, userId: number, at: Date): Promise<void> {
  await db
    .insertInto('operator_sessions')
    .values({ jti, user_id: userId, verified_at: at, last_seen_at: at })
    .onConflict((oc) => oc.column('jti').doUpdateSet({ verified_at: at, last_seen_at: at }))
    .execute();
}

export async function findOperatorSession(db: Q, jti: string) {
  const row = await db.selectFrom('operator_sessions').selectAll().where('jti', '=', jti).executeTakeFirst();
  return row ? { ...row, verified_at: toDate(row.verified_at)!, last_seen_at: toDate(row.last_seen_at)! } : undefined;
}

export async function touchOperatorSession(db: Q, jti: string, at: Date): Promise<void> {
  await db.updateTable('operator_sessions').set({ last_seen_at: at }).where('jti', '=', jti).execute();
}

export async function deleteOperatorSession(db: Q, jti: string): Promise<void> {
  await db.deleteFrom('operator_sessions').where('jti', '=', jti).execute();
}

/** Operator sessions idle or started before these times have ended (housekeeping). */
export async function sweepOperatorSessions(db: Q, idleBefore: Date, startedBefore: Date): Promise<number> {
  const r = await db
    .deleteFrom('operator_sessions')
    .where((eb) => eb.or([eb('last_seen_at', '<', idleBefore), eb('verified_at', '<', startedBefore)]))
    .executeTakeFirst();
  return Number(r.numDeletedRows ?? 0);
}

export type AuditRow = {
  actor: string;
  actor_user_id: number | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before_json: string | null;
  after_json: string | null;
};

export async function insertAudit(db: Q, row: AuditRow): Promise<void> {
  await db.insertInto('operator_audit').values(row).execute();
}

/** A page of the log, newest first, after the row id `before` (keyset: ids only grow). */
export async function auditPage(db: Q, before: number | null, limit: number) {
  let q = db.selectFrom('operator_audit').selectAll().orderBy('id', 'desc').limit(limit);
  if (before !== null) q = q.where('id', '<', before);
  const rows = await q.execute();
  return rows.map((r) => ({ ...r, created_at: toDate(r.created_at)! }));
}

/** Entries older than the retention go (the hourly housekeeping; the only deletion the log has). */
export async function sweepAudit(db: Q, before: Date): Promise<number> {
  const r = await db.deleteFrom('operator_audit').where('created_at', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows ?? 0);
}

/** Who did `action` to each of these targets (the newest entry each): the operators' lists name them. */
export async function actorsOf(db: Q, targetType: string, ids: string[], action: string): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('operator_audit')
    .select(['target_id', 'actor'])
    .where('target_type', '=', targetType)
    .where('target_id', 'in', ids)
    .where('action', '=', action)
    .orderBy('id', 'asc')
    .execute();
  return new Map(rows.map((r) => [r.target_id!, r.actor]));
}
