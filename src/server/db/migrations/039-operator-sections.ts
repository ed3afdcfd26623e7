import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// Decision 074. The operators' sections: an index for the account search by name (a prefix range on
// lower(name); the email search uses users_email_lower), the indexes of an account's page, the blocks of accounts (who, why, the status to
// restore, the offers paused with it).
export function operatorSections(dialect: Dialect): Migration {
  const { id, pk, ts, now } = dialectTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await sql`create index users_name_lower on users (lower(name))`.execute(db);
      // An account's page: its recent sessions, and what operators did to it.
      await db.schema.createIndex('session_activity_user').on('session_activity').columns(['user_id', 'last_seen_at']).execute();
      await db.schema.createIndex('operator_audit_target').on('operator_audit').columns(['target_type', 'target_id', 'id']).execute();
      await db.schema
        .createTable('account_blocks')
        .addColumn('id', id, pk)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('reason', 'varchar(500)', (c) => c.notNull())
        .addColumn('previous_status', 'varchar(40)', (c) => c.notNull())
        .addColumn('paused_offer_ids', 'text')
        .addColumn('blocked_by', 'varchar(300)', (c) => c.notNull())
        .addColumn('blocked_at', ts, (c) => c.notNull().defaultTo(now))
        .addColumn('unblock_reason', 'varchar(500)')
        .addColumn('unblocked_by', 'varchar(300)')
        .addColumn('unblocked_at', ts)
        .execute();
      await db.schema.createIndex('account_blocks_user').on('account_blocks').columns(['user_id', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('account_blocks').execute();
      await db.schema.dropIndex('operator_audit_target').execute();
      await db.schema.dropIndex('session_activity_user').execute();
      await db.schema.dropIndex('users_name_lower').execute();
    },
  };
}
