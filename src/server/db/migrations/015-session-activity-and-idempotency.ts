import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';

// Sessions end after a week without use (decision 017): when each token was last used, written at most
// once an hour. API writes answer a retry carrying the same Idempotency-Key with their first answer: the
// key (a digest, with who sent it), a digest of the request, and the answer once there is one.
export function sessionActivityAndIdempotency(dialect: Dialect): Migration {
  const ts = dialect === 'postgres' ? 'timestamptz' : 'text';
  const now = dialect === 'postgres' ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('session_activity')
        .addColumn('jti', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('last_seen_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('session_activity_seen').on('session_activity').column('last_seen_at').execute();
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('key', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('fingerprint', 'varchar(64)', (c) => c.notNull())
        .addColumn('status', 'integer')
        .addColumn('body', 'text')
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('idempotency_keys_created').on('idempotency_keys').column('created_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('idempotency_keys').execute();
      await db.schema.dropTable('session_activity').execute();
    },
  };
}
