import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { bumpGeneration, PUBLIC_PAGES_GENERATION } from '../db/generations';
import { encodeCursor } from '../db/keyset';
import { findOffers } from './data/offers';
import { COUNT_CAP, createJobSearchService, type JobSearchResult, type JobSearchService } from './job-search-service';

// Decision 057: counts kept per (selection, data version), capped free-text counts, relevance ranking and the
// keyset walk of the search list.
const NOW = new Date('2026-11-22T12:00:00.000Z');
const at = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

describe.each(testDatabases)('job search at scale on %s', (_name, open) => {
  let t: TestDb;
  let company: number;
  let clockMs = NOW.getTime();
  let svc: JobSearchService;

  const offer = (i: number, o: { title?: string; description?: string; status?: string; minutes?: number; usd?: number } = {}) => ({
    slug: `o-${i}`,
    company_id: company,
    title: o.title ?? `Oferta ${i}`,
    area: 'tech',
    role: i % 2 ? 'backend' : 'frontend',
    seniority: 'mid',
    english: 'intermediate',
    modality: 'office',
    country: i % 3 ? 'peru' : 'chile',
    city: null,
    description: o.description ?? 'Trabajo en equipo.',
    salary_min: 1000,
    salary_max: o.usd ?? 2000,
    currency: 'USD',
    period: 'month' as const,
    salary_min_usd_month: 1000,
    salary_max_usd_month: o.usd ?? 2000,
    status: (o.status ?? 'published') as 'published' | 'closed',
    // Several offers share a publication minute: the keyset must break ties by id.
    published_at: at(o.minutes ?? Math.floor(i / 3)),
    valid_through: null,
  });

  beforeAll(async () => {
    t = await open();
    company = (
      await t.db.insertInto('companies').values({ name: 'Andes Labs', slug: 'andes-labs' }).returning('id').executeTakeFirstOrThrow()
    ).id;
    const rows = Array.from({ length: 60 }, (_, i) => offer(i + 1, { usd: 1500 + (i % 7) * 100 }));
    await t.db.insertInto('offers').values(rows).execute();
    svc = createJobSearchService(t, () => NOW, { now: () => clockMs });
  });
  afterAll(() => t.cleanup());

  it('keeps counts per selection until a write in this process bumps the generation', async () => {
    const before = await svc.search({ role: 'backend' }, { facets: true });
    expect(before.total).toBe(30);
    expect(before.facets?.role).toEqual({ backend: 30, frontend: 30 });
    // A row written behind the service's back is not seen while the version stays...
    await t.db.insertInto('offers').values(offer(101)).execute();
    expect((await svc.search({ role: 'backend' }, { facets: true })).total).toBe(30);
    // ...and is at once after a bump in this process (what publishing or closing an offer does).
    await bumpGeneration(t.db, PUBLIC_PAGES_GENERATION);
    const after = await svc.search({ role: 'backend' }, { facets: true });
    expect(after.total).toBe(31);
    expect(after.facets?.role).toEqual({ backend: 31, frontend: 30 });
    await t.db.updateTable('offers').set({ status: 'closed' }).where('slug', '=', 'o-101').execute();
    await bumpGeneration(t.db, PUBLIC_PAGES_GENERATION);
    expect((await svc.search({ role: 'backend' }, { facets: true })).total).toBe(30);
  });

  it('sees a bump by another process within the generation check interval', async () => {
    expect((await svc.search({ country: 'chile' })).total).toBe(20);
    await t.db.insertInto('offers').values(offer(102)).execute();
    // Another process's bump: the counter moves in the database, not in this process's memory.
    await sql`update generations set value = value + 1 where name = ${PUBLIC_PAGES_GENERATION}`.execute(t.db);
    expect((await svc.search({ country: 'chile' })).total).toBe(20);
    clockMs += 1500;
    expect((await svc.search({ country: 'chile' })).total).toBe(21);
  });

  it('walks every result once by cursor, in both orders, with an honest position', async () => {
    for (const sort of ['recent', 'salary'] as const) {
      const seen: number[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const r: JobSearchResult = await svc.search({ sort, perPage: 7, cursor: cursor ?? undefined });
        expect(r.from).toBe(seen.length + 1);
        seen.push(...r.items.map((o) => o.id));
        cursor = r.next;
        pages++;
      } while (cursor && pages < 50);
      const all = await t.db.selectFrom('offers').select('id').where('status', '=', 'published').execute();
      expect(new Set(seen).size, sort).toBe(seen.length);
      expect(
        [...seen].sort((a, b) => a - b),
        sort,
      ).toEqual(all.map((r) => r.id).sort((a, b) => a - b));
    }
  });

  it('gives the first page for a bad, foreign or stale cursor, never an error', async () => {
    const first = await svc.search({});
    for (const cursor of [
      'garbage!',
      'e30',
      encodeCursor({ key: ['x', 'y'], seen: 3 }),
      encodeCursor({ key: ['2000-01-01T00:00:00.000Z', 1], seen: 40 }),
    ]) {
      const r = await svc.search({ cursor });
      expect(
        r.items.map((o) => o.id),
        cursor,
      ).toEqual(first.items.map((o) => o.id));
      expect(r.from).toBe(1);
    }
    // A salary cursor read by the newest-first list is not its cursor.
    const salary = await svc.search({ sort: 'salary', perPage: 5 });
    expect((await svc.search({ cursor: salary.next ?? undefined })).from).toBe(1);
  });

  it('orders free text by relevance: title matches before description matches', async () => {
    await t.db
      .insertInto('offers')
      .values([
        offer(201, { title: 'Analista', description: 'Buscamos alguien con kotlin entre otras cosas del día a día.', minutes: 0 }),
        offer(202, { title: 'Desarrolladora Kotlin', description: 'Producto móvil.', minutes: 500 }),
        offer(203, { title: 'Kotlin Kotlin', description: 'Kotlin y más kotlin.', minutes: 900 }),
      ])
      .execute();
    await bumpGeneration(t.db, PUBLIC_PAGES_GENERATION);
    const r = await svc.search({ q: 'kotl' });
    expect(r.sort).toBe('relevance');
    expect(r.items.map((o) => o.slug)).toEqual(['o-203', 'o-202', 'o-201']);
    // Only the newest matches are ranked (the window): the oldest, best match falls outside a window of two.
    const window = await findOffers(t, { terms: ['kotl'], now: NOW }, { sort: 'relevance', limit: 10, window: 2 });
    expect(window.map((o) => o.slug)).toEqual(['o-202', 'o-201']);
    // Asked for, the newest-first order still applies to free text.
    expect((await svc.search({ q: 'kotl', sort: 'salary' })).sort).toBe('salary');
  });

  it('stops counting broad free text past the cap, and pages relevance within it', async () => {
    const extra = Array.from({ length: COUNT_CAP + 5 - 64 }, (_, i) => offer(1000 + i));
    for (let i = 0; i < extra.length; i += 200)
      await t.db
        .insertInto('offers')
        .values(extra.slice(i, i + 200))
        .execute();
    await bumpGeneration(t.db, PUBLIC_PAGES_GENERATION);
    const broad = await svc.search({ q: 'equipo' }, { facets: true });
    expect(broad.total).toBe(COUNT_CAP);
    expect(broad.capped).toBe(true);
    // Its facets count the newest COUNT_CAP matches (each offer has one role), not every match.
    const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
    expect(sum(broad.facets!.role)).toBe(COUNT_CAP);
    // Without free text the count is exact.
    const all = await svc.search({});
    expect(all.capped).toBe(false);
    expect(all.total).toBeGreaterThan(COUNT_CAP);
    // The relevance pages end at the cap.
    let r = await svc.search({ q: 'equipo', perPage: 100 });
    let shown = r.items.length;
    while (r.next) {
      r = await svc.search({ q: 'equipo', perPage: 100, cursor: r.next });
      shown += r.items.length;
    }
    expect(shown).toBe(COUNT_CAP);
    // A narrow text is counted exactly.
    const narrow = await svc.search({ q: 'kotlin' }, { facets: true });
    expect([narrow.total, narrow.capped, sum(narrow.facets!.role)]).toEqual([3, false, 3]);
  });

  it('reads the feed without counting', async () => {
    const items = await svc.latest({ q: 'kotlin' });
    expect(items.map((o) => o.slug)).toEqual(['o-203', 'o-202', 'o-201']);
  });
});
