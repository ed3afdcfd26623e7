// A full garbage collection once a worker has gone idle after a burst (decision 032). Under load V8 grows the
// heap (the new space to its 2 x 16 MB, the old space with promoted short-lived objects) and gives it back
// only through its memory reducer, which a worker that then goes quiet may never start: after the bench the
// workers held ~100 MB of heap for 30 MB of live objects, for as long as they stayed idle. V8's
// "last-resort" collection compacts and releases the unused pages (RSS 223 -> 150 MB in one measure, an
// 87 ms pause). It runs only when no request is in flight and none has ended for a while.
import v8 from 'node:v8';

/**
 * Watches `server`'s requests; every `checkMs`, when none is in flight and none has ended for `idleMs`, and the
 * committed heap has grown by `growthBytes` since the last collection, runs `gc` once. Without a `gc` (null, or the
 * worker was started without --expose-gc) it does nothing. Returns a function that stops watching.
 * @param {import('node:http').Server} server
 * @param {{ gc?: ((options?: object) => void) | null, heapSize?: () => number, idleMs?: number, checkMs?: number, growthBytes?: number }} [options]
 * @returns {() => void}
 */
export function collectWhenIdle(server, options = {}) {
  const {
    gc = /** @type {((options?: object) => void) | undefined} */ (globalThis.gc),
    heapSize = () => v8.getHeapStatistics().total_heap_size,
    idleMs = 5_000,
    checkMs = 1_000,
    growthBytes = 32 * 1024 * 1024,
  } = options;
  if (typeof gc !== 'function') return () => {};
  let inFlight = 0;
  let lastEnd = performance.now();
  let baseline = heapSize();
  const ended = () => {
    inFlight--;
    lastEnd = performance.now();
  };
  const onRequest = (_req, res) => {
    inFlight++;
    res.once('close', ended);
  };
  server.on('request', onRequest);
  const timer = setInterval(() => {
    if (inFlight > 0 || performance.now() - lastEnd < idleMs) return;
    if (heapSize() - baseline < growthBytes) return;
    gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    baseline = heapSize();
  }, checkMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    server.off('request', onRequest);
  };
}
