import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// The learning domain's part of a person's data export (decision 072): certificates, courses taken and
// interview attempts (their scores; the questions and answers drawn stay in the attempt's JSON).
export async function learningData(db: Kysely<DB>, userId: number) {
  const certificates = await db
    .selectFrom('certifications')
    .select(['slug', 'role', 'level', 'score', 'issued_at', 'expires_at', 'verification_id', 'revoked_at', 'revoke_reason'])
    .where('user_id', '=', userId)
    .orderBy('id')
    .execute();
  const courses = await db
    .selectFrom('enrollments as e')
    .innerJoin('courses as c', 'c.id', 'e.course_id')
    .select(['c.slug', 'e.completed_lessons', 'e.completed_at', 'e.created_at'])
    .where('e.user_id', '=', userId)
    .execute();
  const attempts = await db
    .selectFrom('interview_attempts as a')
    .innerJoin('interviews as i', 'i.id', 'a.interview_id')
    .select(['i.slug as interview', 'a.started_at', 'a.finished_at', 'a.score', 'a.passed', 'a.outcome', 'a.answers_json'])
    .where('a.user_id', '=', userId)
    .orderBy('a.id')
    .execute();
  return { certificates, courses, interviewAttempts: attempts };
}
