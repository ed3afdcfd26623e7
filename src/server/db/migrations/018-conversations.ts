import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// Decision 043. Conversations between a company and a candidate, each born of an application or of an
// accepted invitation (exactly one of the two); their messages; invitations; and candidates' reports of
// abusive companies. Each side keeps a read marker (the last message id it has read) and an unread
// counter, so the unread counts and a user's total are one indexed read.
export function conversations(dialect: Dialect): Migration {
  const { id, pk, ts, now } = dialectTypes(dialect);
  const fk = 'integer';
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await s
        .createTable('invitations')
        .addColumn('id', id, pk)
        .addColumn('company_id', fk, (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('candidate_id', fk, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('offer_id', fk, (c) => c.references('offers.id').onDelete('set null'))
        .addColumn('sender_id', fk, (c) => c.references('users.id').onDelete('set null'))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('status', 'varchar(12)', (c) =>
          c
            .notNull()
            .defaultTo('pending')
            .check(sql`status in ('pending','accepted','declined')`),
        )
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .addColumn('answered_at', ts)
        .execute();
      // The candidate's list, the company's daily count, and one company's history with one person.
      await s.createIndex('invitations_candidate').on('invitations').columns(['candidate_id', 'status', 'id']).execute();
      await s.createIndex('invitations_company_created').on('invitations').columns(['company_id', 'created_at']).execute();
      await s.createIndex('invitations_pair').on('invitations').columns(['company_id', 'candidate_id', 'id']).execute();
      // Foreign keys set to null when an offer goes: found by index, not by a scan.
      await s.createIndex('invitations_offer').on('invitations').column('offer_id').execute();

      await s
        .createTable('conversations')
        .addColumn('id', id, pk)
        .addColumn('company_id', fk, (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('candidate_id', fk, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('application_id', fk, (c) => c.unique().references('applications.id').onDelete('cascade'))
        .addColumn('invitation_id', fk, (c) => c.unique().references('invitations.id').onDelete('cascade'))
        .addColumn('offer_id', fk, (c) => c.references('offers.id').onDelete('set null'))
        .addColumn('last_message_id', 'integer')
        .addColumn('last_message_at', ts)
        .addColumn('company_read_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('candidate_read_id', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('company_unread', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('candidate_unread', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('blocked_by', 'varchar(12)', (c) => c.check(sql`blocked_by in ('company','candidate')`))
        .addColumn('blocked_at', ts)
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .addCheckConstraint(
          'conversations_one_origin',
          sql`(application_id is not null and invitation_id is null) or (application_id is null and invitation_id is not null)`,
        )
        .execute();
      // Inboxes newest first (keyset on last activity, then id) and the unread totals, per side.
      await s
        .createIndex('conversations_company')
        .on('conversations')
        .columns(['company_id', 'last_message_id', 'id', 'company_unread'])
        .execute();
      await s
        .createIndex('conversations_candidate')
        .on('conversations')
        .columns(['candidate_id', 'last_message_id', 'id', 'candidate_unread'])
        .execute();

      await s.createIndex('conversations_offer').on('conversations').column('offer_id').execute();

      await s
        .createTable('messages')
        .addColumn('id', id, pk)
        .addColumn('conversation_id', fk, (c) => c.notNull().references('conversations.id').onDelete('cascade'))
        .addColumn('sender_side', 'varchar(12)', (c) => c.notNull().check(sql`sender_side in ('company','candidate')`))
        .addColumn('sender_id', fk, (c) => c.references('users.id').onDelete('set null'))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
      await s.createIndex('messages_conversation').on('messages').columns(['conversation_id', 'id']).execute();
      await s.createIndex('messages_sender').on('messages').column('sender_id').execute();

      await s
        .createTable('conversation_reports')
        .addColumn('id', id, pk)
        .addColumn('conversation_id', fk, (c) => c.notNull().references('conversations.id').onDelete('cascade'))
        .addColumn('candidate_id', fk, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('company_id', fk, (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('reason', 'varchar(24)', (c) => c.notNull())
        .addColumn('details', 'text')
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .addUniqueConstraint('conversation_reports_once', ['conversation_id', 'candidate_id'])
        .execute();
      await s.createIndex('conversation_reports_company').on('conversation_reports').columns(['company_id', 'created_at']).execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('conversation_reports').execute();
      await db.schema.dropTable('messages').execute();
      await db.schema.dropTable('conversations').execute();
      await db.schema.dropTable('invitations').execute();
    },
  };
}
