import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// Decision 058. What each public change touched (tags and offer facets, as JSON), written in the change's
// own transaction; every server process reads the rows after the last one it saw (the primary key) about
// once a second and forgets the matching pages of its cache. The housekeeping deletes rows past an hour.
export function pagePurges(dialect: Dialect): Migration {
  const { id, pk, ts, now } = dialectTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('page_purges')
        .addColumn('seq', id, pk)
        .addColumn('purge', 'text', (c) => c.notNull())
        .addColumn('created_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
      await db.schema.createIndex('page_purges_created_at').on('page_purges').column('created_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('page_purges').execute();
    },
  };
}
