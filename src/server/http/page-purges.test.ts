import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOfferInput, type OfferInput } from '../../domain/offer-input';
import { profileTag } from '../../domain/page-purge';
import { testDatabases, type TestDb } from '../../testing/databases';
import { OFFER } from '../../testing/fixtures/offer';
import { addCompany } from '../../testing/marketplace';
import { createPurgeFeed, sweepPagePurges, writeWithPurge } from '../db/page-purges';
import { createHiringService, type HiringService } from '../offers/hiring-service';
import { createSalaryService } from '../salaries/salary-service';
import { setFxRate } from '../salaries/data/salary-data';
import { PageCache, type CachedResponse } from './page-cache';
import { pageLabels } from './page-labels';

// Two server processes (each its page cache and its purge feed) against one database: a change made by
// one forgets, in the other, the pages it touched and no others (decision 058).

const offer = (over: Record<string, string | string[]> = {}): OfferInput => {
  const r = parseOfferInput({ ...OFFER, skills_required: ['go'], skills_nice: ['docker'], ...over });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};
const entry = (): CachedResponse => ({
  status: 200,
  headers: [],
  body: new Uint8Array([1]),
  variants: {},
  expires: Number.MAX_SAFE_INTEGER,
});

describe.each(testDatabases)('page purges across processes on %s', (_name, open) => {
  let t: TestDb;
  let svc: HiringService;
  let clock = 1_000_000;
  let acme: { companyId: number; userId: number };
  let acmeSlug: string;
  const A = () => ({ id: acme.userId, type: 'hire' as const });

  /** `other`: stands in another process, which does not see this one's writes before its next check. */
  const processOf = (other = false) => {
    const cache = new PageCache(30_000, 1000, 1 << 20, () => 0, pageLabels);
    const feed = createPurgeFeed(t.db, { checkEveryMs: 1000, now: () => clock, ...(other ? { local: () => 0 } : {}) });
    return { cache, sync: async () => cache.follow(await feed.read(cache.purgeSeq)) };
  };
  const fill = (p: ReturnType<typeof processOf>, keys: string[]) => keys.forEach((k) => p.cache.set(k, entry()));
  const cached = (p: ReturnType<typeof processOf>, keys: string[]) => keys.filter((k) => p.cache.peek(k));

  beforeAll(async () => {
    t = await open();
    await setFxRate(t, 'PEN', 3.75, '2026-11-01');
    svc = createHiringService(t, { salaries: async () => createSalaryService(t), now: () => new Date() });
    acme = await addCompany(t.db, 'Acme');
    acmeSlug = (await t.db.selectFrom('companies').select('slug').where('id', '=', acme.companyId).executeTakeFirstOrThrow()).slug;
  });
  afterAll(async () => t?.cleanup());

  it('a publish in one process purges the other’s matching pages only, after its next check', async () => {
    const [a, b] = [processOf(), processOf(true)];
    await a.sync();
    await b.sync();
    const touched = [
      '/',
      '/trabajos',
      '/trabajos/backend',
      '/peru/trabajos/backend',
      '/chile/trabajos/go', // remote-global, open to Chile
      '/trabajos/frontend', // one facet away: its role counts include the offer
      '/trabajos?q=cualquier',
      `/empresa/${acmeSlug}`,
      '/hire', // no labels: every change
      '/herramientas/peru/backend', // the role's newest offers
    ];
    const untouched = [
      '/trabajos/frontend/junior',
      '/RSC/R/trabajos/frontend/junior.txt',
      '/mexico/trabajos/backend/junior',
      '/empresa/otra-1',
      '/oferta/otra-oferta',
      '/herramientas/peru',
      '/herramientas/peru/frontend',
      '/politica-de-privacidad',
    ];
    fill(a, [...touched, ...untouched]);
    fill(b, [...touched, ...untouched]);

    const published = await svc.save(A(), offer(), { publish: true });
    expect(published.status).toBe('published');
    // The process that wrote it reads the purge at once; the other within its check interval.
    await a.sync();
    await b.sync();
    expect(cached(a, touched)).toEqual([]);
    expect(cached(a, untouched)).toEqual(untouched);
    expect(cached(b, touched)).toEqual(touched);
    clock += 1_001;
    await b.sync();
    expect(cached(b, touched)).toEqual([]);
    expect(cached(b, untouched)).toEqual(untouched);
  });

  it('an edit purges the lists of the offer as it was and as it is; a close purges its page', async () => {
    const [a, b] = [processOf(), processOf(true)];
    await a.sync();
    await b.sync();
    const { id, slug } = await svc.save(A(), offer({ title: 'Go en Lima' }), { publish: true });
    clock += 1_001;
    await b.sync();
    const before = '/trabajos/backend/senior'; // only the old facets
    const after = '/trabajos/data-analyst/junior'; // only the new ones
    const neither = '/trabajos/frontend/mid';
    fill(b, [before, after, neither, `/oferta/${slug}`]);
    await svc.save(A(), offer({ title: 'Go en Lima', role: 'data-analyst', seniority: 'junior' }), { id, publish: true });
    clock += 1_001;
    await b.sync();
    expect(cached(b, [before, after, neither, `/oferta/${slug}`])).toEqual([neither]);

    fill(b, [`/oferta/${slug}`, neither]);
    await svc.act(A(), id, 'close');
    clock += 1_001;
    await b.sync();
    expect(cached(b, [`/oferta/${slug}`, neither])).toEqual([neither]);
  });

  it('a profile change purges its page and unlabelled pages, not offers or searches', async () => {
    const b = processOf(true);
    await b.sync();
    fill(b, ['/ly/ana', '/ly/beto', '/hire', '/trabajos', '/oferta/x']);
    await writeWithPurge(t.db, async () => undefined, { tags: [profileTag('ana')] });
    clock += 1_001;
    await b.sync();
    expect(cached(b, ['/ly/ana', '/ly/beto', '/hire', '/trabajos', '/oferta/x'])).toEqual(['/ly/beto', '/trabajos', '/oferta/x']);
  });

  it('a reader left behind the kept purges forgets everything; old rows are swept', async () => {
    const cache = new PageCache(30_000, 1000, 1 << 20, () => 0, pageLabels);
    const feed = createPurgeFeed(t.db, { checkEveryMs: 0, now: () => clock, keep: 2 });
    cache.follow(await feed.read(null));
    const start = cache.purgeSeq;
    for (let i = 0; i < 3; i++) {
      await writeWithPurge(t.db, async () => undefined, { tags: [profileTag(`p${i}`)] });
      const read = await feed.read(cache.purgeSeq);
      expect(read.purges).toHaveLength(1);
      cache.follow(read);
    }
    // A second reader still at the first position: the feed kept only the last 2 of the 3.
    const late = new PageCache(30_000, 1000, 1 << 20, () => 0, pageLabels);
    late.follow({ seq: start, purges: [] });
    late.set('/politica-de-privacidad', entry());
    late.follow(await feed.read(late.purgeSeq));
    expect(late.size).toBe(0);

    await sweepPagePurges(t.db, new Date(Date.now() + 60_000));
    expect(await t.db.selectFrom('page_purges').select('seq').execute()).toEqual([]);
  });
});
