import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// Decision 024. Operator settings that change what the site computes, kept in the database so every instance
// follows them (today: whether demo salary reports may be used at all, `npm run salaries:demo`).
export function settings(dialect: Dialect): Migration {
  const { ts, now } = dialectTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('settings')
        .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
        .addColumn('value', 'varchar(500)', (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('settings').execute();
    },
  };
}
