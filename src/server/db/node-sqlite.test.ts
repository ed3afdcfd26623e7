import { describe, expect, it } from 'vitest';
import { openSqlite } from './node-sqlite';

function memoryDb() {
  const db = openSqlite(':memory:');
  db.prepare('create table t (id integer primary key, v text)').run([]);
  for (const v of ['a', 'b', 'c']) db.prepare('insert into t (v) values (?)').run([v]);
  return db;
}

describe('node:sqlite adapter', () => {
  it('reuses the prepared statement of a SQL text it has seen', () => {
    const db = memoryDb();
    const first = db.prepare('select v from t where id = ?');
    expect(db.prepare('select v from t where id = ?')).toBe(first);
    expect(first.all([2])).toEqual([{ v: 'b' }]);
    expect(db.prepare('select v from t where id = ?').all([3])).toEqual([{ v: 'c' }]);
    db.close();
  });

  it('keeps a stream going while the same SQL runs again', () => {
    const db = memoryDb();
    const sql = 'select v from t where id >= ? order by id';
    const seen: unknown[] = [];
    for (const row of db.prepare(sql).iterate([1])) {
      seen.push(row);
      expect(db.prepare(sql).all([3])).toEqual([{ v: 'c' }]);
    }
    expect(seen).toEqual([{ v: 'a' }, { v: 'b' }, { v: 'c' }]);
    db.close();
  });

  it('tells readers from writers and binds booleans and dates', () => {
    const db = memoryDb();
    expect(db.prepare('select 1 as x').reader).toBe(true);
    expect(db.prepare('update t set v = ? where id = ?').reader).toBe(false);
    expect(db.prepare('select ? as b, ? as d').all([true, new Date('2026-01-02T03:04:05Z')])).toEqual([
      { b: 1, d: '2026-01-02T03:04:05.000Z' },
    ]);
    db.close();
  });
});
