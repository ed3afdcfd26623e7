// The "cache churn" row of npm run bench (decision 065): public pages (home, a search, an offer, a salary role
// page, in turn) loaded at 10 connections from a server whose page cache lives 1 s (PAGE_CACHE_TTL_MS=1000)
// while an offer's purge is written every second (what an edit writes, decision 058: its page, the home page
// and every list of offers), against the same load on the bench's server with its normal TTL and no
// writes. Pages past their TTL are answered stale while one worker renders them again, and purged pages
// are rendered again at once: the target is a p99 under churn within 2x the cached one.
// `npm run bench -- --churn` runs this row alone (it builds and starts its own servers).
import autocannon from 'autocannon';
import { buildOnce, root as benchRoot, startServer, waitUp } from './bench-server.mjs';
import { join } from 'node:path';

const CHURN_TTL_MS = 1000;
const PURGE_EVERY_MS = 1000;
/** Rounds of (cached load, churn load); BENCH_ROUNDS to change. */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS) || 3);

/**
 * @param {{ root: string, base: string, port: number, duration: number, results?: object[] }} options
 *    `base`: the running bench server (normal TTL); `port`: a free port for the churn server.
 */
export async function churnBench({ root, base, port, duration, results = [] }) {
  const page = async (b, path) => {
    const res = await fetch(b + path, { headers: { 'accept-language': 'es' } });
    if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    return res.text();
  };
  const JOBS = '/peru/trabajos/backend';
  const slug = /href="\/oferta\/([a-z0-9-]+)"/.exec(await page(base, JOBS))?.[1];
  if (!slug) throw new Error(`no offer linked from ${JOBS}`);
  const paths = ['/', JOBS, `/oferta/${slug}`, '/herramientas/peru/backend'];
  const load = (b) =>
    new Promise((resolve, reject) => {
      autocannon(
        {
          url: b,
          connections: 10,
          duration,
          headers: { 'accept-language': 'es', 'accept-encoding': 'br, gzip' },
          requests: paths.map((path) => ({ method: 'GET', path })),
        },
        (err, r) => (err ? reject(err) : resolve(r)),
      );
    });
  const row = (label, r, extra = {}) => {
    const out = {
      page: label,
      conns: 10,
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      'static req/s': '',
      ratio: '',
      errors: r.errors + r.non2xx,
      target: '',
      ...extra,
    };
    results.push(out);
    console.log(JSON.stringify(out));
    return out;
  };

  for (const p of paths) await page(base, p);
  await load(base);

  const churn = startServer(port, { NO_BUILD: '1', PAGE_CACHE_TTL_MS: String(CHURN_TTL_MS) });
  const churnBase = `http://127.0.0.1:${port}`;
  let purges = 0;
  let timer;
  // Rounds of the two loads, one after the other: a p99 of a 10 s run moves with whatever else the machine
  // does (2-3x on a shared virtual machine), so each row is the round of median p99 and the ratio compares
  // the medians.
  const cachedRuns = [];
  const churnRuns = [];
  try {
    await waitUp(`${churnBase}/readyz`);
    for (const p of paths) await page(churnBase, p);
    await load(churnBase); // warm-up, with the churn too
    for (let round = 0; round < ROUNDS; round++) {
      cachedRuns.push(await load(base));
      timer = setInterval(() => {
        purges++;
        void writePurge(root, { tags: [`offer:${slug}`], offers: 'all' }).catch((err) => console.error('[churn] purge failed', err));
      }, PURGE_EVERY_MS);
      churnRuns.push(await load(churnBase));
      clearInterval(timer);
    }
  } finally {
    clearInterval(timer);
    churn.stop();
  }
  const median = (runs) => [...runs].sort((a, b) => a.latency.p99 - b.latency.p99)[Math.floor(runs.length / 2)];
  const p99s = (runs) => runs.map((r) => r.latency.p99).join('/');
  const cached = row('public pages (cached)', median(cachedRuns), { ratio: `p99 of ${ROUNDS} rounds: ${p99s(cachedRuns)}` });
  const r = median(churnRuns);
  const ratio = r.latency.p99 / Math.max(cached['p99 ms'], 1);
  row(`public pages under churn (TTL ${CHURN_TTL_MS} ms, an offer purge every ${PURGE_EVERY_MS} ms)`, r, {
    ratio: `p99 x${ratio.toFixed(2)} (${purges} purges; p99 of ${ROUNDS} rounds: ${p99s(churnRuns)})`,
    target: 'p99 <= 2x cached',
  });
  return results;
}

/** A purge row, as a change's transaction writes it (src/server/db/page-purges.ts), in the server's database. */
async function writePurge(root, purge) {
  const url = process.env.DATABASE_URL ?? 'file:data/tandem.db';
  const text = JSON.stringify(purge);
  if (url.startsWith('postgres')) {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('insert into page_purges (purge) values ($1)', [text]);
    } finally {
      await client.end();
    }
    return;
  }
  const { DatabaseSync } = await import('node:sqlite');
  const file = url.replace(/^file:/, '');
  const db = new DatabaseSync(file.startsWith('/') ? file : join(root, file));
  try {
    db.exec('pragma busy_timeout = 2000');
    db.prepare('insert into page_purges (purge) values (?)').run(text);
  } finally {
    db.close();
  }
}

// Alone: build, start the bench server, run the row, print it.
if (process.argv.includes('--churn')) {
  const PORT = Number(process.env.BENCH_PORT ?? 8411);
  buildOnce();
  const server = startServer(PORT);
  process.on('exit', server.stop);
  await waitUp(`${server.origin}/readyz`);
  const duration = Number(process.env.BENCH_SECONDS ?? 10);
  console.table(await churnBench({ root: benchRoot, base: server.origin, port: PORT + 5, duration }));
  process.exit(0);
}
