import 'server-only';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

// The company side's SQL (decision 015): a company's offers with applicant counts, writes of offers with their
// skills and allowed countries, status changes, expiry, applicants and their pipeline, the candidate browser.
type Q = Kysely<DB> | Transaction<DB>;

/** What a company's offer form writes: the offer's own columns, as the table reads them. */
export type OfferWrite = Pick<
  Selectable<DB['offers']>,
  | 'title'
  | 'area'
  | 'role'
  | 'seniority'
  | 'english'
  | 'modality'
  | 'country'
  | 'city'
  | 'employment_type'
  | 'description'
  | 'salary_min'
  | 'salary_max'
  | 'currency'
  | 'period'
  | 'salary_min_usd_month'
  | 'salary_max_usd_month'
>;

export async function insertOffer(
  db: Q,
  companyId: number,
  slug: string,
  o: OfferWrite,
  status: 'draft' | 'published',
  at: Date,
  validThrough: Date | null,
) {
  const row = await db
    .insertInto('offers')
    .values({
      ...o,
      slug,
      company_id: companyId,
      gross: 1,
      status,
      is_demo: 0,
      created_at: at,
      updated_at: at,
      published_at: status === 'published' ? at : null,
      valid_through: validThrough,
    })
    .returning(['id', 'slug'])
    .executeTakeFirstOrThrow();
  return row;
}

export async function updateOffer(db: Q, id: number, o: OfferWrite, at: Date) {
  await db
    .updateTable('offers')
    .set({ ...o, updated_at: at })
    .where('id', '=', id)
    .execute();
}

export async function replaceOfferLists(db: Q, offerId: number, required: string[], nice: string[], countries: string[]) {
  await db.deleteFrom('offer_skills').where('offer_id', '=', offerId).execute();
  await db.deleteFrom('offer_countries').where('offer_id', '=', offerId).execute();
  const skills = [
    ...required.map((skill) => ({ offer_id: offerId, skill, required: 1 })),
    ...nice.map((skill) => ({ offer_id: offerId, skill, required: 0 })),
  ];
  if (skills.length) await db.insertInto('offer_skills').values(skills).execute();
  if (countries.length)
    await db
      .insertInto('offer_countries')
      .values(countries.map((country) => ({ offer_id: offerId, country })))
      .execute();
}

/** Slugs in use among root, root-2, root-3... (root holds only [a-z0-9-], so LIKE has no wildcard in it). */
export async function takenSlugs(db: Q, root: string): Promise<string[]> {
  const rows = await db
    .selectFrom('offers')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', root), eb('slug', 'like', `${root}-%`)]))
    .execute();
  return rows.map((r) => r.slug);
}

export function companyOffer(db: Q, companyId: number, id: number) {
  return db.selectFrom('offers').selectAll().where('id', '=', id).where('company_id', '=', companyId).executeTakeFirst();
}

export async function offerLists(db: Q, id: number) {
  const [skills, countries] = await Promise.all([
    db.selectFrom('offer_skills').select(['skill', 'required']).where('offer_id', '=', id).orderBy('skill').execute(),
    db.selectFrom('offer_countries').select('country').where('offer_id', '=', id).orderBy('country').execute(),
  ]);
  return {
    required: skills.filter((s) => s.required).map((s) => s.skill),
    nice: skills.filter((s) => !s.required).map((s) => s.skill),
    countries: countries.map((c) => c.country),
  };
}

// A company's list of its offers: the columns it shows, selected and grouped by (one row per offer).
const LISTED = [
  'o.id',
  'o.slug',
  'o.title',
  'o.status',
  'o.published_at',
  'o.valid_through',
  'o.updated_at',
  'o.country',
  'o.role',
  'o.seniority',
] as const;

