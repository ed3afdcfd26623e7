import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// Delivery bookkeeping for the email outbox: how many times a message was tried, and until when a worker
// holds it (so that two server processes never send the same message twice).
export function outboxDelivery(dialect: Dialect): Migration {
  const { ts } = dialectTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('email_outbox')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('email_outbox').addColumn('locked_until', ts).execute();
      await db.schema.createIndex('email_outbox_status').on('email_outbox').columns(['status', 'locked_until']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('email_outbox_status').execute();
      await db.schema.alterTable('email_outbox').dropColumn('locked_until').execute();
      await db.schema.alterTable('email_outbox').dropColumn('attempts').execute();
    },
  };
}
