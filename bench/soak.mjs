// npm run soak (or npm run bench -- --soak), decision 034: SOAK_SECONDS (60) of mixed traffic against two
// instances of the production server (scripts/start.mjs, SOAK_WORKERS each) sharing one PostgreSQL schema,
// created fresh (migrated and seeded with the demo world) and dropped at the end. The traffic: anonymous and
// signed-in pages, sign-ins, applications, offers published and salary contributions, SOAK_CONCURRENCY in
// flight, to the instances in turn (bench/soak-traffic.mjs), after SOAK_WARMUP_SECONDS of the same mix.
// Prints requests, errors (5xx and network failures; target 0) and p50/p99 per kind, then the RSS of every
// process (each instance's primary and workers) after the warm-up and at the end against "flat within 10%",
// and the servers' log lines that report errors. Needs SOAK_DATABASE_URL or TEST_DATABASE_URL. Not a test:
// it asserts nothing (exit code 0 after printing, whatever the figures).
import { execFileSync, spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { processMemory } from './figures.mjs';
import { createStats, createTraffic, signInAccounts, trafficRows } from './soak-traffic.mjs';

const root = new URL('..', import.meta.url).pathname;
const SECONDS = Number(process.env.SOAK_SECONDS) || 60;
const WARMUP_SECONDS = Number(process.env.SOAK_WARMUP_SECONDS ?? 20); // the workers' heaps grow to their size first
const PORT = Number(process.env.SOAK_PORT) || 8611;
// Two workers each: what `npm start` runs on this 2-core machine (one per core), so the soak covers the
// cluster as deployed (worker replacement, one pool per worker); SOAK_WORKERS=1 for one process each.
const WORKERS = Number(process.env.SOAK_WORKERS) || 2;
const CONCURRENCY = Number(process.env.SOAK_CONCURRENCY) || 12;
const CAP = Number(process.env.SOAK_MAX_REQUESTS) || SECONDS * 2000;
const CANDIDATES = 8; // registered on top of the demo candidate
const FLAT = 0.1;
const RSS_TARGET_MB = 250; // decision 032's ceiling per process, shown beside the change
const dbUrl = process.env.SOAK_DATABASE_URL || process.env.TEST_DATABASE_URL;

if (!dbUrl?.startsWith('postgres')) {
  console.error(
    'The soak needs PostgreSQL: set SOAK_DATABASE_URL (or TEST_DATABASE_URL) to postgres://user:pass@host:port/db.\n' +
      'On Debian, as root, `bash .ci/postgres.sh` installs and starts one and prints its URL:\n' +
      '  SOAK_DATABASE_URL=$(bash .ci/postgres.sh) npm run soak',
  );
  process.exit(1);
}

const schema = `soak_${Date.now().toString(36)}_${process.pid}`;
const appUrl = `${dbUrl}${dbUrl.includes('?') ? '&' : '?'}schema=${schema}`;
const tmp = mkdtempSync(join(tmpdir(), 'tandem-soak-'));
const instances = [0, 1].map((i) => ({
  name: String.fromCharCode(65 + i),
  port: PORT + i,
  base: `http://127.0.0.1:${PORT + i}`,
  log: join(tmp, `server-${i}.log`),
}));
// One public name for both, as behind a load balancer: links, cookies and the posts' Origin check.
const SITE_URL = instances[0].base;
let schemaCreated = false;
let stopping = null;

let interrupted = 0; // the exit code of a signal that stopped the run
let keepLogs = false; // set when something failed: the servers' logs stay for a look

/** Stops both servers (their process groups), waits for them to exit, drops the schema and the temp folder. */
function shutDown() {
  stopping ??= (async () => {
    await Promise.all(
      instances.map(async (inst) => {
        if (!inst.proc || inst.proc.exitCode !== null || inst.proc.signalCode !== null) return;
        try {
          process.kill(-inst.proc.pid, 'SIGTERM');
        } catch {}
        const exited = await Promise.race([inst.exited.then(() => true), sleep(15_000).then(() => false)]);
        if (!exited) killGroup(inst, 'SIGKILL');
      }),
    );
    if (schemaCreated) await withClient((c) => c.query(`drop schema if exists ${schema} cascade`)).catch((e) => console.error(e.message));
    if (keepLogs) console.log(`\nServer logs kept in ${tmp}`);
    else rmSync(tmp, { recursive: true, force: true });
  })();
  return stopping;
}
const killGroup = (inst, signal) => {
  try {
    if (inst.proc) process.kill(-inst.proc.pid, signal);
  } catch {}
};
process.on('exit', () => instances.forEach((inst) => killGroup(inst, 'SIGKILL'))); // last resort
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
])
  process.on(signal, () => {
    interrupted = code;
    void shutDown().finally(() => process.exit(code));
  });

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function withClient(fn) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function waitUp(inst) {
  for (let i = 0; i < 600; i++) {
    if (inst.proc.exitCode !== null) break;
    try {
      if ((await fetch(`${inst.base}/readyz`)).ok) return;
    } catch {}
    await sleep(200);
  }
  throw new Error(`instance ${inst.name} did not start on ${inst.base}:\n${readFileSync(inst.log, 'utf8').slice(-3000)}`);
}

