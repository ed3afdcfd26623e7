import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// Decision 075. The operators' salary-data section: the import runs (who imported what, when), a per-source
// summary kept by the aggregates' rebuild (so the section never counts the reports table on a request), the
// outlier flags the rebuild finds with the fences they were judged by, the flags an operator dismissed, and
// the tombstones of removed reports (a re-import of the same source and external id skips them).
export function salaryOperations(dialect: Dialect): Migration {
  const { id, pk, ts, now, money } = dialectTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('salary_import_runs')
        .addColumn('id', id, pk)
        .addColumn('source', 'varchar(40)', (c) => c.notNull())
        .addColumn('file', 'varchar(300)', (c) => c.notNull())
        .addColumn('rows_read', 'integer', (c) => c.notNull())
        .addColumn('imported', 'integer', (c) => c.notNull())
        .addColumn('skipped', 'integer', (c) => c.notNull())
        .addColumn('finished_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('salary_import_runs_source').on('salary_import_runs').columns(['source', 'id']).execute();
      await db.schema
        .createTable('salary_source_stats')
        .addColumn('source', 'varchar(40)', (c) => c.primaryKey())
        .addColumn('reports', 'integer', (c) => c.notNull())
        .addColumn('demo_reports', 'integer', (c) => c.notNull())
        .addColumn('collected_from', 'varchar(10)')
        .addColumn('collected_to', 'varchar(10)')
        .addColumn('updated_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createTable('salary_outlier_flags')
        .addColumn('report_id', 'integer', (c) => c.primaryKey().references('salary_reports.id').onDelete('cascade'))
        .addColumn('source', 'varchar(40)', (c) => c.notNull())
        .addColumn('country', 'varchar(24)', (c) => c.notNull())
        .addColumn('role', 'varchar(40)', (c) => c.notNull())
        .addColumn('seniority', 'varchar(8)', (c) => c.notNull())
        .addColumn('currency', 'varchar(3)', (c) => c.notNull())
        .addColumn('amount', money, (c) => c.notNull())
        .addColumn('period', 'varchar(8)', (c) => c.notNull())
        .addColumn('usd_month', 'integer', (c) => c.notNull())
        .addColumn('p25', money, (c) => c.notNull())
        .addColumn('p75', money, (c) => c.notNull())
        .addColumn('fence_low', money, (c) => c.notNull())
        .addColumn('fence_high', money, (c) => c.notNull())
        .addColumn('flagged_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createTable('salary_outlier_dismissals')
        .addColumn('report_id', 'integer', (c) => c.primaryKey().references('salary_reports.id').onDelete('cascade'))
        .addColumn('reason', 'varchar(500)', (c) => c.notNull())
        .addColumn('dismissed_by', 'varchar(300)', (c) => c.notNull())
        .addColumn('dismissed_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema
        .createTable('salary_report_tombstones')
        .addColumn('source', 'varchar(40)', (c) => c.notNull())
        .addColumn('external_id', 'varchar(120)', (c) => c.notNull())
        .addColumn('reason', 'varchar(500)', (c) => c.notNull())
        .addColumn('removed_by', 'varchar(300)', (c) => c.notNull())
        .addColumn('removed_at', ts, (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('salary_report_tombstones_pk', ['source', 'external_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of [
        'salary_report_tombstones',
        'salary_outlier_dismissals',
        'salary_outlier_flags',
        'salary_source_stats',
        'salary_import_runs',
      ])
        await db.schema.dropTable(t).execute();
    },
  };
}
