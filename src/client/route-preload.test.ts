import { describe, expect, it } from 'vitest';
import { href, routeIds, routes, isSharedPage, type RouteId } from '../routes';
import { createPreloadQueue, isPreloadablePath, preloadTarget } from './route-preload';

const here = { origin: 'https://tandem.test', pathname: '/hire/pricing', search: '' };
const sample = (id: RouteId, locale: 'es' | 'en' = 'es') =>
  href(id, locale, (routes[id] as { sample?: Record<string, string | string[]> }).sample);

describe('isPreloadablePath', () => {
  it('takes the public pages that are the same for everyone', () => {
    for (const id of ['home', 'hirePricing', 'offer', 'company', 'jobs', 'toolsCountryRole', 'privacy'] as RouteId[]) {
      expect(isPreloadablePath(sample(id)), id).toBe(true);
      expect(isPreloadablePath(sample(id, 'en')), id).toBe(true);
    }
  });

  it('never takes sign-out, account, per-visitor, personalised or token pages', () => {
    for (const id of [
      'logout',
      'login',
      'matchPlatform',
      'hireSite',
      'notifications',
      'alertNew',
      'hireLanding',
      'offerSave',
      'talentProfile',
    ] as RouteId[])
      expect(isPreloadablePath(sample(id)), id).toBe(false);
    for (const id of routeIds.filter((id) => routes[id].es.includes('[token]'))) expect(isPreloadablePath(sample(id)), id).toBe(false);
  });

  it('is never wider than the shared pages, and refuses what the route table refuses', () => {
    for (const id of routeIds) if (!isSharedPage(id)) expect(isPreloadablePath(sample(id)), id).toBe(false);
    expect(isPreloadablePath('/oferta/NOT_A_SLUG')).toBe(false);
    expect(isPreloadablePath('/no-such-page/at/all')).toBe(false);
  });
});

describe('preloadTarget', () => {
  it('gives the path and query of a same-origin page link', () => {
    expect(preloadTarget({ href: '/herramientas/peru/backend?x=1#top' }, here)).toBe('/herramientas/peru/backend?x=1');
    expect(preloadTarget({ href: 'https://tandem.test/en/hire' }, here)).toBe('/en/hire');
  });

  it('skips other sites, other windows, downloads, files, hashes of this page and the page itself', () => {
    expect(preloadTarget({ href: 'https://elsewhere.test/hire' }, here)).toBeNull();
    expect(preloadTarget({ href: 'mailto:a@b.test' }, here)).toBeNull();
    expect(preloadTarget({ href: '/hire', target: '_blank' }, here)).toBeNull();
    expect(preloadTarget({ href: '/hire', target: '_self' }, here)).toBe('/hire');
    expect(preloadTarget({ href: '/hire', download: true }, here)).toBeNull();
    expect(preloadTarget({ href: '/certification/react-senior-ana-garcia.json' }, here)).toBeNull();
    expect(preloadTarget({ href: '#main' }, here)).toBeNull();
    expect(preloadTarget({ href: '/hire/pricing' }, here)).toBeNull();
    expect(preloadTarget({ href: '/logout' }, here)).toBeNull();
  });
});

describe('createPreloadQueue', () => {
  const deferred = () => {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  };
  const flush = () => new Promise((r) => setTimeout(r, 0));
  /** A hand-run stand-in for the queue's macrotasks: `tick()` runs the ones asked for so far. */
  const tasks = () => {
    const pending: (() => void)[] = [];
    return {
      defer: (run: () => void) => void pending.push(run),
      tick: () => pending.splice(0).forEach((run) => run()),
      drain: () => {
        while (pending.length) pending.splice(0).forEach((run) => run());
      },
      get pending() {
        return pending.length;
      },
    };
  };

  it('starts one path per task, never inside add()', () => {
    const t = tasks();
    const order: string[] = [];
    const q = createPreloadQueue(
      (p) => {
        order.push(p);
        return deferred().promise;
      },
      { defer: t.defer },
    );
    for (const p of ['/a', '/b', '/c']) q.add(p);
    expect(order).toEqual([]);
    expect(t.pending).toBe(1); // one task asked for, however many paths
    t.tick();
    expect(order).toEqual(['/a']);
    t.tick();
    t.tick();
    expect(order).toEqual(['/a', '/b', '/c']);
    expect(t.pending).toBe(0);
  });

  it('runs at most 4 at a time, each path once, urgent ones first', async () => {
    const t = tasks();
    const runs = new Map<string, () => void>();
    const order: string[] = [];
    const q = createPreloadQueue(
      (p) => {
        const d = deferred();
        runs.set(p, d.resolve);
        order.push(p);
        return d.promise;
      },
      { defer: t.defer },
    );
    for (const p of ['/a', '/b', '/c', '/d', '/e', '/f', '/a']) q.add(p);
    t.drain();
    expect(q.running).toBe(4);
    expect(q.waiting).toBe(2);
    q.add('/g', true);
    q.add('/b', true); // started already
    runs.get('/a')!();
    await flush();
    t.drain();
    expect(order).toEqual(['/a', '/b', '/c', '/d', '/g']);
    expect(q.running).toBe(4);
    for (const r of runs.values()) r();
    await flush();
    t.drain();
    for (const r of runs.values()) r();
    await flush();
    t.drain();
    expect(order).toEqual(['/a', '/b', '/c', '/d', '/g', '/e', '/f']);
    expect(q.running).toBe(0);
  });

  it('fetches a path again once the TTL has passed; a failure or a throw frees its slot', async () => {
    let t = 0;
    const seen: string[] = [];
    const q = createPreloadQueue(
      (p) => {
        seen.push(p);
        if (p === '/throws') throw new Error('no');
        return Promise.reject(new Error('offline'));
      },
      { limit: 1, ttlMs: 1000, now: () => t },
    );
    q.add('/throws');
    q.add('/x');
    await flush();
    await flush();
    q.add('/x');
    t = 1000;
    q.add('/x');
    await flush();
    await flush();
    expect(seen).toEqual(['/throws', '/x', '/x']);
    expect(q.running).toBe(0);
  });
});
