import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { loadContentInto } from '../learning/content-load';
import { APPLICANTS_PER_OFFER, BUSY_OFFER_APPLICANTS, growDemoData, partsToGrow, type GrowSummary } from './grow';
import { DEMO_SIZES, seedDemoData } from './seed';

const FACTOR = 3;
const quiet = () => {};

/** The number a query's first row names `n`. */
const one = async (t: TestDb, query: string) => Number(((await sql.raw(query).execute(t.db)).rows[0] as { n: unknown }).n);
const count = (t: TestDb, table: string) => one(t, `select count(*) as n from ${table}`);

const TABLES = [
  'companies',
  'offers',
  'offer_skills',
  'users',
  'candidate_profiles',
  'candidate_skills',
  'certifications',
  'applications',
  'salary_reports',
  'salary_report_skills',
] as const;
const counts = async (t: TestDb) => Object.fromEntries(await Promise.all(TABLES.map(async (x) => [x, await count(t, x)] as const)));

/** A digest of the grown world by its keys (never ids or clock times, which differ between databases and runs). */
async function checksum(t: TestDb): Promise<string> {
  const hash = createHash('sha256');
  for (const query of [
    'select o.slug as a, c.slug as b, o.status as c, o.salary_min_usd_month as d from offers o join companies c on c.id = o.company_id order by o.slug',
    'select o.slug as a, s.skill as b, s.required as c from offer_skills s join offers o on o.id = s.offer_id order by o.slug, s.skill',
    'select email as a, profile_slug as b, is_demo as c from users order by email',
    'select u.email as a, p.role as b, p.is_public as c from candidate_profiles p join users u on u.id = p.user_id order by u.email',
    'select c.slug as a, u.email as b, c.verification_id as c from certifications c join users u on u.id = c.user_id order by c.slug',
    'select o.slug as a, u.email as b, a.status as c from applications a join offers o on o.id = a.offer_id join users u on u.id = a.candidate_id order by o.slug, u.email',
    'select external_id as a, usd_month as b, role as c from salary_reports order by external_id',
  ]) {
    for (const r of (await sql.raw(query).execute(t.db)).rows as Record<string, unknown>[]) hash.update(`${r.a}|${r.b}|${r.c}|${r.d}\n`);
  }
  return hash.digest('hex');
}

describe('partsToGrow', () => {
  it('adds what a part points to, in a fixed order', () => {
    expect(partsToGrow(['applications'])).toEqual(['offers', 'candidates', 'applications']);
    expect(partsToGrow(['salaries', 'certificates'])).toEqual(['candidates', 'certificates', 'salaries']);
    expect(partsToGrow()).toEqual(['offers', 'candidates', 'certificates', 'applications', 'salaries']);
  });
});

