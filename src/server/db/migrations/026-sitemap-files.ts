import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// Decision 055. The sitemap's files, built outside requests by one process at a time and read by every
// instance: each build's files gzipped, under a build number; the build's index (`sitemap.xml`) is written
// last, so the highest build that has an index is complete. `source` says what the build was made from
// (content version, app build, site URL): when it no longer matches, the sitemap is stale.
export function sitemapFiles(dialect: Dialect): Migration {
  const { ts, now, bytes } = dialectTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sitemap_files')
        .addColumn('build', 'integer', (c) => c.notNull())
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('gzip', bytes, (c) => c.notNull())
        .addColumn('etag', 'varchar(40)', (c) => c.notNull())
        .addColumn('byte_size', 'integer', (c) => c.notNull())
        .addColumn('urls', 'integer', (c) => c.notNull())
        .addColumn('lastmod', 'varchar(40)')
        .addColumn('source', 'varchar(300)', (c) => c.notNull())
        .addColumn('built_at', ts, (c) => c.notNull().defaultTo(now))
        .addPrimaryKeyConstraint('sitemap_files_pk', ['build', 'name'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sitemap_files').execute();
    },
  };
}
