import 'server-only';
import { openDatabase, type Database } from './db/client';
import { migrateToLatest } from './db/migrate';
import { seedDemoData } from './demo/seed';
import { ensureFxRates } from './salaries/data/default-fx';
import { getConfig } from './config';
import { loadContentInto } from './learning/content-load';
import { noteDatabaseAnswered, ping, watchDatabase } from './db/health';

// The process's database: opened and migrated on first use (never at build time), from DATABASE_URL or
// the embedded SQLite file data/tandem.db.
let ready: Promise<Database> | undefined;
let stopWatching: (() => void) | undefined;

export function getDatabase(): Promise<Database> {
  let opened: Database | undefined;
  ready ??= (async () => {
    const database = (opened = openDatabase(process.env.DATABASE_URL, { poolSize: getConfig().DATABASE_POOL_SIZE }));
    await migrateToLatest(database);
    await ensureFxRates(database.db);
    // Courses and interviews from the content files: before the demo seed, whose certificates name them.
    await loadContentInto(database, getConfig().LEARNING_CONTENT_DIR);
    // A fresh install gets the demo world; SEED_DEMO=false keeps a production database empty.
    if (process.env.SEED_DEMO !== 'false') await seedDemoData(database);
    // The salary aggregates are not built here: a serving process never waits for them (decision 059).
    if (database.probe) stopWatching = watchDatabase(database.probe);
    return database;
  })().catch(async (err) => {
    ready = undefined; // try again on the next request rather than failing forever
    await opened?.close().catch(() => {}); // and do not leave this attempt's pool open
    throw err;
  });
  return ready;
}

/** How long /readyz waits for the database: a load balancer's probe must get an answer, not a hang. */
const READY_TIMEOUT_MS = 2_000;

/** True when the database answers a trivial query within READY_TIMEOUT_MS. */
export async function databaseIsUp(): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(resolve, READY_TIMEOUT_MS, false)));
  const probe = (async () => {
    const { db } = await getDatabase();
    await ping(db);
    noteDatabaseAnswered();
    return true;
  })().catch(() => false);
  try {
    return await Promise.race([probe, late]);
  } finally {
    clearTimeout(timer);
  }
}

export async function closeDatabase(): Promise<void> {
  const current = ready;
  ready = undefined;
  stopWatching?.();
  stopWatching = undefined;
  if (current) await (await current).close();
}
