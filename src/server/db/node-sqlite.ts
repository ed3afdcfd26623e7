import 'server-only';
import { DatabaseSync, type StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

// Kysely's SQLite dialect speaks the better-sqlite3 interface; node:sqlite (built into Node, no native
// addon to compile: WAKU.md §1) differs in small ways this adapter covers: spread parameters, no
// `reader` flag, and no booleans as parameters.
const toParam = (v: unknown) => (typeof v === 'boolean' ? (v ? 1 : 0) : v instanceof Date ? v.toISOString() : v);

class Statement implements SqliteStatement {
  readonly reader: boolean;
  constructor(private stmt: StatementSync) {
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
    return this.stmt.iterate(...(parameters.map(toParam) as never[])) as IterableIterator<unknown>;
  }
}

export function openSqlite(filename: string): SqliteDatabase & { raw: DatabaseSync } {
  const db = new DatabaseSync(filename);
  // WAL lets readers work while one writer writes; foreign keys are off by default in SQLite.
  db.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL;');
  return {
    raw: db,
    close: () => db.close(),
    prepare: (sql: string) => new Statement(db.prepare(sql)),
  };
}
