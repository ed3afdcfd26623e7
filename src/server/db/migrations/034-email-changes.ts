import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// Decision 069. A change of an account's email: the new address confirms it with a single-use link (its
// hash here, never the link itself), and once it is confirmed the old address gets a link that undoes it
// for 7 days (its hash too). One row per request; asking again cancels the earlier requests.
export function emailChanges(dialect: Dialect): Migration {
  const { id, pk, ts, now } = dialectTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('email_changes')
        .addColumn('id', id, pk)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('old_email', 'varchar(254)', (c) => c.notNull())
        .addColumn('new_email', 'varchar(254)', (c) => c.notNull())
        .addColumn('confirm_hash', 'varchar(128)', (c) => c.notNull().unique())
        .addColumn('confirm_expires_at', ts, (c) => c.notNull())
        .addColumn('confirmed_at', ts)
        .addColumn('undo_hash', 'varchar(128)', (c) => c.unique())
        .addColumn('undo_expires_at', ts)
        .addColumn('undone_at', ts)
        .addColumn('cancelled_at', ts)
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('email_changes_user').on('email_changes').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('email_changes').execute();
    },
  };
}
