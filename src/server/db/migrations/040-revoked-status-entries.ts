import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// Decisions 067 and 073. A revoked certificate's bit in the status list outlives its row: when an account is
// purged its certificates go with it, but whoever saved one must still read it as revoked. Only the index
// and the time stay, nothing that leads back to the person.
export function revokedStatusEntries(dialect: Dialect): Migration {
  const { ts } = dialectTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('revoked_status_entries')
        .addColumn('status_index', 'integer', (c) => c.primaryKey())
        .addColumn('revoked_at', ts, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('revoked_status_entries').execute();
    },
  };
}
