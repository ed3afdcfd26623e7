import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// Decision 051. A report says who pays it (a local or a foreign employer) and on what contract (employee or
// contractor) where its source asks; the pay currency is already there. The groups gain those dimensions
// (`pay` is local currency or US$) and the mean and spread of log pay the estimate model pools. The groups
// are derived: emptied here, recomputed by the next start (ensureAggregates). Reports imported before keep
// null for the new fields until their survey is imported again (the import fills them in).
export function salaryModel(dialect: Dialect): Migration {
  const { money } = dialectTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('salary_reports').addColumn('employer', 'varchar(8)').execute();
      await db.schema.alterTable('salary_reports').addColumn('contract', 'varchar(12)').execute();
      for (const c of ['employer', 'pay', 'contract'])
        await db.schema.alterTable('salary_aggregates').addColumn(c, 'varchar(12)').execute();
      await db.schema.alterTable('salary_aggregates').addColumn('log_mean', money).execute();
      await db.schema.alterTable('salary_aggregates').addColumn('log_sd', money).execute();
      await db.deleteFrom('salary_aggregates' as never).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const c of ['employer', 'pay', 'contract', 'log_mean', 'log_sd'])
        await db.schema.alterTable('salary_aggregates').dropColumn(c).execute();
      for (const c of ['employer', 'contract']) await db.schema.alterTable('salary_reports').dropColumn(c).execute();
    },
  };
}
