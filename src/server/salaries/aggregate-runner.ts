import 'server-only';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { releaseLease, takeLease } from '../db/job-lease';
import { BUILD_LEASE, hasAggregates, hasReports, lastBuildAt, rebuildAggregates, rebuildDue } from './data/aggregate-build';

// Full rebuilds of the salary aggregates, off the serving path (decision 059): a serving process checks
// now and then whether one is due and, holding the build lease, runs it in a child process (the production
// build's dist/jobs/salary-rebuild.mjs), so a rebuild never blocks or fills a worker that answers requests.
// Without the build (tests, `waku dev`) it runs in this process. Start-up never waits for it; /readyz says
// not ready until figures exist.

/** The rebuild job the production build bundles (scripts/build.mjs). */
const REBUILD_JOB = join(process.cwd(), 'dist/jobs/salary-rebuild.mjs');
const LEASE_MS = 15 * 60_000;

type Deps = {
  db: Kysely<DB>;
  currencyOf: (country: string) => string;
  /** Contributions since the last full rebuild wait this long for the next one (small groups are updated at once). */
  minIntervalMs?: number;
  checkEveryMs?: number;
  /** How the rebuild runs; by default the bundled job in a child process, or in this process without a build. */
  runJob?: () => Promise<void>;
  log?: (message: string) => void;
};

export function createAggregateRunner({
  db,
  currencyOf,
  minIntervalMs = 10 * 60_000,
  checkEveryMs = 60_000,
  runJob,
  log = console.log,
}: Deps) {
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<boolean> | null = null;
  let ready = false;
  const job =
    runJob ??
    (existsSync(REBUILD_JOB) ? () => runChild(REBUILD_JOB) : () => rebuildAggregates(db, currencyOf, { holdsLease: true }).then(() => {}));

  async function runIfDue(): Promise<boolean> {
    const builtAt = await lastBuildAt(db);
    if (!(await rebuildDue(db, builtAt ? Date.now() - builtAt.getTime() : Infinity, minIntervalMs))) return false;
    if (!(await takeLease(db, BUILD_LEASE, LEASE_MS))) return false; // another process is on it
    const started = Date.now();
    try {
      await job();
      log(`[salaries] aggregates rebuilt in ${Date.now() - started} ms`);
      return true;
    } finally {
      await releaseLease(db, BUILD_LEASE).catch(() => {});
    }
  }

  const runner = {
    /** Run a rebuild when one is due (one at a time in this process); true when this call ran one. */
    check(): Promise<boolean> {
      running ??= runIfDue().finally(() => (running = null));
      return running;
    },
    /** Check now and every `checkEveryMs` (the timer does not keep the process alive). */
    start() {
      if (timer) return;
      timer = setInterval(() => void runner.check().catch((e) => console.error('[salaries] rebuild failed:', e)), checkEveryMs);
      timer.unref?.();
      void runner.check().catch((e) => console.error('[salaries] rebuild failed:', e));
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
    /** Figures exist (or there is nothing to make them from): the process may take traffic. Once true, stays true. */
    async ready(): Promise<boolean> {
      if (ready) return true;
      runner.start();
      ready = (await hasAggregates(db)) || !(await hasReports(db));
      return ready;
    },
  };
  return runner;
}
export type AggregateRunner = ReturnType<typeof createAggregateRunner>;

/** Run the bundled job with this process's environment; rejects unless it exits with 0. */
function runChild(path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    // The job's own heap limit: its memory is bounded by the number of groups, not of reports.
    const child = spawn(process.execPath, ['--conditions=react-server', '--max-old-space-size=256', path], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: process.env,
    });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`salary rebuild job exited with ${String(signal ?? code)}`)),
    );
  });
}
