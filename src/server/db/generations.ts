import 'server-only';
import { isDatabaseUnavailable } from './unavailable';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from './schema';

// Generation counters (decision 012): a writer bumps a named counter in the same transaction as its change;
// readers that keep a copy in memory compare the counter, one primary-key read, instead of re-reading the
// data. Other processes notice within their check interval; this process notices at once through the local
// count, which moves after the commit.
const localBumps = new Map<string, number>();

/** Bumped by every write that changes what public pages show (offers, profiles, companies), with the purge
 * that says which pages (page-purges.ts, decision 058): the sitemap's rebuild trigger. */
export const PUBLIC_PAGES_GENERATION = 'public-pages';

/** How many times this process has committed a bump of `name` (cheap, no database read). */
function localGeneration(name: string): number {
  return localBumps.get(name) ?? 0;
}

/** The committed generation of `name` (0 before its first bump). */
export async function readGeneration(db: Kysely<DB>, name: string): Promise<number> {
  const row = await db.selectFrom('generations').select('value').where('name', '=', name).executeTakeFirst();
  return row ? Number(row.value) : 0;
}

/** Bump generation `name` inside a transaction the caller runs (no reader in this process is told). */
export async function bumpInTransaction(trx: Transaction<DB>, name: string): Promise<void> {
  await trx
    .insertInto('generations')
    .values({ name, value: 1 })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: sql<number>`generations.value + 1` }))
    .execute();
}

/** Set generation `name` to `value` inside a transaction (a mark of what a derived table was built from). */
export async function setGeneration(trx: Transaction<DB>, name: string, value: number): Promise<void> {
  await trx
    .insertInto('generations')
    .values({ name, value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute();
}

/** Run `write` in a transaction that also bumps generation `name`. */
export async function writeWithGeneration<T>(db: Kysely<DB>, name: string, write: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  const result = await db.transaction().execute(async (trx) => {
    const out = await write(trx);
    await bumpInTransaction(trx, name);
    return out;
  });
  noteCommittedBump(name);
  return result;
}

/** After a transaction that bumped `name` committed: this process's readers check at once. */
export function noteCommittedBump(name: string): void {
  localBumps.set(name, localGeneration(name) + 1);
}

export type GenerationCache<T> = { get(): T | Promise<T>; invalidate(): void };

/**
 * A value computed from the database and kept while generation `name` stays the same. The generation is
 * read at most once per `checkEveryMs` (or at once after a bump in this process); the value is rebuilt only
 * when it moved. Concurrent callers share one check and one load.
 */
export function generationCache<T>(
  db: Kysely<DB>,
  name: string,
  load: () => Promise<T>,
  { now = Date.now, checkEveryMs }: { now?: () => number; checkEveryMs: number },
): GenerationCache<T> {
  let current: { value: T; generation: number; local: number; checkedAt: number } | undefined;
  let pending: Promise<T> | undefined;

  async function check(): Promise<T> {
    const local = localGeneration(name);
    const checkedAt = now();
    // The generation first, then the data: data newer than its tag only costs one more load later,
    // the other order could keep old data under a new tag.
    const generation = await readGeneration(db, name);
    if (current && current.generation === generation) {
      current = { ...current, local, checkedAt };
      return current.value;
    }
    const value = await load();
    current = { value, generation, local, checkedAt };
    return value;
  }

  return {
    get() {
      if (current && current.local === localGeneration(name) && now() - current.checkedAt < checkEveryMs) return current.value;
      return (pending ??= check().finally(() => (pending = undefined)));
    },
    invalidate() {
      if (current) current = { ...current, checkedAt: -Infinity };
    },
  };
}

/** Bump generation `name` after a write that committed on its own (the readers' copies are then stale). */
export async function bumpGeneration(db: Kysely<DB>, name: string): Promise<void> {
  await writeWithGeneration(db, name, async () => undefined);
}

/**
 * A number that changes whenever any of the named generations moves: what a process-wide cache of derived
 * output (the page cache) compares to know it must forget. Read from the database at most once per
 * `checkEveryMs`, at once after a bump in this process; a failed read keeps the last value.
 */
export function generationSum(
  db: Kysely<DB>,
  names: readonly string[],
  { now = Date.now, checkEveryMs }: { now?: () => number; checkEveryMs: number },
): { get(): number | Promise<number> } {
  let current: { value: number; local: number; checkedAt: number } | undefined;
  let pending: Promise<number> | undefined;
  const localSum = () => names.reduce((n, name) => n + localGeneration(name), 0);

  async function check(): Promise<number> {
    const local = localSum();
    const checkedAt = now();
    try {
      const row = await db
        .selectFrom('generations')
        .select(sql<string | number>`coalesce(sum(value), 0)`.as('total'))
        .where('name', 'in', [...names])
        .executeTakeFirst();
      current = { value: Number(row?.total ?? 0), local, checkedAt };
    } catch (err) {
      // The database out of reach is said in one line (every second while it lasts); anything else in full.
      if (isDatabaseUnavailable(err)) console.error(`[generations] could not read ${names.join(', ')}: ${(err as Error).message}`);
      else console.error('[generations] could not read', names.join(', '), err);
      current = { value: current?.value ?? 0, local, checkedAt };
    }
    return current.value;
  }

  return {
    get() {
      if (current && current.local === localSum() && now() - current.checkedAt < checkEveryMs) return current.value;
      return (pending ??= check().finally(() => (pending = undefined)));
    },
  };
}
