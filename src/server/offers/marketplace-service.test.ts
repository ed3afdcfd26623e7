import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { addCompany, addOffer, addUser } from '../../testing/marketplace';
import { rebuildAggregates } from '../salaries/data/aggregate-build';
import { ensureFxRates } from '../salaries/data/default-fx';
import { setFxRate } from '../salaries/data/salary-data';
import { currencyOf } from '../salaries/mapping';
import { createMarketplaceService, type MarketplaceService } from './marketplace-service';
import { createSalaryService } from '../salaries/salary-service';
import type { CountryId } from '../../domain/catalog';

const NOW = new Date('2026-11-22T12:00:00.000Z');
const DAY = 86_400_000;

describe.each(testDatabases)('marketplace figures on %s', (_name, open) => {
  let t: TestDb;
  let svc: MarketplaceService;
  let seq = 0;

  const publicCandidate = async (o: { demo?: boolean; suspended?: boolean; isPublic?: boolean } = {}) => {
    const id = await addUser(t.db, 'match', 'Cand');
    await t.db
      .updateTable('users')
      .set({ is_demo: o.demo ? 1 : 0, user_status: o.suspended ? 'suspended' : 'active' })
      .where('id', '=', id)
      .execute();
    await t.db
      .updateTable('candidate_profiles')
      .set({ is_public: o.isPublic === false ? 0 : 1 })
      .where('user_id', '=', id)
      .execute();
    return id;
  };
  const certify = async (userId: number, o: { revoked?: boolean; expired?: boolean } = {}) =>
    t.db
      .insertInto('certifications')
      .values({
        slug: `cert-${++seq}-${userId}`,
        user_id: userId,
        role: 'backend',
        level: 'mid',
        score: 80,
        is_demo: 0,
        issued_at: new Date(NOW.getTime() - 30 * DAY),
        expires_at: new Date(NOW.getTime() + (o.expired ? -1 : 700) * DAY),
        revoked_at: o.revoked ? new Date(NOW.getTime() - DAY) : null,
      })
      .execute();
  const reports = async (n: number, demo: boolean, country = 'peru', role = 'backend') => {
    for (let i = 0; i < n; i++)
      await t.db
        .insertInto('salary_reports')
        .values({
          source: demo ? 'tandem-demo' : 'test',
          source_licence: 'CC0 1.0',
          external_id: `r${++seq}`,
          country,
          role,
          seniority: 'mid',
          years: null,
          english: null,
          modality: null,
          currency: 'USD',
          amount: 2000 + i,
          period: 'month',
          gross: 1,
          local_month: (2000 + i) * 3.75,
          usd_month: 2000 + i,
          is_demo: demo ? 1 : 0,
          collected_at: '2026-01-01T00:00:00.000Z',
        })
        .execute();
    await rebuildAggregates(t.db, (c) => currencyOf(c as CountryId));
  };

  beforeAll(async () => {
    t = await open();
    const salaries = createSalaryService(t, { checkEveryMs: 0 });
    // These tests write rows directly, without a generation bump: a version that always moves keeps no count.
    let version = 0;
    svc = createMarketplaceService(t, { salaries: async () => salaries, now: () => NOW, version: () => ++version });
  });
  afterAll(async () => t?.cleanup());

  it('counts nothing in an empty marketplace', async () => {
    const f = await svc.figures();
    for (const v of Object.values(f)) expect(v).toEqual({ value: 0, demo: null });
    expect(await svc.companiesHiring()).toEqual([]);
  });

  it('counts open offers and the companies behind them, most open offers first, saying when demo rows are in', async () => {
    const a = await addCompany(t.db, 'Andes');
    const b = await addCompany(t.db, 'Brisa');
    const quiet = await addCompany(t.db, 'Quieta');
    const published = new Date(NOW.getTime() - DAY);
    await addOffer(t.db, a.companyId, { published_at: published, valid_through: new Date(NOW.getTime() + 30 * DAY) });
    await addOffer(t.db, b.companyId, { published_at: published, valid_through: null });
    await addOffer(t.db, b.companyId, { published_at: new Date(NOW.getTime() - 2 * DAY), valid_through: new Date(NOW.getTime() + DAY) });
    // Not open: past valid_through, a draft, paused, closed.
    await addOffer(t.db, quiet.companyId, { valid_through: new Date(NOW.getTime() - 1000) });
    await addOffer(t.db, quiet.companyId, { status: 'draft', published_at: null });
    await addOffer(t.db, quiet.companyId, { status: 'paused' });
    await addOffer(t.db, a.companyId, { status: 'closed' });

    let f = await svc.figures();
    expect(f.openOffers).toEqual({ value: 3, demo: null });
    expect(f.hiringCompanies).toEqual({ value: 2, demo: null });
    const hiring = await svc.companiesHiring();
    expect(hiring.map((c) => [c.name, c.openOffers, c.isDemo])).toEqual([
      ['Brisa', 2, false],
      ['Andes', 1, false],
    ]);
    expect(hiring[0]!.slug).toMatch(/^brisa-/);
    expect(hiring[0]!.logo).toBeNull();
    expect(await svc.companiesHiring(1)).toHaveLength(1);

    await t.db.updateTable('companies').set({ is_demo: 1 }).where('id', '=', a.companyId).execute();
    await t.db.updateTable('offers').set({ is_demo: 1 }).where('company_id', '=', a.companyId).execute();
    f = await svc.figures();
    expect(f.openOffers).toEqual({ value: 3, demo: 'some' });
    expect(f.hiringCompanies).toEqual({ value: 2, demo: 'some' });
    expect((await svc.companiesHiring()).find((c) => c.name === 'Andes')?.isDemo).toBe(true);
  });

  it('counts public profiles of active accounts, and those holding a valid certificate', async () => {
    const [ana, ben] = [await publicCandidate(), await publicCandidate()];
    const demo = await publicCandidate({ demo: true });
    await publicCandidate({ isPublic: false });
    const suspended = await publicCandidate({ suspended: true });
    const [revoked, expired] = [await publicCandidate(), await publicCandidate()];
    await certify(ana);
    await certify(ana); // two certificates, one profile
    await certify(demo);
    await certify(suspended);
    await certify(revoked, { revoked: true });
    await certify(expired, { expired: true });
    const f = await svc.figures();
    expect(f.publicProfiles).toEqual({ value: 5, demo: 'some' });
    expect(f.certifiedProfiles).toEqual({ value: 2, demo: 'some' });
    await certify(ben);
    expect((await svc.figures()).certifiedProfiles).toEqual({ value: 3, demo: 'some' });
  });

  it('counts the demo salary reports, labelled, until real ones can stand alone; then the real ones only', async () => {
    await reports(12, true);
    expect((await svc.figures()).salaryReports).toEqual({ value: 12, demo: 'all' });
    // Nine real reports cannot make a figure (decisions 024 and 051): the figures stay on demo data.
    await reports(9, false, 'chile');
    expect((await svc.figures()).salaryReports).toEqual({ value: 12, demo: 'all' });
    await reports(10, false, 'colombia', 'frontend');
    expect((await svc.figures()).salaryReports).toEqual({ value: 19, demo: null });
  });

  it('reads the FX table, each rate with its date', async () => {
    await ensureFxRates(t.db);
    await setFxRate(t, 'PEN', 3.71, '2026-11-20');
    const fx = await svc.fx();
    expect(fx.PEN).toEqual({ rate: 3.71, asOf: '2026-11-20' });
    expect(fx.COP).toEqual({ rate: 4100, asOf: '2026-11-01' });
    expect(fx.USD?.rate).toBe(1);
  });
});
