import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { offerTag, type PageLabels } from '../../domain/page-purge';
import { PageCache, type CachedResponse, type PageCacheOptions } from './page-cache';
import type { PagePeers, SharedEntry } from './page-peers';
import { pageLabels } from './page-labels';

const entry = (expires = 60_000): CachedResponse => ({ status: 200, headers: [], body: new Uint8Array([1]), variants: {}, expires });
const cacheOf = (labelsOf: (key: string) => PageLabels = pageLabels) => new PageCache(30_000, 1000, 1 << 20, () => 0, labelsOf);

/** A fill that finishes when told to. */
function deferred() {
  let done!: () => void;
  const fill = () => new Promise<CachedResponse>((resolve) => (done = () => resolve(entry())));
  return { fill, done: () => done() };
}

describe('page cache purges (decision 058)', () => {
  it('forgets the pages a purge names, and unlabelled pages for any purge', () => {
    const cache = cacheOf();
    for (const key of ['/oferta/a', '/oferta/b', '/hire', '/politica-de-privacidad', '/herramientas/peru']) cache.set(key, entry());
    cache.purge({ tags: [offerTag('a')] });
    expect(['/oferta/a', '/oferta/b', '/hire', '/politica-de-privacidad', '/herramientas/peru'].map((k) => !!cache.get(k))).toEqual([
      false,
      true,
      false, // no labels: every change forgets it
      true,
      true,
    ]);
    cache.purge({ all: true });
    expect(cache.size).toBe(0);
  });

  it('does not store a render that started before a purge that hits it', async () => {
    const cache = cacheOf();
    const a = deferred();
    const pending = cache.getOrFill('/oferta/a', a.fill);
    cache.purge({ tags: [offerTag('a')] });
    a.done();
    await pending;
    expect(cache.get('/oferta/a')).toBeUndefined();

    // A purge of another page lets it be stored.
    const b = deferred();
    const stored = cache.getOrFill('/oferta/b', b.fill);
    cache.purge({ tags: [offerTag('a')] });
    b.done();
    await stored;
    expect(cache.get('/oferta/b')).toBeDefined();
  });

  it('starts a new render for requests after the purge, and stores that one', async () => {
    const cache = cacheOf();
    const old = deferred();
    const first = cache.getOrFill('/oferta/a', old.fill);
    cache.purge({ tags: [offerTag('a')] });
    const fresh = deferred();
    const second = cache.getOrFill('/oferta/a', fresh.fill);
    fresh.done();
    expect((await second).hit).toBe(false);
    expect(cache.get('/oferta/a')).toBeDefined();
    old.done();
    await first;
  });

  it('does not store a render older than every purge it remembers', async () => {
    const cache = cacheOf();
    const a = deferred();
    const pending = cache.getOrFill('/oferta/a', a.fill);
    for (let i = 0; i < 300; i++) cache.purge({ tags: [offerTag(`other-${i}`)] });
    a.done();
    await pending;
    expect(cache.get('/oferta/a')).toBeUndefined();
  });

  it('follows a feed: the first batch gives the position, later ones purge once each', () => {
    const cache = cacheOf();
    cache.set('/oferta/a', entry());
    cache.follow({ seq: 4, purges: [] });
    expect(cache.size).toBe(0); // cached before the position was known
    cache.set('/oferta/a', entry());
    cache.set('/oferta/b', entry());
    cache.follow({ seq: 5, purges: [{ seq: 5, purge: { tags: [offerTag('a')] } }] });
    expect([!!cache.get('/oferta/a'), !!cache.get('/oferta/b')]).toEqual([false, true]);
    cache.set('/oferta/a', entry());
    // The same batch again (two requests read it at once): nothing new.
    cache.follow({ seq: 5, purges: [{ seq: 5, purge: { tags: [offerTag('a')] } }] });
    expect(cache.purgeSeq).toBe(5);
    expect(!!cache.get('/oferta/a')).toBe(true);
  });
});

