import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// The interviews domain's part of a person's data export (decision 072): a candidate's interviews, and
// the ones a company member proposed, with their proposed times.
export async function interviewsData(db: Kysely<DB>, userId: number, accountType: 'match' | 'hire') {
  const rows = await db
    .selectFrom('job_interviews as i')
    .innerJoin('companies as c', 'c.id', 'i.company_id')
    .select([
      'i.id',
      'c.name as company_name',
      'i.application_id',
      'i.status',
      'i.duration_minutes',
      'i.time_zone',
      'i.video_url',
      'i.starts_at',
      'i.cancelled_by',
      'i.created_at',
      'i.updated_at',
    ])
    .where(accountType === 'match' ? 'i.candidate_id' : 'i.proposer_id', '=', userId)
    .orderBy('i.id')
    .execute();
  const ids = rows.map((r) => r.id);
  const slots = ids.length
    ? await db
        .selectFrom('job_interview_slots')
        .select(['interview_id', 'starts_at'])
        .where('interview_id', 'in', ids)
        .orderBy('id')
        .execute()
    : [];
  return rows.map((r) => ({ ...r, proposedTimes: slots.filter((s) => s.interview_id === r.id).map((s) => s.starts_at) }));
}
