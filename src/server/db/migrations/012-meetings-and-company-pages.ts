import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// Decision 028. Meeting requests carry what sales needs; bookings are rebuilt (nothing wrote them before) so
// that a cancelled booking frees its slot: `slot_key` is unique while the booking holds the slot and null
// after, and both databases let any number of nulls share a unique column. The outbox can hold a message
// until a time (the reminder 24 h before a meeting) and a calendar invite. Companies get a public page.
export function meetingsAndCompanyPages(dialect: Dialect): Migration {
  const { id, pk, ts, now } = dialectTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      for (const [name, type] of [
        ['country', 'varchar(40)'],
        ['company_size', 'varchar(20)'],
        ['roles', 'varchar(300)'],
      ] as const)
        await s.alterTable('leads').addColumn(name, type).execute();
      await s.createIndex('leads_email').on('leads').column('email').execute();

      await s.dropTable('bookings').execute();
      await s
        .createTable('bookings')
        .addColumn('id', id, pk)
        .addColumn('lead_id', 'integer', (c) => c.references('leads.id').onDelete('set null'))
        .addColumn('uid', 'varchar(80)', (c) => c.notNull())
        .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('name', 'varchar(160)', (c) => c.notNull())
        .addColumn('email', 'varchar(254)', (c) => c.notNull())
        .addColumn('company', 'varchar(160)')
        .addColumn('message', 'varchar(1000)')
        .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
        .addColumn('locale', 'varchar(2)', (c) => c.notNull())
        .addColumn('starts_at', ts, (c) => c.notNull())
        .addColumn('ends_at', ts, (c) => c.notNull())
        .addColumn('slot_key', 'varchar(20)', (c) => c.unique())
        .addColumn('status', 'varchar(12)', (c) =>
          c
            .notNull()
            .defaultTo('confirmed')
            .check(sql`status in ('confirmed','cancelled','rescheduled')`),
        )
        .addColumn('manage_hash', 'varchar(64)', (c) => c.unique())
        .addColumn('reminder_email_id', 'integer')
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .addColumn('ended_at', ts)
        .execute();
      await s.createIndex('bookings_starts_at').on('bookings').column('starts_at').execute();

      await s.alterTable('email_outbox').addColumn('send_after', ts).execute();
      await s.alterTable('email_outbox').addColumn('calendar', 'text').execute();

      await s.alterTable('companies').addColumn('description', 'varchar(2000)').execute();
      await s.alterTable('companies').addColumn('location', 'varchar(120)').execute();
    },
    async down(db: Kysely<unknown>) {
      const s = db.schema;
      for (const c of ['description', 'location']) await s.alterTable('companies').dropColumn(c).execute();
      for (const c of ['send_after', 'calendar']) await s.alterTable('email_outbox').dropColumn(c).execute();
      await s.dropIndex('leads_email').execute();
      for (const c of ['country', 'company_size', 'roles']) await s.alterTable('leads').dropColumn(c).execute();
    },
  };
}
