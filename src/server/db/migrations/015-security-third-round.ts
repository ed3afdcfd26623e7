import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';
import { mailboxKey } from '../../../domain/mailbox';

// Decision 017, third round. Sessions end after a week without use: when each token was last used,
// written at most once an hour. API writes answer a retry carrying the same Idempotency-Key with their
// first answer: the key (a digest, with who sent it), a digest of the request, and the answer once there
// is one. An interview's retake wait holds for the person, not the account: each attempt records the
// mailbox of its account (mailboxKey), so a second account on an alias of the same address waits too.
// Meeting requests and bookings wait for their email to be confirmed: a booking is a request (holding no
// slot) until its link is opened and confirmed; a lead reaches sales once confirmed (earlier leads had
// reached sales already: they count as confirmed).
export function securityThirdRound(dialect: Dialect): Migration {
  const { id, pk, ts, now } = dialectTypes(dialect);
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
      await db.schema.alterTable('interview_attempts').addColumn('person_key', 'varchar(254)').execute();
      await db.schema.createIndex('interview_attempts_person').on('interview_attempts').columns(['person_key', 'interview_id']).execute();
      // The attempts made so far, account by account (a few per candidate).
      const q = db as unknown as Kysely<{
        users: { id: number; email: string };
        interview_attempts: { user_id: number; person_key: string | null };
      }>;
      const people = await q
        .selectFrom('users')
        .select(['id', 'email'])
        .where('id', 'in', q.selectFrom('interview_attempts').select('user_id'))
        .execute();
      for (const u of people)
        await q
          .updateTable('interview_attempts')
          .set({ person_key: mailboxKey(u.email) })
          .where('user_id', '=', u.id)
          .execute();
      // Interviews now need a confirmed address: the accounts that are active without a confirmation date
      // (the demo accounts, seeded active) count as confirmed when they became active.
      await sql`update users set email_confirmed_at = created_at where user_status = 'active' and email_confirmed_at is null`.execute(db);
      await db.schema
        .createTable('booking_requests')
        .addColumn('id', id, pk)
        .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('name', 'varchar(160)', (c) => c.notNull())
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('company', 'varchar(160)')
        .addColumn('message', 'text')
        .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
        .addColumn('locale', 'varchar(2)', (c) => c.notNull())
        .addColumn('starts_at', ts, (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('booking_requests_created').on('booking_requests').column('created_at').execute();
      await db.schema.alterTable('leads').addColumn('confirm_hash', 'varchar(64)').execute();
      await db.schema.alterTable('leads').addColumn('confirmed_at', ts).execute();
      await db.schema.createIndex('leads_confirm_hash').on('leads').column('confirm_hash').unique().execute();
      await sql`update leads set confirmed_at = created_at`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('leads_confirm_hash').execute();
      await db.schema.alterTable('leads').dropColumn('confirmed_at').execute();
      await db.schema.alterTable('leads').dropColumn('confirm_hash').execute();
      await db.schema.dropTable('booking_requests').execute();
      await db.schema.dropIndex('interview_attempts_person').execute();
      await db.schema.alterTable('interview_attempts').dropColumn('person_key').execute();
      await db.schema.dropTable('idempotency_keys').execute();
      await db.schema.dropTable('session_activity').execute();
    },
  };
}
