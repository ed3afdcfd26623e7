// `npm start`: build when the build is missing or older than the sources, then serve the production build
// on PORT (default 8080) and HOST (default 127.0.0.1) with one worker per core (WORKERS to override):
// on 2 cores that nearly doubles dynamic throughput, and one crash does not take the site down.
import { execFileSync } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { withCacheHits } from './cache-hits.mjs';
import { listenWithReusePort, runCluster, shutdownTimeoutFromEnv } from './cluster.mjs';
import { collectWhenIdle } from './idle-gc.mjs';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);
// Read before a build, so a bad value stops at once.
let shutdownTimeoutMs = 0;
try {
  shutdownTimeoutMs = shutdownTimeoutFromEnv();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}

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
  // NO_BUILD=1 serves the build that is there: a test starting a second server beside a running one must
  // not rebuild under it (sources edited during the run would otherwise replace the assets it serves).
  const stale = !existsSync(join(root, 'dist/serve-node.js')) || !existsSync(stamp) || statSync(stamp).mtimeMs < newestMtime(sources);
  if (stale && process.env.NO_BUILD === '1' && existsSync(join(root, 'dist/serve-node.js'))) {
    console.log('NO_BUILD=1: serving the existing build, older than the sources.');
  } else if (stale) {
    console.log('Building (the build is missing or older than the sources)...');
    execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
  }
  process.env.PORT ||= '8080';
  process.env.HOST ||= '127.0.0.1';
  // glibc in the workers (read at their start): blocks over 128 kB always get their own mapping, returned on
  // free. Its default raises that limit as they are freed, and the compressors' and the threads' buffers then
  // stay in malloc's arenas, unused: ~90 MB of a worker after the bench (decision 032).
  process.env.MALLOC_MMAP_THRESHOLD_ ??= '131072';
}

const workers = Math.max(1, Number(process.env.WORKERS) || Math.min(availableParallelism(), 4));
let app; // the built server entry's app, once this worker has loaded it
// SIGTERM/SIGINT: the workers stop accepting and finish the requests in flight (up to SHUTDOWN_TIMEOUT_MS)
// before the primary exits; see scripts/cluster.mjs.
runCluster({
  workers,
  shutdownTimeoutMs,
  // RENDER_WORKER=1 (with two workers or more): one more process renders the pages the others refresh.
  renderer: process.env.RENDER_WORKER === '1',
  // A bounded old space keeps each worker's memory in check under load (V8 otherwise grows lazily on a
  // large machine); MAX_OLD_SPACE_MB raises it for data-heavy deployments.
  // Under that bound V8 set the next full collection about 10 % above what was live, so the few MB a
  // second that page renders promote started one every second, a 10-25 ms pause on a worker answering
  // a thousand requests a second. Twice the live heap (still under the bound) spaces them 3-5 s apart
  // (decision 099). HEAP_GROWING_PERCENT changes it.
  // --expose-gc: for the idle collection (scripts/idle-gc.mjs).
  execArgv: [
    ...process.execArgv,
    `--max-old-space-size=${Number(process.env.MAX_OLD_SPACE_MB) || 160}`,
    `--heap-growing-percent=${Number(process.env.HEAP_GROWING_PERCENT) || 100}`,
    '--max-semi-space-size=16',
    '--expose-gc',
  ],
  onListening: () =>
    console.log(
      `Tandem on http://${process.env.HOST === '0.0.0.0' ? 'localhost' : process.env.HOST}:${process.env.PORT} (${workers} workers)`,
    ),
  // Each worker serves the build itself (what dist/serve-node.js does) but keeps the server handle, so
  // it can drain on SIGTERM. A failed import (bad configuration) exits with code 1, which stops everything.
  // Page-cache hits are answered from the node:http request, before the adapter makes a Web Request of it.
  startWorker: async () => {
    const entry = await import(join(root, 'dist/server/index.js'));
    const { INTERNAL_runFetch } = entry;
    app = entry.unstable_serverEntry;
    // The render worker takes no visitors: the app is loaded (its page cache answers the primary's render
    // requests) and its server never listens; it is there for the drain on a signal.
    if (process.env.TANDEM_RENDERER === '1') return createServer();
    const { nodeHit } = app;
    // Waku copies the environment it is given on every request: a plain copy made once costs microseconds
    // there, where process.env (read through the C++ layer, one variable at a time) cost about 1 ms.
    const env = { ...process.env };
    const server = await app.serve({
      fetch: (req, ...args) => INTERNAL_runFetch(env, req, ...args),
      hostname: process.env.HOST,
      port: Number(process.env.PORT),
      createServer: (options, listener) =>
        listenWithReusePort(createServer(options, nodeHit ? withCacheHits(nodeHit, listener) : listener)),
    });
    // Behind a load balancer, an idle kept-alive connection must be closed by the balancer, never by us at
    // the moment it sends a request on it (a reset the client sees as an error): longer than the common
    // 60 s balancer idle timeout (Node's own default is 5 s). KEEP_ALIVE_TIMEOUT_MS to match another one.
    server.keepAliveTimeout = Number(process.env.KEEP_ALIVE_TIMEOUT_MS) || 65_000;
    server.headersTimeout = server.keepAliveTimeout + 1_000;
    // Once a burst is over, the heap it grew is collected and given back instead of held until the next one.
    collectWhenIdle(server);
    return server;
  },
  // After the last request: close the database.
  onWorkerClosed: () => app?.close?.(),
});
