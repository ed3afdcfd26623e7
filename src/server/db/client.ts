import 'server-only';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { openSqlite } from './node-sqlite';
import type { DB } from './schema';
import { noteQueryAnswered, PROBE_TIMEOUT_MS } from './health';
import { isDatabaseUnavailable } from './unavailable';

export type Dialect = 'sqlite' | 'postgres';
export type Database = {
  db: Kysely<DB>;
  dialect: Dialect;
  close: () => Promise<void>;
  schema?: string;
  /** PostgreSQL: one trivial query on a connection of its own (the pool's may all be busy), for health.ts. */
  probe?: () => Promise<void>;
};

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

/** How long a PostgreSQL connection attempt may take before the request gets a 503 instead of hanging. */
const CONNECT_TIMEOUT_MS = 5_000;
/** How long one query may wait for its answer (a database that stopped answering without closing). */
const QUERY_TIMEOUT_MS = 15_000;

/**
 * Open a database. `opts.pgSchema` (the tests' isolation) overrides a `?schema=` of the URL;
 * `opts.queryTimeoutMs` (0 for none: long imports) bounds each PostgreSQL query.
 */
export function openDatabase(url?: string, opts: { poolSize?: number; pgSchema?: string; queryTimeoutMs?: number } = {}): Database {
  const target = parseDatabaseUrl(url);
  if (target.dialect === 'postgres') {
    const schema = opts.pgSchema ?? target.schema;
    const pool = new pg.Pool({
      connectionString: target.url,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      ...(opts.queryTimeoutMs === 0 ? {} : { query_timeout: opts.queryTimeoutMs ?? QUERY_TIMEOUT_MS }),
      keepAlive: true,
      // Every connection resolves unqualified names in the schema (and creates tables there).
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
    // An idle connection the server closed (a restart, a failover) is reported here: without a listener
    // the process would crash. The pool drops that connection and opens a new one on the next query.
    pool.on('error', (err) => console.error(`[db] idle PostgreSQL connection lost: ${err.message}`));
    // The same for a connection in use between two queries (inside a transaction): node-postgres emits the
    // loss on the client itself, which the pool does not listen to while it is checked out. The next query
    // on it fails instead ("not queryable"), which answers 503.
    pool.on('connect', (client) => client.on('error', (err) => console.error(`[db] PostgreSQL connection in use lost: ${err.message}`)));
    // Every query the server answered (a refusal such as a unique violation included) tells the health watch
    // that the database is there, however slow (src/server/db/health.ts).
    const db = new Kysely<DB>({
      dialect: new PostgresDialect({ pool }),
      log: (e) => {
        if (e.level === 'query' || !isDatabaseUnavailable(e.error)) noteQueryAnswered();
      },
    });
    // The health probe's own connection: short timeouts, and a connection that failed is thrown away (a
    // query that timed out leaves it waiting for an answer that may never come).
    const probes = new pg.Pool({
      connectionString: target.url,
      max: 1,
      connectionTimeoutMillis: PROBE_TIMEOUT_MS,
      query_timeout: PROBE_TIMEOUT_MS,
    });
    probes.on('error', () => {});
    // Once per connection (the pool hands the same one to every probe: a listener per probe would pile up).
    probes.on('connect', (client) => client.on('error', () => {}));
    const probe = async () => {
      const client = await probes.connect();
      try {
        await client.query('select 1');
        client.release();
      } catch (err) {
        client.release(true);
        throw err;
      }
    };
    const close = async () => {
      await Promise.all([db.destroy(), probes.end().catch(() => {})]);
    };
    return { db, dialect: 'postgres', close, probe, ...(schema ? { schema } : {}) };
  }
  if (target.file !== ':memory:') mkdirSync(dirname(target.file), { recursive: true });
  const sqlite = openSqlite(target.file);
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}
