import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';

// Decision 076. The operators' TOTP secrets are stored encrypted ("v1:iv:tag:ciphertext", about 90
// characters): the columns grow from 64 to 200 characters. SQLite does not enforce a varchar's length, so
// only PostgreSQL changes. The secrets already stored are encrypted when the operator service starts (it
// holds the key; a migration does not), and a bare one read before that is re-encrypted at once.
// A notification names who it is about (a candidate, a company), so that the bell hides the notices about
// an account pending deletion; they go with that account (cascade).
export function operatorHardening(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('notifications')
        .addColumn('subject_user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .execute();
      await db.schema
        .alterTable('notifications')
        .addColumn('subject_company_id', 'integer', (c) => c.references('companies.id').onDelete('cascade'))
        .execute();
      if (dialect !== 'postgres') return;
      await sql`alter table operators alter column totp_secret type varchar(200)`.execute(db);
      await sql`alter table operators alter column totp_pending_secret type varchar(200)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('notifications').dropColumn('subject_company_id').execute();
      await db.schema.alterTable('notifications').dropColumn('subject_user_id').execute();
      if (dialect !== 'postgres') return;
      await sql`alter table operators alter column totp_secret type varchar(64)`.execute(db);
      await sql`alter table operators alter column totp_pending_secret type varchar(64)`.execute(db);
    },
  };
}
