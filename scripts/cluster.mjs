// The process model of `npm start`: a primary that forks the workers, replaces the ones that die and, on
// SIGTERM or SIGINT, lets every worker drain before it exits; each worker serves HTTP and drains on its own
// signal. Kept apart from start.mjs so scripts/cluster.test.ts can run it without a production build.
import cluster from 'node:cluster';

/** A worker's exit code when its drain was cut short (timeout) or closing failed. Not 1: outside a
 * shutdown the primary reads 1 as "failed at start" and stops everything. */
export const UNCLEAN_EXIT_CODE = 2;

/** How long after SHUTDOWN_TIMEOUT_MS the primary waits before it SIGKILLs: the workers' own deadline
 * falls first, so they normally cut their last requests and close the database themselves. */
const KILL_GRACE_MS = 1000;

/** Idle keep-alive connections are closed this often while draining: a connection whose request was in
 * flight at the signal only becomes idle later, and server.close() alone would wait for it to time out. */
const SWEEP_MS = 100;

/** Crashes within this window count towards the restart delay (up to MAX_RESTART_DELAY_MS). */
const CRASH_WINDOW_MS = 30_000;
const MAX_RESTART_DELAY_MS = 5_000;

/**
 * Reads SHUTDOWN_TIMEOUT_MS (milliseconds, default 10000); throws on a value that is not one.
 * @param {NodeJS.ProcessEnv} [env]
 */
export function shutdownTimeoutFromEnv(env = process.env) {
  const raw = env.SHUTDOWN_TIMEOUT_MS?.trim();
  if (!raw) return 10_000;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`SHUTDOWN_TIMEOUT_MS must be a number of milliseconds, not "${raw}"`);
  return value;
}

/**
 * On SIGTERM or SIGINT: stop accepting, let the requests in flight finish with their normal answer, close
 * keep-alive connections as soon as they are idle, then run `onClosed` and exit 0. Past `timeoutMs` the
 * connections left are destroyed and the process exits with UNCLEAN_EXIT_CODE.
 * @param {import('node:http').Server} server
 * @param {{ timeoutMs?: number, onClosed?: () => unknown, signals?: NodeJS.Signals[] }} [options]
 */
export function drainOnSignal(server, { timeoutMs = 10_000, onClosed, signals = ['SIGTERM', 'SIGINT'] } = {}) {
  let closing = false;
  /** @type {Set<import('node:http').ServerResponse>} */
  const open = new Set();
  /** Answers to clients that asked for an event stream (EventSource sends Accept: text/event-stream). */
  const streams = new WeakSet();
  // First listener, so the header is set before the application writes its answer.
  server.prependListener('request', (req, res) => {
    // A request on a kept-alive connection during the drain is answered, and the client told not to reuse it.
    if (closing) res.setHeader('Connection', 'close');
    open.add(res);
    if (/text\/event-stream/i.test(req.headers.accept ?? '')) streams.add(res);
    res.once('close', () => open.delete(res));
  });

  // Stays installed after the first signal: Ctrl-C sends SIGINT to every process and the primary then
  // forwards SIGTERM, whose default action would kill the worker mid-drain.
  const drain = () => {
    if (closing) return;
    closing = true;
    // Answers not started yet close their connection behind them.
    for (const res of open) if (!res.headersSent) res.setHeader('Connection', 'close');
    // Event streams never finish by themselves: they are cut first (and any opened during the drain), and
    // their clients reconnect, to another worker or instance.
    const endStreams = () => {
      for (const res of open) if (streams.has(res)) res.destroy();
    };
    endStreams();
    let exitCode = 0;
    const sweep = setInterval(() => {
      endStreams();
      server.closeIdleConnections();
    }, SWEEP_MS);
    const deadline = setTimeout(() => {
      exitCode = UNCLEAN_EXIT_CODE;
      console.error(`worker ${process.pid}: ${open.size} request(s) still open after ${timeoutMs} ms; closing them`);
      server.closeAllConnections();
      // Upgraded sockets and a hung onClosed are not covered by the above.
      setTimeout(() => process.exit(UNCLEAN_EXIT_CODE), KILL_GRACE_MS / 2).unref();
    }, timeoutMs);
    deadline.unref();
    const finish = async () => {
      clearInterval(sweep);
      clearTimeout(deadline);
      try {
        await onClosed?.();
      } catch (err) {
        console.error(err);
        exitCode = UNCLEAN_EXIT_CODE;
      }
      process.exit(exitCode);
    };
    server.close(() => void finish());
    server.closeIdleConnections();
  };
  for (const s of signals) process.on(s, drain);
}

/**
 * Makes a worker's server listen on a socket of its own with SO_REUSEPORT (Linux, Node 22.12+), the kernel
 * spreading connections over the workers, instead of through the primary's round-robin hand-off: when a
 * worker dies, a connection the primary had just handed to it was never answered (the client waited for
 * its own timeout); on its own socket the kernel resets it at once, and the client can retry. Patches
 * `listen(port, host, callback)`, the call the HTTP adapter makes.
 * @param {import('node:net').Server} server
 */
