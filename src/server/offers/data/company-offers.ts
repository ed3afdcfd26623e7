import 'server-only';
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { afterKey, type KeyPart, type KeyValue } from '../../db/keyset';

// The company side's SQL (decision 015): a company's offers with applicant counts, writes of offers with their
// skills and allowed countries, status changes, expiry, applicants and their pipeline (the candidate browser:
// candidates.ts). Lists are read one keyset page at a time (decision 054).
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

/** A company's offers, last changed first (decision 054: read by keyset, from offers_company_updated). */
const COMPANY_OFFERS_ORDER: KeyPart[] = [
  { ref: 'o.updated_at', dir: 'desc' },
  { ref: 'o.id', dir: 'desc' },
];

/** One page of a company's offers after the sort key `after` (the first page without it). */
export function companyOffers(db: Q, companyId: number, after: readonly KeyValue[] | null, limit: number) {
  let q = db.selectFrom('offers as o').select(LISTED).where('o.company_id', '=', companyId);
  if (after) q = q.where(afterKey(COMPANY_OFFERS_ORDER, after));
  return q.orderBy('o.updated_at', 'desc').orderBy('o.id', 'desc').limit(limit).execute();
}

export async function countCompanyOffers(db: Q, companyId: number): Promise<number> {
  const r = await db
    .selectFrom('offers')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('company_id', '=', companyId)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** How many applications each of these offers has (the offers of one page). */
export async function applicantCounts(db: Q, offerIds: number[]): Promise<Map<number, number>> {
  if (!offerIds.length) return new Map();
  const rows = await db
    .selectFrom('applications')
    .select(['offer_id', (eb) => eb.fn.countAll().as('n')])
    .where('offer_id', 'in', offerIds)
    .groupBy('offer_id')
    .execute();
  return new Map(rows.map((r) => [r.offer_id, Number(r.n)]));
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

/** An offer's applicants, newest first (decision 054: read by keyset, from applications_offer_created). */
const APPLICANTS_ORDER: KeyPart[] = [
  { ref: 'a.created_at', dir: 'desc' },
  { ref: 'a.id', dir: 'desc' },
];

/** One page of an offer's applicants after the sort key `after` (the first page without it). */
export function applicantsOf(db: Q, offerId: number, after: readonly KeyValue[] | null, limit: number) {
  let q = db
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
      'p.years',
      'p.headline',
      'p.is_public',
    ])
    .where('a.offer_id', '=', offerId)
    .where('u.deletion_requested_at', 'is', null); // deleted by its owner (decision 073);
  if (after) q = q.where(afterKey(APPLICANTS_ORDER, after));
  return q.orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(limit).execute();
}

/** An offer's applications by status (all of them, not one page): the board's column counts and the total. */
export async function applicationStatusCounts(db: Q, offerId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('applications as a')
    .innerJoin('users as u', 'u.id', 'a.candidate_id')
    .select(['a.status', (eb) => eb.fn.countAll().as('n')])
    .where('a.offer_id', '=', offerId)
    .where('u.deletion_requested_at', 'is', null) // counted like the list shows them (decision 073)
    .groupBy('a.status')
    .execute();
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
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
