import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { addCompany, addOffer } from '../../testing/marketplace';
import { takeLease } from '../db/job-lease';
import { createSitemapPages } from '../offers/sitemap-pages';
import { createSitemapStore, type SitemapStore } from './sitemap-store';

const SITE = 'https://tandem.example';
const MIN = 60_000;
const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

describe.each(testDatabases)('the stored sitemap on %s', (_name, open) => {
  let t: TestDb;
  let store: SitemapStore;
  let version = 0;
  let clock = Date.parse('2026-11-25T12:00:00Z');
  const offerQueries: [number, number][] = [];
  const open_: string[] = [];
  const hidden: string[] = [];
  let listedCompanies: string[] = [];

  /** Every file of the current build, unzipped, by name (the index first). */
  async function current() {
    const index = await store.read('sitemap.xml');
    if (!index || index === 'none') throw new Error('nothing built');
    const files = new Map([['sitemap.xml', gunzipSync(index.gzip).toString()]]);
    for (const loc of locs(files.get('sitemap.xml')!)) {
      const name = loc.slice(`${SITE}/sitemaps/`.length);
      const file = await store.read(name);
      if (!file || file === 'none') throw new Error(`${name} listed but missing`);
      files.set(name, gunzipSync(file.gzip).toString());
    }
    return files;
  }
  const offerLocs = (files: Map<string, string>) =>
    [...files].filter(([n]) => n.startsWith('offers')).flatMap(([, xml]) => locs(xml).filter((l) => !l.includes('/en/')));

  beforeAll(async () => {
    t = await open();
    const acme = await addCompany(t.db, 'Acme');
    const otra = await addCompany(t.db, 'Otra');
    const quiet = await addCompany(t.db, 'Quiet'); // no open offer: not listed
    const demo = await addCompany(t.db, 'Demo');
    await t.db.updateTable('companies').set({ is_demo: 1 }).where('id', '=', demo.companyId).execute();
    const slugOf = async (id: number) =>
      (await t.db.selectFrom('companies').select('slug').where('id', '=', id).executeTakeFirstOrThrow()).slug;
    listedCompanies = [await slugOf(acme.companyId), await slugOf(otra.companyId)];
    const day = 86_400_000;
    // Open offers interleaved with every kind that is not listed, so the keyset skips rows inside a file.
    for (let i = 0; i < 23; i++) {
      open_.push((await addOffer(t.db, i % 2 ? acme.companyId : otra.companyId, { slug: `open-${i}` })).slug);
      if (i % 4 === 0) hidden.push((await addOffer(t.db, acme.companyId, { slug: `closed-${i}`, status: 'closed' })).slug);
      if (i % 5 === 0)
        hidden.push((await addOffer(t.db, otra.companyId, { slug: `expired-${i}`, valid_through: new Date(Date.now() - day) })).slug);
      if (i % 7 === 0)
        hidden.push((await addOffer(t.db, quiet.companyId, { slug: `draft-${i}`, status: 'draft', published_at: null })).slug);
      if (i % 6 === 0) hidden.push((await addOffer(t.db, demo.companyId, { slug: `demo-${i}`, is_demo: 1 })).slug);
    }
    const pages = createSitemapPages(t);
    store = createSitemapStore({
      db: async () => t.db,
      siteUrl: SITE,
      buildId: 'b1',
      buildTime: new Date('2026-11-20T00:00:00Z'),
      contentVersion: () => version,
      now: () => clock,
      minAgeMs: 5 * MIN,
      maxAgeMs: 60 * MIN,
      // 10 URLs a file: 5 offers (one URL per locale), so 23 open offers take 5 files.
      limits: { urls: 10, bytes: 50 * 1024 * 1024 },
      sources: {
        pages: async () => ({ toolsCountryRole: [{ params: { country: 'peru', rol: 'backend' }, lastmod: '2026-11-02' }] }),
        offers: async (after, limit) => (offerQueries.push([after, limit]), pages.offers(after, limit)),
        companies: (after, limit) => pages.companies(after, limit),
      },
    });
  });
  afterAll(async () => t?.cleanup());

  it('has nothing to read before its first build', async () => {
    expect(await store.read('sitemap.xml')).toBe('none');
    expect(await store.read('offers.xml')).toBe('none');
  });

  it('lists every open real offer exactly once across files of the size limit, one keyset query per file', async () => {
    expect(await store.refresh()).toBe('built');
    const files = await current();
    const offers = [...files.keys()].filter((n) => n.startsWith('offers'));
    expect(offers).toEqual(['offers.xml', 'offers-2.xml', 'offers-3.xml', 'offers-4.xml', 'offers-5.xml']);
    for (const n of offers) expect(locs(files.get(n)!).length).toBeLessThanOrEqual(10);
    const listed = offerLocs(files);
    expect(listed).toHaveLength(open_.length);
    expect(new Set(listed)).toEqual(new Set(open_.map((s) => `${SITE}/oferta/${s}`)));
    const all = [...files.values()].join('');
    for (const slug of hidden) expect(all).not.toContain(`/oferta/${slug}<`);
    // Each query starts after the last offer of the file before (never an offset), 5 offers at a time.
    expect(offerQueries).toHaveLength(5);
    expect(offerQueries.every(([, limit]) => limit === 5)).toBe(true);
    expect(new Set(offerQueries.map(([after]) => after)).size).toBe(5);
    // Companies with an open offer, real ones only; the salary page with a figure; hreflang alternates.
    const companies = locs(files.get('companies.xml')!);
    expect(companies.filter((l) => !l.includes('/en/'))).toEqual(listedCompanies.map((s) => `${SITE}/empresa/${s}`));
    const salaries = [...files].filter(([n]) => n.startsWith('salaries')).map(([, xml]) => xml);
    expect(salaries.join('')).toContain(`<loc>${SITE}/herramientas/peru/backend</loc>\n    <lastmod>2026-11-02</lastmod>`);
    expect(files.get('offers.xml')).toMatch(
      /<xhtml:link rel="alternate" hreflang="en" href="https:\/\/tandem\.example\/en\/oferta\/open-0"\/>/,
    );
    expect(await store.read('nope.xml')).toBeNull();
  });

  it('rebuilds a stale sitemap only once its build is old enough, and drops the build before', async () => {
    expect(await store.refresh()).toBe('fresh');
    const extra = await addOffer(t.db, (await addCompany(t.db, 'Nueva')).companyId, { slug: 'brand-new' });
    version++; // what every public write does (the page cache's generation)
    clock += MIN;
    expect(await store.refresh()).toBe('fresh'); // stale, but built a minute ago
    expect(offerLocs(await current())).not.toContain(`${SITE}/oferta/${extra.slug}`);
    clock += 5 * MIN;
    expect(await store.refresh()).toBe('built');
    const listed = offerLocs(await current());
    expect(listed.filter((l) => l === `${SITE}/oferta/brand-new`)).toHaveLength(1);
    expect(listed).toHaveLength(open_.length + 1);
    const builds = await t.db.selectFrom('sitemap_files').select('build').distinct().execute();
    expect(builds).toHaveLength(1);
    // Nothing moved: fresh until the maximum age, then built again anyway (offers pass their date unannounced).
    clock += 30 * MIN;
    expect(await store.refresh()).toBe('fresh');
    clock += 31 * MIN;
    expect(await store.refresh()).toBe('built');
  });

  it('builds in one process at a time', async () => {
    clock += 61 * MIN;
    expect(await takeLease(t.db, 'sitemap', 60_000)).toBe(true);
    await t.db.updateTable('job_leases').set({ holder: 'other-process' }).where('name', '=', 'sitemap').execute();
    expect(await store.refresh()).toBe('busy');
    expect(await store.build()).toBe('busy');
    // The last build is still served meanwhile.
    expect(offerLocs(await current())).toHaveLength(open_.length + 1);
  });
});
