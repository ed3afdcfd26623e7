import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// Decision 072. A person's requests for a copy of their data: built in the background (ready_at, the file's
// key in the upload store), downloaded through a link whose token is stored only as a hash, and deleted with
// its file at expires_at. `consent` keeps the cookie consent choice of the browser that asked (it is stored
// nowhere else). A failed build keeps its row (failed_at) so the daily limit still counts it.
export function dataExports(dialect: Dialect): Migration {
  const { id, pk, ts, now } = dialectTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('data_exports')
        .addColumn('id', id, pk)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('locale', 'varchar(2)', (c) => c.notNull())
        .addColumn('consent', 'varchar(200)')
        .addColumn('requested_at', ts, (c) => c.notNull().defaultTo(now))
        .addColumn('started_at', ts)
        .addColumn('ready_at', ts)
        .addColumn('failed_at', ts)
        .addColumn('file_key', 'varchar(200)')
        .addColumn('file_bytes', 'integer')
        .addColumn('token_hash', 'varchar(64)')
        .addColumn('expires_at', ts)
        .addColumn('downloaded_at', ts)
        .execute();
      await db.schema.createIndex('data_exports_user').on('data_exports').columns(['user_id', 'requested_at']).execute();
      await db.schema.createIndex('data_exports_token').on('data_exports').column('token_hash').unique().execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('data_exports').execute();
    },
  };
}
