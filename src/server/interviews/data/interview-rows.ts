import 'server-only';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { companyLeaving, companyNotLeaving, userLeaving } from '../../db/pending-deletion';
import type { InterviewStatus } from './tables';

// The interviews domain's SQL: interviews, their proposed slots, and the facts of the application they
// come from (read from the offers' and accounts' tables, read only).
type Q = Kysely<DB> | Transaction<DB>;

/** An application with its offer, company and candidate: who may propose and what the interview is about. */
export function applicationFacts(db: Q, applicationId: number) {
  return db
    .selectFrom('applications as a')
    .innerJoin('offers as o', 'o.id', 'a.offer_id')
    .innerJoin('companies as c', 'c.id', 'o.company_id')
    .innerJoin('users as u', 'u.id', 'a.candidate_id')
    .select([
      'a.id',
      'a.candidate_id',
      'o.id as offer_id',
      'o.title as offer_title',
      'c.id as company_id',
      'c.name as company_name',
      'u.name as candidate_name',
      'u.last_name as candidate_last_name',
      'u.email as candidate_email',
    ])
    .where('a.id', '=', applicationId)
    .executeTakeFirst();
}

const interviewColumns = [
  'i.id',
  'i.company_id',
  'i.candidate_id',
  'i.application_id',
  'i.proposer_id',
  'i.uid',
  'i.sequence',
  'i.invited',
  'i.status',
  'i.duration_minutes',
  'i.time_zone',
  'i.video_url',
  'i.starts_at',
  'i.cancelled_by',
  'i.updated_at',
  'o.id as offer_id',
  'o.title as offer_title',
  'c.name as company_name',
  'u.name as candidate_name',
  'u.last_name as candidate_last_name',
  'u.email as candidate_email',
] as const;

function interviews(db: Q) {
  return db
    .selectFrom('job_interviews as i')
    .innerJoin('applications as a', 'a.id', 'i.application_id')
    .innerJoin('offers as o', 'o.id', 'a.offer_id')
    .innerJoin('companies as c', 'c.id', 'i.company_id')
    .innerJoin('users as u', 'u.id', 'i.candidate_id')
    .select(interviewColumns)
    .select([userLeaving('i.candidate_id').as('candidate_leaving'), companyLeaving('i.company_id').as('company_leaving')]);
}
export type InterviewRow = NonNullable<Awaited<ReturnType<typeof interviewById>>>;

export const interviewById = (db: Q, id: number) => interviews(db).where('i.id', '=', id).executeTakeFirst();

/** The open interview (proposed or scheduled) of an application, if any. */
export const openInterviewOf = (db: Q, applicationId: number) =>
  interviews(db)
    .where('i.application_id', '=', applicationId)
    .where('i.status', 'in', ['proposed', 'scheduled'])
    .orderBy('i.id', 'desc')
    .executeTakeFirst();

/** Proposed and upcoming scheduled interviews of one side, soonest first (proposals last), at most `limit`. */
export function openInterviews(db: Q, side: { companyId: number } | { candidateId: number }, since: Date, limit: number) {
  let q = interviews(db).where((eb) =>
    eb.or([eb('i.status', '=', 'proposed'), eb.and([eb('i.status', '=', 'scheduled'), eb('i.starts_at', '>', since)])]),
  );
  // The other side pending deletion (decision 076) is hidden: a candidate from the company, a closing company from the candidate.
  q =
    'companyId' in side
      ? q.where('i.company_id', '=', side.companyId).where('u.deletion_requested_at', 'is', null)
      : q.where('i.candidate_id', '=', side.candidateId).where(companyNotLeaving('i.company_id'));
  return q.orderBy('i.starts_at', 'asc').orderBy('i.id', 'asc').limit(limit).execute();
}

export async function slotsOf(db: Q, interviewIds: number[]) {
  if (!interviewIds.length) return [];
  return db
    .selectFrom('job_interview_slots')
    .select(['interview_id', 'starts_at'])
    .where('interview_id', 'in', interviewIds)
    .orderBy('starts_at', 'asc')
    .execute();
}