/** RSS (MB) of each process of each instance, by pid. */
const sampleMemory = () =>
  instances.map((inst) => new Map(processMemory(inst.proc.pid, RSS_TARGET_MB).map((m) => [m.pid, { role: m.role, mb: m['rss MB'] }])));

/** Start and end side by side: the change against "flat within 10%", and processes that came or went. */
function memoryRows(start, end) {
  return instances.flatMap((inst, i) => {
    const pids = [...new Set([...start[i].keys(), ...end[i].keys()])];
    return pids.map((pid) => {
      const a = start[i].get(pid);
      const b = end[i].get(pid);
      const change = a && b ? (b.mb - a.mb) / a.mb : null;
      return {
        instance: `${inst.name} :${inst.port}`,
        process: (a ?? b).role,
        pid,
        'start MB': a?.mb ?? '(not there)',
        'end MB': b?.mb ?? '(gone)',
        change: change === null ? '' : `${change >= 0 ? '+' : ''}${(change * 100).toFixed(1)}%`,
        target: `flat within ${FLAT * 100}%`,
        met: change !== null && Math.abs(change) <= FLAT ? 'PASS' : 'MISS',
        [`< ${RSS_TARGET_MB} MB`]: b ? (b.mb < RSS_TARGET_MB ? 'PASS' : 'MISS') : '',
      };
    });
  });
}

/** Lines of a server log that report a failure (the request log's 5xx lines, errors, dead workers). */
function errorLines(inst) {
  const text = existsSync(inst.log) ? readFileSync(inst.log, 'utf8') : '';
  return text
    .split('\n')
    .filter((l) => /\s5\d\d\s[\d.]+ms$|error|unhandled|died|exited with code|ECONN|timeout/i.test(l))
    .slice(0, 15);
}

