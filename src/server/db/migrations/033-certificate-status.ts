import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';

// Decision 067. Each certificate's place in the revocation status list (Bitstring Status List v1.0), stable
// for the certificate's life (its id, set when it is written; the rows already there take theirs here), and
// why it was revoked. The partial index holds the revoked ones only: the list is built from them alone.
export function certificateStatus(_dialect: Dialect): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('certifications').addColumn('status_index', 'integer').execute();
      await db.schema.alterTable('certifications').addColumn('revoke_reason', 'varchar(400)').execute();
      await sql`update certifications set status_index = id`.execute(db);
      await db.schema.createIndex('certifications_status_index').on('certifications').column('status_index').unique().execute();
      await sql`create index certifications_revoked on certifications (status_index) where revoked_at is not null`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('certifications_revoked').execute();
      await db.schema.dropIndex('certifications_status_index').execute();
      await db.schema.alterTable('certifications').dropColumn('revoke_reason').execute();
      await db.schema.alterTable('certifications').dropColumn('status_index').execute();
    },
  };
}
