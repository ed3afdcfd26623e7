// `npm start`: build when the build is missing or older than the sources, then serve the production build
// on PORT (default 8080) and HOST (default 127.0.0.1) with one worker per core (WORKERS to override):
// on 2 cores that nearly doubles dynamic throughput, and one crash does not take the site down.
import { execFileSync } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);

function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) for (const n of readdirSync(p)) visit(join(p, n));
    else newest = Math.max(newest, st.mtimeMs);
  };
  paths.forEach(visit);
  return newest;
}

if (cluster.isPrimary) {
  const stamp = join(root, 'dist/.build-stamp');
  const sources = ['src', 'i18n', 'public', 'waku.config.ts', 'package.json'].map((p) => join(root, p));
  if (!existsSync(join(root, 'dist/serve-node.js')) || !existsSync(stamp) || statSync(stamp).mtimeMs < newestMtime(sources)) {
    console.log('Building (the build is missing or older than the sources)...');
    execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  }
  process.env.PORT ||= '8080';
  process.env.HOST ||= '127.0.0.1';
  const workers = Math.max(1, Number(process.env.WORKERS) || Math.min(availableParallelism(), 4));
  let stopping = false;
  // A bounded old space keeps each worker's memory in check under load (V8 otherwise grows lazily on a
  // large machine); MAX_OLD_SPACE_MB raises it for data-heavy deployments.
  cluster.setupPrimary({ execArgv: [...process.execArgv, `--max-old-space-size=${Number(process.env.MAX_OLD_SPACE_MB) || 160}`, '--max-semi-space-size=16'] });
  for (let i = 0; i < workers; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    // A clean exit is a shutdown (SIGTERM reached the worker first): do not replace it, and leave
    // when the last worker is gone.
    if (stopping || code === 0) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    if (code === 1 && !signal) {
      // A worker that fails at start (bad configuration) would fail again: stop instead of looping.
      console.error(`worker ${worker.process.pid} exited with code 1; stopping`);
      stopping = true;
      for (const w of Object.values(cluster.workers ?? {})) w?.kill();
      process.exitCode = 1;
      return;
    }
    console.error(`worker ${worker.process.pid} died (${signal ?? code}); starting another`);
    cluster.fork();
  });
  const stop = () => {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.kill('SIGTERM');
    setTimeout(() => process.exit(0), 3000).unref();
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  cluster.once('listening', () => console.log(`Tandem on http://${process.env.HOST === '0.0.0.0' ? 'localhost' : process.env.HOST}:${process.env.PORT} (${workers} workers)`));
} else {
  // Each worker serves the build itself (what dist/serve-node.js does) but keeps the server handle, so
  // SIGTERM stops accepting, lets requests in flight finish and closes the database.
  let entry;
  try {
    entry = await import(join(root, 'dist/server/index.js'));
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
  const { INTERNAL_runFetch, unstable_serverEntry: app } = entry;
  const server = app.serve({
    fetch: (req, ...args) => INTERNAL_runFetch(process.env, req, ...args),
    hostname: process.env.HOST,
    port: Number(process.env.PORT),
  });
  let closing = false;
  process.on('SIGTERM', () => {
    if (closing) return;
    closing = true;
    setTimeout(() => process.exit(0), 10_000).unref();
    server.close(async () => {
      try {
        await app.close?.();
      } finally {
        process.exit(0);
      }
    });
    server.closeIdleConnections?.();
  });
}
