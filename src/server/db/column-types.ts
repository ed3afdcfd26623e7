import type { ColumnType } from 'kysely';

// Column kinds shared by every table's row type. Timestamps are Date on PostgreSQL and ISO text on SQLite:
// data modules read them through toDate() (./schema.ts).
export type Timestamp = ColumnType<Date | string, Date | string | undefined, Date | string>;
/** A timestamp without a default: every insert names it. */
export type RequiredTimestamp = ColumnType<Date | string, Date | string, Date | string>;
export type Flag = ColumnType<number, number | boolean | undefined, number | boolean>;
export type Money = ColumnType<number, number, number>;
