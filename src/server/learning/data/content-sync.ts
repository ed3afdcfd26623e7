import 'server-only';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Dialect } from '../../db/client';
import type { DB } from '../../db/schema';
import { takeSetupLock } from '../../db/setup-lock';
import type { CourseFile, InterviewFile, LearningContent } from '../content-files';

// Copies the content files into the database (decision 020): rows are matched by their stable keys
// (course and interview slug, lesson slug, question id) and updated in place, so progress, attempts and
// certificates keep pointing at them; what the files no longer list is deactivated, never deleted. One
// transaction; skipped when the files' digest is the one loaded last.
const NAME = 'learning';

export type SyncResult = { changed: boolean; courses: number; lessons: number; interviews: number; questions: number };

export async function syncLearningContent(db: Kysely<DB>, dialect: Dialect, content: LearningContent): Promise<SyncResult> {
  const counts = {
    courses: content.courses.length,
    lessons: content.courses.reduce((n, c) => n + c.lessons.length, 0),
    interviews: content.interviews.length,
    questions: content.interviews.reduce((n, i) => n + i.questions.length, 0),
  };
  const current = await db.selectFrom('content_versions').select('digest').where('name', '=', NAME).executeTakeFirst();
  if (current?.digest === content.digest) return { changed: false, ...counts };
  await db.transaction().execute(async (trx) => {
    // Another process may be loading the same files: it finishes first, and then they are there.
    await takeSetupLock(trx, dialect, 'learningContent');
    const again = await trx.selectFrom('content_versions').select('digest').where('name', '=', NAME).executeTakeFirst();
    if (again?.digest === content.digest) return;
    await trx.updateTable('courses').set({ active: 0 }).execute();
    for (const course of content.courses) await upsertCourse(trx, course);
    await trx.updateTable('interviews').set({ active: 0 }).execute();
    for (const interview of content.interviews) await upsertInterview(trx, interview);
    if (again)
      await trx
        .updateTable('content_versions')
        .set({ digest: content.digest, loaded_at: new Date().toISOString() })
        .where('name', '=', NAME)
        .execute();
    else
      await trx
        .insertInto('content_versions')
        .values({ name: NAME, digest: content.digest, loaded_at: new Date().toISOString() })
        .execute();
  });
  return { changed: true, ...counts };
}

async function upsertCourse(trx: Transaction<DB>, c: CourseFile): Promise<void> {
  const values = {
    area: c.area,
    role: c.role,
    level: c.level,
    minutes: c.minutes,
    position: c.order,
    is_free: c.free ? 1 : 0,
    title_es: c.title.es,
    title_en: c.title.en,
    summary_es: c.summary.es,
    summary_en: c.summary.en,
    active: 1,
  };
  const existing = await trx.selectFrom('courses').select('id').where('slug', '=', c.slug).executeTakeFirst();
  const id = existing
    ? (await trx.updateTable('courses').set(values).where('id', '=', existing.id).execute(), existing.id)
    : (
        await trx
          .insertInto('courses')
          .values({ slug: c.slug, ...values })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
  // Positions are unique per course: park the old ones out of the way (negative ids) before renumbering.
  await trx
    .updateTable('lessons')
    .set({ position: sql<number>`-id`, active: 0 })
    .where('course_id', '=', id)
    .execute();
  for (const [i, l] of c.lessons.entries()) {
    const row = {
      position: i + 1,
      title_es: l.title.es,
      title_en: l.title.en,
      module_es: l.module.es,
      module_en: l.module.en,
      minutes: l.minutes,
      body_es: l.body.es,
      body_en: l.body.en,
      active: 1,
    };
    const found = await trx.selectFrom('lessons').select('id').where('course_id', '=', id).where('slug', '=', l.slug).executeTakeFirst();
    if (found) await trx.updateTable('lessons').set(row).where('id', '=', found.id).execute();
    else
      await trx
        .insertInto('lessons')
        .values({ course_id: id, slug: l.slug, ...row })
        .execute();
  }
}

async function upsertInterview(trx: Transaction<DB>, iv: InterviewFile): Promise<void> {
  const values = {
    role: iv.role,
    title_es: iv.title.es,
    title_en: iv.title.en,
    intro_es: iv.intro.es,
    intro_en: iv.intro.en,
    duration_minutes: iv.minutes,
    pass_mark: iv.passMark,
    draw: iv.draw,
    study_courses: iv.courses.join(' '),
    position: iv.order,
    active: 1,
  };
  const existing = await trx.selectFrom('interviews').select('id').where('slug', '=', iv.slug).executeTakeFirst();
  const id = existing
    ? (await trx.updateTable('interviews').set(values).where('id', '=', existing.id).execute(), existing.id)
    : (
        await trx
          .insertInto('interviews')
          .values({ slug: iv.slug, ...values })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
  await trx
    .updateTable('interview_questions')
    .set({ position: sql<number>`-id`, active: 0 })
    .where('interview_id', '=', id)
    .execute();
  for (const [i, q] of iv.questions.entries()) {
    const row = {
      position: i + 1,
      topic_es: q.topic.es,
      topic_en: q.topic.en,
      prompt_es: q.prompt.es,
      prompt_en: q.prompt.en,
      options_json: JSON.stringify(q.options),
      answer_index: q.answer,
      explanation_es: q.explanation.es,
      explanation_en: q.explanation.en,
      active: 1,
    };
    const found = await trx
      .selectFrom('interview_questions')
      .select('id')
      .where('interview_id', '=', id)
      .where('qkey', '=', q.key)
      .executeTakeFirst();
    if (found) await trx.updateTable('interview_questions').set(row).where('id', '=', found.id).execute();
    else
      await trx
        .insertInto('interview_questions')
        .values({ interview_id: id, qkey: q.key, ...row })
        .execute();
  }
}