describe.each(testDatabases)('db:grow on %s', (_name, open) => {
  let a: TestDb;
  let b: TestDb;
  let seeded: Record<string, number>;
  let first: GrowSummary;
  beforeAll(async () => {
    [a, b] = await Promise.all([open(), open()]);
    for (const t of [a, b]) {
      await loadContentInto(t, 'src/areas/learning/content', quiet); // the certificates name its interviews
      await seedDemoData(t, quiet);
    }
    seeded = await counts(a);
    first = await growDemoData(a, { factor: FACTOR, refresh: false, log: quiet });
  }, 180_000);
  afterAll(async () => Promise.all([a?.cleanup(), b?.cleanup()]));

  it('multiplies every demo table by the factor, and adds the applications the seed does not make', async () => {
    expect(seeded.offers).toBe(DEMO_SIZES.offers);
    expect(seeded.applications).toBe(0);
    const grown = await counts(a);
    for (const table of TABLES)
      if (table !== 'applications' && table !== 'users') expect(grown[table], table).toBe(seeded[table]! * FACTOR);
    // Candidates are copied, the demo company's account is not.
    expect(grown.users).toBe(seeded.users! + (FACTOR - 1) * (DEMO_SIZES.candidates + 1));
    expect(grown.applications).toBe((FACTOR - 1) * (DEMO_SIZES.offers * APPLICANTS_PER_OFFER + BUSY_OFFER_APPLICANTS));
    expect(first.copiesAdded).toEqual({ offers: 2, candidates: 2, certificates: 2, applications: 2, salaries: 2 });
    // Without the refresh the figures come from the seed's reports, built when missing.
    expect(await count(a, 'salary_aggregates')).toBeGreaterThan(0);
  });

  it('keeps every foreign key, and copies point to copies of their own number', async () => {
    const orphans = [
      'select count(*) as n from offers o left join companies c on c.id = o.company_id where c.id is null',
      'select count(*) as n from offer_skills s left join offers o on o.id = s.offer_id where o.id is null',
      'select count(*) as n from candidate_profiles p left join users u on u.id = p.user_id where u.id is null',
      'select count(*) as n from certifications c left join users u on u.id = c.user_id where u.id is null',
      'select count(*) as n from applications a left join offers o on o.id = a.offer_id left join users u on u.id = a.candidate_id where o.id is null or u.id is null',
      'select count(*) as n from salary_report_skills s left join salary_reports r on r.id = s.report_id where r.id is null',
    ];
    for (const q of orphans) expect(await one(a, q), q).toBe(0);
    // A copied offer's company and a copied certificate's holder carry the same copy suffix.
    expect(
      await one(
        a,
        `select count(*) as n from offers o join companies c on c.id = o.company_id
         where o.slug like '%-x2' and c.slug not like '%-x2'`,
      ),
    ).toBe(0);
    expect(
      await one(
        a,
        `select count(*) as n from certifications c join users u on u.id = c.user_id where c.slug like '%-x1' and u.email not like '%+x1@%'`,
      ),
    ).toBe(0);
    // Applicants of a copied offer are candidates of the same copy; the demo company's busy offer gets some of each.
    expect(
      await one(
        a,
        `select count(*) as n from applications a join offers o on o.id = a.offer_id join users u on u.id = a.candidate_id
         where o.slug like '%-x1' and u.email not like '%+x1@%'`,
      ),
    ).toBe(0);
    const busiest = await one(a, 'select max(n) as n from (select count(*) as n from applications group by offer_id) t');
    expect(busiest).toBe((FACTOR - 1) * BUSY_OFFER_APPLICANTS);
  });

  it('keeps slugs, emails and external ids unique', async () => {
    for (const [table, key] of [
      ['companies', 'slug'],
      ['offers', 'slug'],
      ['users', 'lower(email)'],
      ['users', 'profile_slug'],
      ['certifications', 'slug'],
      ['certifications', 'verification_id'],
      ['salary_reports', "source || ':' || external_id"],
    ] as const) {
      expect(await one(a, `select count(distinct ${key}) as n from ${table}`), `${table}.${key}`).toBe(await count(a, table));
    }
  });

  it('flags every grown row as demo data, and copies cannot sign in', async () => {
    for (const table of ['companies', 'offers', 'users', 'certifications', 'salary_reports'])
      expect(await one(a, `select count(*) as n from ${table} where is_demo <> 1`), table).toBe(0);
    expect(await one(a, `select count(*) as n from users where email like '%+x%' and password_hash is not null`)).toBe(0);
  });

  it("keeps the candidate browser's stored certificate expiry true of the grown certificates", async () => {
    const certified = await one(a, `select count(*) as n from candidate_profiles where certified_until is not null`);
    const holders = await one(
      a,
      `select count(*) as n from candidate_profiles p
        where exists (select 1 from certifications c where c.user_id = p.user_id and c.revoked_at is null)`,
    );
    expect(certified).toBeGreaterThan(0);
    expect(certified).toBe(holders);
  });

  it('is reproducible: a second run adds nothing, and growing in two steps makes the same rows', async () => {
    const before = await counts(a);
    const again = await growDemoData(a, { factor: FACTOR, refresh: false, log: quiet });
    expect(Object.values(again.copiesAdded).every((n) => n === 0)).toBe(true);
    expect(again.rowsAdded).toEqual({});
    expect(await counts(a)).toEqual(before);
    await growDemoData(b, { factor: 2, refresh: false, log: quiet });
    await growDemoData(b, { factor: FACTOR, refresh: false, log: quiet });
    expect(await counts(b)).toEqual(before);
    expect(await checksum(b)).toBe(await checksum(a));
  }, 120_000);

  it('grows only the parts asked for (and what they need)', async () => {
    const c = await open();
    try {
      await loadContentInto(c, 'src/areas/learning/content', quiet);
      await seedDemoData(c, quiet);
      const r = await growDemoData(c, { factor: 2, only: ['certificates'], log: quiet });
      expect(r.copiesAdded).toEqual({ offers: 0, candidates: 1, certificates: 1, applications: 0, salaries: 0 });
      expect(await count(c, 'certifications')).toBe(2 * DEMO_SIZES.certifications);
      expect(await count(c, 'offers')).toBe(DEMO_SIZES.offers);
      expect(await count(c, 'salary_reports')).toBe(DEMO_SIZES.salaryReports);
    } finally {
      await c.cleanup();
    }
  }, 120_000);
});
