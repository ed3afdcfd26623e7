import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { createSalaryService, type SalaryService } from './salary-service';
import { rebuildAggregates } from './data/aggregate-build';
import { refreshGroups } from './data/aggregate-groups';
import type { Dimension, GroupFilter } from './data/aggregates';
import { createContributions, debouncedRefresh, type Contributions } from './contributions';
import { outlierFences } from './outlier-fences';
import { setFxRate } from './data/salary-data';

describe('outlier fences', () => {
  it('are symmetric in ratios around the quartiles, three spreads out', () => {
    const { low, high } = outlierFences(2000, 4000);
    expect(low).toBeCloseTo(2000 / 8, 6); // log spread = ln 2, three of them below the 25th percentile
    expect(high).toBeCloseTo(4000 * 8, 6);
  });
  it('never treat a group as tighter than 25 %', () => {
    const { low, high } = outlierFences(3000, 3000);
    expect(low).toBeCloseTo(3000 / 1.25 ** 3, 6);
    expect(high).toBeCloseTo(3000 * 1.25 ** 3, 6);
  });
});

describe('debounced refresh', () => {
  it('runs once for a burst of reports and once more for a report that arrives while it runs', async () => {
    let runs = 0;
    let release: () => void = () => {};
    const r = debouncedRefresh(() => new Promise<void>((ok) => ((runs += 1), (release = ok))), 60_000);
    r.schedule();
    r.schedule();
    const first = r.flush();
    expect(runs).toBe(1);
    r.schedule();
    const second = r.flush(); // arrives while the first runs: queued behind it
    release(); // the first run ends; the queued one starts
    await new Promise((ok) => setTimeout(ok, 0));
    expect(runs).toBe(2);
    release();
    await Promise.all([first, second]);
    expect(runs).toBe(2);
  });
});

const currency = (c: string) => (c === 'peru' ? 'PEN' : 'USD');
const input = {
  country: 'peru' as const,
  role: 'backend',
  seniority: 'mid' as const,
  english: 'advanced',
  modality: 'remote-global',
  skills: ['docker', 'go'],
};

