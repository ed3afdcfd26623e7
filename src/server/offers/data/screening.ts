import 'server-only';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { Question } from '../../../domain/screening';

// The SQL of applying with more than a click (decision 049): an offer's screening questions, the applicant's
// cover note and answers, a candidate's withdrawal, saved offers, an offer's applicants for the CSV.
type Q = Kysely<DB> | Transaction<DB>;

export async function questionsOf(db: Q, offerId: number) {
  const rows = await db
    .selectFrom('offer_questions')
    .select(['position', 'kind', 'label', 'required'])
    .where('offer_id', '=', offerId)
    .orderBy('position')
    .execute();
  return rows.map((r) => ({ position: r.position, kind: r.kind, label: r.label, required: !!r.required }));
}

export async function replaceQuestions(db: Q, offerId: number, questions: readonly Question[]) {
  await db.deleteFrom('offer_questions').where('offer_id', '=', offerId).execute();
  if (!questions.length) return;
  await db
    .insertInto('offer_questions')
    .values(questions.map((q, i) => ({ offer_id: offerId, position: i + 1, kind: q.kind, label: q.label, required: q.required ? 1 : 0 })))
    .execute();
}

export function insertApplicationWithNote(db: Q, offerId: number, candidateId: number, coverNote: string | null, now: Date) {
  return db
    .insertInto('applications')
    .values({ offer_id: offerId, candidate_id: candidateId, status: 'sent', cover_note: coverNote, created_at: now, updated_at: now })
    .returning(['id', 'status'])
    .executeTakeFirstOrThrow();
}

export async function insertAnswers(
  db: Q,
  applicationId: number,
  rows: { position: number; kind: string; question: string; answer: string }[],
) {
  if (!rows.length) return;
  await db
    .insertInto('application_answers')
    .values(rows.map((r) => ({ application_id: applicationId, ...r })))
    .execute();
}

/** A candidate's own application with its offer's title (null for another candidate's). */
export function candidateApplication(db: Q, candidateId: number, applicationId: number) {
  return db
    .selectFrom('applications as a')
    .innerJoin('offers as o', 'o.id', 'a.offer_id')
    .select(['a.id', 'a.status', 'a.offer_id', 'o.title', 'o.slug'])
    .where('a.id', '=', applicationId)
    .where('a.candidate_id', '=', candidateId)
    .executeTakeFirst();
}

/** Withdraw only from a status that allows it, as read: of a withdrawal and a move racing, one wins. */
export async function withdrawIf(db: Q, id: number, from: string, at: Date): Promise<boolean> {
  const r = await db
    .updateTable('applications')
    .set({ status: 'withdrawn', updated_at: at })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Applications among `ids` whose offer belongs to the company, with the cover note. */
export function companyApplications(db: Q, companyId: number, ids: number[]) {
  return db
    .selectFrom('applications as a')
    .innerJoin('offers as o', 'o.id', 'a.offer_id')
    .select(['a.id', 'a.cover_note'])
    .where('o.company_id', '=', companyId)
    .where('a.id', 'in', ids)
    .execute();
}

export function answersOf(db: Q, applicationIds: number[]) {
  return db
    .selectFrom('application_answers')
    .select(['application_id', 'position', 'kind', 'question', 'answer'])
    .where('application_id', 'in', applicationIds)
    .orderBy('application_id')
    .orderBy('position')
    .execute();
}

/** An offer's applicants for the CSV, oldest first (the order they came in). */
export function applicantRows(db: Q, offerId: number) {
  return db
    .selectFrom('applications as a')
    .innerJoin('users as u', 'u.id', 'a.candidate_id')
    .select(['a.id', 'a.status', 'a.created_at', 'a.cover_note', 'u.name', 'u.last_name', 'u.email'])
    .where('a.offer_id', '=', offerId)
    .where('u.deletion_requested_at', 'is', null) // deleted by its owner (decision 073)
    .orderBy('a.created_at')
    .orderBy('a.id')
    .limit(5000)
    .execute();
}

/** Saving twice is saving once. */
export async function saveOffer(db: Q, candidateId: number, offerId: number, at: Date) {
  await db
    .insertInto('saved_offers')
    .values({ candidate_id: candidateId, offer_id: offerId, created_at: at })
    .onConflict((oc) => oc.columns(['candidate_id', 'offer_id']).doNothing())
    .execute();
}

export async function unsaveOffer(db: Q, candidateId: number, offerId: number): Promise<boolean> {
  const r = await db.deleteFrom('saved_offers').where('candidate_id', '=', candidateId).where('offer_id', '=', offerId).executeTakeFirst();
  return Number(r.numDeletedRows ?? 0) > 0;
}

/** A candidate's saved offers, newest first, after the (created_at, offer_id) of the last one shown. */
export function savedOffersOf(db: Q, candidateId: number, limit: number, after: { at: Date; offerId: number } | null) {
  let q = db
    .selectFrom('saved_offers as s')
    .innerJoin('offers as o', 'o.id', 's.offer_id')
    .innerJoin('companies as c', 'c.id', 'o.company_id')
    .select(['s.offer_id', 's.created_at', 'o.slug', 'o.title', 'o.status', 'o.valid_through', 'c.name as company_name'])
    .where('s.candidate_id', '=', candidateId);
  if (after)
    q = q.where((eb) =>
      eb.or([eb('s.created_at', '<', after.at), eb.and([eb('s.created_at', '=', after.at), eb('s.offer_id', '<', after.offerId)])]),
    );
  return q.orderBy('s.created_at', 'desc').orderBy('s.offer_id', 'desc').limit(limit).execute();
}