/** A cache on a clock the test moves (TTL 30 s, stale window 600 s), and the renders it asked for, by key. */
function swrCache(options: PageCacheOptions & { refresh?: boolean } = {}) {
  const clock = { t: 0 };
  const rendered: string[] = [];
  let n = 0;
  const page = (status = 200): CachedResponse => ({
    status,
    headers: [],
    body: new TextEncoder().encode(`render ${++n}`),
    variants: {},
    expires: status === 200 ? clock.t + 30_000 : 0,
  });
  const fill =
    (key: string, status = 200) =>
    async () => {
      rendered.push(key);
      return page(status);
    };
  const cache = new PageCache(30_000, 1000, 1 << 20, () => clock.t, pageLabels, {
    ...(options.refresh ? { refresher: (key: string) => fill(key)() } : {}),
    ...options,
  });
  const text = (e: CachedResponse | null | undefined) => (e ? new TextDecoder().decode(e.body) : null);
  return { cache, clock, rendered, fill, text };
}

describe('stale-while-revalidate (decision 065)', () => {
  it('answers a page past its TTL at once, with one background render per key however many ask', async () => {
    const { cache, clock, rendered, fill, text } = swrCache();
    await cache.getOrFill('/oferta/a', fill('/oferta/a'));
    clock.t = 31_000;
    const answers = await Promise.all([1, 2, 3].map(() => cache.getOrFill('/oferta/a', fill('/oferta/a'))));
    expect(answers.map((a) => [a.stale, text(a.entry)])).toEqual([
      [true, 'render 1'],
      [true, 'render 1'],
      [true, 'render 1'],
    ]);
    await cache.settled();
    expect(rendered).toEqual(['/oferta/a', '/oferta/a']);
    const next = await cache.getOrFill('/oferta/a', fill('/oferta/a'));
    expect([next.hit, next.stale, text(next.entry)]).toEqual([true, undefined, 'render 2']);
  });

  it('compresses a refreshed page for brotli off the event loop, and a visitor-triggered render only when asked', async () => {
    const clock = { t: 0 };
    const html = (n: number) => new TextEncoder().encode(`<p>render ${n}</p>`.repeat(200));
    let n = 0;
    const render = async (): Promise<CachedResponse> => ({
      status: 200,
      headers: [],
      body: html(++n),
      variants: {},
      expires: clock.t + 30_000,
    });
    const cache = new PageCache(30_000, 1000, 1 << 20, () => clock.t, pageLabels);
    const first = await cache.getOrFill('/oferta/a', render);
    expect(first.entry?.variants.br).toBeUndefined();
    clock.t = 31_000;
    await cache.getOrFill('/oferta/a', render);
    await cache.settled();
    const refreshed = cache.get('/oferta/a')!;
    expect(new TextDecoder().decode(refreshed.body)).toContain('render 2');
    expect(Buffer.from(brotliDecompressSync(refreshed.variants.br!)).equals(Buffer.from(refreshed.body))).toBe(true);
    expect(cache.variant(refreshed, 'br')).toBe(refreshed.variants.br);
  });

  it('renders a page past the stale window before answering it', async () => {
    const { cache, clock, fill, text } = swrCache();
    await cache.getOrFill('/oferta/a', fill('/oferta/a'));
    clock.t = 30_000 + 600_000;
    const late = await cache.getOrFill('/oferta/a', fill('/oferta/a'));
    expect([late.hit, text(late.entry)]).toEqual([false, 'render 2']);
  });

  it('keeps the stale copy when its refresh fails, and tries again a little later', async () => {
    const { cache, clock, fill, rendered, text } = swrCache();
    await cache.getOrFill('/oferta/a', fill('/oferta/a'));
    clock.t = 31_000;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = async () => {
      rendered.push('failed');
      throw new Error('database down');
    };
    expect(text((await cache.getOrFill('/oferta/a', failing)).entry)).toBe('render 1');
    await cache.settled();
    // The database screen (503) is a failure too.
    expect(text((await cache.getOrFill('/oferta/a', fill('/oferta/a', 503))).entry)).toBe('render 1');
    await cache.settled();
    expect(rendered).toEqual(['/oferta/a', 'failed']);
    clock.t = 34_000;
    expect(text((await cache.getOrFill('/oferta/a', fill('/oferta/a', 503))).entry)).toBe('render 1');
    await cache.settled();
    expect(rendered).toEqual(['/oferta/a', 'failed', '/oferta/a']);
    expect(cache.staleWhileRevalidate('/oferta/a')).toBeDefined();
    vi.restoreAllMocks();
  });

  it('forgets the stale copy of a page that is gone (a closed offer: 404)', async () => {
    const { cache, clock, fill } = swrCache();
    await cache.getOrFill('/oferta/a', fill('/oferta/a'));
    clock.t = 31_000;
    await cache.getOrFill('/oferta/a', fill('/oferta/a', 404));
    await cache.settled();
    expect(cache.staleWhileRevalidate('/oferta/a')).toBeUndefined();
  });

  it('does not store a refresh that started before a purge or a clear', async () => {
    const { cache, clock, fill } = swrCache();
    await cache.getOrFill('/oferta/a', fill('/oferta/a'));
    clock.t = 31_000;
    const slow = deferred();
    await cache.getOrFill('/oferta/a', slow.fill);
    cache.purge({ tags: [offerTag('a')] });
    slow.done();
    await cache.settled();
    expect(cache.get('/oferta/a')).toBeUndefined();
    // Salary figures moved: every page answered stale, the renders in flight not stored.
    await cache.getOrFill('/oferta/b', fill('/oferta/b'));
    const other = deferred();
    const pending = cache.getOrFill('/hire', other.fill);
    cache.expireAll();
    other.done();
    await pending;
    expect(cache.get('/hire')).toBeUndefined();
    expect((await cache.getOrFill('/oferta/b', fill('/oferta/b'))).stale).toBe(true);
  });

  it('renders again the pages a purge hit (the most recently used, at most N), the old copy only for visitors without a session', async () => {
    const { cache, rendered, fill, text } = swrCache({ refresh: true, purgeRefreshMax: 2, purgeRefreshConcurrency: 1 });
    for (const key of ['/oferta/a', '/trabajos', '/trabajos?q=go', '/oferta/b']) await cache.getOrFill(key, fill(key));
    rendered.length = 0;
    // An offer edited: its page, the searches that may list it; /oferta/b not.
    cache.purge({ tags: [offerTag('a')], offers: 'all' });
    expect(cache.get('/oferta/a')).toBeUndefined();
    // Past the bound: simply forgotten.
    expect(cache.staleWhileRevalidate('/oferta/a')).toBeUndefined();
    // A visitor with a session (who may have made the change), before the re-render started: a render of
    // its own, never the copy from before the change. One without a session gets that copy meanwhile.
    expect(cache.stale('/trabajos')).toBeUndefined(); // nor is the old copy the database-down one
    const [signedIn, anonymous] = await Promise.all([
      cache.getOrFill('/trabajos?q=go', fill('/trabajos?q=go'), { anonymous: false }),
      cache.getOrFill('/trabajos', fill('/trabajos')),
    ]);
    expect([signedIn.hit, text(signedIn.entry)]).toEqual([false, 'render 5']);
    expect([anonymous.stale, text(anonymous.entry)]).toEqual([true, 'render 2']);
    await cache.settled();
    // The two most recently used of the three pages it hit; the third ('/oferta/a') is just forgotten.
    expect(rendered.sort()).toEqual(['/trabajos', '/trabajos?q=go']);
    expect([!!cache.get('/trabajos'), !!cache.get('/oferta/a'), !!cache.get('/oferta/b')]).toEqual([true, false, true]);
  });

  it('lets a request for a purged page join its re-render, which shows the change', async () => {
    let version = 'before';
    const cache = new PageCache(30_000, 1000, 1 << 20, () => 0, pageLabels, {
      refresher: async () => ({ ...entry(), body: new TextEncoder().encode(version) }),
    });
    cache.set('/oferta/a', { ...entry(), body: new TextEncoder().encode(version) });
    version = 'after';
    cache.purge({ tags: [offerTag('a')] });
    await Promise.resolve(); // the re-render starts after the purge's batch
    const answer = await cache.getOrFill(
      '/oferta/a',
      async () => {
        throw new Error('a second render');
      },
      { anonymous: false },
    );
    expect([answer.hit, new TextDecoder().decode(answer.entry!.body)]).toEqual([false, 'after']);
  });

  it('skips a purge for an entry rendered after it (a copy from another worker that read the feed first)', () => {
    const { cache } = swrCache();
    cache.follow({ seq: 10, purges: [] });
    expect(cache.accept('/oferta/a', { ...entry(), renderedAt: 5, feedSeq: 11 })).not.toBeNull();
    cache.follow({ seq: 11, purges: [{ seq: 11, purge: { tags: [offerTag('a')] } }] });
    expect(cache.get('/oferta/a')).toBeDefined();
    // A copy whose render had not seen a purge this cache applied is refused.
    expect(cache.accept('/oferta/a', { ...entry(), renderedAt: 6, feedSeq: 10 })).toBeNull();
    expect(cache.accept('/oferta/b', { ...entry(), renderedAt: 6, feedSeq: 10 })).not.toBeNull();
    cache.clear();
    expect(cache.accept('/oferta/b', { ...entry(), renderedAt: -1, feedSeq: 11 })).toBeNull();
  });
});