describe.each(testDatabases)('salary contributions on %s', (_name, open) => {
  let t: TestDb;
  let svc: SalaryService;
  let contributions: Contributions;
  let refreshes = 0;
  let touched: { dims: Dimension[]; filter: GroupFilter }[] = [];

  beforeAll(async () => {
    t = await open();
    await setFxRate(t, 'PEN', 3.75, '2026-11-01');
    // Peru backend mid: 2000..2900 USD a month (10 reports).
    for (let i = 0; i < 10; i++) {
      await t.db
        .insertInto('salary_reports')
        .values({
          source: 'test',
          source_licence: 'CC0 1.0',
          external_id: `r${i}`,
          country: 'peru',
          role: 'backend',
          seniority: 'mid',
          years: null,
          english: null,
          modality: null,
          currency: 'PEN',
          amount: (2000 + i * 100) * 3.75,
          period: 'month',
          gross: 1,
          local_month: (2000 + i * 100) * 3.75,
          usd_month: 2000 + i * 100,
          is_demo: 0,
          collected_at: '2026-01-01T00:00:00.000Z',
        })
        .execute();
    }
    await rebuildAggregates(t.db, currency);
    svc = createSalaryService(t);
    contributions = createContributions(t.db, {
      stats: svc.stats,
      onNewReport: (groups) => {
        refreshes += 1;
        touched.push(...groups);
      },
      now: () => new Date('2026-11-20T10:00:00Z'),
    });
  });
  afterAll(async () => t?.cleanup());

  it('stores a plausible salary in local currency as the user report, with its skills, and asks for a refresh', async () => {
    expect(await contributions.hasContributed(1)).toBe(false);
    const r = await contributions.contribute(1, input, { amount: 9000, currency: 'local' });
    expect(r).toEqual({ status: 'accepted', usdMonth: 2400, localMonth: 9000, currency: 'PEN' });
    expect(refreshes).toBe(1);
    expect(await contributions.hasContributed(1)).toBe(true);
    const row = await t.db.selectFrom('salary_reports').selectAll().where('source', '=', 'tandem-users').executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      external_id: 'user:1',
      source_licence: 'CC BY 4.0',
      country: 'peru',
      role: 'backend',
      seniority: 'mid',
      english: 'advanced',
      modality: 'remote-global',
      currency: 'PEN',
      period: 'month',
      usd_month: 2400,
    });
    expect(Number(row.local_month)).toBe(9000);
    const skills = await t.db.selectFrom('salary_report_skills').select('skill').where('report_id', '=', row.id).orderBy('skill').execute();
    expect(skills.map((s) => s.skill)).toEqual(['docker', 'go']);
  });

  it('replaces the earlier report of the same user (one per user)', async () => {
    expect((await contributions.contribute(1, input, { amount: 2600, currency: 'USD' })).status).toBe('accepted');
    const rows = await t.db
      .selectFrom('salary_reports')
      .select(['usd_month', 'local_month'])
      .where('source', '=', 'tandem-users')
      .execute();
    expect(rows.map((r) => [r.usd_month, Number(r.local_month)])).toEqual([[2600, 9750]]);
  });

  it('takes contributions of one user at once (two tabs, two instances): one report is left, none fails', async () => {
    const results = await Promise.all(
      [2500, 2550, 2600, 2650].map((amount) => contributions.contribute(3, input, { amount, currency: 'USD' })),
    );
    expect(results.map((r) => r.status)).toEqual(['accepted', 'accepted', 'accepted', 'accepted']);
    const rows = await t.db.selectFrom('salary_reports').select('id').where('external_id', '=', 'user:3').execute();
    expect(rows).toHaveLength(1);
    await t.db.deleteFrom('salary_report_skills').where('report_id', '=', rows[0]!.id).execute();
    await t.db.deleteFrom('salary_reports').where('id', '=', rows[0]!.id).execute();
  });

  it('refuses a salary far outside the group (a yearly figure typed as monthly) and an implausible one', async () => {
    expect(await contributions.contribute(2, input, { amount: 2400 * 12 * 3.75, currency: 'local' })).toEqual({
      status: 'outlier',
      usdMonth: 28800,
    });
    expect((await contributions.contribute(2, input, { amount: 2400, currency: 'local' })).status).toBe('outlier'); // USD typed as soles
    expect((await contributions.contribute(2, input, { amount: 90_000, currency: 'USD' })).status).toBe('implausible');
    expect((await contributions.contribute(2, input, { amount: 40, currency: 'USD' })).status).toBe('implausible');
    // Under Peru's minimum wage (1,130 soles), though over the old flat floor of 150 US$: the importers' rule.
    expect((await contributions.contribute(2, input, { amount: 1000, currency: 'local' })).status).toBe('implausible');
    expect(await contributions.hasContributed(2)).toBe(false);
  });

  it('shows up at once in the small groups it touches, without a full rebuild', async () => {
    await rebuildAggregates(t.db, currency);
    touched = [];
    expect((await contributions.contribute(5, input, { amount: 9100, currency: 'local' })).status).toBe('accepted');
    const keys = touched.map((g) => g.filter);
    expect(keys).toContainEqual({ country: 'peru', role: 'backend', seniority: 'mid' });
    expect(keys).toContainEqual({ country: 'peru', role: 'backend', skill: 'go' });
    expect(await refreshGroups(t.db, currency, touched)).toBeGreaterThan(0);
    svc.invalidate();
    const s = await svc.stats({ country: 'peru', role: 'backend', seniority: 'mid' });
    expect(s?.n).toBe(12);
    expect(s?.sources.map((x) => x.id)).toEqual(['tandem-users', 'test']);
  });

  it('moves a replaced report out of the groups it left', async () => {
    touched = [];
    expect((await contributions.contribute(5, { ...input, seniority: 'senior' }, { amount: 9100, currency: 'local' })).status).toBe(
      'accepted',
    );
    expect(touched.map((g) => g.filter)).toContainEqual({ country: 'peru', role: 'backend', seniority: 'mid' }); // left
    expect(touched.map((g) => g.filter)).toContainEqual({ country: 'peru', role: 'backend', seniority: 'senior' }); // joined
    await refreshGroups(t.db, currency, touched);
    svc.invalidate();
    expect((await svc.stats({ country: 'peru', role: 'backend', seniority: 'mid' }))?.n).toBe(11);
  });

  it('survives two rebuilds at once (two processes): one waits for the other, both end with the same figures', async () => {
    const counts = await Promise.all([rebuildAggregates(t.db, currency), rebuildAggregates(t.db, currency)]);
    expect(new Set(counts).size).toBe(1);
    svc.invalidate();
    expect((await svc.stats({ country: 'peru', role: 'backend' }))?.n).toBe(12);
  });
});
