import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// A candidate's work history, education, links and CV (decision 050). Entries belong to their user and go
// with them; months are 'YYYY-MM' text (no day: people remember months), years are integers. The CV's bytes
// live in the shared upload store under a random key that is never public; this row only names it.
export function profileHistory(dialect: Dialect): Migration {
  const { id, pk, ts, now } = dialectTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('profile_experience')
        .addColumn('id', id, pk)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('company', 'varchar(120)', (c) => c.notNull())
        .addColumn('title', 'varchar(120)', (c) => c.notNull())
        .addColumn('start_month', 'varchar(7)', (c) => c.notNull())
        // null: the current job.
        .addColumn('end_month', 'varchar(7)')
        .addColumn('description', 'varchar(1000)')
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('profile_experience_user').on('profile_experience').column('user_id').execute();
      await db.schema
        .createTable('profile_education')
        .addColumn('id', id, pk)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('school', 'varchar(160)', (c) => c.notNull())
        .addColumn('degree', 'varchar(160)', (c) => c.notNull())
        .addColumn('start_year', 'integer', (c) => c.notNull())
        // null: still studying.
        .addColumn('end_year', 'integer')
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('profile_education_user').on('profile_education').column('user_id').execute();
      await db.schema
        .createTable('profile_documents')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('linkedin_url', 'varchar(300)')
        .addColumn('github_url', 'varchar(300)')
        .addColumn('portfolio_url', 'varchar(300)')
        // The upload store's key of the CV (cvs/{user}-{random}.pdf), or null.
        .addColumn('cv_key', 'varchar(200)')
        .addColumn('cv_bytes', 'integer')
        .addColumn('cv_uploaded_at', ts)
        .addColumn('updated_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('profile_documents').execute();
      await db.schema.dropTable('profile_education').execute();
      await db.schema.dropTable('profile_experience').execute();
    },
  };
}