describe('refreshes shared between workers (decision 065)', () => {
  /** Workers' caches joined by an in-process stand-in for the primary's leases (scripts/cluster.mjs). */
  function cluster(count: number, { answer = true } = {}) {
    const leases = new Map<string, { worker: number; seq: number }>();
    const subscribers: ((key: string, e: SharedEntry) => CachedResponse | null)[] = [];
    const waiting = new Map<string, { worker: number; seq: number; resolve: (e: CachedResponse | null) => void }[]>();
    const peersOf = (worker: number): PagePeers => ({
      claim: async (key, seq) => {
        if (!answer) return { mine: true }; // no primary answer in time
        const held = leases.get(key);
        if (!held || held.seq < seq) {
          leases.set(key, { worker, seq });
          return { mine: true };
        }
        return { mine: false, result: new Promise((resolve) => waiting.set(key, [...(waiting.get(key) ?? []), { worker, seq, resolve }])) };
      },
      done: (key, e) => {
        if (leases.get(key)?.worker === worker) leases.delete(key);
        subscribers.forEach((accept, w) => {
          if (w === worker) return;
          const stored = e && accept(key, structuredClone(e));
          for (const x of (waiting.get(key) ?? []).filter((x) => x.worker === w)) x.resolve(stored ?? null);
        });
        waiting.delete(key);
      },
      subscribe: (accept) => void (subscribers[worker] = accept),
      onRender: () => {},
    });
    const clock = { t: 0 };
    const renders: number[] = [];
    const caches = Array.from({ length: count }, (_, w) => {
      const cache: PageCache = new PageCache(30_000, 1000, 1 << 20, () => clock.t, pageLabels, {
        peers: peersOf(w),
        refresher: async () => {
          renders.push(w);
          await Promise.resolve();
          return { ...entry(clock.t + 30_000), body: new TextEncoder().encode(`by ${w} at ${clock.t}`) };
        },
      });
      return cache;
    });
    return { caches, clock, renders };
  }

  it('renders a stale page once for every worker, and gives each the result', async () => {
    const { caches, clock, renders } = cluster(3);
    await caches[0]!.getOrFill('/oferta/a', () => caches[0]!.refresher!('/oferta/a'));
    // Its entry went to the others.
    expect(caches.map((c) => !!c.get('/oferta/a'))).toEqual([true, true, true]);
    clock.t = 40_000;
    const answers = await Promise.all(caches.map((c) => c.getOrFill('/oferta/a', async () => entry())));
    expect(answers.map((a) => a.stale)).toEqual([true, true, true]);
    await Promise.all(caches.map((c) => c.settled()));
    expect(renders).toEqual([0, 0]);
    expect(caches.map((c) => new TextDecoder().decode(c.get('/oferta/a')!.body))).toEqual([
      'by 0 at 40000',
      'by 0 at 40000',
      'by 0 at 40000',
    ]);
  });

  it('renders a purged page once, and the other workers skip that purge when they read it', async () => {
    const { caches, renders } = cluster(2);
    for (const c of caches) c.follow({ seq: 1, purges: [] });
    await caches[0]!.getOrFill('/oferta/a', () => caches[0]!.refresher!('/oferta/a'));
    renders.length = 0;
    const purge = { seq: 2, purges: [{ seq: 2, purge: { tags: [offerTag('a')] } }] };
    caches[0]!.follow(purge);
    await caches[0]!.settled();
    caches[1]!.follow(purge);
    await caches[1]!.settled();
    expect(renders).toEqual([0]);
    expect(caches.map((c) => c.get('/oferta/a')?.feedSeq)).toEqual([2, 2]);
  });

  it('renders by itself when the primary does not answer', async () => {
    const { caches, clock, renders } = cluster(2, { answer: false });
    await caches[0]!.getOrFill('/oferta/a', () => caches[0]!.refresher!('/oferta/a'));
    clock.t = 40_000;
    await Promise.all(caches.map((c) => c.getOrFill('/oferta/a', async () => entry())));
    await Promise.all(caches.map((c) => c.settled()));
    expect(renders.sort()).toEqual([0, 0, 1]);
  });
});

