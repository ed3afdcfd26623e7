import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';

// Decision 025. Each salary group keeps when its reports were collected (the figures' period) and may be an
// area of roles ("developer" figures count the tech area only). The table's content is derived: it is
// emptied here, and the next start (ensureAggregates) recomputes it with the new columns filled.
export function salaryProvenance(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('salary_aggregates').addColumn('area', 'varchar(24)').execute();
      await db.schema.alterTable('salary_aggregates').addColumn('collected_from', 'varchar(10)').execute();
      await db.schema.alterTable('salary_aggregates').addColumn('collected_to', 'varchar(10)').execute();
      await db.deleteFrom('salary_aggregates' as never).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const c of ['area', 'collected_from', 'collected_to']) await db.schema.alterTable('salary_aggregates').dropColumn(c).execute();
    },
  };
}
