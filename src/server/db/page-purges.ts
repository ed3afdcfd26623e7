import 'server-only';
import type { Kysely, Transaction } from 'kysely';
import { ALL_PAGES, type PagePurge } from '../../domain/page-purge';
import { bumpInTransaction, noteCommittedBump, PUBLIC_PAGES_GENERATION } from './generations';
import type { DB } from './schema';
import { isDatabaseUnavailable } from './unavailable';

// Purges by what changed (decision 058): a public change writes what it touched (a PagePurge) into
// `page_purges` in its own transaction; every process reads the rows after the last one it saw, one
// primary-key range read at most once a second (at once after a change of its own), and its page cache
// forgets the matching pages. The public-pages generation moves with every purge (the sitemap watches it).

/** Rows older than this are swept by the housekeeping: far beyond the page cache's TTL. */
export const PAGE_PURGES_KEEP_MS = 60 * 60_000;

let localPurges = 0;

/**
 * Run `write` in a transaction that also records what it touched (`purge`, or what it says of the write's
 * result; null: nothing public changed). The generation's bump comes first: on PostgreSQL its row lock
 * makes concurrent purges take their sequence numbers in commit order, so a reader that saw row n has seen
 * every row before it (SQLite has one writer at a time anyway).
 */
export async function writeWithPurge<T>(
  db: Kysely<DB>,
  write: (trx: Transaction<DB>) => Promise<T>,
  purge: PagePurge | null | ((out: T) => PagePurge | null),
): Promise<T> {
  let published = false;
  const out = await db.transaction().execute(async (trx) => {
    const result = await write(trx);
    const p = typeof purge === 'function' ? purge(result) : purge;
    if (p) {
      await publishPurge(trx, p);
      published = true;
    }
    return result;
  });
  if (published) {
    noteCommittedBump(PUBLIC_PAGES_GENERATION);
    localPurges++;
  }
  return out;
}

/** Record a purge inside the transaction (writeWithPurge tells this process after the commit). */
async function publishPurge(trx: Transaction<DB>, purge: PagePurge): Promise<void> {
  await bumpInTransaction(trx, PUBLIC_PAGES_GENERATION);
  await trx
    .insertInto('page_purges')
    .values({ purge: JSON.stringify(purge) })
    .execute();
}

/** Delete purges older than `before` (the housekeeping). */
export async function sweepPagePurges(db: Kysely<DB>, before: Date): Promise<void> {
  await db.deleteFrom('page_purges').where('created_at', '<', before).execute();
}

type PurgeBatch = {
  /** The last purge seen (null while none could be read): pass it to the next read. */
  seq: number | null;
  /** The purges after the reader's last one, in order. */
  purges: { seq: number; purge: PagePurge }[];
};
export type PurgeFeed = { read(after: number | null): PurgeBatch | Promise<PurgeBatch> };

/**
 * One process's view of the purges: the rows after the last seen, read at most once per `checkEveryMs` (at
 * once after a purge written by this process), the latest `keep` kept for readers. A reader's first read
 * gives the current position and nothing to do; a reader left behind the kept ones, or a backlog of more
 * than `batch` rows, gets a purge of everything.
 */
export function createPurgeFeed(
  db: Kysely<DB>,
  {
    now = Date.now,
    checkEveryMs,
    batch = 500,
    keep = 1000,
    local = () => localPurges,
  }: {
    now?: () => number;
    checkEveryMs: number;
    batch?: number;
    keep?: number;
    /** How many purges this process wrote (tests stand in another process with a count that never moves). */
    local?: () => number;
  },
): PurgeFeed {
  let head: number | undefined;
  /** Readers at or past it can be answered from `kept`. */
  let floor = 0;
  const kept: { seq: number; purge: PagePurge }[] = [];
  let checked: { written: number; at: number } | undefined;
  let pending: Promise<void> | undefined;

  const maxSeq = async () => {
    const row = await db
      .selectFrom('page_purges')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst();
    return Number(row?.seq ?? 0);
  };

  async function check(): Promise<void> {
    const written = local();
    const at = now();
    try {
      if (head === undefined) {
        head = floor = await maxSeq();
      } else {
        const rows = await db
          .selectFrom('page_purges')
          .select(['seq', 'purge'])
          .where('seq', '>', head)
          .orderBy('seq')
          .limit(batch)
          .execute();
        if (rows.length >= batch) {
          // Far behind (a burst of changes, a long pause): forgetting every page is cheaper than reading on.
          const to = await maxSeq();
          kept.push({ seq: to, purge: ALL_PAGES });
          head = to;
        } else {
          for (const r of rows) {
            const seq = Number(r.seq);
            kept.push({ seq, purge: parsePurge(r.purge) });
            head = seq;
          }
        }
        while (kept.length > keep) floor = kept.shift()!.seq;
      }
    } catch (err) {
      // As the generation checks: the database out of reach in one line, anything else in full.
      if (isDatabaseUnavailable(err)) console.error(`[page-purges] could not read: ${(err as Error).message}`);
      else console.error('[page-purges] could not read', err);
    }
    checked = { written, at };
  }

  const answer = (after: number | null): PurgeBatch => {
    if (head === undefined) return { seq: after, purges: [] };
    if (after === null) return { seq: head, purges: [] };
    if (after < floor) return { seq: head, purges: [{ seq: head, purge: ALL_PAGES }] };
    return { seq: head, purges: kept.filter((p) => p.seq > after) };
  };

  return {
    read(after) {
      if (checked && checked.written === local() && now() - checked.at < checkEveryMs) return answer(after);
      return (pending ??= check().finally(() => (pending = undefined))).then(() => answer(after));
    },
  };
}

/** A stored purge; anything unreadable forgets every page (never nothing). */
function parsePurge(text: string): PagePurge {
  try {
    const p = JSON.parse(text) as PagePurge;
    if (p && typeof p === 'object' && (p.all === true || Array.isArray(p.tags))) return p;
  } catch {
    // fall through
  }
  return ALL_PAGES;
}
