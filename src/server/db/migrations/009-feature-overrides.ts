import type { Kysely } from 'kysely';
import type { Migration } from 'kysely/migration';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// Decision 022. Feature flags live in a versioned file in the repository (src/server/flags/features.json);
// operators override one without a deploy (`npm run flags -- set`). An override replaces the file's
// definition of that key; unsetting it brings the file's back.
export function featureOverrides(dialect: Dialect): Migration {
  const { ts, now } = dialectTypes(dialect);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('feature_overrides')
        .addColumn('key', 'varchar(100)', (c) => c.primaryKey())
        .addColumn('definition_json', 'text', (c) => c.notNull())
        .addColumn('updated_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
      // Unsetting an override is a change too: the stream must push it, so removals leave a mark here.
      await db.schema
        .createTable('feature_changes')
        .addColumn('name', 'varchar(20)', (c) => c.primaryKey())
        .addColumn('changed_at', ts, (c) => c.notNull().defaultTo(now))
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('feature_changes').execute();
      await db.schema.dropTable('feature_overrides').execute();
    },
  };
}