export function listenWithReusePort(server) {
  const listen = server.listen.bind(server);
  server.listen = (port, host, callback) =>
    listen({ port: Number(port), host: typeof host === 'string' ? host : undefined, exclusive: true, reusePort: true }, callback);
  return server;
}

/**
 * Runs the primary or, in a forked process, a worker.
 *
 * Primary: forks `workers`, replaces a worker that dies while not stopping (a worker exiting with code 1,
 * a failed start, stops everything instead; one exiting 0 was stopped on purpose and is not replaced). On
 * SIGTERM/SIGINT it forwards SIGTERM and waits for every worker to exit; exit code 0 when all drained
 * cleanly, 1 otherwise. Workers still there `shutdownTimeoutMs` (+1 s grace) later are SIGKILLed.
 *
 * Worker: `startWorker` starts serving and returns the HTTP server; on a signal it drains (drainOnSignal)
 * and `onWorkerClosed` runs once the server has closed.
 *
 * `renderer` (with more than one worker): one more worker, started with TANDEM_RENDERER=1, that takes no
 * visitors and renders the pages the others refresh (pageLeases), so that no background render holds up a
 * serving worker's event loop. Replaced like the others when it dies; while it is away the workers render
 * for themselves.
 *
 * @param {{
 *   workers: number,
 *   shutdownTimeoutMs?: number,
 *   startWorker: () => import('node:http').Server | Promise<import('node:http').Server>,
 *   onWorkerClosed?: () => unknown,
 *   execArgv?: string[],
 *   onListening?: (address: import('node:cluster').Address) => void,
 *   renderer?: boolean,
 * }} options
 */
export function runCluster(options) {
  if (cluster.isPrimary) runPrimary(options);
  else void runWorker(options);
}

/** @param {Parameters<typeof runCluster>[0]} options */
function runPrimary({ workers, shutdownTimeoutMs = 10_000, execArgv, onListening, renderer: withRenderer = false }) {
  // 'advanced': structured clone, so the page cache's entries travel with their bytes (pageLeases).
  cluster.setupPrimary({ ...(execArgv ? { execArgv } : {}), serialization: 'advanced' });
  // Our own count: cluster.workers drops a worker only once both its exit and its IPC disconnect are seen.
  /** @type {Set<import('node:cluster').Worker>} */
  const alive = new Set();
  // Two malloc arenas per worker: compression runs on the thread pool, and glibc's default (one arena per
  // thread, up to eight per core) keeps each thread's freed buffers as resident memory.
  // TANDEM_PAGE_PEERS: the workers' page caches share their renders through this process (pageLeases).
  const peers = workers > 1 ? '1' : '';
  const fork = () => alive.add(cluster.fork({ MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || '2', TANDEM_PAGE_PEERS: peers }));
  /** The render worker, once it has said it is ready (its message handlers are in place). */
  /** @type {import('node:cluster').Worker | null} */
  let renderer = null;
  let rendererReady = false;
  const forkRenderer = () => {
    renderer = cluster.fork({ MALLOC_ARENA_MAX: process.env.MALLOC_ARENA_MAX || '2', TANDEM_PAGE_PEERS: '1', TANDEM_RENDERER: '1' });
    rendererReady = false;
    alive.add(renderer);
  };
  const leases = pageLeases(alive, Date.now, () => (renderer && rendererReady && renderer.isConnected() ? renderer : null));
  let stopping = false;
  let exitCode = 0;
  /** @type {WeakSet<import('node:cluster').Worker>} */
  const served = new WeakSet();
  /** @type {number[]} */
  let crashes = [];

  const stop = () => {
    if (stopping) return;
    stopping = true;
    if (alive.size === 0) process.exit(exitCode);
    // Straight to the process: worker.kill() would first disconnect the IPC channel the drain still uses.
    for (const w of alive) w.process.kill('SIGTERM');
    setTimeout(() => {
      console.error(`${alive.size} worker(s) still running ${shutdownTimeoutMs + KILL_GRACE_MS} ms after the signal; killing them`);
      for (const w of alive) w.process.kill('SIGKILL');
      exitCode = 1;
      setTimeout(() => process.exit(1), KILL_GRACE_MS).unref();
    }, shutdownTimeoutMs + KILL_GRACE_MS).unref();
  };

  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker);
    leases.gone(worker);
    const wasRenderer = worker === renderer;
    if (wasRenderer) renderer = null;
    if (stopping) {
      if (code !== 0 || signal) exitCode = 1;
      if (alive.size === 0) process.exit(exitCode);
      return;
    }
    // A clean exit is a shutdown (a signal reached this worker alone): do not replace it, and leave when
    // the last worker is gone.
    if (code === 0) {
      if (alive.size === 0) process.exit(0);
      return;
    }
    if (code === 1 && !signal && !served.has(worker)) {
      // A worker that fails at start (bad configuration) would fail again: stop instead of looping.
      console.error(`worker ${worker.process.pid} exited with code 1; stopping`);
      exitCode = 1;
      stop();
      return;
    }
    // A crash after it served (an uncaught error, SIGKILL, out of memory): replace it, a little later each
    // time crashes follow one another, so a crash loop does not spin the CPU.
    const now = Date.now();
    crashes = crashes.filter((t) => now - t < CRASH_WINDOW_MS);
    crashes.push(now);
    const delay = Math.min(MAX_RESTART_DELAY_MS, crashes.length > 2 ? 250 * 2 ** (crashes.length - 3) : 0);
    console.error(`worker ${worker.process.pid} died (${signal ?? code}); starting another${delay ? ` in ${delay} ms` : ''}`);
    const again = wasRenderer ? forkRenderer : fork;
    if (delay) setTimeout(() => !stopping && again(), delay);
    else again();
  });
  // Workers that served at least once: their exit with code 1 is a crash, not a failed start. A worker says
  // so itself (LISTENING): Node's 'listening' event does not come for a socket the worker bound on its own.
  let first = true;
  cluster.on('message', (worker, message) => {
    leases.message(worker, message);
    if (message?.type !== LISTENING) return;
    served.add(worker);
    if (worker === renderer) return void (rendererReady = true);
    if (first && onListening) onListening(message.address);
    first = false;
  });
  for (let i = 0; i < workers; i++) fork();
  if (withRenderer && workers > 1) forkRenderer();
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** How long a worker's lease on rendering a page lasts; past it another worker may take it. */
const PAGE_LEASE_MS = 5_000;

