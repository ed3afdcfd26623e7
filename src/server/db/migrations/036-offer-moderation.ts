import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// Decision 071. Offer moderation: visitors' reports, the flags the rules raise when an offer is saved, and
// an offer's moderation state (hidden or removed by an operator, with the status it had before, so that
// restoring gives it back). Reports and flags are open until an operator decides on the offer.
export function offerModeration(dialect: Dialect): Migration {
  const { id, pk, ts, now } = dialectTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('offer_reports')
        .addColumn('id', id, pk)
        .addColumn('offer_id', 'integer', (c) => c.notNull().references('offers.id').onDelete('cascade'))
        .addColumn('reason', 'varchar(40)', (c) => c.notNull())
        .addColumn('text', 'varchar(500)')
        // The reporter, when signed in (the account may go; the report stays).
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .addColumn('resolved_at', ts)
        .execute();
      await db.schema.createIndex('offer_reports_offer').on('offer_reports').columns(['offer_id', 'resolved_at']).execute();
      await db.schema
        .createTable('offer_flags')
        .addColumn('id', id, pk)
        .addColumn('offer_id', 'integer', (c) => c.notNull().references('offers.id').onDelete('cascade'))
        .addColumn('rule', 'varchar(40)', (c) => c.notNull())
        .addColumn('detail', 'varchar(200)', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .addColumn('resolved_at', ts)
        .execute();
      await db.schema.createIndex('offer_flags_offer').on('offer_flags').columns(['offer_id', 'resolved_at']).execute();
      await db.schema
        .createTable('offer_moderation')
        .addColumn('offer_id', 'integer', (c) => c.primaryKey().references('offers.id').onDelete('cascade'))
        .addColumn('state', 'varchar(20)', (c) => c.notNull())
        .addColumn('previous_status', 'varchar(20)', (c) => c.notNull())
        .addColumn('reason', 'varchar(1000)', (c) => c.notNull())
        .addColumn('operator_user_id', 'integer')
        .addColumn('decided_at', ts, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const name of ['offer_moderation', 'offer_flags', 'offer_reports']) await db.schema.dropTable(name).execute();
    },
  };
}
