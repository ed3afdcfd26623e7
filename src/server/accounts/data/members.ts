import 'server-only';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { COMPANY_COLUMNS } from '../company-view';

type Q = Kysely<DB> | Transaction<DB>;
export type Role = 'owner' | 'recruiter';

/** The user's company (an account belongs to one at most: company_users.user_id is unique) and role in it. */
export function membershipRow(db: Q, userId: number) {
  return db
    .selectFrom('companies as c')
    .innerJoin('company_users as cu', 'cu.company_id', 'c.id')
    .select([...COMPANY_COLUMNS, 'cu.role'])
    .where('cu.user_id', '=', userId)
    .executeTakeFirst();
}

export function membersOf(db: Q, companyId: number) {
  return (
    db
      .selectFrom('company_users as cu')
      .innerJoin('users as u', 'u.id', 'cu.user_id')
      .select(['u.id', 'u.name', 'u.last_name', 'u.email', 'cu.role', 'cu.joined_at'])
      .where('cu.company_id', '=', companyId)
      // A member whose joining time is unknown (written before it was kept) first, on both engines: SQLite sorts
      // nulls first, PostgreSQL last.
      .orderBy(sql`cu.joined_at is not null`)
      .orderBy('cu.joined_at')
      .orderBy('u.id')
      .execute()
  );
}

export function memberOf(db: Q, companyId: number, userId: number) {
  return db
    .selectFrom('company_users')
    .select(['user_id', 'role'])
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export async function ownerCount(db: Q, companyId: number): Promise<number> {
  const r = await db
    .selectFrom('company_users')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('company_id', '=', companyId)
    .where('role', '=', 'owner')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function addMember(db: Q, companyId: number, userId: number, role: Role, at: Date): Promise<void> {
  await db.insertInto('company_users').values({ company_id: companyId, user_id: userId, role, joined_at: at }).execute();
}

export async function removeMember(db: Q, companyId: number, userId: number): Promise<boolean> {
  const r = await db.deleteFrom('company_users').where('company_id', '=', companyId).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function setRole(db: Q, companyId: number, userId: number, role: Role): Promise<void> {
  await db.updateTable('company_users').set({ role }).where('company_id', '=', companyId).where('user_id', '=', userId).execute();
}

/** Deletes the company; its members, offers, applications, conversations, interviews and invitations go
 * with it (ON DELETE CASCADE); the members' user accounts stay. */
export async function deleteCompany(db: Q, companyId: number): Promise<void> {
  await db.deleteFrom('companies').where('id', '=', companyId).execute();
}

// Invitations.
export function invitationByHash(db: Q, tokenHash: string) {
  return db
    .selectFrom('company_invitations as i')
    .innerJoin('companies as c', 'c.id', 'i.company_id')
    .select(['i.id', 'i.company_id', 'i.email', 'i.role', 'i.expires_at', 'i.used_at', 'i.revoked_at', 'c.name as company_name'])
    .where('i.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export function pendingInvitations(db: Q, companyId: number, now: Date) {
  return db
    .selectFrom('company_invitations')
    .select(['id', 'email', 'role', 'created_at', 'expires_at'])
    .where('company_id', '=', companyId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}

export async function insertInvitation(
  db: Q,
  i: { companyId: number; email: string; role: Role; tokenHash: string; invitedBy: number; locale: string; expiresAt: Date; at: Date },
): Promise<number> {
  const row = await db
    .insertInto('company_invitations')
    .values({
      company_id: i.companyId,
      email: i.email,
      role: i.role,
      token_hash: i.tokenHash,
      invited_by: i.invitedBy,
      locale: i.locale,
      expires_at: i.expiresAt,
      created_at: i.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Revokes the company's pending invitations of an id (or of an address: a new one replaces them). */
export async function revokeInvitations(db: Q, companyId: number, which: { id: number } | { email: string }, at: Date): Promise<number> {
  let q = db
    .updateTable('company_invitations')
    .set({ revoked_at: at })
    .where('company_id', '=', companyId)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null);
  q = 'id' in which ? q.where('id', '=', which.id) : q.where('email', '=', which.email);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Marks an invitation used, once: false when it was used or revoked meanwhile. */
export async function markInvitationUsed(db: Q, id: number, userId: number, at: Date): Promise<boolean> {
  const r = await db
    .updateTable('company_invitations')
    .set({ used_at: at, used_by: userId })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
