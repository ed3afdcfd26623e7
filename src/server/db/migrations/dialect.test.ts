import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Dialect } from '../client';
import { dialectTypes } from './dialect';

// Applied migrations call these helpers: what they write must never change, on either database.
const offline = (dialect: Dialect) =>
  new Kysely<unknown>({
    dialect:
      dialect === 'postgres'
        ? {
            createAdapter: () => new PostgresAdapter(),
            createDriver: () => new DummyDriver(),
            createIntrospector: (db) => new PostgresIntrospector(db),
            createQueryCompiler: () => new PostgresQueryCompiler(),
          }
        : {
            createAdapter: () => new SqliteAdapter(),
            createDriver: () => new DummyDriver(),
            createIntrospector: (db) => new SqliteIntrospector(db),
            createQueryCompiler: () => new SqliteQueryCompiler(),
          },
  });

const table = (dialect: Dialect) => {
  const { id, pk, ts, now, money, bytes } = dialectTypes(dialect);
  return offline(dialect)
    .schema.createTable('t')
    .addColumn('id', id, pk)
    .addColumn('at', ts, (c) => c.notNull().defaultTo(now))
    .addColumn('amount', money)
    .addColumn('data', bytes)
    .compile().sql;
};

describe('the dialect helpers of the migrations', () => {
  it('write the same columns as when the migrations were applied', () => {
    expect(table('sqlite')).toBe(
      `create table "t" ("id" integer primary key autoincrement, "at" text default (strftime('%Y-%m-%dT%H:%M:%fZ','now')) not null, "amount" real, "data" blob)`,
    );
    expect(table('postgres')).toBe(
      `create table "t" ("id" serial primary key, "at" timestamptz default now() not null, "amount" double precision, "data" bytea)`,
    );
  });
});
