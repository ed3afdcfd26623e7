import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// Job alerts: a saved search emailed daily or weekly with the offers published since the last email. An
// address (a recipient) holds its alerts and the hash of its manage link; an alert holds its search in
// canonical form, its confirmation (double opt-in for visitors) and its place in the schedule.
export function jobAlerts(dialect: Dialect): Migration {
  const { id, pk, ts, now } = dialectTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('alert_recipients')
        .addColumn('id', id, pk)
        // Lower-cased: one recipient per address, whether the alerts came from a visitor or an account.
        .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        // The manage link is derived from this nonce with the server's secret; only its hash is looked up.
        .addColumn('manage_nonce', 'varchar(64)', (c) => c.notNull())
        .addColumn('manage_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('alert_recipients_user').on('alert_recipients').column('user_id').execute();
      await db.schema
        .createTable('job_alerts')
        .addColumn('id', id, pk)
        .addColumn('recipient_id', 'integer', (c) => c.notNull().references('alert_recipients.id').onDelete('cascade'))
        // The search in one canonical string (country, facets, text, salary): two equal searches, one alert.
        .addColumn('search_key', 'varchar(400)', (c) => c.notNull())
        .addColumn('country', 'varchar(40)')
        // Facet slugs in canonical order, joined by '/' ('' for none).
        .addColumn('filters', 'varchar(300)', (c) => c.notNull().defaultTo(''))
        .addColumn('q', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('min_salary_usd', 'integer')
        .addColumn('frequency', 'varchar(10)', (c) => c.notNull())
        .addColumn('locale', 'varchar(5)', (c) => c.notNull())
        // pending: waiting for its confirmation link; active: sent on schedule.
        .addColumn('status', 'varchar(10)', (c) => c.notNull())
        .addColumn('confirm_hash', 'varchar(64)')
        .addColumn('confirm_expires_at', ts)
        .addColumn('unsubscribe_nonce', 'varchar(64)', (c) => c.notNull())
        .addColumn('unsubscribe_hash', 'varchar(64)', (c) => c.notNull().unique())
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .addColumn('confirmed_at', ts)
        // Offers published after this moment are news for the next email (the cursor).
        .addColumn('cursor_at', ts)
        .addColumn('last_sent_at', ts)
        .addColumn('next_due_at', ts)
        // Bumped by every run that handles the alert: two instances racing, one of them wins.
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.createIndex('job_alerts_search').on('job_alerts').columns(['recipient_id', 'search_key']).unique().execute();
      // The sender's batches: active alerts due, by id.
      await db.schema.createIndex('job_alerts_due').on('job_alerts').columns(['status', 'next_due_at', 'id']).execute();
      await db.schema.createIndex('job_alerts_confirm').on('job_alerts').column('confirm_hash').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('job_alerts').execute();
      await db.schema.dropTable('alert_recipients').execute();
    },
  };
}
