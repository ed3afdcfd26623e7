import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// Decision 059. The salary aggregates are built into a shadow table (the live table's columns), filled in
// small statements, and copied into the live table by one short transaction. A contribution recomputes only
// the groups it touches, read through indexes by role and by skill (the groups without a country).
export function salaryAggregatesShadow(dialect: Dialect): Migration {
  const { money, ts } = dialectTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('salary_aggregates_next')
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
        .addColumn('area', 'varchar(24)')
        .addColumn('collected_from', 'varchar(10)')
        .addColumn('collected_to', 'varchar(10)')
        .addColumn('employer', 'varchar(12)')
        .addColumn('pay', 'varchar(12)')
        .addColumn('contract', 'varchar(12)')
        .addColumn('log_mean', money)
        .addColumn('log_sd', money)
        .execute();
      await db.schema.createIndex('salary_reports_role').on('salary_reports').columns(['role', 'seniority']).execute();
      await db.schema.createIndex('salary_report_skills_skill').on('salary_report_skills').columns(['skill', 'report_id']).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const name of ['salary_report_skills_skill', 'salary_reports_role']) await db.schema.dropIndex(name).execute();
      await db.schema.dropTable('salary_aggregates_next').execute();
    },
  };
}
