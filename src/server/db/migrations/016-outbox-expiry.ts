import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// A message whose content stops being true at some point (a password reset link, an email confirmation
// code, a link to confirm a booking) carries that moment. Messages queued while no mail server was
// configured, or retried past it, are then dropped instead of being delivered late with a dead link.
export function outboxExpiry(dialect: Dialect): Migration {
  const { ts } = dialectTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('email_outbox').addColumn('expires_at', ts).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('email_outbox').dropColumn('expires_at').execute();
    },
  };
}
