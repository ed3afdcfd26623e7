import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// Decision 047. A company account becomes a team: each member has a role ('owner' manages the team and may
// delete the company; 'recruiter' does the hiring). Every existing member becomes its company's owner, so a
// one-person company is an owner-only team and nothing changes for it. `joined_at` is when a member joined
// (existing members: their company's creation). Invitations are stored by the hash of their signed token,
// so one can be revoked and used once.
export function companyTeams(dialect: Dialect): Migration {
  const { id, pk, ts, now } = dialectTypes(dialect);
  const fk = 'integer';
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await s
        .alterTable('company_users')
        .addColumn('role', 'varchar(12)', (c) =>
          c
            .notNull()
            .defaultTo('owner')
            .check(sql`role in ('owner','recruiter')`),
        )
        .execute();
      // SQLite adds no column with a computed default: filled from the company's creation instead.
      await s.alterTable('company_users').addColumn('joined_at', ts).execute();
      await sql`update company_users set joined_at = (select created_at from companies where companies.id = company_users.company_id)`.execute(
        db,
      );
      await s.createIndex('company_users_company').on('company_users').columns(['company_id', 'role']).execute();

      await s
        .createTable('company_invitations')
        .addColumn('id', id, pk)
        .addColumn('company_id', fk, (c) => c.notNull().references('companies.id').onDelete('cascade'))
        // Lower-cased.
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('role', 'varchar(12)', (c) => c.notNull().check(sql`role in ('owner','recruiter')`))
        // sha256 of the signed token (the token itself is only in the email).
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('invited_by', fk, (c) => c.references('users.id').onDelete('set null'))
        .addColumn('locale', 'varchar(2)', (c) => c.notNull())
        .addColumn('expires_at', ts, (c) => c.notNull())
        .addColumn('used_at', ts)
        .addColumn('used_by', fk, (c) => c.references('users.id').onDelete('set null'))
        .addColumn('revoked_at', ts)
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
      await s.createIndex('company_invitations_company').on('company_invitations').columns(['company_id', 'created_at']).execute();
      await s.createIndex('company_invitations_invited_by').on('company_invitations').column('invited_by').execute();
      await s.createIndex('company_invitations_used_by').on('company_invitations').column('used_by').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('company_invitations').execute();
      await db.schema.dropIndex('company_users_company').execute();
      await db.schema.alterTable('company_users').dropColumn('joined_at').execute();
      await db.schema.alterTable('company_users').dropColumn('role').execute();
    },
  };
}
