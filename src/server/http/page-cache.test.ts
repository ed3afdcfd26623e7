import { describe, expect, it } from 'vitest';
import { offerTag, type PageLabels } from '../../domain/page-purge';
import { PageCache, type CachedResponse } from './page-cache';
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
