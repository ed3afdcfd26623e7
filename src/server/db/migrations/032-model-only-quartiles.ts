import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// Decision 059. The groups only the estimate model reads keep their log-pay moments and no quartiles (null):
// they are rolled up from the answers' cells instead of sorted once more. The live and shadow tables are made
// again with nullable quartiles; their rows are derived, and the next start rebuilds them in the background.
export function modelOnlyQuartiles(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      for (const name of ['salary_aggregates_next', 'salary_aggregates']) await db.schema.dropTable(name).execute();
      await createAggregates(db, dialect, 'salary_aggregates', true);
      await createAggregates(db, dialect, 'salary_aggregates_next', true);
    },
    async down(db: Kysely<unknown>) {
      for (const name of ['salary_aggregates_next', 'salary_aggregates']) await db.schema.dropTable(name).execute();
      await createAggregates(db, dialect, 'salary_aggregates', false);
      await createAggregates(db, dialect, 'salary_aggregates_next', false);
    },
  };
}

async function createAggregates(db: Kysely<unknown>, dialect: Dialect, name: string, nullableQuartiles: boolean) {
  const { money, ts } = dialectTypes(dialect);
  await db.schema
    .createTable(name)
    .addColumn('group_key', 'varchar(200)', (c) => c.primaryKey())
    .addColumn('country', 'varchar(24)')
    .addColumn('role', 'varchar(40)')
    .addColumn('seniority', 'varchar(8)')
    .addColumn('skill', 'varchar(40)')
    .addColumn('modality', 'varchar(16)')
    .addColumn('english', 'varchar(16)')
    .addColumn('n', 'integer', (c) => c.notNull())
    .addColumn('usd_p25', 'integer', (c) => (nullableQuartiles ? c : c.notNull()))
    .addColumn('usd_p50', 'integer', (c) => (nullableQuartiles ? c : c.notNull()))
    .addColumn('usd_p75', 'integer', (c) => (nullableQuartiles ? c : c.notNull()))
    .addColumn('currency', 'varchar(3)')
    .addColumn('local_p25', money)
    .addColumn('local_p50', money)
    .addColumn('local_p75', money)
    .addColumn('sources', 'varchar(200)', (c) => c.notNull())
    .addColumn('demo_share', money, (c) => c.notNull())
    .addColumn('updated_at', ts, (c) => c.notNull())
    .addColumn('area', 'varchar(24)')
    .addColumn('collected_from', 'varchar(10)')
    .addColumn('collected_to', 'varchar(10)')
    .addColumn('employer', 'varchar(12)')
    .addColumn('pay', 'varchar(12)')
    .addColumn('contract', 'varchar(12)')
    .addColumn('log_mean', money)
    .addColumn('log_sd', money)
    .execute();
  if (name === 'salary_aggregates')
    await db.schema.createIndex('salary_aggregates_country_role').on(name).columns(['country', 'role']).execute();
}
