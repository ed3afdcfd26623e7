import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';

// Decision 033. Uploaded pictures live in the database by default, so every instance serves the
// same files: the bytes with their type, size and SHA-256 (the ETag), under the key `{kind}/{name}`.
export function uploads(dialect: Dialect): Migration {
  const pg = dialect === 'postgres';
  const ts = pg ? 'timestamptz' : 'text';
  const now = pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`;
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('uploads')
        .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
        .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
        .addColumn('bytes', pg ? 'bytea' : 'blob', (c) => c.notNull())
        .addColumn('byte_size', 'integer', (c) => c.notNull())
        .addColumn('sha256', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('uploads').execute();
    },
  };
}
