import 'server-only';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { openSqlite } from './node-sqlite';
import type { DB } from './schema';

export type Dialect = 'sqlite' | 'postgres';
export type Database = { db: Kysely<DB>; dialect: Dialect; close: () => Promise<void>; schema?: string };

/** Which database a URL names: postgres://... or file:path (the embedded default is file:data/tandem.db). */
export function parseDatabaseUrl(url: string | undefined): { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string } {
  const u = url?.trim() || 'file:data/tandem.db';
  if (/^postgres(ql)?:\/\//.test(u)) return { dialect: 'postgres', url: u };
  if (u.startsWith('file:')) return { dialect: 'sqlite', file: u.slice('file:'.length) || 'data/tandem.db' };
  if (u === ':memory:') return { dialect: 'sqlite', file: ':memory:' };
  throw new Error(`DATABASE_URL must be postgres://... or file:path (got "${u}")`);
}

export function openDatabase(url?: string, opts: { poolSize?: number; pgSchema?: string } = {}): Database {
  const target = parseDatabaseUrl(url);
  if (target.dialect === 'postgres') {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: opts.poolSize ?? 10,
      // Tests isolate themselves in a schema of their own.
      ...(opts.pgSchema ? { options: `-c search_path=${opts.pgSchema}` } : {}),
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy(), ...(opts.pgSchema ? { schema: opts.pgSchema } : {}) };
  }
  if (target.file !== ':memory:') mkdirSync(dirname(target.file), { recursive: true });
  const sqlite = openSqlite(target.file);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
