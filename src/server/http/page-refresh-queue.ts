import type { CachedResponse } from './page-cache';
import type { PagePeers } from './page-peers';

// The pages a purge hit, rendered again a few at a time once the purge's whole batch is applied (decision 065).
export class RefreshQueue {
  private keys: string[] = [];
  private scheduled = false;
  private active = 0;

  constructor(
    private max: number,
    private concurrency: number,
    /** Starts a key's render, or null when there is nothing to do for it any more. */
    private start: (key: string) => Promise<unknown> | null,
  ) {}

  /** Queue these keys (most wanted first); returns those pushed past the bound, which will not be rendered. */
  add(keys: string[]): string[] {
    for (const k of keys) if (!this.keys.includes(k)) this.keys.push(k);
    const dropped = this.keys.splice(this.max);
    if (!this.scheduled) {
      this.scheduled = true;
      queueMicrotask(() => {
        this.scheduled = false;
        this.pump();
      });
    }
    return dropped;
  }

  clear() {
    this.keys = [];
  }

  get idle() {
    return !this.keys.length && !this.scheduled;
  }

  private pump() {
    while (this.active < this.concurrency && this.keys.length) {
      const p = this.start(this.keys.shift()!);
      if (!p) continue;
      this.active++;
      void p.finally(() => {
        this.active--;
        this.pump();
      });
    }
  }
}

export type PageCacheOptions = {
  /** How long past its TTL an entry is answered while it is rendered again (0: never). */
  staleMs?: number;
  /** Renders a page again without a visitor's request (render-page.ts): for stale entries and purges. */
  refresher?: (key: string) => Promise<CachedResponse | null>;
  peers?: PagePeers | null;
  /** At most this many of the pages a purge hit are rendered again (the most recently used); the rest just go. */
  purgeRefreshMax?: number;
  /** How many of those renders run at once. */
  purgeRefreshConcurrency?: number;
};
