import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { createJobSearchService, type JobSearchService } from './job-search-service';

const NOW = new Date('2026-11-22T12:00:00.000Z');
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 86_400_000).toISOString();

type O = {
  slug: string;
  title: string;
  area: string;
  role: string;
  seniority: 'junior' | 'mid' | 'senior';
  modality: string;
  country: string;
  usd: [number, number];
  days: number;
  skills?: string[];
  allowed?: string[];
  status?: 'published' | 'closed' | 'draft';
  validDays?: number;
  company?: number;
  description?: string;
};

describe.each(testDatabases)('job search on %s', (_name, open) => {
  let t: TestDb;
  let svc: JobSearchService;
  const companies: number[] = [];
  const ids: Record<string, number> = {};

  const add = async (o: O) => {
    const row = await t.db
      .insertInto('offers')
      .values({
        slug: o.slug,
        company_id: companies[o.company ?? 0]!,
        title: o.title,
        area: o.area,
        role: o.role,
        seniority: o.seniority,
        english: 'intermediate',
        modality: o.modality,
        country: o.country,
        city: null,
        description: o.description ?? 'Oferta de prueba.',
        salary_min: o.usd[0],
        salary_max: o.usd[1],
        currency: 'USD',
        period: 'month',
        salary_min_usd_month: o.usd[0],
        salary_max_usd_month: o.usd[1],
        status: o.status ?? 'published',
        published_at: daysAgo(o.days),
        valid_through: daysAgo(o.days - (o.validDays ?? 60)),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[o.slug] = row.id;
    if (o.skills?.length)
      await t.db
        .insertInto('offer_skills')
        .values(o.skills.map((skill, i) => ({ offer_id: row.id, skill, required: i === 0 ? 1 : 0 })))
        .execute();
    if (o.allowed?.length)
      await t.db
        .insertInto('offer_countries')
        .values(o.allowed.map((country) => ({ offer_id: row.id, country })))
        .execute();
  };
  const slugs = (r: { items: { slug: string }[] }) => r.items.map((i) => i.slug).sort();

  beforeAll(async () => {
    t = await open();
    // These tests write rows directly, without a generation bump: a version that always moves keeps no count.
    let version = 0;
    svc = createJobSearchService(t, () => NOW, { version: () => ++version });
    for (const [name, slug] of [
      ['Andes Labs', 'andes-labs'],
      ['Pacífico Data', 'pacifico-data'],
    ] as const) {
      companies.push((await t.db.insertInto('companies').values({ name, slug }).returning('id').executeTakeFirstOrThrow()).id);
    }
    await add({
      slug: 'ux',
      title: 'Diseñador/a UI/UX Senior',
      area: 'product',
      role: 'ui-ux-designer',
      seniority: 'senior',
      modality: 'office',
      country: 'peru',
      usd: [2000, 2800],
      days: 1,
      skills: ['figma'],
    });
    await add({
      slug: 'front',
      title: 'Desarrollador Frontend',
      area: 'tech',
      role: 'frontend',
      seniority: 'senior',
      modality: 'remote-local',
      country: 'peru',
      usd: [3000, 4000],
      days: 2,
      skills: ['react', 'typescript'],
      company: 1,
    });
    await add({
      slug: 'go',
      title: 'Backend Engineer',
      area: 'tech',
      role: 'backend',
      seniority: 'mid',
      modality: 'remote-global',
      country: 'chile',
      usd: [2500, 3500],
      days: 3,
      skills: ['go'],
      company: 1,
    });
    await add({
      slug: 'node',
      title: 'Fullstack Node',
      area: 'tech',
      role: 'fullstack',
      seniority: 'senior',
      modality: 'remote-global',
      country: 'mexico',
      usd: [4000, 5000],
      days: 4,
      skills: ['nodejs', 'react'],
      allowed: ['colombia', 'peru'],
      company: 1,
    });
    await add({
      slug: 'seo',
      title: 'Disenador Web SEO',
      area: 'marketing',
      role: 'digital-marketing',
      seniority: 'junior',
      modality: 'hybrid',
      country: 'colombia',
      usd: [900, 1200],
      days: 5,
      skills: ['seo'],
      company: 1,
    });
    // Not open: closed, draft, and published but past valid_through.
    await add({
      slug: 'closed',
      title: 'Frontend cerrado',
      area: 'tech',
      role: 'frontend',
      seniority: 'mid',
      modality: 'office',
      country: 'peru',
      usd: [1000, 2000],
      days: 1,
      status: 'closed',
    });
    await add({
      slug: 'draft',
      title: 'Frontend borrador',
      area: 'tech',
      role: 'frontend',
      seniority: 'mid',
      modality: 'office',
      country: 'peru',
      usd: [1000, 2000],
      days: 1,
      status: 'draft',
    });
    await add({
      slug: 'old',
      title: 'Frontend vencida',
      area: 'tech',
      role: 'frontend',
      seniority: 'mid',
      modality: 'office',
      country: 'peru',
      usd: [1000, 2000],
      days: 70,
    });
    for (let i = 0; i < 25; i++) {
      await add({
        slug: `support-${i}`,
        title: `Soporte ${i}`,
        area: 'customer-experience',
        role: 'customer-support',
        seniority: 'junior',
        modality: 'office',
        country: 'bolivia',
        usd: [500 + i * 10, 800 + i * 10],
        days: 10 + i,
      });
    }
  });
  afterAll(async () => t?.cleanup());

  it('lists open offers only, newest first, 20 per page with the total and page count', async () => {
    const first = await svc.search({});
    expect(first.total).toBe(30);
    expect(first.pages).toBe(2);
    expect(first.items).toHaveLength(20);
    expect(first.items.slice(0, 5).map((i) => i.slug)).toEqual(['ux', 'front', 'go', 'node', 'seo']);
    const second = await svc.search({ page: 2 });
    expect(second.items.map((i) => i.slug)).toEqual(Array.from({ length: 10 }, (_, i) => `support-${15 + i}`));
    expect((await svc.search({ page: 3 })).items).toEqual([]);
    expect(first.items.some((i) => ['closed', 'draft', 'old'].includes(i.slug))).toBe(false);
  });

  it('gives a card everything the list shows', async () => {
    const [node] = (await svc.search({ skill: 'nodejs' })).items;
    expect(node).toMatchObject({
      slug: 'node',
      title: 'Fullstack Node',
      modality: 'remote-global',
      country: 'mexico',
      allowedCountries: ['colombia', 'peru'],
      skills: [
        { skill: 'nodejs', required: true },
        { skill: 'react', required: false },
      ],
      salary: { min: 4000, max: 5000, currency: 'USD', period: 'month', gross: true, usdMonthMin: 4000, usdMonthMax: 5000 },
      company: { name: 'Pacífico Data', slug: 'pacifico-data' },
    });
    expect(node!.publishedAt?.toISOString()).toBe(daysAgo(4));
  });

  it('filters by facets', async () => {
    expect(slugs(await svc.search({ skill: 'react' }))).toEqual(['front', 'node']);
    expect(slugs(await svc.search({ modality: 'remote-global' }))).toEqual(['go', 'node']);
    expect(slugs(await svc.search({ area: 'tech', seniority: 'senior' }))).toEqual(['front', 'node']);
    expect(slugs(await svc.search({ role: 'frontend', skill: 'react', english: 'intermediate' }))).toEqual(['front']);
    expect((await svc.search({ english: 'advanced' })).total).toBe(0);
  });

  it('includes remote offers open to a country: worldwide ones and those that name it', async () => {
    expect(slugs(await svc.search({ country: 'peru' }))).toEqual(['front', 'go', 'node', 'ux']);
    expect(slugs(await svc.search({ country: 'chile' }))).toEqual(['go']);
    expect(slugs(await svc.search({ country: 'colombia' }))).toEqual(['go', 'node', 'seo']);
    expect(slugs(await svc.search({ country: 'mexico', skill: 'react' }))).toEqual(['node']);
  });

  it('finds free text with accents and case ignored, as word prefixes, in title, company and skills', async () => {
    for (const q of ['diseñador', 'DISENADOR', 'Diseñ']) expect(slugs(await svc.search({ q })), q).toEqual(['seo', 'ux']);
    expect(slugs(await svc.search({ q: 'ui/ux' }))).toEqual(['ux']);
    expect(slugs(await svc.search({ q: 'pacifico' }))).toEqual(['front', 'go', 'node', 'seo']);
    expect(slugs(await svc.search({ q: 'front react' }))).toEqual(['front']);
    expect(slugs(await svc.search({ q: 'typescript', country: 'peru' }))).toEqual(['front']);
    expect((await svc.search({ q: 'cerrado' })).total).toBe(0);
    expect((await svc.search({ q: 'zzzz' })).total).toBe(0);
    // Punctuation and quotes are not syntax: the query is words only, passed as a parameter.
    expect((await svc.search({ q: `"') or 1=1; drop table offers; --` })).total).toBe(0);
    expect((await svc.search({ q: '***' })).total).toBe(30);
  });

  it('forgives typos, reads synonyms in both languages and takes a place as the country (decision 078)', async () => {
    const typo = await svc.search({ q: 'desarollador' });
    expect(slugs(typo)).toEqual(['front']);
    expect(typo.understood).toBe('desarrollador');
    expect(slugs(await svc.search({ q: 'developer' }))).toEqual(['front']);
    expect(slugs(await svc.search({ q: 'designer' }))).toEqual(['seo', 'ux']);
    const ts = await svc.search({ q: 'ts' });
    expect(slugs(ts)).toEqual(['front']);
    expect(ts.understood).toBe('TypeScript');
    expect(slugs(await svc.search({ q: 'typscript reat' }))).toEqual(['front']);
    // The words as typed: no correction, nothing found.
    const exact = await svc.search({ q: 'desarollador', exact: true });
    expect(exact.total).toBe(0);
    expect(exact.understood).toBeNull();
    // A place is the country filter: the same offers as the facet, in either language and with or without accents.
    const facet = slugs(await svc.search({ country: 'peru' }));
    for (const q of ['peru', 'Perú', 'Lima']) expect(slugs(await svc.search({ q })), q).toEqual(facet);
    expect(slugs(await svc.search({ q: 'frontend en Lima' }))).toEqual(['front']);
    expect(slugs(await svc.search({ q: 'react mexico city' }))).toEqual(['node']);
    // Another country's city on a country search stays text.
    expect((await svc.search({ q: 'lima', country: 'chile' })).total).toBe(0);
    expect((await svc.search({ q: 'desarrollador' })).understood).toBeNull();
  });

  it('keeps a minimum monthly USD salary and sorts by salary', async () => {
    expect(slugs(await svc.search({ minSalaryUsd: 3500 }))).toEqual(['front', 'go', 'node']);
    const best = await svc.search({ sort: 'salary', perPage: 3 });
    expect(best.items.map((i) => i.slug)).toEqual(['node', 'front', 'go']);
  });

  it('counts every facet value under the rest of the selection', async () => {
    const r = await svc.search({ country: 'peru' }, { facets: true });
    expect(r.facets!.skill).toEqual({ figma: 1, go: 1, nodejs: 1, react: 2, typescript: 1 });
    expect(r.facets!.modality).toEqual({ office: 1, 'remote-local': 1, 'remote-global': 2 });
    expect(r.facets!.area).toEqual({ product: 1, tech: 3 });
    // The country facet ignores the country chosen, and counts remote offers where they are open.
    expect(r.facets!.country).toMatchObject({ peru: 4, chile: 1, colombia: 3, mexico: 2, bolivia: 26, espana: 1 });
    const react = await svc.search({ skill: 'react' }, { facets: true });
    expect(react.facets!.country).toMatchObject({ peru: 2, mexico: 1, colombia: 1, chile: 0 });
    expect(react.facets!.skill.react).toBe(2);
    expect(react.facets!.skill.figma).toBe(1);
    const none = await svc.search({ q: 'zzzz' }, { facets: true });
    expect(none.facets!.role).toEqual({});
  });

  it('shows a company page with its open offers only', async () => {
    const page = await svc.company('pacifico-data');
    expect(page!.company).toMatchObject({ name: 'Pacífico Data', slug: 'pacifico-data', isDemo: false, logo: null });
    const open = await svc.search({ companyId: companies[1]! });
    expect(page!.offers.total).toBe(open.total);
    expect(page!.offers.items.every((o) => o.company.slug === 'pacifico-data')).toBe(true);
    expect(page!.offers.items.map((o) => o.slug)).not.toContain('ux');
    expect(await svc.company('no-existe')).toBeNull();
  });

  it('keeps the full-text index in step with offers, skills and companies', async () => {
    await t.db.updateTable('offers').set({ title: 'Ingeniera de Plataforma' }).where('id', '=', ids.go!).execute();
    expect(slugs(await svc.search({ q: 'plataforma' }))).toEqual(['go']);
    expect((await svc.search({ q: 'backend engineer' })).total).toBe(0);
    await t.db.insertInto('offer_skills').values({ offer_id: ids.go!, skill: 'kubernetes', required: 0 }).execute();
    expect(slugs(await svc.search({ q: 'kubern' }))).toEqual(['go']);
    await t.db.deleteFrom('offer_skills').where('offer_id', '=', ids.go!).where('skill', '=', 'kubernetes').execute();
    expect((await svc.search({ q: 'kubernetes' })).total).toBe(0);
    await t.db.updateTable('companies').set({ name: 'Cóndor Cloud' }).where('id', '=', companies[0]!).execute();
    expect(slugs(await svc.search({ q: 'condor diseñador' }))).toEqual(['ux']);
    expect((await svc.search({ q: 'condor' })).total).toBe(26);
    await t.db.deleteFrom('offers').where('id', '=', ids.ux!).execute();
    expect((await svc.search({ q: 'condor diseñador' })).total).toBe(0);
    const table = t.dialect === 'postgres' ? 'offer_search' : 'offers_fts';
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(t.db);
    const offers = await t.db
      .selectFrom('offers')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(rows[0]!.n)).toBe(Number(offers.n));
  });
});
