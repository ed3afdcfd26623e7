import { sql, type Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// Decision 049. Applying with more than a click: screening questions on offers, the applicant's cover note and
// answers, a candidate's withdrawal (status 'withdrawn') and saved offers.
// The applications' status check gains 'withdrawn'. PostgreSQL swaps the named constraint; SQLite cannot
// alter a check, so the table is rebuilt from its own CREATE text (whatever columns other migrations added
// stay), with foreign keys off meanwhile so that dropping the old table cascades nothing.
const STATUSES = [
  'sent',
  'approved',
  'initial-interview',
  'technical-interview',
  'final-stage',
  'pre-placed',
  'placed',
  'rejected',
  'withdrawn',
];

async function allowWithdrawn(db: Kysely<unknown>, pg: boolean) {
  const list = sql.join(STATUSES.map((s) => sql.lit(s)));
  if (pg) {
    await sql`alter table applications drop constraint if exists applications_status_check`.execute(db);
    await sql`alter table applications add constraint applications_status_check check (status in (${list}))`.execute(db);
    return;
  }
  const table = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'applications'`.execute(db);
  const create = table.rows[0]?.sql ?? '';
  if (create.includes("'withdrawn'")) return;
  const rebuilt = create
    .replace(/'rejected'\s*\)/, "'rejected','withdrawn')")
    .replace(/^CREATE TABLE\s+"?applications"?/i, 'CREATE TABLE "applications_023"');
  if (rebuilt === create || !rebuilt.includes("'withdrawn'")) throw new Error('applications: status check not found');
  const indexes = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'index' and tbl_name = 'applications' and sql is not null`.execute(db);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql.raw('begin').execute(db);
    await sql.raw(rebuilt).execute(db);
    await sql`insert into applications_023 select * from applications`.execute(db);
    await sql`drop table applications`.execute(db);
    await sql`alter table applications_023 rename to applications`.execute(db);
    for (const i of indexes.rows) await sql.raw(i.sql).execute(db);
    const broken = await sql`pragma foreign_key_check`.execute(db);
    if (broken.rows.length) throw new Error('applications: foreign keys broken by the rebuild');
    await sql.raw('commit').execute(db);
  } catch (err) {
    await sql.raw('rollback').execute(db);
    throw err;
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export function applyingExtras(dialect: Dialect): Migration {
  const { id, pk, ts, now, pg } = dialectTypes(dialect);
  const fk = 'integer';
  return {
    async up(db: Kysely<unknown>) {
      const s = db.schema;
      await s.alterTable('applications').addColumn('cover_note', 'text').execute();
      await allowWithdrawn(db, pg);

      // Up to five per offer, in the company's order.
      await s
        .createTable('offer_questions')
        .addColumn('id', id, pk)
        .addColumn('offer_id', fk, (c) => c.notNull().references('offers.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('kind', 'varchar(8)', (c) => c.notNull().check(sql`kind in ('yes-no','text','number')`))
        .addColumn('label', 'varchar(200)', (c) => c.notNull())
        .addColumn('required', 'integer', (c) => c.notNull().defaultTo(0))
        .addUniqueConstraint('offer_questions_order', ['offer_id', 'position'])
        .execute();

      // What the applicant answered, with the question as it read then (the company may edit its questions later).
      await s
        .createTable('application_answers')
        .addColumn('application_id', fk, (c) => c.notNull().references('applications.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('kind', 'varchar(8)', (c) => c.notNull())
        .addColumn('question', 'varchar(200)', (c) => c.notNull())
        .addColumn('answer', 'varchar(200)', (c) => c.notNull())
        .addPrimaryKeyConstraint('application_answers_pk', ['application_id', 'position'])
        .execute();

      await s
        .createTable('saved_offers')
        .addColumn('candidate_id', fk, (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('offer_id', fk, (c) => c.notNull().references('offers.id').onDelete('cascade'))
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('saved_offers_pk', ['candidate_id', 'offer_id'])
        .execute();
      // The candidate's list, newest first, paged by (created_at, offer_id).
      await s.createIndex('saved_offers_list').on('saved_offers').columns(['candidate_id', 'created_at', 'offer_id']).execute();
      await s.createIndex('saved_offers_offer').on('saved_offers').column('offer_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('saved_offers').execute();
      await db.schema.dropTable('application_answers').execute();
      await db.schema.dropTable('offer_questions').execute();
    },
  };
}
