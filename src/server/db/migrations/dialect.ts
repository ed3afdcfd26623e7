import { sql, type ColumnDefinitionBuilder } from 'kysely';
import type { Dialect } from '../client';

/**
 * The column types and defaults spelled differently on SQLite and PostgreSQL, for the migrations. Applied
 * migrations use them, so what one returns must never change (add a new helper instead): the schema test
 * (schema.test.ts) fails when the migrated tables stop matching schema.ts.
 */
export function dialectTypes(dialect: Dialect) {
  const pg = dialect === 'postgres';
  return {
    pg,
    /** An auto-numbered id column, with `pk`. */
    id: pg ? 'serial' : 'integer',
    /** Primary key of an `id`: SQLite's AUTOINCREMENT never reuses the id of a deleted row. */
    pk: (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()),
    /** A point in time: timestamptz, or ISO-8601 text on SQLite (read back through toDate()). */
    ts: pg ? 'timestamptz' : 'text',
    /** The current time as a default, in the ISO-8601 form with milliseconds on SQLite. */
    now: pg ? sql`now()` : sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`,
    /** An amount of money (a float: amounts are entered in the currency's units). */
    money: pg ? 'double precision' : 'real',
    /** Bytes. */
    bytes: pg ? 'bytea' : 'blob',
  } as const;
}
