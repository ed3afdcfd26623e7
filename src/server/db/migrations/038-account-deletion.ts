import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// Decision 073. An account its owner asked to delete: when they asked (the account is hidden from then on)
// and when the housekeeping purges it (30 days later, unless they sign in again before).
export function accountDeletion(dialect: Dialect): Migration {
  const { ts } = dialectTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('users').addColumn('deletion_requested_at', ts).execute();
      await db.schema.alterTable('users').addColumn('purge_after', ts).execute();
      await db.schema.createIndex('users_purge_after').on('users').column('purge_after').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('users_purge_after').execute();
      await db.schema.alterTable('users').dropColumn('purge_after').execute();
      await db.schema.alterTable('users').dropColumn('deletion_requested_at').execute();
    },
  };
}