try {
  if (!existsSync(join(root, 'dist/server/index.js'))) {
    console.log('No build: npm run build...');
    execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  console.log(`PostgreSQL schema ${schema}: create, migrate, seed the demo world...`);
  await withClient((c) => c.query(`create schema ${schema}`));
  schemaCreated = true;
  execFileSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'src/server/database-cli.ts', '--run', 'seed'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: appUrl },
    stdio: ['ignore', 'ignore', 'inherit'],
  });

  // The secrets every instance must share (sessions signed on one are read on the other).
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    NO_BUILD: '1', // two servers must not rebuild at once, nor under the run
    WORKERS: String(WORKERS),
    DATABASE_URL: appUrl,
    SITE_URL,
    RATE_LIMIT_SCALE: '1000', // the highest: the load signs in far more often than one person would
    JWT_SECRET: randomBytes(32).toString('base64url'),
    CREDENTIAL_SIGNING_KEY: generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    UPLOADS_DIR: join(tmp, 'uploads'),
  };
  for (const inst of instances) {
    const log = openSync(inst.log, 'a');
    inst.proc = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
      cwd: root,
      env: { ...env, PORT: String(inst.port) },
      stdio: ['ignore', log, log],
      detached: true,
    });
    inst.exited = new Promise((r) => inst.proc.once('exit', r));
  }
  await Promise.all(instances.map(waitUp));
  if (/NO_BUILD=1: serving the existing build/.test(readFileSync(instances[0].log, 'utf8')))
    console.log('Note: the build is older than the sources (npm run build to measure the current code).');

  const bases = instances.map((i) => i.base);
  const accounts = await signInAccounts(bases[1], CANDIDATES);
  const offers = await withClient(async (c) =>
    (
      await c.query(
        `select slug from ${schema}.offers where status = 'published' and valid_through > now()
             and company_id not in (select cu.company_id from ${schema}.company_users cu join ${schema}.users u on u.id = cu.user_id
                                    where u.email = 'empresa@demo.tandem.example')`,
      )
    ).rows.map((r) => r.slug),
  );
  if (offers.length === 0) throw new Error('no open offer in the demo data');
  const traffic = createTraffic({ bases, origin: SITE_URL, offers, accounts });
  console.log(
    `Two instances (${bases.join(', ')}), ${WORKERS} worker(s) each, one schema; ${accounts.candidates.length} candidates, ` +
      `${offers.length} open offers. Warm-up ${WARMUP_SECONDS} s, then ${SECONDS} s at ${CONCURRENCY} in flight (cap ${CAP} requests)...`,
  );
  const warmup = createStats();
  await traffic.run(warmup, { concurrency: CONCURRENCY, until: Date.now() + WARMUP_SECONDS * 1000, cap: CAP });
  const memStart = sampleMemory();
  const stats = createStats();
  const t0 = Date.now();
  await traffic.run(stats, { concurrency: CONCURRENCY, until: t0 + SECONDS * 1000, cap: CAP });
  const elapsed = (Date.now() - t0) / 1000;
  const memEnd = sampleMemory();

  const rows = trafficRows(stats);
  const total = stats.total();
  const errors = rows.reduce((n, r) => n + r['errors (5xx, network)'], 0);
  const warmErrors = trafficRows(warmup).reduce((n, r) => n + r['errors (5xx, network)'], 0);
  console.log(
    `\nTraffic: ${total} requests in ${elapsed.toFixed(1)} s (${Math.round(total / elapsed)} req/s), ${errors} errors ` +
      `(target 0: ${errors === 0 ? 'PASS' : 'MISS'}); warm-up: ${warmup.total()} requests, ${warmErrors} errors`,
  );
  console.table(rows);
  keepLogs = errors + warmErrors > 0;
  const examples = [...warmup.kinds.values(), ...stats.kinds.values()].flatMap((s) => s.examples);
  if (examples.length) {
    console.log('\nFirst failures (request, status, start of the answer)');
    console.table(examples.slice(0, 12));
  }
  console.log(`\nMemory (RSS per process, after the warm-up and at the end; target: flat within ${FLAT * 100}%)`);
  console.table(memoryRows(memStart, memEnd));
  for (const inst of instances) {
    const lines = errorLines(inst);
    console.log(`\nServer log ${inst.name} (:${inst.port}): ${lines.length ? 'lines that report errors' : 'no error reported'}`);
    for (const l of lines) console.log(`  ${l}`);
  }
  await shutDown();
  process.exit(0);
} catch (err) {
  // Interrupted: the requests in flight failed because the servers were stopped; nothing to report.
  if (interrupted) await shutDown().finally(() => process.exit(interrupted));
  console.error(err instanceof Error ? err.message : err);
  keepLogs = true;
  for (const inst of instances)
    if (existsSync(inst.log)) console.error(`--- ${inst.name}:\n${readFileSync(inst.log, 'utf8').slice(-2000)}`);
  await shutDown();
  process.exit(1);
}
