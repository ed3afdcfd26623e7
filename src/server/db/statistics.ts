import { sql } from 'kysely';
import type { Database } from './client';

// Planner statistics (decision 057). The job search's indexes are chosen by each database's planner from
// what it knows of the tables: SQLite knows nothing until ANALYZE runs, and a PostgreSQL table loaded in bulk
// may wait for autovacuum. Full statistics after a bulk load (seed, db:grow); the hourly housekeeping keeps
// them fresh at little cost (PRAGMA optimize analyzes only the tables whose statistics have gone stale).

/** The tables of this database (PostgreSQL: of its schema only; a shared server holds others' too). */
async function ownTables(database: Database): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(
    database.db,
  );
  return rows.map((r) => r.name);
}

async function analyzeEach(database: Database) {
  for (const name of await ownTables(database)) await sql`analyze ${sql.table(name)}`.execute(database.db);
}

/** Every table's statistics, after rows were added in bulk. */
export async function analyzeAll(database: Database): Promise<void> {
  if (database.dialect === 'postgres') await analyzeEach(database);
  else await sql`analyze`.execute(database.db);
}

/** The hourly refresh: SQLite's PRAGMA optimize (cheap when nothing changed), PostgreSQL's ANALYZE. */
export async function refreshStatistics(database: Database): Promise<void> {
  if (database.dialect === 'postgres') await analyzeEach(database);
  else await sql`pragma optimize`.execute(database.db);
}
