import 'server-only';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Education, Experience, Links } from '../../../domain/profile-history';

// A candidate's work history, education, links and CV's key (migration 024). Every write names its
// owner: a row of someone else's is simply not found.
type Q = Kysely<DB> | Transaction<DB>;

export const experienceOf = (db: Q, userId: number) =>
  db
    .selectFrom('profile_experience')
    .select(['id', 'company', 'title', 'start_month', 'end_month', 'description'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

export const educationOf = (db: Q, userId: number) =>
  db
    .selectFrom('profile_education')
    .select(['id', 'school', 'degree', 'start_year', 'end_year'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();

export const documentsOf = (db: Q, userId: number) =>
  db.selectFrom('profile_documents').selectAll().where('user_id', '=', userId).executeTakeFirst();

export async function countEntries(db: Q, table: 'profile_experience' | 'profile_education', userId: number): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertExperience(db: Q, userId: number, e: Experience): Promise<void> {
  await db
    .insertInto('profile_experience')
    .values({ user_id: userId, ...e })
    .execute();
}
export async function updateExperience(db: Q, userId: number, id: number, e: Experience): Promise<boolean> {
  const r = await db.updateTable('profile_experience').set(e).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
export async function insertEducation(db: Q, userId: number, e: Education): Promise<void> {
  await db
    .insertInto('profile_education')
    .values({ user_id: userId, ...e })
    .execute();
}
export async function updateEducation(db: Q, userId: number, id: number, e: Education): Promise<boolean> {
  const r = await db.updateTable('profile_education').set(e).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}
export async function deleteEntry(db: Q, table: 'profile_experience' | 'profile_education', userId: number, id: number): Promise<boolean> {
  const r = await db.deleteFrom(table).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

/** Create the row on first use, then change only the given columns. */
export async function saveDocuments(
  db: Q,
  userId: number,
  set: Partial<Links & { cv_key: string | null; cv_bytes: number | null; cv_uploaded_at: Date | null }>,
): Promise<void> {
  const now = new Date();
  await db
    .insertInto('profile_documents')
    .values({ user_id: userId, ...set, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...set, updated_at: now }))
    .execute();
}

/** A candidate's account by their profile slug (candidates only). */
export const candidateBySlug = (db: Q, slug: string) =>
  db
    .selectFrom('users as u')
    .innerJoin('candidate_profiles as p', 'p.user_id', 'u.id')
    .select(['u.id', 'u.name', 'u.last_name', 'u.profile_slug', 'p.is_public'])
    .where('u.profile_slug', '=', slug)
    .where('u.account_type', '=', 'match')
    .executeTakeFirst();

/** True when a member of a company this candidate applied to (any offer, any status). */
export async function appliedToCompanyOf(db: Q, candidateId: number, memberId: number): Promise<boolean> {
  const row = await db
    .selectFrom('applications as a')
    .innerJoin('offers as o', 'o.id', 'a.offer_id')
    .innerJoin('company_users as cu', 'cu.company_id', 'o.company_id')
    .select('a.id')
    .where('a.candidate_id', '=', candidateId)
    .where('cu.user_id', '=', memberId)
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/** The candidate of an application, when the member's company owns its offer. */
export const applicationCandidateFor = (db: Q, applicationId: number, memberId: number) =>
  db
    .selectFrom('applications as a')
    .innerJoin('offers as o', 'o.id', 'a.offer_id')
    .innerJoin('company_users as cu', 'cu.company_id', 'o.company_id')
    .innerJoin('users as u', 'u.id', 'a.candidate_id')
    .select(['u.id', 'u.name', 'u.last_name', 'u.profile_slug'])
    .where('a.id', '=', applicationId)
    .where('cu.user_id', '=', memberId)
    .executeTakeFirst();

/** Of these applications to the member's company, those whose candidate has a CV. */
export async function applicationsWithCv(db: Q, applicationIds: number[], memberId: number): Promise<number[]> {
  if (!applicationIds.length) return [];
  const rows = await db
    .selectFrom('applications as a')
    .innerJoin('offers as o', 'o.id', 'a.offer_id')
    .innerJoin('company_users as cu', 'cu.company_id', 'o.company_id')
    .innerJoin('profile_documents as d', 'd.user_id', 'a.candidate_id')
    .select('a.id')
    .where('a.id', 'in', applicationIds)
    .where('cu.user_id', '=', memberId)
    .where('d.cv_key', 'is not', null)
    .execute();
  return rows.map((r) => r.id);
}
