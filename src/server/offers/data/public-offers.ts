import 'server-only';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { OFFER_COLUMNS } from './offers';

// The candidate side's SQL (decision 016): one offer with its company, skills and allowed countries; a
// candidate's applications; offers that fit a profile.
type Q = Kysely<DB> | Transaction<DB>;

export function offerBySlug(db: Q, slug: string) {
  return db
    .selectFrom('offers as o')
    .innerJoin('companies as c', 'c.id', 'o.company_id')
    .select([
      ...OFFER_COLUMNS,
      'o.company_id',
      'o.status',
      'o.updated_at',
      'c.name as company_name',
      'c.slug as company_slug',
      'c.logo_path as company_logo',
      'c.website as company_website',
      'c.size as company_size',
      'c.country as company_country',
      'c.location as company_location',
      'c.description as company_description',
      'c.perks as company_perks',
      'c.tech_stack as company_tech_stack',
    ])
    .where('o.slug', '=', slug)
    .executeTakeFirst();
}
export type OfferRow = NonNullable<Awaited<ReturnType<typeof offerBySlug>>>;

export async function offerSkills(db: Q, offerId: number): Promise<{ skill: string; required: boolean }[]> {
  const rows = await db
    .selectFrom('offer_skills')
    .select(['skill', 'required'])
    .where('offer_id', '=', offerId)
    .orderBy('required', 'desc')
    .orderBy('skill')
    .execute();
  return rows.map((r) => ({ skill: r.skill, required: !!r.required }));
}

export async function offerCountries(db: Q, offerId: number): Promise<string[]> {
  const rows = await db.selectFrom('offer_countries').select('country').where('offer_id', '=', offerId).orderBy('country').execute();
  return rows.map((r) => r.country);
}

export function isCompanyUser(db: Q, companyId: number, userId: number) {
  return db
    .selectFrom('company_users')
    .select('user_id')
    .where('company_id', '=', companyId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

export function applicationOf(db: Q, offerId: number, candidateId: number) {
  return db
    .selectFrom('applications')
    .select(['id', 'status', 'created_at', 'updated_at'])
    .where('offer_id', '=', offerId)
    .where('candidate_id', '=', candidateId)
    .executeTakeFirst();
}

export function insertApplication(db: Q, offerId: number, candidateId: number, now: Date) {
  return db
    .insertInto('applications')
    .values({ offer_id: offerId, candidate_id: candidateId, status: 'sent', created_at: now, updated_at: now })
    .returning(['id', 'status', 'created_at'])
    .executeTakeFirstOrThrow();
}

export function applicationsOfCandidate(db: Q, candidateId: number) {
  return db
    .selectFrom('applications as a')
    .innerJoin('offers as o', 'o.id', 'a.offer_id')
    .innerJoin('companies as c', 'c.id', 'o.company_id')
    .select([
      'a.id',
      'a.status',
      'a.created_at',
      'a.updated_at',
      'a.rejection_message',
      'o.slug',
      'o.title',
      'o.status as offer_status',
      'o.valid_through',
      'c.name as company_name',
    ])
    .where('a.candidate_id', '=', candidateId)
    .orderBy('a.updated_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(100)
    .execute();
}

/** What the workspace's completeness meter reads of a profile: its facts and how many skills it lists. */
export function candidateProfileFacts(db: Q, userId: number) {
  return db
    .selectFrom('candidate_profiles as cp')
    .select((eb) => [
      'cp.role',
      'cp.seniority',
      'cp.country',
      'cp.headline',
      'cp.years',
      'cp.english',
      'cp.salary_expectation_usd',
      'cp.is_public',
      eb
        .selectFrom('candidate_skills as cs')
        .select((e) => e.fn.countAll<number | string>().as('n'))
        .whereRef('cs.user_id', '=', 'cp.user_id')
        .as('skill_count'),
    ])
    .where('cp.user_id', '=', userId)
    .executeTakeFirst();
}

export function candidateProfile(db: Q, userId: number) {
  return db
    .selectFrom('candidate_profiles')
    .select(['role', 'seniority', 'country', 'english'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