export function companyOffers(db: Q, companyId: number) {
  return db
    .selectFrom('offers as o')
    .leftJoin('applications as a', 'a.offer_id', 'o.id')
    .select(LISTED)
    .select((eb) => eb.fn.count<number>('a.id').as('applicants'))
    .where('o.company_id', '=', companyId)
    .groupBy(LISTED)
    .orderBy('o.updated_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(500)
    .execute();
}

export type OfferStatus = 'draft' | 'published' | 'paused' | 'closed' | 'expired';
/**
 * Change an offer's status only if it is still in the state it was read in (its status and, for a
 * published offer, the side of valid_through it was on). Answers whether it changed.
 */
export async function setOfferStatusIf(
  db: Q,
  id: number,
  from: { status: string; open: boolean },
  set: { status: OfferStatus; published_at?: Date; valid_through?: Date | null },
  at: Date,
): Promise<boolean> {
  let q = db
    .updateTable('offers')
    .set({ ...set, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', from.status as OfferStatus);
  if (from.status === 'published') {
    q = from.open
      ? q.where((eb) => eb.or([eb('valid_through', 'is', null), eb('valid_through', '>', at)]))
      : q.where('valid_through', '<=', at);
  }
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Published offers past valid_through become expired. Returns how many. */
export async function expireDue(db: Q, now: Date): Promise<number> {
  const r = await db
    .updateTable('offers')
    .set({ status: 'expired', updated_at: now })
    .where('status', '=', 'published')
    .where('valid_through', 'is not', null)
    .where('valid_through', '<=', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows ?? 0);
}

export function applicantsOf(db: Q, offerId: number) {
  return db
    .selectFrom('applications as a')
    .innerJoin('users as u', 'u.id', 'a.candidate_id')
    .leftJoin('candidate_profiles as p', 'p.user_id', 'u.id')
    .select([
      'a.id',
      'a.status',
      'a.created_at',
      'a.updated_at',
      'u.id as user_id',
      'u.name',
      'u.last_name',
      'u.email',
      'u.profile_slug',
      'p.role',
      'p.seniority',
      'p.country',
      'p.english',
      'p.headline',
      'p.is_public',
    ])
    .where('a.offer_id', '=', offerId)
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(500)
    .execute();
}

export async function skillsOfUsers(db: Q, userIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (!userIds.length) return out;
  const rows = await db
    .selectFrom('candidate_skills')
    .select(['user_id', 'skill'])
    .where('user_id', 'in', userIds)
    .orderBy('skill')
    .execute();
  for (const r of rows) (out.get(r.user_id) ?? out.set(r.user_id, []).get(r.user_id)!).push(r.skill);
  return out;
}

/**
 * Move an application only if it still has the status it was read with, and never one its candidate withdrew
 * (decision 049: the company sees it as withdrawn for good). Answers whether it moved.
 */
export async function setApplicationStatusIf(db: Q, id: number, from: string, status: string, at: Date): Promise<boolean> {
  const r = await db
    .updateTable('applications')
    .set({ status, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', from)
    .where('status', '<>', 'withdrawn')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export type CandidateFilter = {
  area?: string;
  roles?: string[];
  role?: string;
  skill?: string;
  seniority?: string;
  country?: string;
  english?: string;
  /** Only candidates holding a valid certificate. */
  certified?: boolean;
};

/** Valid certificates (not revoked, not expired) of the profile `p`, as a count. */
const validCertificates = (now: string) =>
  sql<number>`(select count(*) from certifications c where c.user_id = p.user_id and c.revoked_at is null and (c.expires_at is null or c.expires_at > ${now}))`;

/** Each user's valid certificates, newest first: the badge on an applicant. */
export async function certificatesOfUsers(db: Q, userIds: number[], now: string) {
  if (!userIds.length) return new Map<number, { slug: string; role: string; level: string; isDemo: boolean }[]>();
  const rows = await db
    .selectFrom('certifications')
    .select(['user_id', 'slug', 'role', 'level', 'is_demo'])
    .where('user_id', 'in', userIds)
    .where('revoked_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .orderBy('issued_at', 'desc')
    .execute();
  const out = new Map<number, { slug: string; role: string; level: string; isDemo: boolean }[]>();
  for (const r of rows)
    (out.get(r.user_id) ?? out.set(r.user_id, []).get(r.user_id)!).push({
      slug: r.slug,
      role: r.role,
      level: r.level,
      isDemo: r.is_demo === 1,
    });
  return out;
}

function candidateQuery(db: Q, f: CandidateFilter) {
  let q = db
    .selectFrom('candidate_profiles as p')
    .innerJoin('users as u', 'u.id', 'p.user_id')
    .where('p.is_public', '=', 1)
    .where('u.user_status', '!=', 'suspended');
  if (f.role) q = q.where('p.role', '=', f.role);
  else if (f.roles) q = q.where('p.role', 'in', f.roles.length ? f.roles : ['-']);
  if (f.seniority) q = q.where('p.seniority', '=', f.seniority);
  if (f.country) q = q.where('p.country', '=', f.country);
  if (f.english) q = q.where('p.english', '=', f.english);
  if (f.certified) q = q.where(sql<boolean>`${validCertificates(new Date().toISOString())} > 0`);
  if (f.skill)
    q = q.where((eb) =>
      eb.exists(
        eb.selectFrom('candidate_skills as s').select('s.user_id').whereRef('s.user_id', '=', 'p.user_id').where('s.skill', '=', f.skill!),
      ),
    );
  return q;
}

export async function countCandidates(db: Q, f: CandidateFilter): Promise<number> {
  const r = await candidateQuery(db, f)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Public profiles, those with certifications first, then the most recently updated. */
export function findCandidates(db: Q, f: CandidateFilter, limit: number, offset: number) {
  const now = new Date().toISOString();
  return candidateQuery(db, f)
    .select([
      'u.id as user_id',
      'u.name',
      'u.last_name',
      'u.profile_slug',
      'p.headline',
      'p.role',
      'p.seniority',
      'p.country',
      'p.english',
      'p.availability',
      validCertificates(now).as('certifications'),
    ])
    .orderBy(sql`${validCertificates(now)} > 0`, 'desc')
    .orderBy('p.updated_at', 'desc')
    .orderBy('u.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export async function saveDraft(db: Q, tokenHash: string, data: string, at: Date, clientKey: string | null) {
  await db
    .insertInto('offer_drafts')
    .values({ token_hash: tokenHash, data, created_at: at, client_key: clientKey })
    .onConflict((oc) => oc.column('token_hash').doUpdateSet({ data, created_at: at }))
    .execute();
}
export async function draftExists(db: Q, tokenHash: string, since: Date): Promise<boolean> {
  return !!(await db
    .selectFrom('offer_drafts')
    .select('token_hash')
    .where('token_hash', '=', tokenHash)
    .where('created_at', '>', since)
    .executeTakeFirst());
}
/** Live drafts written from one client address. */
export async function countDraftsOf(db: Q, clientKey: string, since: Date): Promise<number> {
  const r = await db
    .selectFrom('offer_drafts')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('client_key', '=', clientKey)
    .where('created_at', '>', since)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}
export async function sweepDrafts(db: Q, olderThan: Date): Promise<number> {
  const r = await db.deleteFrom('offer_drafts').where('created_at', '<', olderThan).executeTakeFirst();
  return Number(r.numDeletedRows ?? 0);
}
export function loadDraft(db: Q, tokenHash: string, since: Date) {
  return db
    .selectFrom('offer_drafts')
    .select('data')
    .where('token_hash', '=', tokenHash)
    .where('created_at', '>', since)
    .executeTakeFirst();
}
export async function deleteDraft(db: Q, tokenHash: string, olderThan: Date) {
  await db
    .deleteFrom('offer_drafts')
    .where((eb) => eb.or([eb('token_hash', '=', tokenHash), eb('created_at', '<', olderThan)]))
    .execute();
}
