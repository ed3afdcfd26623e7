import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';

// Signed-out sessions: each token carries an id (jti); signing out records it here until the
// token would have expired anyway (decision 017). Anonymous offer drafts: who wrote them (a digest of the
// client address), so one address cannot fill the table.
export function sessionsAndDrafts(dialect: Dialect): Migration {
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  const now = dialect === 'postgres' ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('revoked_tokens')
        .addColumn('jti', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('expires_at', ts, (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('revoked_tokens_expires').on('revoked_tokens').column('expires_at').execute();
      await db.schema.alterTable('offer_drafts').addColumn('client_key', 'varchar(64)').execute();
      await db.schema.createIndex('offer_drafts_client').on('offer_drafts').columns(['client_key', 'created_at']).execute();
      await db.schema.createIndex('offer_drafts_created').on('offer_drafts').column('created_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('offer_drafts_created').execute();
      await db.schema.dropIndex('offer_drafts_client').execute();
      await db.schema.alterTable('offer_drafts').dropColumn('client_key').execute();
      await db.schema.dropTable('revoked_tokens').execute();
    },
  };
}