/**
 * The primary's side of the workers' page caches (src/server/http/page-peers.ts, decision 065): who renders a
 * page again (a lease per page, asked with `tandem:page-claim`, for a render showing the purges up to `seq`),
 * and every entry a worker stored (`tandem:page`) or a failed render (`tandem:page-free`) passed to the
 * others. A worker that dies frees its leases: the others waiting on them render the page themselves.
 * With a render worker (`renderer()`), a serving worker's claim is never granted: the lease goes to the
 * render worker, told to render the page (`tandem:page-render`), and its entry reaches everyone.
 * @param {Set<import('node:cluster').Worker>} alive
 * @param {() => number} [now]
 * @param {() => import('node:cluster').Worker | null} [renderer]
 */
export function pageLeases(alive, now = Date.now, renderer = () => null) {
  /** @type {Map<string, { worker: number, seq: number, until: number }>} */
  const leases = new Map();
  /** @param {import('node:cluster').Worker} from @param {object} message */
  const others = (from, message) => {
    for (const w of alive) if (w !== from && w.isConnected()) w.send(message, undefined, () => {});
  };
  return {
    /** @param {import('node:cluster').Worker} worker @param {any} m */
    message(worker, m) {
      if (m?.type === 'tandem:page-claim' && typeof m.key === 'string') {
        const t = now();
        if (leases.size > 10_000) for (const [k, l] of leases) if (l.until <= t) leases.delete(k);
        const held = leases.get(m.key);
        // A lease for an older state of the page (fewer purges) does not stand in for this one.
        const free = !held || held.until <= t || held.seq < m.seq;
        const r = renderer();
        let mine = free || (worker === r && held?.worker === worker.id);
        if (r && worker !== r) {
          if (free) {
            leases.set(m.key, { worker: r.id, seq: m.seq, until: t + PAGE_LEASE_MS });
            r.send({ type: 'tandem:page-render', key: m.key }, undefined, () => {});
          }
          mine = false;
        } else if (mine) leases.set(m.key, { worker: worker.id, seq: m.seq, until: t + PAGE_LEASE_MS });
        if (worker.isConnected()) worker.send({ type: 'tandem:page-claim', id: m.id, mine }, undefined, () => {});
      } else if ((m?.type === 'tandem:page' || m?.type === 'tandem:page-free') && typeof m.key === 'string') {
        if (leases.get(m.key)?.worker === worker.id) leases.delete(m.key);
        others(worker, m);
      }
    },
    /** @param {import('node:cluster').Worker} worker */
    gone(worker) {
      for (const [key, l] of leases)
        if (l.worker === worker.id) {
          leases.delete(key);
          others(worker, { type: 'tandem:page-free', key });
        }
    },
  };
}

/** The message a worker sends its primary once it serves. */
const LISTENING = 'tandem:listening';

/** @param {Parameters<typeof runCluster>[0]} options */
async function runWorker({ shutdownTimeoutMs = 10_000, startWorker, onWorkerClosed }) {
  // A signal while starting: nothing is in flight yet, so leave at once (and cleanly).
  const early = () => process.exit(0);
  process.on('SIGTERM', early);
  process.on('SIGINT', early);
  let server;
  try {
    server = await startWorker();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
  process.off('SIGTERM', early);
  process.off('SIGINT', early);
  drainOnSignal(server, { timeoutMs: shutdownTimeoutMs, onClosed: onWorkerClosed });
  process.send?.({ type: LISTENING, address: server.address() });
}