export async function insertInterview(
  trx: Q,
  v: {
    company_id: number;
    candidate_id: number;
    application_id: number;
    proposer_id: number;
    uid: string;
    duration_minutes: number;
    time_zone: string;
    video_url: string | null;
    created_at: Date;
  },
): Promise<number> {
  const row = await trx
    .insertInto('job_interviews')
    .values({ ...v, updated_at: v.created_at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function replaceSlots(trx: Q, interviewId: number, slots: Date[]): Promise<void> {
  await trx.deleteFrom('job_interview_slots').where('interview_id', '=', interviewId).execute();
  await trx
    .insertInto('job_interview_slots')
    .values(slots.map((s) => ({ interview_id: interviewId, starts_at: s })))
    .execute();
}

/** A move: new terms, back to proposed, the time released; the next invite's SEQUENCE is one more. */
export async function reopen(
  trx: Q,
  id: number,
  v: { duration_minutes: number; time_zone: string; video_url: string | null; proposer_id: number; at: Date },
): Promise<boolean> {
  const r = await trx
    .updateTable('job_interviews')
    .set((eb) => ({
      duration_minutes: v.duration_minutes,
      time_zone: v.time_zone,
      video_url: v.video_url,
      proposer_id: v.proposer_id,
      status: 'proposed',
      starts_at: null,
      reminded_at: null,
      sequence: eb('sequence', '+', eb.case().when('invited', '=', 1).then(1).else(0).end()),
      updated_at: v.at,
    }))
    .where('id', '=', id)
    .where('status', 'in', ['proposed', 'scheduled'])
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function hasSlot(trx: Q, interviewId: number, at: Date): Promise<boolean> {
  const row = await trx
    .selectFrom('job_interview_slots')
    .select('id')
    .where('interview_id', '=', interviewId)
    .where('starts_at', '=', at)
    .executeTakeFirst();
  return !!row;
}

/** The candidate's pick: only a proposed interview; the partial unique index refuses a time already held. */
export async function schedule(trx: Q, id: number, at: Date, now: Date): Promise<boolean> {
  const r = await trx
    .updateTable('job_interviews')
    .set({ status: 'scheduled', starts_at: at, invited: 1, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'proposed')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Decline (proposed only) or cancel (proposed or scheduled). False when it was no longer open. */
export async function close(
  trx: Q,
  id: number,
  status: Extract<InterviewStatus, 'declined' | 'cancelled'>,
  by: 'company' | 'candidate',
  from: InterviewStatus[],
  now: Date,
): Promise<boolean> {
  const r = await trx
    .updateTable('job_interviews')
    .set((eb) => ({
      status,
      cancelled_by: by,
      updated_at: now,
      // A CANCEL goes out with the next SEQUENCE.
      sequence: eb('sequence', '+', eb.case().when('invited', '=', 1).then(1).else(0).end()),
    }))
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Scheduled interviews starting in (now, until] that were not reminded: marked and returned (one claim). */
export async function claimReminders(trx: Q, now: Date, until: Date, limit: number) {
  const due = await trx
    .selectFrom('job_interviews')
    .select('id')
    .where('status', '=', 'scheduled')
    .where('reminded_at', 'is', null)
    .where('starts_at', '>', now)
    .where('starts_at', '<=', until)
    .orderBy('id')
    .limit(limit)
    .execute();
  if (!due.length) return [];
  const claimed = await trx
    .updateTable('job_interviews')
    .set({ reminded_at: now })
    .where(
      'id',
      'in',
      due.map((d) => d.id),
    )
    .where('reminded_at', 'is', null)
    .where('status', '=', 'scheduled')
    .returning('id')
    .execute();
  return claimed.map((c) => c.id);
}

/** Who proposed: the invite's organizer. */
export const proposerOf = (db: Q, userId: number) =>
  db.selectFrom('users').select(['name', 'last_name', 'email']).where('id', '=', userId).executeTakeFirst();
