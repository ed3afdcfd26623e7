import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema';

// Whether this process can reach its database right now (PostgreSQL; an embedded SQLite file is always
// there). Without it, a database that stopped answering holds every request until its query times out
// (15 s) and cached pages wait on the content-version read behind it. With it, the first sign of an outage
// (a query that found the database unreachable, or three probes in a row without an answer) marks the
// database down at once: pages answer their 503 screen or their last cached copy without asking it, the
// JSON doors their 503, and a probe every half second marks it up again as soon as it answers.

type Probe = () => Promise<void>;
type Options = { everyMs?: number; timeoutMs?: number; failuresToTrip?: number; log?: (line: string) => void };

let down = false;
let watching: { stop(): void } | null = null;

/** True while the database is known to be out of reach (see the header comment). */
export function databaseDown(): boolean {
  return down;
}

/** A request found the database unreachable: every other request knows it from now on. */
export function noteDatabaseUnavailable(): void {
  // Only a watched database is ever marked down: the probe is what marks it up again.
  if (watching && !down) {
    down = true;
    console.error(`[db] (pid ${process.pid}) database marked down: answering from the page cache or with 503 until it answers again`);
  }
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
// without an answer in 2 s mark it down (about 7 s); a refused connection still does at once.
export function watchDatabase(probe: Probe, { everyMs = 500, timeoutMs = 2_000, failuresToTrip = 3, log = console.error }: Options = {}) {
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
      if (!down && failures >= failuresToTrip) {
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
