import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { freshSqlite, type TestDb } from '../../testing/databases';
import { afterKey, decodeCursor, encodeCursor, keyId, keysetPage, keyTime, keyValue, type KeyPart } from './keyset';

const shape = z.tuple([keyTime, keyId]);

describe('cursors', () => {
  it('round-trip a sort key and what came before it', () => {
    const c = encodeCursor({ key: ['2026-01-02T03:04:05.678Z', 42], seen: 50 });
    expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(c, shape)).toEqual({ key: ['2026-01-02T03:04:05.678Z', 42], seen: 50 });
  });

  it('answer null (the first page) for anything else', () => {
    const bad = [
      undefined,
      '',
      42,
      'not base64!',
      'x'.repeat(500),
      Buffer.from('not json').toString('base64url'),
      Buffer.from('{"k":[1],"n":0}').toString('base64url'),
      encodeCursor({ key: ['yesterday', 42], seen: 0 }),
      encodeCursor({ key: ['2026-01-02T03:04:05Z', -1], seen: 0 }),
      encodeCursor({ key: ['2026-01-02T03:04:05Z', 1.5], seen: 0 }),
      encodeCursor({ key: ['2026-01-02T03:04:05Z', 1, 2], seen: 0 }),
      Buffer.from('{"k":["2026-01-02T03:04:05Z",1],"n":-3}').toString('base64url'),
      Buffer.from('{"k":["2026-01-02T03:04:05Z",1],"n":1e400}').toString('base64url'),
      Buffer.from('{"k":["2026-01-02T03:04:05Z",1]}').toString('base64url'),
    ];
    for (const raw of bad) expect(decodeCursor(raw, shape), String(raw)).toBeNull();
  });

  it('carry dates as ISO text and flags as 0/1', () => {
    expect(keyValue(new Date('2026-01-02T03:04:05.678Z'))).toBe('2026-01-02T03:04:05.678Z');
    expect(keyValue(true)).toBe(1);
    expect(keyValue('2026-01-02T03:04:05.678Z')).toBe('2026-01-02T03:04:05.678Z');
  });

  it('build a page: the extra row only says there is more', () => {
    const rows = [{ id: 5 }, { id: 4 }, { id: 3 }];
    const page = keysetPage(rows, { perPage: 2, total: 9, after: { key: [6], seen: 4 }, keyOf: (r) => [r.id], map: (r) => r.id });
    expect(page).toMatchObject({ items: [5, 4], total: 9, from: 5, perPage: 2 });
    expect(decodeCursor(page.next, z.tuple([keyId]))).toEqual({ key: [4], seen: 6 });
    expect(keysetPage(rows.slice(0, 2), { perPage: 2, total: 2, after: null, keyOf: (r) => [r.id], map: (r) => r }).next).toBeNull();
  });
});

describe('afterKey on SQLite', () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await freshSqlite();
    await sql`create table k (id integer primary key, at text not null, flag integer not null)`.execute(t.db);
    // Ties on purpose: several rows share a timestamp and a flag, so the id has to break them.
    for (let id = 1; id <= 37; id++)
      await sql`insert into k (id, at, flag) values (${id}, ${`2026-01-0${1 + (id % 4)}T00:00:00.000Z`}, ${id % 3 === 0 ? 1 : 0})`.execute(
        t.db,
      );
  });
  afterAll(() => t.cleanup());

  it('walks every row exactly once, in the same order as one sorted read, whatever the directions', async () => {
    const orders: KeyPart[][] = [
      [
        { ref: 'at', dir: 'desc' },
        { ref: 'id', dir: 'desc' },
      ],
      [
        { ref: 'flag', dir: 'desc' },
        { ref: 'at', dir: 'asc' },
        { ref: 'id', dir: 'desc' },
      ],
    ];
    for (const parts of orders) {
      const orderBy = sql.join(parts.map((p) => sql`${sql.ref(p.ref as string)} ${sql.raw(p.dir)}`));
      type Row = { id: number; at: string; flag: number };
      const all = (await sql<Row>`select id, at, flag from k order by ${orderBy}`.execute(t.db)).rows.map((r) => r.id);
      const walked: number[] = [];
      let last: Row | undefined;
      for (let guard = 0; guard < 20; guard++) {
        const where = last
          ? afterKey(
              parts,
              parts.map((p) => last![p.ref as keyof Row]),
            )
          : sql`1 = 1`;
        const rows = (await sql<Row>`select id, at, flag from k where ${where} order by ${orderBy} limit 5`.execute(t.db)).rows;
        if (!rows.length) break;
        walked.push(...rows.map((r) => r.id));
        last = rows[rows.length - 1];
      }
      expect(walked).toEqual(all);
      expect(new Set(walked).size).toBe(37);
    }
  });
});
