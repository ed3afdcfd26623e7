import 'server-only';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';

// The SQL of the learning side: courses and lessons with a candidate's progress, interviews with their
// question banks and attempts, certificates. Rules live in learning-service.ts.
type Q = Kysely<DB> | Transaction<DB>;

export const activeCourses = (db: Q) =>
  db
    .selectFrom('courses as c')
    .where('c.active', '=', 1)
    .select([
      'c.id',
      'c.slug',
      'c.area',
      'c.role',
      'c.level',
      'c.minutes',
      'c.is_free',
      'c.title_es',
      'c.title_en',
      'c.summary_es',
      'c.summary_en',
      (eb) =>
        eb
          .selectFrom('lessons as l')
          .whereRef('l.course_id', '=', 'c.id')
          .where('l.active', '=', 1)
          .select(eb.fn.countAll<number>().as('n'))
          .as('lessons'),
    ])
    .orderBy('c.position')
    .orderBy('c.id')
    .execute();

export const courseBySlug = (db: Q, slug: string) =>
  db.selectFrom('courses').selectAll().where('slug', '=', slug).where('active', '=', 1).executeTakeFirst();

export const freeCourse = (db: Q) =>
  db.selectFrom('courses').selectAll().where('is_free', '=', 1).where('active', '=', 1).orderBy('position').limit(1).executeTakeFirst();

export const lessonsOf = (db: Q, courseId: number) =>
  db
    .selectFrom('lessons')
    .select(['id', 'slug', 'position', 'title_es', 'title_en', 'module_es', 'module_en', 'minutes'])
    .where('course_id', '=', courseId)
    .where('active', '=', 1)
    .orderBy('position')
    .execute();

export const lessonBody = (db: Q, lessonId: number) =>
  db.selectFrom('lessons').select(['body_es', 'body_en']).where('id', '=', lessonId).executeTakeFirstOrThrow();

/** Lessons the user completed, per course (active lessons only). */
export const completedLessons = (db: Q, userId: number) =>
  db
    .selectFrom('lesson_completions as lc')
    .innerJoin('lessons as l', 'l.id', 'lc.lesson_id')
    .select(['l.course_id', 'l.id as lesson_id'])
    .where('lc.user_id', '=', userId)
    .where('l.active', '=', 1)
    .execute();

export const enrollmentsOf = (db: Q, userId: number) =>
  db
    .selectFrom('enrollments')
    .select(['course_id', 'last_lesson_id', 'completed_at', 'updated_at', 'created_at'])
    .where('user_id', '=', userId)
    .execute();

/** Records that the user opened a lesson (resume point); creates the enrollment on the first visit. */
export async function touchEnrollment(db: Q, userId: number, courseId: number, lessonId: number, now: string): Promise<void> {
  await db
    .insertInto('enrollments')
    .values({ course_id: courseId, user_id: userId, last_lesson_id: lessonId, updated_at: now, created_at: now })
    .onConflict((oc) => oc.columns(['course_id', 'user_id']).doUpdateSet({ last_lesson_id: lessonId, updated_at: now }))
    .execute();
}

export async function markLessonDone(db: Q, userId: number, lessonId: number, now: string): Promise<void> {
  await db
    .insertInto('lesson_completions')
    .values({ user_id: userId, lesson_id: lessonId, completed_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'lesson_id']).doNothing())
    .execute();
}

export async function setCourseProgress(db: Q, userId: number, courseId: number, done: number, completedAt: string | null): Promise<void> {
  await db
    .updateTable('enrollments')
    .set({ completed_lessons: done, completed_at: completedAt })
    .where('user_id', '=', userId)
    .where('course_id', '=', courseId)
    .execute();
}

export const activeInterviews = (db: Q) =>
  db
    .selectFrom('interviews')
    .select(['id', 'slug', 'role', 'title_es', 'title_en', 'duration_minutes', 'pass_mark', 'draw'])
    .where('active', '=', 1)
    .orderBy('position')
    .orderBy('id')
    .execute();

export const interviewBySlug = (db: Q, slug: string) =>
  db.selectFrom('interviews').selectAll().where('slug', '=', slug).where('active', '=', 1).executeTakeFirst();

export const questionBank = (db: Q, interviewId: number) =>
  db
    .selectFrom('interview_questions')
    .select('id')
    .where('interview_id', '=', interviewId)
    .where('active', '=', 1)
    .orderBy('position')
    .execute();

