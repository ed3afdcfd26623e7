// Route payload preloading (decision 068): which links may have their page's RSC payload fetched before a
// click, and the queue that fetches them a few at a time. No DOM here: the island
// (components/islands/route-preload-impl.tsx) feeds it anchors and the router's prefetch.
import { isSharedPage, isValidRoute, matchRoute, paramNames, routeDef } from '../routes';

/** At most this many payloads in flight at once. */
const PRELOAD_CONCURRENCY = 4;
/** Waku keeps a prefetched payload this long (its default TTL); a route is not fetched again before. */
const PRELOAD_TTL_MS = 60_000;

/** A page that is the same for everyone and has no side effect on GET: public (default access), not per
 * visitor or personalised (those read the session or set an anonymous-id cookie), and without a single-use
 * token in its path (opening one spends a rate-limited code attempt). Sign-out is per visitor. */
export function isPreloadablePath(pathname: string): boolean {
  // Asked on every hover: remembered per path.
  let known = preloadable.get(pathname);
  if (known === undefined) {
    if (preloadable.size > 500) preloadable.clear();
    preloadable.set(pathname, (known = preloadableRoute(pathname)));
  }
  return known;
}
const preloadable = new Map<string, boolean>();

function preloadableRoute(pathname: string): boolean {
  const m = matchRoute(pathname);
  if (!m || !isSharedPage(m.id) || !isValidRoute(m.id, m.params)) return false;
  return !paramNames(routeDef(m.id)[m.locale]).includes('token');
}

/** The path and query to preload for an anchor's attributes, or null when it is not a link to preload:
 * another origin or scheme, a download, another window, the page on screen, or a route not preloadable. */
export function preloadTarget(
  a: { href: string; target?: string; download?: boolean },
  current: { origin: string; pathname: string; search: string },
): string | null {
  if (a.download || (a.target && a.target !== '_self')) return null;
  let url: URL;
  try {
    url = new URL(a.href, current.origin + current.pathname + current.search);
  } catch {
    return null;
  }
  if (url.origin !== current.origin || (url.protocol !== 'https:' && url.protocol !== 'http:')) return null;
  if (url.pathname === current.pathname && url.search === current.search) return null;
  // A file (a CV, a feed, the certificate's JSON) is not a page.
  if (/\.[a-z0-9]+$/i.test(url.pathname)) return null;
  return isPreloadablePath(url.pathname) ? url.pathname + url.search : null;
}

/** A queue that runs `start(path)` for each path once per TTL, at most `limit` at a time; `urgent` paths (a
 * hover, a focus) go first. It starts one path per task (`defer`, a macrotask by default): the router's
 * prefetch does a few milliseconds of work before its request leaves, and four of them back to back, on a
 * slow phone, were one long task. */
export function createPreloadQueue(
  start: (path: string) => Promise<void>,
  {
    limit = PRELOAD_CONCURRENCY,
    ttlMs = PRELOAD_TTL_MS,
    now = () => Date.now(),
    defer = (run: () => void) => void setTimeout(run, 0),
  }: { limit?: number; ttlMs?: number; now?: () => number; defer?: (run: () => void) => void } = {},
) {
  const waiting: string[] = [];
  const started = new Map<string, number>();
  let running = 0;
  let scheduled = false;
  const due = (path: string) => {
    const at = started.get(path);
    return at === undefined || now() - at >= ttlMs;
  };
  const schedule = () => {
    if (scheduled || running >= limit || waiting.length === 0) return;
    scheduled = true;
    defer(startOne);
  };
  function startOne() {
    scheduled = false;
    while (running < limit && waiting.length) {
      const path = waiting.shift()!;
      if (!due(path)) continue;
      started.set(path, now());
      running++;
      let run: Promise<void>;
      try {
        run = start(path);
      } catch {
        run = Promise.resolve();
      }
      void run
        .catch(() => {})
        .finally(() => {
          running--;
          schedule();
        });
      break;
    }
    schedule();
  }
  return {
    add(path: string, urgent = false) {
      if (!due(path)) return;
      const i = waiting.indexOf(path);
      if (i >= 0) {
        if (!urgent) return;
        waiting.splice(i, 1);
      }
      if (urgent) waiting.unshift(path);
      else waiting.push(path);
      schedule();
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiting.length;
    },
  };
}
