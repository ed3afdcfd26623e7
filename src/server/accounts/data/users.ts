import 'server-only';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

type Q = Kysely<DB> | Transaction<DB>;

export const USER_FIELDS = [
  'id',
  'name',
  'last_name',
  'email',
  'profile_picture_path',
  'profile_slug',
  'user_status',
  'account_type',
] as const;

export function findUserByEmail(db: Q, email: string, accountType: 'match' | 'hire') {
  return db
    .selectFrom('users')
    .select([...USER_FIELDS, 'password_hash', 'token_version'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('account_type', '=', accountType)
    .executeTakeFirst();
}

export function findUserByAnyEmail(db: Q, email: string) {
  return db
    .selectFrom('users')
    .select([...USER_FIELDS, 'password_hash', 'token_version', 'email_confirmed_at'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

export function findUserById(db: Q, id: number) {
  return db
    .selectFrom('users')
    .select([...USER_FIELDS, 'token_version'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function emailExists(db: Q, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return !!row;
}

export async function slugExists(db: Q, slug: string): Promise<boolean> {
  return !!(await db.selectFrom('users').select('id').where('profile_slug', '=', slug).executeTakeFirst());
}

export type NewUser = {
  email: string;
  password_hash: string | null;
  account_type: 'match' | 'hire';
  name: string;
  last_name: string;
  profile_slug: string;
  origin: 'regular' | 'public-offer' | 'calculator' | 'free-course';
  user_status?: 'pending-confirmation' | 'active';
  email_confirmed_at?: Date | null;
  profile_picture_path?: string | null;
  locale?: 'es' | 'en';
  utm_id?: string | null;
  utm_source?: string | null;
  utm_medium?: string | null;
  utm_campaign?: string | null;
  utm_term?: string | null;
  utm_content?: string | null;
};

export async function insertUser(db: Q, u: NewUser): Promise<number> {
  const row = await db.insertInto('users').values(u).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Every token issued so far stops working (optionally with a new or cleared password). */
export async function bumpTokenVersion(db: Q, userId: number, set: { password_hash?: string | null } = {}): Promise<void> {
  await db
    .updateTable('users')
    .set({ ...set, token_version: sql<number>`token_version + 1`, updated_at: new Date() })
    .where('id', '=', userId)
    .execute();
}

/** A pending account becomes active with its address confirmed (nothing for any other status). */
export async function confirmUserEmail(db: Q, userId: number): Promise<void> {
  await db
    .updateTable('users')
    .set({ user_status: 'active', email_confirmed_at: new Date(), updated_at: new Date() })
    .where('id', '=', userId)
    .where('user_status', '=', 'pending-confirmation')
    .execute();
}

/**
 * The side row a new account type starts with: a candidate profile, or a company with its first member. Companies
 * belong to the offers domain; the sign-up writes this one row with the user, in the same transaction.
 */
export async function insertCandidateProfile(db: Q, userId: number): Promise<void> {
  await db.insertInto('candidate_profiles').values({ user_id: userId }).execute();
}

export async function insertCompanyWithMember(db: Q, company: { name: string; slug: string }, userId: number): Promise<number> {
  const row = await db.insertInto('companies').values(company).returning('id').executeTakeFirstOrThrow();
  await db.insertInto('company_users').values({ company_id: row.id, user_id: userId, role: 'owner', joined_at: new Date() }).execute();
  return row.id;
}
