import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// People are told, in their language: in-app notifications (the bell and its page), what each person wants by email for each
// kind (instant, a daily digest, nothing), the extra headers a message carries (one-click unsubscribe), and
// leases that let one instance at a time run a periodic job (the digests, the job alerts).
export function notifications(dialect: Dialect): Migration {
  const { id, pk, ts, now } = dialectTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('email_outbox').addColumn('headers', 'text').execute();
      // The language a person reads their email in (the sign-up page's, then what they choose).
      await db.schema.alterTable('users').addColumn('locale', 'varchar(2)').execute();
      await db.schema
        .createTable('notifications')
        .addColumn('id', id, pk)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(40)', (c) => c.notNull())
        // What the kind's texts are filled with (names, titles, a status), as JSON.
        .addColumn('data', 'text', (c) => c.notNull())
        // Where opening it leads: a path on this site.
        .addColumn('link', 'varchar(500)', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .addColumn('read_at', ts)
        // Waiting for the person's daily digest (1) or not (0).
        .addColumn('digest_pending', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // The page (newest first) and the bell's unread count are one index range each.
      await db.schema.createIndex('notifications_user').on('notifications').columns(['user_id', 'id']).execute();
      await db.schema.createIndex('notifications_unread').on('notifications').columns(['user_id', 'read_at']).execute();
      await db.schema.createIndex('notifications_digest').on('notifications').columns(['digest_pending', 'user_id']).execute();
      await db.schema
        .createTable('notification_settings')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'varchar(40)', (c) => c.notNull())
        .addColumn('mode', 'varchar(10)', (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('notification_settings_pk', ['user_id', 'kind'])
        .execute();
      await db.schema
        .createTable('job_leases')
        .addColumn('name', 'varchar(80)', (c) => c.primaryKey())
        .addColumn('holder', 'varchar(80)', (c) => c.notNull())
        .addColumn('locked_until', ts, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('job_leases').execute();
      await db.schema.dropTable('notification_settings').execute();
      await db.schema.dropTable('notifications').execute();
      await db.schema.alterTable('users').dropColumn('locale').execute();
      await db.schema.alterTable('email_outbox').dropColumn('headers').execute();
    },
  };
}
