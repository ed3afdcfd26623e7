import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';

// Decision 076. The operators' TOTP secrets are stored encrypted ("v1:iv:tag:ciphertext", about 90
// characters): the columns grow from 64 to 200 characters. SQLite does not enforce a varchar's length, so
// only PostgreSQL changes. The secrets already stored are encrypted when the operator service starts (it
// holds the key; a migration does not), and a bare one read before that is re-encrypted at once.
export function operatorSecretEncryption(dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`alter table operators alter column totp_secret type varchar(200)`.execute(db);
      await sql`alter table operators alter column totp_pending_secret type varchar(200)`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`alter table operators alter column totp_secret type varchar(64)`.execute(db);
      await sql`alter table operators alter column totp_pending_secret type varchar(64)`.execute(db);
    },
  };
}
