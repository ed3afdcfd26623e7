import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// Decision 046. Interviews between a company and a candidate, born of an application: the company proposes
// 1 to 5 start times (the slots), the candidate picks one or declines. A company's time is held by one
// scheduled interview at a time: a partial unique index (both databases), so two candidates picking the
// same time in parallel cannot both win.
export function jobInterviews(dialect: Dialect): Migration {
  const { id, pk, ts, now } = dialectTypes(dialect);
  const fk = 'integer';
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await s
        .createTable('job_interviews')
        .addColumn('id', id, pk)
        .addColumn('company_id', fk, (c) => c.notNull().references('companies.id').onDelete('cascade'))
        .addColumn('candidate_id', fk, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('application_id', fk, (c) => c.notNull().references('applications.id').onDelete('cascade'))
        .addColumn('proposer_id', fk, (c) => c.references('users.id').onDelete('set null'))
        // The calendar event's UID: the same through moves, so calendars update one event.
        .addColumn('uid', 'varchar(100)', (c) => c.notNull().unique())
        // SEQUENCE of the next invite; a move bumps it.
        .addColumn('sequence', 'integer', (c) => c.notNull().defaultTo(0))
        // Set once an invite (REQUEST) went out: a later decline or cancel sends a CANCEL.
        .addColumn('invited', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'varchar(12)', (c) =>
          c
            .notNull()
            .defaultTo('proposed')
            .check(sql`status in ('proposed','scheduled','declined','cancelled')`),
        )
        .addColumn('duration_minutes', 'integer', (c) => c.notNull())
        .addColumn('time_zone', 'varchar(64)', (c) => c.notNull())
        .addColumn('video_url', 'varchar(500)')
        .addColumn('starts_at', ts)
        .addColumn('cancelled_by', 'varchar(12)', (c) => c.check(sql`cancelled_by in ('company','candidate')`))
        .addColumn('reminded_at', ts)
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .addColumn('updated_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
      // One scheduled interview per company and start time.
      await s
        .createIndex('job_interviews_company_time')
        .on('job_interviews')
        .columns(['company_id', 'starts_at'])
        .unique()
        .where(sql.ref('status'), '=', 'scheduled')
        .execute();
      // Each side's upcoming list, the applicant row's interviews and the reminders due.
      await s.createIndex('job_interviews_candidate').on('job_interviews').columns(['candidate_id', 'status', 'starts_at']).execute();
      await s.createIndex('job_interviews_company').on('job_interviews').columns(['company_id', 'status', 'starts_at']).execute();
      await s.createIndex('job_interviews_application').on('job_interviews').column('application_id').execute();
      await s.createIndex('job_interviews_due').on('job_interviews').columns(['status', 'reminded_at', 'starts_at']).execute();
      await s.createIndex('job_interviews_proposer').on('job_interviews').column('proposer_id').execute();

      await s
        .createTable('job_interview_slots')
        .addColumn('id', id, pk)
        .addColumn('interview_id', fk, (c) => c.notNull().references('job_interviews.id').onDelete('cascade'))
        .addColumn('starts_at', ts, (c) => c.notNull())
        .addUniqueConstraint('job_interview_slots_once', ['interview_id', 'starts_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('job_interview_slots').execute();
      await db.schema.dropTable('job_interviews').execute();
    },
  };
}
