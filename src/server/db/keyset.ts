import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';

// Keyset pagination (decision 054): a list that can grow is read one page at a time after the sort key of
// the last row shown, never by OFFSET (which reads and drops every row before the page, and stops being
// reachable past a cap). The cursor in the URL is opaque to people (base64url of a small JSON), validated
// on the way in: anything that does not decode to the list's key shape is no cursor at all, so a bad or
// stale link gives the first page, never an error.

/** One value of a sort key as it travels in a cursor: timestamps as the text the database compares. */
export type KeyValue = string | number;
/** Where the next page starts: the last row's sort key, and how many rows the pages before it showed. */
export type Cursor<K extends readonly KeyValue[] = KeyValue[]> = { key: K; seen: number };

const MAX_CURSOR_CHARS = 400;
const envelope = z.object({
  k: z
    .array(z.union([z.string().max(80), z.number().finite()]))
    .min(1)
    .max(4),
  n: z.number().int().min(0).max(1_000_000_000),
});

/** A timestamp of a sort key (ISO-8601 text as SQLite stores it, or as a PostgreSQL Date is written). */
export const keyTime = z.string().regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:?\d{2})?$/);
/** A row id of a sort key. */
export const keyId = z.number().int().min(1).max(2_147_483_647);
/** A 0/1 flag of a sort key. */
export const keyFlag = z.union([z.literal(0), z.literal(1)]);

export function encodeCursor(c: Cursor<readonly KeyValue[]>): string {
  return Buffer.from(JSON.stringify({ k: c.key, n: c.seen }), 'utf8').toString('base64url');
}

/** The cursor of `raw` if it is one of this list's (its key matches `key`), else null: the first page. */
export function decodeCursor<K extends readonly KeyValue[]>(raw: unknown, key: z.ZodType<K>): Cursor<K> | null {
  if (typeof raw !== 'string' || !raw || raw.length > MAX_CURSOR_CHARS || !/^[A-Za-z0-9_-]+$/.test(raw)) return null;
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const outer = envelope.safeParse(json);
  if (!outer.success) return null;
  const inner = key.safeParse(outer.data.k);
  return inner.success ? { key: inner.data, seen: outer.data.n } : null;
}

/** A sort key's value as a cursor carries it: a PostgreSQL Date becomes ISO text, SQLite's text stays as read. */
export const keyValue = (v: Date | string | number | boolean): KeyValue =>
  v instanceof Date ? v.toISOString() : typeof v === 'boolean' ? (v ? 1 : 0) : v;

/** One column (or expression) of a sort order, with its direction. */
export type KeyPart = { ref: string | Expression<unknown>; dir: 'asc' | 'desc' };

const refOf = (p: KeyPart) => (typeof p.ref === 'string' ? sql.ref(p.ref) : p.ref);

/**
 * Rows after `values` in the order `parts` (the same order the query sorts by, ending on a unique column):
 * (a after v1) or (a = v1 and b after v2) or ..., which databases answer from an index on the columns.
 */
export function afterKey(parts: readonly KeyPart[], values: readonly KeyValue[]): RawBuilder<SqlBool> {
  if (parts.length !== values.length || !parts.length) throw new Error('afterKey: one value per sort column');
  const branches = parts.map((p, i) => {
    const equal = parts.slice(0, i).map((q, j) => sql`${refOf(q)} = ${values[j]}`);
    const beyond = p.dir === 'desc' ? sql`${refOf(p)} < ${values[i]}` : sql`${refOf(p)} > ${values[i]}`;
    return sql.join([...equal, beyond], sql` and `);
  });
  return sql<SqlBool>`(${sql.join(
    branches.map((b) => sql`(${b})`),
    sql` or `,
  )})`;
}

/**
 * Read the page after `after`; a cursor past the end (its rows deleted meanwhile, or a forged key) reads
 * nothing, and then the first page is read instead, like for any other bad cursor.
 */
export async function readPage<C extends Cursor<readonly KeyValue[]>, R>(
  after: C | null,
  read: (key: C['key'] | null) => Promise<R[]>,
): Promise<{ after: C | null; rows: R[] }> {
  const rows = await read(after?.key ?? null);
  if (after && !rows.length) return { after: null, rows: await read(null) };
  return { after, rows };
}

/** One page of a keyset-paged list: its rows, the total, where it starts (1-based) and the next page's cursor. */
export type KeysetPage<T> = { items: T[]; total: number; from: number; next: string | null; perPage: number };

/**
 * The page from rows read with `limit perPage + 1` (the extra row only says that there is more), the cursor
 * read it after, and how to take a row's sort key.
 */
export function keysetPage<R, T>(
  rows: R[],
  o: { perPage: number; total: number; after: Cursor<readonly KeyValue[]> | null; keyOf: (r: R) => readonly KeyValue[]; map: (r: R) => T },
): KeysetPage<T> {
  const shown = rows.slice(0, o.perPage);
  const seen = o.after?.seen ?? 0;
  const last = shown[shown.length - 1];
  const more = rows.length > o.perPage && last !== undefined;
  return {
    items: shown.map(o.map),
    total: o.total,
    from: shown.length ? seen + 1 : 0,
    next: more ? encodeCursor({ key: o.keyOf(last), seen: seen + shown.length }) : null,
    perPage: o.perPage,
  };
}
