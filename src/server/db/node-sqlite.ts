import 'server-only';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

// Kysely's SQLite dialect speaks the better-sqlite3 interface; node:sqlite (built into Node, no native
// addon compiled for the wrong Node: docs/waku-notes.md) differs in small ways this adapter covers: spread parameters, no
// `reader` flag, and no booleans as parameters.
const toParam = (v: unknown) => (typeof v === 'boolean' ? (v ? 1 : 0) : v instanceof Date ? v.toISOString() : v);

/** Prepared statements kept per SQL text: compiling one cost ~3 % of an uncached page's CPU (decision 032). */
const STATEMENT_CACHE_SIZE = 256;

class Statement implements SqliteStatement {
  readonly reader: boolean;
  constructor(
    private stmt: StatementSync,
    private fresh: () => StatementSync,
  ) {
    this.reader = stmt.columns().length > 0;
  }
  all(parameters: ReadonlyArray<unknown>) {
    return this.stmt.all(...(parameters.map(toParam) as never[]));
  }
  run(parameters: ReadonlyArray<unknown>) {
    const r = this.stmt.run(...(parameters.map(toParam) as never[]));
    return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
  }
  iterate(parameters: ReadonlyArray<unknown>) {
    // An iterator keeps its statement busy until it ends: a shared one would be reset under it by the next
    // query with the same text, so a stream gets a statement of its own.
    return this.fresh().iterate(...(parameters.map(toParam) as never[])) as IterableIterator<unknown>;
  }
}

export function openSqlite(filename: string): SqliteDatabase & { raw: DatabaseSync } {
  const db = new DatabaseSync(filename);
  // WAL lets readers work while one writer writes; foreign keys are off by default in SQLite.
  db.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL;');
  const cache = new Map<string, Statement>();
  const prepare = (sql: string) => {
    let stmt = cache.get(sql);
    if (stmt) {
      cache.delete(sql); // most recently used last: the first key is the one to drop
    } else {
      stmt = new Statement(db.prepare(sql), () => db.prepare(sql));
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, stmt);
    return stmt;
  };
  return {
    raw: db,
    close: () => {
      cache.clear();
      db.close();
    },
    prepare,
  };
}
