import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

// Changing an account's email (decision 069). The two links are random codes; only their SHA-256 is stored.
// Each link is used by one statement that checks it is unused, unexpired and not cancelled, so two clicks at
// once cannot both win.
type Q = Kysely<DB> | Transaction<DB>;
const digest = (code: string) => createHash('sha256').update(code).digest('hex');
const newCode = () => randomBytes(32).toString('base64url');

/** A new request: earlier pending requests of the user are cancelled; returns the confirmation code. */
export async function createEmailChange(
  db: Kysely<DB>,
  r: { userId: number; oldEmail: string; newEmail: string; ttlMs: number },
  now = Date.now(),
): Promise<string> {
  const code = newCode();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('email_changes')
      .set({ cancelled_at: new Date(now) })
      .where('user_id', '=', r.userId)
      .where('confirmed_at', 'is', null)
      .where('cancelled_at', 'is', null)
      .execute();
    await trx
      .insertInto('email_changes')
      .values({
        user_id: r.userId,
        old_email: r.oldEmail,
        new_email: r.newEmail,
        confirm_hash: digest(code),
        confirm_expires_at: new Date(now + r.ttlMs),
      })
      .execute();
  });
  return code;
}

/** A live confirmation code's request (unused, unexpired, not cancelled), without using it. */
export function findPendingChange(db: Q, code: string, now = Date.now()) {
  return db
    .selectFrom('email_changes')
    .select(['id', 'user_id', 'old_email', 'new_email'])
    .where('confirm_hash', '=', digest(code))
    .where('confirmed_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('confirm_expires_at', '>', new Date(now))
    .executeTakeFirst();
}

/**
 * Use a confirmation code: the request is marked confirmed and gets its undo code (returned with it), in
 * the caller's transaction (which changes the email too). Null when the code is not live.
 */
export async function confirmEmailChange(trx: Q, code: string, undoTtlMs: number, now = Date.now()) {
  const undo = newCode();
  const row = await trx
    .updateTable('email_changes')
    .set({ confirmed_at: new Date(now), undo_hash: digest(undo), undo_expires_at: new Date(now + undoTtlMs) })
    .where('confirm_hash', '=', digest(code))
    .where('confirmed_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .where('confirm_expires_at', '>', new Date(now))
    .returning(['id', 'user_id', 'old_email', 'new_email'])
    .executeTakeFirst();
  return row ? { ...row, undo } : null;
}

/** A live undo code's change (confirmed, not undone, unexpired), without using it. */
export function findUndoableChange(db: Q, code: string, now = Date.now()) {
  return db
    .selectFrom('email_changes')
    .select(['id', 'user_id', 'old_email', 'new_email'])
    .where('undo_hash', '=', digest(code))
    .where('undone_at', 'is', null)
    .where('undo_expires_at', '>', new Date(now))
    .executeTakeFirst();
}

/** Use an undo code (in the caller's transaction, which restores the email); null when it is not live. */
export function useUndoCode(trx: Q, code: string, now = Date.now()) {
  return trx
    .updateTable('email_changes')
    .set({ undone_at: new Date(now) })
    .where('undo_hash', '=', digest(code))
    .where('undone_at', 'is', null)
    .where('undo_expires_at', '>', new Date(now))
    .returning(['id', 'user_id', 'old_email', 'new_email'])
    .executeTakeFirst();
}

/** Every pending request of the user ends (an undo: nothing asked before it may still complete). */
export async function cancelPendingChanges(trx: Q, userId: number, now = Date.now()): Promise<void> {
  await trx
    .updateTable('email_changes')
    .set({ cancelled_at: new Date(now) })
    .where('user_id', '=', userId)
    .where('confirmed_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .execute();
}

/** The account's email becomes `email` (confirmed: its owner proved it, or it was the proven one before). */
export async function setUserEmail(trx: Q, userId: number, email: string, now = Date.now()): Promise<void> {
  await trx
    .updateTable('users')
    .set({ email, email_confirmed_at: new Date(now), updated_at: new Date(now) })
    .where('id', '=', userId)
    .execute();
}

/** Requests whose links have all expired (housekeeping). */
export async function sweepEmailChanges(db: Q, before: Date): Promise<number> {
  const r = await db
    .deleteFrom('email_changes')
    .where((eb) =>
      eb.or([
        eb.and([eb('confirmed_at', 'is', null), eb('confirm_expires_at', '<', before)]),
        eb.and([eb('confirmed_at', 'is not', null), eb('undo_expires_at', '<', before)]),
      ]),
    )
    .executeTakeFirst();
  return Number(r.numDeletedRows ?? 0);
}

/**
 * Whether an address is the old one of a change that can still be undone: it stays its account's for those
 * days, so nobody can take it (by sign-up or a change of their own) and block the undo.
 */
export async function emailReserved(db: Q, email: string, now = Date.now()): Promise<boolean> {
  const row = await db
    .selectFrom('email_changes')
    .select('id')
    .where(sql<string>`lower(old_email)`, '=', email.toLowerCase())
    .where('confirmed_at', 'is not', null)
    .where('undone_at', 'is', null)
    .where('undo_expires_at', '>', new Date(now))
    .executeTakeFirst();
  return !!row;
}
