import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';

// Named counters that writers bump in the same transaction as their change, so that every server process
// can tell with one primary-key read whether its in-memory copy of some data is stale (decision 012).
export function generations(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('generations')
        .addColumn('name', 'varchar(60)', (c) => c.primaryKey())
        .addColumn('value', 'integer', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('generations').execute();
    },
  };
}
