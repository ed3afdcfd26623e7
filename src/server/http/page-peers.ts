import cluster from 'node:cluster';
import type { CachedResponse } from './page-cache';

// The page caches of `npm start`'s workers, kept together through the primary (scripts/cluster.mjs, decision
// 065): a worker about to render a page again asks the primary for the page's lease; the one that gets it
// renders, and every entry a worker stores goes through the primary to the others. Without an answer in
// time, or when the lease holder fails or dies, a worker renders the page itself: nothing waits on the
// primary for long. The message names are the primary's too (scripts/cluster.mjs).
const CLAIM = 'tandem:page-claim';
const PAGE = 'tandem:page';
const FREE = 'tandem:page-free';
const RENDER = 'tandem:page-render';

/** What goes to the other workers of an entry (the rest is made again where it lands). */
export type SharedEntry = Pick<
  CachedResponse,
  'status' | 'headers' | 'body' | 'variants' | 'expires' | 'shared' | 'fast' | 'renderedAt' | 'feedSeq'
>;

/**
 * The other workers of a cluster (page-peers.ts), so that a refresh is rendered once for all of them. Absent
 * (one process, tests): every refresh is rendered here.
 */
export type PagePeers = {
  /**
   * Who renders a refresh of `key` that must show the purges up to `seq`: this worker (`mine`), or another
   * one whose result comes in `result` (null when none came in time: its worker died or failed; render here).
   */
  claim(key: string, seq: number): Promise<{ mine: true } | { mine: false; result: Promise<CachedResponse | null> }>;
  /** A render of ours ended: its entry for the other workers, or null (failed; a claim of ours is freed). */
  done(key: string, entry: SharedEntry | null): void;
  /** Entries rendered by the other workers, as they come: `accept` says whether this cache took it. */
  subscribe(accept: (key: string, entry: SharedEntry) => CachedResponse | null): void;
  /** In the render worker: the pages the primary hands it to render again for the serving workers. */
  onRender(render: (key: string) => void): void;
};

/** Set by the primary in its workers' environment when it answers these messages (more than one worker). */
const PAGE_PEERS_ENV = 'TANDEM_PAGE_PEERS';

type Message =
  | { type: typeof CLAIM; id: number; mine: boolean }
  | { type: typeof PAGE; key: string; entry: SharedEntry }
  | { type: typeof FREE; key: string }
  | { type: typeof RENDER; key: string };

type Waiter = { seq: number; resolve: (entry: CachedResponse | null) => void };

/** This worker's peers, or null outside a cluster whose primary speaks this protocol (one process, tests). */
export function clusterPeers({ claimWaitMs = 250, resultWaitMs = 3_000 } = {}): PagePeers | null {
  if (!cluster.isWorker || process.env[PAGE_PEERS_ENV] !== '1' || typeof process.send !== 'function') return null;
  const send = (message: object) => {
    try {
      // The callback takes a closed channel's error (a worker shutting down), which would otherwise be thrown.
      process.send!(message, undefined, undefined, () => {});
    } catch {
      // The channel is gone: this worker renders by itself.
    }
  };
  let nextId = 0;
  const claims = new Map<number, (mine: boolean) => void>();
  const waiters = new Map<string, Set<Waiter>>();
  let accept: (key: string, entry: SharedEntry) => CachedResponse | null = () => null;
  let render: (key: string) => void = () => {};

  /** The result another worker sends for `key`, showing the purges up to `seq`; null when none comes in time. */
  const wait = (key: string, seq: number) =>
    new Promise<CachedResponse | null>((resolve) => {
      let set = waiters.get(key);
      if (!set) waiters.set(key, (set = new Set()));
      const waiter: Waiter = {
        seq,
        resolve: (entry) => {
          clearTimeout(timer);
          set.delete(waiter);
          if (!set.size && waiters.get(key) === set) waiters.delete(key);
          resolve(entry);
        },
      };
      const timer = setTimeout(() => waiter.resolve(null), resultWaitMs);
      set.add(waiter);
    });

  process.on('message', (m: Message) => {
    if (!m || typeof m !== 'object') return;
    if (m.type === CLAIM) claims.get(m.id)?.(m.mine);
    else if (m.type === PAGE) {
      const stored = accept(m.key, m.entry);
      for (const w of [...(waiters.get(m.key) ?? [])])
        if (!stored) w.resolve(null);
        else if ((m.entry.feedSeq ?? -1) >= w.seq) w.resolve(stored);
    } else if (m.type === FREE) for (const w of [...(waiters.get(m.key) ?? [])]) w.resolve(null);
    else if (m.type === RENDER && typeof m.key === 'string') render(m.key);
  });

  return {
    claim: (key, seq) =>
      new Promise((resolve) => {
        const id = ++nextId;
        const timer = setTimeout(() => answer(true), claimWaitMs);
        function answer(mine: boolean) {
          clearTimeout(timer);
          claims.delete(id);
          resolve(mine ? { mine: true } : { mine: false, result: wait(key, seq) });
        }
        claims.set(id, answer);
        send({ type: CLAIM, id, key, seq });
      }),
    done: (key, entry) => send(entry ? { type: PAGE, key, entry } : { type: FREE, key }),
    subscribe: (fn) => {
      accept = fn;
    },
    onRender: (fn) => {
      render = fn;
    },
  };
}

/** The fields of an entry that travel to the other workers. */
export function shareable(e: CachedResponse): SharedEntry {
  const { status, headers, body, variants, expires, shared, fast, renderedAt, feedSeq } = e;
  return { status, headers, body, variants, expires, shared, fast, renderedAt, feedSeq };
}