describe('page labels', () => {
  it('derives tags and offer selections from the route and its params', () => {
    expect(pageLabels('/oferta/dev-lima')).toEqual({ tags: ['offer:dev-lima'] });
    expect(pageLabels('/RSC/R/en/oferta/dev-lima.txt')).toEqual({ tags: ['offer:dev-lima'] });
    expect(pageLabels('/empresa/acme-1')).toEqual({ tags: ['company:acme-1'] });
    expect(pageLabels('/ly/ana')).toEqual({ tags: ['profile:ana'] });
    expect(pageLabels('/peru/trabajos/backend/senior')).toEqual({
      tags: ['search'],
      offers: { selection: { role: 'backend', seniority: 'senior', country: 'peru' }, slack: 1 },
    });
    expect(pageLabels('/trabajos?q=go')).toEqual({ tags: ['search'], offers: 'any' });
    expect(pageLabels('/')).toMatchObject({ tags: ['home', 'figures'], offers: 'any' });
    expect(pageLabels('/herramientas/chile/backend')).toEqual({
      tags: ['salaries'],
      offers: { selection: { role: 'backend', country: 'chile' }, slack: 0 },
    });
    expect(pageLabels('/herramientas/peru')).toEqual({ tags: ['salaries'] });
    expect(pageLabels('/hire')).toEqual({ tags: [] });
    expect(pageLabels('/no-such-page')).toEqual({ tags: [] });
  });
});

describe('page cache size', () => {
  it('counts only what it stores: compressing responses it did not keep (error pages) evicts nothing', () => {
    const cache = new PageCache(30_000, 1000, 64 * 1024, () => 0);
    const page = (text: string): CachedResponse => ({
      status: 200,
      headers: [['content-type', 'text/html']],
      body: new TextEncoder().encode(text),
      variants: {},
      expires: 30_000,
    });
    // Random text compresses badly: each of these variants is about as big as its body.
    const noise = (n: number) => Array.from({ length: n }, () => Math.random().toString(36).slice(2)).join('');
    cache.set('/kept', page(noise(200)));
    for (let i = 0; i < 100; i++) cache.variant({ ...page(noise(200)), status: 404 }, 'gzip');
    cache.set('/also-kept', page(noise(200)));
    expect(cache.peek('/kept')).toBeDefined();
    expect(cache.size).toBe(2);
  });
});
