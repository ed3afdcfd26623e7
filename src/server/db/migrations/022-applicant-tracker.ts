import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// Decision 048. The applicant tracker: each application's history with who did what (moves, notes, ratings,
// the rejection), the company members' private notes and ratings (one per member and application), and the
// rejection's reason (the company's own, never shown to the candidate) and message (sent to the candidate).
export function applicantTracker(dialect: Dialect): Migration {
  const { id, pk, ts, now } = dialectTypes(dialect);
  const fk = 'integer';
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await s
        .createTable('application_events')
        .addColumn('id', id, pk)
        .addColumn('application_id', fk, (c) => c.notNull().references('applications.id').onDelete('cascade'))
        // Null once the member's account is gone (the history stays).
        .addColumn('actor_id', fk, (c) => c.references('users.id').onDelete('set null'))
        .addColumn('kind', 'varchar(12)', (c) => c.notNull().check(sql`kind in ('moved','note','rating','rejected')`))
        .addColumn('from_status', 'varchar(24)')
        .addColumn('to_status', 'varchar(24)')
        .addColumn('at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
      await s.createIndex('application_events_application').on('application_events').columns(['application_id', 'at']).execute();
      await s.createIndex('application_events_actor').on('application_events').column('actor_id').execute();

      await s
        .createTable('application_notes')
        .addColumn('id', id, pk)
        .addColumn('application_id', fk, (c) => c.notNull().references('applications.id').onDelete('cascade'))
        .addColumn('author_id', fk, (c) => c.references('users.id').onDelete('set null'))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
      await s.createIndex('application_notes_application').on('application_notes').columns(['application_id', 'created_at']).execute();
      await s.createIndex('application_notes_author').on('application_notes').column('author_id').execute();

      await s
        .createTable('application_ratings')
        .addColumn('application_id', fk, (c) => c.notNull().references('applications.id').onDelete('cascade'))
        .addColumn('user_id', fk, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('score', 'integer', (c) => c.notNull().check(sql`score between 1 and 5`))
        .addColumn('updated_at', ts, (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('application_ratings_pk', ['application_id', 'user_id'])
        .execute();
      await s.createIndex('application_ratings_user').on('application_ratings').column('user_id').execute();

      await s.alterTable('applications').addColumn('rejection_reason', 'varchar(24)').execute();
      await s.alterTable('applications').addColumn('rejection_message', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('applications').dropColumn('rejection_message').execute();
      await db.schema.alterTable('applications').dropColumn('rejection_reason').execute();
      await db.schema.dropTable('application_ratings').execute();
      await db.schema.dropTable('application_notes').execute();
      await db.schema.dropTable('application_events').execute();
    },
  };
}
