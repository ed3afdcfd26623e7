import { sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';

// Courses and interviews come from the content files (decision 020): stable keys to update them
// by (lesson slug, question key), an `active` flag for what the files no longer list (progress and
// attempts keep their rows), per-lesson progress, timed attempts with the questions they drew, and
// certificates with a verification id, an expiry and revocation (decision 021).
export function learning(dialect: Dialect): Migration {
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  const now = dialect === 'postgres' ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  const add = async (
    db: Kysely<unknown>,
    table: string,
    columns: [string, string, ((c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder)?][],
  ) => {
    for (const [name, type, build] of columns) {
      await db.schema
        .alterTable(table)
        .addColumn(name, sql.raw(type), build ?? ((c) => c))
        .execute();
    }
  };
  return {
    async up(db: Kysely<unknown>) {
      await add(db, 'courses', [
        ['role', 'varchar(40)'],
        ['level', 'varchar(16)', (c) => c.notNull().defaultTo('basic')],
        ['minutes', 'integer', (c) => c.notNull().defaultTo(0)],
        ['position', 'integer', (c) => c.notNull().defaultTo(0)],
        ['active', 'integer', (c) => c.notNull().defaultTo(1)],
      ]);
      await add(db, 'lessons', [
        ['slug', 'varchar(120)', (c) => c.notNull().defaultTo('')],
        ['module_es', 'varchar(160)', (c) => c.notNull().defaultTo('')],
        ['module_en', 'varchar(160)', (c) => c.notNull().defaultTo('')],
        ['minutes', 'integer', (c) => c.notNull().defaultTo(0)],
        ['active', 'integer', (c) => c.notNull().defaultTo(1)],
      ]);
      await sql`update lessons set slug = 'lesson-' || cast(position as varchar(12)) where slug = ''`.execute(db);
      await db.schema.createIndex('lessons_slug').on('lessons').columns(['course_id', 'slug']).unique().execute();
      await add(db, 'enrollments', [
        ['last_lesson_id', 'integer'],
        ['updated_at', ts],
      ]);
      await db.schema
        .createTable('lesson_completions')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('lesson_id', 'integer', (c) => c.notNull().references('lessons.id').onDelete('cascade'))
        .addColumn('completed_at', ts, (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('lesson_completions_pk', ['user_id', 'lesson_id'])
        .execute();

      await add(db, 'interviews', [
        ['draw', 'integer', (c) => c.notNull().defaultTo(10)],
        ['study_courses', 'varchar(400)', (c) => c.notNull().defaultTo('')],
        ['position', 'integer', (c) => c.notNull().defaultTo(0)],
        ['active', 'integer', (c) => c.notNull().defaultTo(1)],
      ]);
      await add(db, 'interview_questions', [
        ['qkey', 'varchar(16)', (c) => c.notNull().defaultTo('')],
        ['topic_es', 'varchar(120)', (c) => c.notNull().defaultTo('')],
        ['topic_en', 'varchar(120)', (c) => c.notNull().defaultTo('')],
        ['explanation_es', 'text', (c) => c.notNull().defaultTo('')],
        ['explanation_en', 'text', (c) => c.notNull().defaultTo('')],
        ['active', 'integer', (c) => c.notNull().defaultTo(1)],
      ]);
      await sql`update interview_questions set qkey = 'p' || cast(position as varchar(12)) where qkey = ''`.execute(db);
      await db.schema.createIndex('interview_questions_key').on('interview_questions').columns(['interview_id', 'qkey']).unique().execute();

      await add(db, 'interview_attempts', [
        ['deadline_at', ts],
        ['questions_json', 'text', (c) => c.notNull().defaultTo('[]')],
        ['answers_json', 'text'],
        ['outcome', 'varchar(12)'],
      ]);
      // One active attempt per candidate and interview, whatever the race (a partial unique index, both databases).
      await sql`create unique index interview_attempts_active on interview_attempts (user_id, interview_id) where finished_at is null`.execute(
        db,
      );
      await db.schema
        .createIndex('interview_attempts_user')
        .on('interview_attempts')
        .columns(['user_id', 'interview_id', 'started_at'])
        .execute();

      await add(db, 'certifications', [
        ['verification_id', 'varchar(36)'],
        ['attempt_id', 'integer'],
        ['expires_at', ts],
        ['revoked_at', ts],
      ]);
      await db.schema.createIndex('certifications_verification').on('certifications').column('verification_id').unique().execute();
      // What content was last loaded (a digest of the files), so a start only writes when editors changed them.
      await db.schema
        .createTable('content_versions')
        .addColumn('name', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('digest', 'varchar(64)', (c) => c.notNull())
        .addColumn('loaded_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('content_versions').execute();
      await db.schema.dropIndex('certifications_verification').execute();
      for (const c of ['verification_id', 'attempt_id', 'expires_at', 'revoked_at'])
        await db.schema.alterTable('certifications').dropColumn(c).execute();
      await db.schema.dropIndex('interview_attempts_user').execute();
      await db.schema.dropIndex('interview_attempts_active').execute();
      for (const c of ['deadline_at', 'questions_json', 'answers_json', 'outcome'])
        await db.schema.alterTable('interview_attempts').dropColumn(c).execute();
      await db.schema.dropIndex('interview_questions_key').execute();
      for (const c of ['qkey', 'topic_es', 'topic_en', 'explanation_es', 'explanation_en', 'active'])
        await db.schema.alterTable('interview_questions').dropColumn(c).execute();
      for (const c of ['draw', 'study_courses', 'position', 'active']) await db.schema.alterTable('interviews').dropColumn(c).execute();
      await db.schema.dropTable('lesson_completions').execute();
      for (const c of ['last_lesson_id', 'updated_at']) await db.schema.alterTable('enrollments').dropColumn(c).execute();
      await db.schema.dropIndex('lessons_slug').execute();
      for (const c of ['slug', 'module_es', 'module_en', 'minutes', 'active'])
        await db.schema.alterTable('lessons').dropColumn(c).execute();
      for (const c of ['role', 'level', 'minutes', 'position', 'active']) await db.schema.alterTable('courses').dropColumn(c).execute();
    },
  };
}
