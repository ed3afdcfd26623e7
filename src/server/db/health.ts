import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';
import { isDatabaseTimeout } from './unavailable';

// Whether this process can reach its database right now (PostgreSQL; an embedded SQLite file is always
// there). Without it, a database that stopped answering holds every request until its query times out
// (15 s) and cached pages wait on the content-version read behind it. With it, the first sign of an outage
// (a query that found the database unreachable, or three probes in a row without an answer) marks the
// database down at once: pages answer their 503 screen or their last cached copy without asking it, the
// JSON doors their 503, and a probe every half second marks it up again as soon as it answers.
// A wait that ran out is not an outage while other queries get their answers: on a machine loaded to the
// point where a probe takes over 2 s, marking the database down would turn every uncached page into a 503
// for a database that is only slow. Only a database that answered nothing meanwhile is marked down by a timeout.

type Probe = () => Promise<void>;
type Options = { everyMs?: number; timeoutMs?: number; failuresToTrip?: number; log?: (line: string) => void };

let down = false;
let watching: { stop(): void } | null = null;
/** When a query of this process last got its answer (ms since the epoch). */
let lastAnswerAt = 0;
/** How long an answer counts as proof that the database is there (a timeout then means slow, not gone). */
const ANSWER_PROVES_MS = 10_000;
/** How long one probe may wait for its connection and its answer. */
export const PROBE_TIMEOUT_MS = 2_000;

/** True while the database is known to be out of reach (see the header comment). */
export function databaseDown(): boolean {
  return down;
}

/**
 * A request found the database unreachable: every other request knows it from now on, unless all it found
 * was a wait that ran out while other queries were answered (a slow database; that request alone gets 503).
 */
export function noteDatabaseUnavailable(err: unknown, now = Date.now()): void {
  // Only a watched database is ever marked down: the probe is what marks it up again.
  if (!watching || down) return;
  if (isDatabaseTimeout(err) && answeredRecently(now)) {
    console.error(`[db] (pid ${process.pid}) a query ran out of time while others were answered: slow, not marked down`);
    return;
  }
  down = true;
  console.error(`[db] (pid ${process.pid}) database marked down: answering from the page cache or with 503 until it answers again`);
}

function answeredRecently(now: number): boolean {
  return now - lastAnswerAt < ANSWER_PROVES_MS;
}

/** A query got its answer (every query of the pool reports here: one clock read). */
export function noteQueryAnswered(now = Date.now()): void {
  lastAnswerAt = now;
}

/** The database answered (the readiness check's own query): up at once, without waiting for the probe. */
export function noteDatabaseAnswered(): void {
  if (down) console.error(`[db] (pid ${process.pid}) database answers again: back to normal`);
  down = false;
}

/**
 * Probe the database every `everyMs` (each probe bounded by `timeoutMs`): `failuresToTrip` failures in a row
 * mark it down, one answer marks it up. Returns a stop function; the timer does not keep the process alive.
 */
// On an overloaded machine a live database can take most of a second to answer: only three probes in a row
// without an answer in 2 s, with no other query answered in the last 10 s, mark it down (7-10 s);
// a request that finds the connection refused still does at once.
export function watchDatabase(
  probe: Probe,
  { everyMs = 500, timeoutMs = PROBE_TIMEOUT_MS, failuresToTrip = 3, log = console.error }: Options = {},
) {
  watching?.stop();
  let failures = 0;
  let busy = false;
  const tick = async () => {
    if (busy) return;
    busy = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        probe(),
        new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs))),
      ]);
      failures = 0;
      if (down) log(`[db] (pid ${process.pid}) database answers again: back to normal`);
      down = false;
    } catch (err) {
      failures++;
      if (!down && failures >= failuresToTrip && !answeredRecently(Date.now())) {
        down = true;
        log(`[db] (pid ${process.pid}) database marked down after ${failures} probes without an answer (${(err as Error).message})`);
      }
    } finally {
      clearTimeout(timer);
      busy = false;
    }
  };
  const interval = setInterval(() => void tick(), everyMs);
  interval.unref();
  const stop = () => {
    clearInterval(interval);
    if (watching === handle) {
      watching = null;
      down = false;
    }
  };
  const handle = { stop };
  watching = handle;
  return stop;
}

/** The cheapest query that proves the database answers. */
export async function ping(db: Kysely<DB>): Promise<void> {
  await sql`select 1`.execute(db);
}
