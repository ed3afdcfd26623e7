import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// Decision 054. Lists that grow are read by keyset, each from an index in its own order: an offer's
// applicants (newest first) and a company's offers (last changed first). The candidate browser puts
// certified people first without counting certificates per row: a profile keeps the latest expiry of its
// owner's valid certificates (null: none), written with each certificate and each revocation, and filled in
// here for the profiles there are.
const NEVER_EXPIRES = '9999-12-31T23:59:59.999Z';

export function keysetPagination(dialect: Dialect): Migration {
  const { ts } = dialectTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('candidate_profiles').addColumn('certified_until', ts).execute();
      await sql`update candidate_profiles set certified_until = (
        select max(coalesce(c.expires_at, ${NEVER_EXPIRES})) from certifications c
        where c.user_id = candidate_profiles.user_id and c.revoked_at is null)`.execute(db);
      await db.schema.createIndex('applications_offer_created').on('applications').columns(['offer_id', 'created_at', 'id']).execute();
      await db.schema.createIndex('offers_company_updated').on('offers').columns(['company_id', 'updated_at', 'id']).execute();
    },
    async down(db: Kysely<unknown>) {
      for (const name of ['offers_company_updated', 'applications_offer_created']) await db.schema.dropIndex(name).execute();
      await db.schema.alterTable('candidate_profiles').dropColumn('certified_until').execute();
    },
  };
}
