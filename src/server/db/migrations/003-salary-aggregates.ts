import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// Precomputed salary statistics per group (decision 012): pages read a few rows instead of scanning reports.
// A null dimension means "any". `group_key` names the group, e.g. "country=peru|role=backend".
export function salaryAggregates(dialect: Dialect): Migration {
  const { money, ts } = dialectTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('salary_aggregates')
        .addColumn('group_key', 'varchar(200)', (c) => c.primaryKey())
        .addColumn('country', 'varchar(24)')
        .addColumn('role', 'varchar(40)')
        .addColumn('seniority', 'varchar(8)')
        .addColumn('skill', 'varchar(40)')
        .addColumn('modality', 'varchar(16)')
        .addColumn('english', 'varchar(16)')
        .addColumn('n', 'integer', (c) => c.notNull())
        .addColumn('usd_p25', 'integer', (c) => c.notNull())
        .addColumn('usd_p50', 'integer', (c) => c.notNull())
        .addColumn('usd_p75', 'integer', (c) => c.notNull())
        .addColumn('currency', 'varchar(3)')
        .addColumn('local_p25', money)
        .addColumn('local_p50', money)
        .addColumn('local_p75', money)
        .addColumn('sources', 'varchar(200)', (c) => c.notNull())
        .addColumn('demo_share', money, (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('salary_aggregates_country_role').on('salary_aggregates').columns(['country', 'role']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('salary_aggregates').execute();
    },
  };
}
