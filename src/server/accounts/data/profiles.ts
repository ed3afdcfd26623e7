import 'server-only';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { COMPANY_COLUMNS } from '../company-view';

type Q = Kysely<DB> | Transaction<DB>;

export function findProfileBySlug(db: Q, slug: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('candidate_profiles as p', 'p.user_id', 'u.id')
    .select([
      'u.id as user_id',
      'u.name',
      'u.last_name',
      'u.profile_slug',
      'u.profile_picture_path',
      'u.user_status',
      'u.is_demo',
      'p.headline',
      'p.country',
      'p.role',
      'p.seniority',
      'p.years',
      'p.english',
      'p.salary_expectation_usd',
      'p.availability',
      'p.is_public',
    ])
    .where('u.profile_slug', '=', slug)
    .where('u.account_type', '=', 'match')
    .where('u.deletion_requested_at', 'is', null) // deleted by its owner (decision 073)
    .executeTakeFirst();
}

export async function skillsOf(db: Q, userId: number): Promise<string[]> {
  const rows = await db.selectFrom('candidate_skills').select('skill').where('user_id', '=', userId).orderBy('skill').execute();
  return rows.map((r) => r.skill);
}

export function certificationsOf(db: Q, userId: number) {
  return db
    .selectFrom('certifications')
    .select(['slug', 'role', 'level', 'score', 'issued_at', 'is_demo'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('issued_at', 'desc')
    .execute();
}

export type ProfileFields = {
  headline: string | null;
  country: string | null;
  role: string | null;
  seniority: 'junior' | 'mid' | 'senior' | null;
  years: number | null;
  english: 'basic' | 'intermediate' | 'advanced' | null;
  salary_expectation_usd: number | null;
  availability: 'interviews' | 'open-to-offers' | 'not-available';
  is_public: boolean;
};

/** In the caller's transaction (the profile and its skills change together, with the page purge). */
export async function saveProfile(trx: Transaction<DB>, userId: number, f: ProfileFields, skills: string[]): Promise<void> {
  await trx
    .updateTable('candidate_profiles')
    .set({ ...f, is_public: f.is_public ? 1 : 0, updated_at: new Date() })
    .where('user_id', '=', userId)
    .execute();
  await trx.deleteFrom('candidate_skills').where('user_id', '=', userId).execute();
  if (skills.length)
    await trx
      .insertInto('candidate_skills')
      .values(skills.map((skill) => ({ user_id: userId, skill })))
      .execute();
}

/** The public profile's slug of a user (null without one). */
export async function profileSlugOf(db: Q, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('profile_slug').where('id', '=', userId).executeTakeFirst();
  return row?.profile_slug ?? null;
}

export async function setUserPicture(db: Q, userId: number, path: string | null): Promise<void> {
  await db.updateTable('users').set({ profile_picture_path: path, updated_at: new Date() }).where('id', '=', userId).execute();
}

export function companyOfUser(db: Q, userId: number) {
  return db
    .selectFrom('companies as c')
    .innerJoin('company_users as cu', 'cu.company_id', 'c.id')
    .select(COMPANY_COLUMNS)
    .where('cu.user_id', '=', userId)
    .executeTakeFirst();
}

export type CompanyFields = {
  name: string;
  website: string | null;
  size: string | null;
  country: string | null;
  location: string | null;
  description: string | null;
  /** Decision 086: stored as JSON arrays, null when empty. */
  perks: string[];
  stack: string[];
};

export async function saveCompany(db: Q, companyId: number, f: CompanyFields, logo_path?: string): Promise<void> {
  const { perks, stack, ...rest } = f;
  const list = (xs: string[]) => (xs.length ? JSON.stringify(xs) : null);
  await db
    .updateTable('companies')
    .set({ ...rest, perks: list(perks), tech_stack: list(stack), ...(logo_path ? { logo_path } : {}) })
    .where('id', '=', companyId)
    .execute();
}
