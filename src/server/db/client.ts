import 'server-only';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { openSqlite } from './node-sqlite';
import type { DB } from './schema';

export type Dialect = 'sqlite' | 'postgres';
export type Database = { db: Kysely<DB>; dialect: Dialect; close: () => Promise<void>; schema?: string };

/** A PostgreSQL schema name as DATABASE_URL may give it: lower case, unquoted, at most 63 characters. */
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * Which database a URL names: postgres://... or file:path (the embedded default is file:data/tandem.db).
 * A PostgreSQL URL may end in `?schema=name`: the tables, the migration table included, then live in that
 * schema (the parameter is taken off the URL handed to the driver).
 */
export function parseDatabaseUrl(
  url: string | undefined,
): { dialect: 'sqlite'; file: string } | { dialect: 'postgres'; url: string; schema?: string } {
  const u = url?.trim() || 'file:data/tandem.db';
  if (/^postgres(ql)?:\/\//.test(u)) return parsePostgresUrl(u);
  if (u.startsWith('file:')) return { dialect: 'sqlite', file: u.slice('file:'.length) || 'data/tandem.db' };
  if (u === ':memory:') return { dialect: 'sqlite', file: ':memory:' };
  throw new Error(`DATABASE_URL must be postgres://... or file:path (got "${u}")`);
}

function parsePostgresUrl(u: string): { dialect: 'postgres'; url: string; schema?: string } {
  const q = u.indexOf('?');
  if (q < 0) return { dialect: 'postgres', url: u };
  const params = new URLSearchParams(u.slice(q + 1));
  if (!params.has('schema')) return { dialect: 'postgres', url: u };
  const schemas = params.getAll('schema');
  const schema = schemas[0]!;
  if (schemas.length > 1 || !SCHEMA_NAME.test(schema)) {
    throw new Error(
      `DATABASE_URL: schema must be one lower-case PostgreSQL name (a-z, 0-9, _; at most 63 characters), got "${schemas.join(',')}"`,
    );
  }
  params.delete('schema');
  const rest = params.toString();
  return { dialect: 'postgres', url: u.slice(0, q) + (rest ? `?${rest}` : ''), schema };
}

/** Open a database. `opts.pgSchema` (the tests' isolation) overrides a `?schema=` of the URL. */
export function openDatabase(url?: string, opts: { poolSize?: number; pgSchema?: string } = {}): Database {
  const target = parseDatabaseUrl(url);
  if (target.dialect === 'postgres') {
    const schema = opts.pgSchema ?? target.schema;
    const pool = new pg.Pool({
      connectionString: target.url,
      max: opts.poolSize ?? 10,
      // Every connection resolves unqualified names in the schema (and creates tables there).
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', close: () => db.destroy(), ...(schema ? { schema } : {}) };
  }
  if (target.file !== ':memory:') mkdirSync(dirname(target.file), { recursive: true });
  const sqlite = openSqlite(target.file);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