/** Questions by id (retired ones too: an attempt keeps the questions it drew). */
export const questionsById = (db: Q, ids: number[]) =>
  ids.length
    ? db
        .selectFrom('interview_questions')
        .select(['id', 'prompt_es', 'prompt_en', 'options_json', 'answer_index', 'topic_es', 'topic_en'])
        .where('id', 'in', ids)
        .execute()
    : Promise.resolve([]);

export const attemptsOf = (db: Q, userId: number, interviewId?: number) => {
  let q = db
    .selectFrom('interview_attempts')
    .select([
      'id',
      'interview_id',
      'started_at',
      'deadline_at',
      'finished_at',
      'score',
      'passed',
      'questions_json',
      'answers_json',
      'outcome',
    ])
    .where('user_id', '=', userId);
  if (interviewId !== undefined) q = q.where('interview_id', '=', interviewId);
  return q.orderBy('started_at', 'desc').orderBy('id', 'desc').execute();
};

export const insertAttempt = (
  db: Q,
  row: { interview_id: number; user_id: number; started_at: string; deadline_at: string; questions_json: string; person_key: string },
) => db.insertInto('interview_attempts').values(row).returning('id').executeTakeFirstOrThrow();

/** When the person (their mailbox, on any other account) last failed this interview, if they did. */
export async function lastFailureOfPerson(db: Q, personKey: string, interviewId: number, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('interview_attempts')
    .select('finished_at')
    .where('person_key', '=', personKey)
    .where('interview_id', '=', interviewId)
    .where('user_id', '<>', userId)
    .where('finished_at', 'is not', null)
    .where((eb) => eb.or([eb('passed', 'is', null), eb('passed', '<>', 1)]))
    .orderBy('finished_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.finished_at ? String(row.finished_at instanceof Date ? row.finished_at.toISOString() : row.finished_at) : null;
}

/** What the interview rules need of the candidate's account: their mailbox and whether they confirmed it. */
export const candidateAccount = (db: Q, userId: number) =>
  db.selectFrom('users').select(['email', 'email_confirmed_at']).where('id', '=', userId).executeTakeFirst();

/** Closes an active attempt; false when another request closed it first. */
export async function finishAttempt(
  db: Q,
  id: number,
  row: { finished_at: string; score: number; passed: number; answers_json: string; outcome: 'submitted' | 'expired' },
): Promise<boolean> {
  const r = await db.updateTable('interview_attempts').set(row).where('id', '=', id).where('finished_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Closes the user's attempts whose deadline (plus grace) is before `cutoff`: nothing was submitted in time. */
export const expireAttempts = (db: Q, userId: number, cutoff: string) =>
  db
    .updateTable('interview_attempts')
    .set((eb) => ({ finished_at: eb.ref('deadline_at'), score: 0, passed: 0, answers_json: '{}', outcome: 'expired' as const }))
    .where('user_id', '=', userId)
    .where('finished_at', 'is', null)
    .where('deadline_at', '<', cutoff)
    .execute();

const certificateColumns = [
  'c.id',
  'c.slug',
  'c.user_id',
  'c.role',
  'c.level',
  'c.score',
  'c.is_demo',
  'c.issued_at',
  'c.expires_at',
  'c.revoked_at',
  'c.revoke_reason',
  'c.status_index',
  'c.verification_id',
  'c.interview_id',
  'c.attempt_id',
  'u.name',
  'u.last_name',
  'u.profile_slug',
  'p.is_public as profile_public',
  'i.slug as interview_slug',
  'i.title_es',
  'i.title_en',
] as const;

export const certificateBySlug = (db: Q, slug: string) =>
  db
    .selectFrom('certifications as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('candidate_profiles as p', 'p.user_id', 'c.user_id')
    .leftJoin('interviews as i', 'i.id', 'c.interview_id')
    .select(certificateColumns)
    .where('c.slug', '=', slug)
    .executeTakeFirst();

export const certificatesOfUser = (db: Q, userId: number) =>
  db
    .selectFrom('certifications as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('candidate_profiles as p', 'p.user_id', 'c.user_id')
    .leftJoin('interviews as i', 'i.id', 'c.interview_id')
    .select(certificateColumns)
    .where('c.user_id', '=', userId)
    .where('c.revoked_at', 'is', null)
    .orderBy('c.issued_at', 'desc')
    .execute();

export const slugTaken = async (db: Q, slug: string) =>
  !!(await db.selectFrom('certifications').select('id').where('slug', '=', slug).executeTakeFirst());

export async function insertCertificate(
  db: Q,
  row: {
    slug: string;
    user_id: number;
    interview_id: number;
    attempt_id: number;
    role: string;
    level: string;
    score: number;
    issued_at: string;
    expires_at: string;
    verification_id: string;
  },
) {
  const { id } = await db
    .insertInto('certifications')
    .values({ ...row, is_demo: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  // Its bit in the status list is its id: unique, and never moves (decision 067).
  await db.updateTable('certifications').set({ status_index: id }).where('id', '=', id).execute();
  // The profile's certified_until follows (decision 054).
  await refreshCertifiedUntil(db, [row.user_id]);
}

/** A certificate by its slug or numeric id, for support (the CLI). */
export const certificateByRef = (db: Q, ref: string) =>
  db
    .selectFrom('certifications')
    .select(['id', 'slug', 'user_id', 'is_demo', 'revoked_at'])
    .where((eb) => (/^\d+$/.test(ref) ? eb.or([eb('id', '=', Number(ref)), eb('slug', '=', ref)]) : eb('slug', '=', ref)))
    .executeTakeFirst();

/** Marks it revoked (once: a revoked certificate keeps its first date and reason); true when this call did. */
export async function revokeCertificate(db: Q, id: number, userId: number, now: string, reason: string | null): Promise<boolean> {
  const r = await db
    .updateTable('certifications')
    .set({ revoked_at: now, revoke_reason: reason })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  await refreshCertifiedUntil(db, [userId]);
  return Number(r.numUpdatedRows) > 0;
}

/**
 * The newest certificates (demo ones left out), for support: revoked ones only when asked, then newest status
 * index first (the index is the id) so the partial index certifications_revoked serves it; `before` pages on
 * by that key (the operators' list, decision 074).
 */
export const latestCertificates = (db: Q, limit: number, revokedOnly: boolean, before: number | null = null) => {
  let q = db
    .selectFrom('certifications as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.id', 'c.slug', 'c.issued_at', 'c.expires_at', 'c.revoked_at', 'c.revoke_reason', 'c.status_index', 'u.name', 'u.last_name'])
    .where('c.is_demo', '=', 0);
  if (!revokedOnly) return q.orderBy('c.id', 'desc').limit(limit).execute();
  q = q.where('c.revoked_at', 'is not', null);
  if (before !== null) q = q.where('c.status_index', '<', before);
  return q.orderBy('c.status_index', 'desc').limit(limit).execute();
};

/**
 * The revoked certificates' status indexes in [from, to), and the latest revocation among them: what a
 * status list is built from (the partial index certifications_revoked holds these rows only).
 */
export async function revokedIndexes(db: Q, from: number, to: number): Promise<{ indexes: number[]; latest: string | null }> {
  // The certificates revoked, and those whose rows went with a purged account (their bits stay: decision 073).
  const rows = await db
    .selectFrom('certifications')
    .select(['status_index', 'revoked_at'])
    .where('revoked_at', 'is not', null)
    .where('status_index', '>=', from)
    .where('status_index', '<', to)
    .unionAll(
      db
        .selectFrom('revoked_status_entries')
        .select(['status_index', 'revoked_at'])
        .where('status_index', '>=', from)
        .where('status_index', '<', to),
    )
    .orderBy('status_index')
    .execute();
  const times = rows.map((r) => new Date(r.revoked_at as string | Date).toISOString()).sort();
  return { indexes: rows.map((r) => r.status_index!), latest: times.at(-1) ?? null };
}

/** What a certificate without an expiry counts as in candidate_profiles.certified_until. */
const NEVER_EXPIRES = '9999-12-31T23:59:59.999Z';
/**
 * The candidate browser's "certified first" without counting certificates per row (decision 054): each
 * given user's profile keeps the latest expiry of their valid certificates, null when none (every profile
 * when no ids are given). Whoever writes or revokes a certificate calls it.
 */
export async function refreshCertifiedUntil(db: Q, userIds?: number[]) {
  if (userIds && !userIds.length) return;
  const which = userIds ? sql`where user_id in (${sql.join(userIds)})` : sql``;
  await sql`update candidate_profiles set certified_until = (
    select max(coalesce(c.expires_at, ${NEVER_EXPIRES})) from certifications c
    where c.user_id = candidate_profiles.user_id and c.revoked_at is null) ${which}`.execute(db);
}

export const userName = (db: Q, userId: number) =>
  db.selectFrom('users').select(['name', 'last_name', 'profile_slug']).where('id', '=', userId).executeTakeFirst();
