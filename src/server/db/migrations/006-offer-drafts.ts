import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// Offers typed by visitors who have no company account yet (decision 015): kept server-side under a hashed
// random token (the visitor holds the token in a cookie) until they sign up or sign in, for 7 days.
export function offerDrafts(dialect: Dialect): Migration {
  const { ts, now } = dialectTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('offer_drafts')
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('offer_drafts').execute();
    },
  };
}
