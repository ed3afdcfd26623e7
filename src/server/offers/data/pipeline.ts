import 'server-only';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import type { EventKind } from '../../../domain/pipeline';

// The applicant tracker's SQL (decision 048): one application with its candidate, the history with its
// actors, the members' notes and ratings, the rejection and the statuses of several applications at once.
type Q = Kysely<DB> | Transaction<DB>;

/** One application with its offer, company and candidate (the application page, the rejection email). */
export function applicationDetail(db: Q, id: number) {
  return db
    .selectFrom('applications as a')
    .innerJoin('offers as o', 'o.id', 'a.offer_id')
    .innerJoin('companies as c', 'c.id', 'o.company_id')
    .innerJoin('users as u', 'u.id', 'a.candidate_id')
    .leftJoin('candidate_profiles as p', 'p.user_id', 'u.id')
    .select([
      'a.id',
      'a.status',
      'a.offer_id',
      'a.created_at',
      'a.updated_at',
      'a.rejection_reason',
      'a.rejection_message',
      'o.title as offer_title',
      'o.company_id',
      'c.name as company_name',
      'u.id as user_id',
      'u.name',
      'u.last_name',
      'u.email',
      'u.locale',
      'u.profile_slug',
      'p.role',
      'p.seniority',
      'p.country',
      'p.english',
      'p.headline',
      'p.is_public',
    ])
    .where('a.id', '=', id)
    .where('u.deletion_requested_at', 'is', null) // deleted by its owner (decision 073)
    .executeTakeFirst();
}

export function insertEvent(
  db: Q,
  e: { application_id: number; actor_id: number | null; kind: EventKind; from_status?: string | null; to_status?: string | null; at: Date },
) {
  return db
    .insertInto('application_events')
    .values({ ...e, from_status: e.from_status ?? null, to_status: e.to_status ?? null })
    .execute();
}

/** An application's history, newest first, with each actor's name (null once the account is gone). */
export function eventsOf(db: Q, applicationId: number) {
  return db
    .selectFrom('application_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .select(['e.id', 'e.kind', 'e.from_status', 'e.to_status', 'e.at', 'u.name', 'u.last_name'])
    .where('e.application_id', '=', applicationId)
    .orderBy('e.at', 'desc')
    .orderBy('e.id', 'desc')
    .limit(200)
    .execute();
}

export async function insertNote(db: Q, n: { application_id: number; author_id: number; body: string; created_at: Date }) {
  await db.insertInto('application_notes').values(n).execute();
}

export function notesOf(db: Q, applicationId: number) {
  return db
    .selectFrom('application_notes as n')
    .leftJoin('users as u', 'u.id', 'n.author_id')
    .select(['n.id', 'n.body', 'n.created_at', 'n.author_id', 'u.name', 'u.last_name'])
    .where('n.application_id', '=', applicationId)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc')
    .limit(200)
    .execute();
}

/** A member's rating of an application: one per member, the latest wins. */
export async function saveRating(db: Q, r: { application_id: number; user_id: number; score: number; updated_at: Date }) {
  await db
    .insertInto('application_ratings')
    .values(r)
    .onConflict((oc) => oc.columns(['application_id', 'user_id']).doUpdateSet({ score: r.score, updated_at: r.updated_at }))
    .execute();
}

export function ratingsOf(db: Q, applicationId: number) {
  return db
    .selectFrom('application_ratings as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select(['r.user_id', 'r.score', 'r.updated_at', 'u.name', 'u.last_name'])
    .where('r.application_id', '=', applicationId)
    .orderBy('r.updated_at', 'desc')
    .execute();
}

/** The average rating of each of these applications (the cards show it). */
export async function averageRatings(db: Q, ids: number[]): Promise<Map<number, { average: number; count: number }>> {
  const out = new Map<number, { average: number; count: number }>();
  if (!ids.length) return out;
  const rows = await db
    .selectFrom('application_ratings')
    .select((eb) => ['application_id', eb.fn.avg<number | string>('score').as('average'), eb.fn.countAll<number | string>().as('n')])
    .where('application_id', 'in', ids)
    .groupBy('application_id')
    .execute();
  for (const r of rows) out.set(r.application_id, { average: Number(r.average), count: Number(r.n) });
  return out;
}

/** Reject only from the status it was read in, never a withdrawn application; answers whether it did. */
export async function rejectIf(db: Q, id: number, from: string, reason: string, message: string, at: Date): Promise<boolean> {
  const r = await db
    .updateTable('applications')
    .set({ status: 'rejected', rejection_reason: reason, rejection_message: message, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', from)
    .where('status', '<>', 'withdrawn')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Several applications with their company and candidate's name (a bulk move's confirmation). */
export function applicationsByIds(db: Q, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .selectFrom('applications as a')
    .innerJoin('offers as o', 'o.id', 'a.offer_id')
    .innerJoin('users as u', 'u.id', 'a.candidate_id')
    .select(['a.id', 'a.status', 'a.offer_id', 'o.company_id', 'u.name', 'u.last_name'])
    .where('a.id', 'in', ids)
    .execute();
}
