// The databases a test runs against: SQLite always (a fresh file per call), PostgreSQL when
// TEST_DATABASE_URL names a server (a fresh schema per call). In CI, PostgreSQL is required: .ci/run
// installs and starts it, and a run without it fails instead of skipping quietly.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase, type Database } from '../server/db/client';
import { migrateToLatest } from '../server/db/migrate';

export const pgUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI && !pgUrl) {
  throw new Error('TEST_DATABASE_URL is required in CI: the PostgreSQL tests must run, not be skipped');
}

export type TestDb = Database & { cleanup: () => Promise<void> };

export async function freshSqlite(): Promise<TestDb> {
  const dir = mkdtempSync(join(tmpdir(), 'tandem-test-'));
  const database = openDatabase(`file:${join(dir, 'test.db')}`);
  await migrateToLatest(database);
  return { ...database, cleanup: async () => (await database.close(), rmSync(dir, { recursive: true, force: true })) };
}

async function freshPostgres(): Promise<TestDb> {
  if (!pgUrl) throw new Error('no TEST_DATABASE_URL');
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const database = openDatabase(pgUrl, { pgSchema: schema, poolSize: 20 });
  await migrateToLatest(database);
  return {
    ...database,
    cleanup: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: pgUrl });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      await c.end();
    },
  };
}

/** [name, factory] pairs for describe.each; PostgreSQL is listed only when a server is configured. */
export const testDatabases: [string, () => Promise<TestDb>][] = [
  ['sqlite', freshSqlite],
  ...(pgUrl ? ([['postgres', freshPostgres]] as [string, () => Promise<TestDb>][]) : []),
];

/** The salary survey files, in shared/data beside the checkout (never copied into the repository). Required in CI. */
export const sharedDataDir = join(process.cwd(), '..', 'shared', 'data');
export const hasSharedData = existsSync(join(sharedDataDir, 'laplazadevs-salarios-colombia-2025'));
if (process.env.CI && !hasSharedData) {
  throw new Error(`${sharedDataDir} is required in CI: the importer tests must run on the real survey files`);
}
