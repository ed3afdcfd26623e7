import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { DIMENSIONS, MIN_REPORTS, modelOnlyGroup, type GroupFilter } from './data/aggregates';
import { rebuildAggregates } from './data/aggregate-build';
import { setFxRate } from './data/salary-data';
import { createSalaryService, type SalaryService } from './salary-service';

type R = { country: string; role: string; seniority: string; usd: number; english?: string; modality?: string; skills?: string[] };

describe.each(testDatabases)('salary estimates on %s', (_name, open) => {
  let t: TestDb;
  let svc: SalaryService;
  let seq = 0;
  const add = async (rs: R[]) => {
    for (const r of rs) {
      const row = await t.db
        .insertInto('salary_reports')
        .values({
          source: 'test',
          source_licence: 'CC0 1.0',
          external_id: `t${++seq}`,
          country: r.country,
          role: r.role,
          seniority: r.seniority,
          years: null,
          english: r.english ?? null,
          modality: r.modality ?? null,
          currency: 'USD',
          amount: r.usd * 12,
          period: 'year',
          gross: 1,
          local_month: r.usd * (r.country === 'peru' ? 3.75 : 950),
          usd_month: r.usd,
          is_demo: 0,
          collected_at: '2026-01-01T00:00:00.000Z',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (r.skills?.length)
        await t.db
          .insertInto('salary_report_skills')
          .values(r.skills.map((skill) => ({ report_id: row.id, skill })))
          .execute();
    }
  };
  const many = (n: number, base: Omit<R, 'usd'>, usd: (i: number) => number): R[] =>
    Array.from({ length: n }, (_, i) => ({ ...base, usd: usd(i) }));

  beforeAll(async () => {
    t = await open();
    svc = createSalaryService(t);
    await setFxRate(t, 'PEN', 3.75, '2026-11-01');
    await setFxRate(t, 'CLP', 950, '2026-11-01');
    // Peru backend: mid 2000-2900 (10 reports), senior 3000-3600 (only 3: too few), half with advanced English paid 20% more.
    await add(
      many(10, { country: 'peru', role: 'backend', seniority: 'mid', english: 'intermediate', skills: ['go'] }, (i) => 2000 + i * 100),
    );
    await add(
      many(10, { country: 'peru', role: 'backend', seniority: 'mid', english: 'advanced', skills: ['docker'] }, (i) => 2400 + i * 120),
    );
    await add(many(3, { country: 'peru', role: 'backend', seniority: 'senior' }, (i) => 3000 + i * 300));
    // Chile backend seniors (enough), and Chile overall.
    await add(many(12, { country: 'chile', role: 'backend', seniority: 'senior' }, (i) => 4000 + i * 100));
    await add(many(12, { country: 'chile', role: 'frontend', seniority: 'mid' }, (i) => 2500 + i * 100));
    await rebuildAggregates(t.db, (c) => (c === 'peru' ? 'PEN' : 'CLP'));
  });
  afterAll(async () => t?.cleanup());

  it('reads a group, and marks groups under ten reports as not enough', async () => {
    const mid = await svc.stats({ country: 'peru', role: 'backend', seniority: 'mid' });
    expect(mid).toMatchObject({ n: 20, enough: true, usd: { p25: 2400, p50: 2670, p75: 2925 }, local: { currency: 'PEN' } });
    expect(mid!.sources).toEqual([{ id: 'test', licence: '', licenceUrl: '', name: 'test', short: 'test', url: '' }]);
    // Its provenance: when the reports were collected, and the FX table's date of the local figures.
    expect(mid).toMatchObject({ period: { from: '2026-01-01', to: '2026-01-01' }, local: { currency: 'PEN', asOf: '2026-11-01' } });
    expect((await svc.stats({ country: 'peru', role: 'backend', seniority: 'senior' }))?.enough).toBe(false);
    expect(await svc.stats({ country: 'bolivia' })).toBeNull();
  });

  it('estimates a well-covered profile from its own reports, in local currency at the FX table rate', async () => {
    const e = (await svc.estimate({ country: 'peru', role: 'backend', seniority: 'mid' }))!;
    const group = (await svc.stats({ country: 'peru', role: 'backend', seniority: 'mid' }))!;
    // Peru's reports are all backend mid but for three seniors: the pooled figure stays near the group's own.
    expect(e.usd.median / group.usd.p50).toBeGreaterThan(0.95);
    expect(e.usd.median / group.usd.p50).toBeLessThan(1.05);
    expect(e.usd.low).toBeLessThan(e.usd.median);
    expect(e.usd.high).toBeGreaterThan(e.usd.median);
    expect(e).toMatchObject({ n: 20, confidence: 'low', basis: { key: 'country=peru|role=backend|seniority=mid' } });
    expect(e.local).toEqual({
      currency: 'PEN',
      rate: 3.75,
      asOf: '2026-11-01',
      low: Math.round(e.usd.low * 3.75),
      median: Math.round(e.usd.median * 3.75),
      high: Math.round(e.usd.high * 3.75),
    });
  });

  it('draws a thin group toward its parent and grades it insufficient; a country without reports has no estimate', async () => {
    const e = (await svc.estimate({ country: 'peru', role: 'backend', seniority: 'senior' }))!;
    expect(e.confidence).toBe('insufficient');
    expect(e.n).toBe(3);
    expect(e.steps.map((s) => [s.dimension, s.n])).toEqual([
      ['country', 23],
      ['role', 23],
      ['seniority', 3],
    ]);
    expect(await svc.estimate({ country: 'bolivia', role: 'sdr', seniority: 'junior' })).toBeNull();
  });

  it('moves the estimate by the answers given, measured within the same country and seniority', async () => {
    const plain = (await svc.estimate({ country: 'peru', role: 'backend', seniority: 'mid' }))!;
    const adv = (await svc.estimate({ country: 'peru', role: 'backend', seniority: 'mid', english: 'advanced' }))!;
    const basic = (await svc.estimate({ country: 'peru', role: 'backend', seniority: 'mid', english: 'intermediate' }))!;
    expect(adv.usd.median).toBeGreaterThan(plain.usd.median);
    expect(basic.usd.median).toBeLessThan(plain.usd.median);
    expect(adv.steps.at(-1)).toMatchObject({ dimension: 'english', value: 'advanced', n: 10 });
  });

  it('rates an offer range low, competitive or high against the estimate, and not at all without a figure', async () => {
    const input = { country: 'peru' as const, role: 'backend', seniority: 'mid' as const };
    expect((await svc.verdict(input, 1000, 1500))?.verdict).toBe('low');
    expect((await svc.verdict(input, 2500, 2800))?.verdict).toBe('competitive');
    expect((await svc.verdict(input, 3500, 4500))?.verdict).toBe('high');
    expect(await svc.verdict({ ...input, seniority: 'senior' }, 3000, 3500)).toBeNull();
  });

  it('lists the salary pages that have enough data, for the sitemap', async () => {
    const withData = await svc.pagesWithData();
    const pages = Object.fromEntries(Object.entries(withData).map(([id, list]) => [id, list.map((p) => p.params)])) as Record<
      keyof typeof withData,
      Record<string, string>[]
    >;
    expect(pages.toolsCountrySalary.map((p) => p.country).sort()).toEqual(['chile', 'peru']);
    expect(pages.toolsCountryRole).toContainEqual({ country: 'peru', rol: 'backend' });
    expect(pages.toolsCountryDeveloper).toContainEqual({ country: 'chile', developer: 'frontend' });
    expect(pages.toolsDeveloper.map((p) => p.developer).sort()).toEqual(['backend', 'frontend']);
    expect(pages.toolsSkill.map((p) => p.skill).sort()).toEqual(['docker', 'go']);
    // Each page's last change is the collection date of its newest report.
    expect(withData.toolsCountryRole.every((p) => /^\d{4}-\d{2}-\d{2}$/.test(p.lastmod ?? ''))).toBe(true);
  });

  it('lists each role of a country, best paid first', async () => {
    const roles = await svc.breakdown({ country: 'chile' }, 'role');
    expect(roles.map((r) => [r.value, r.stats.n])).toEqual([
      ['backend', 12],
      ['frontend', 12],
    ]);
  });

  it('answers every breakdown from memory as a query of the table would', async () => {
    // The model's own groups are not pages' groups: the service keeps only their moments.
    const rows = (await t.db.selectFrom('salary_aggregates').selectAll().execute()).filter((r) => !modelOnlyGroup(r));
    const modelOnly = new Set(
      (await t.db.selectFrom('salary_aggregates').selectAll().execute()).filter((r) => modelOnlyGroup(r)).map((r) => r.group_key),
    );
    expect(modelOnly.size).toBeGreaterThan(0);
    for (const within of [
      {},
      ...rows.map((r) => Object.fromEntries(DIMENSIONS.filter((d) => r[d] !== null).map((d) => [d, r[d]!])) as GroupFilter),
    ]) {
      for (const dimension of DIMENSIONS) {
        let q = t.db
          .selectFrom('salary_aggregates')
          .select(['group_key', 'usd_p50'])
          .where(dimension, 'is not', null)
          .where('n', '>=', MIN_REPORTS);
        for (const d of DIMENSIONS) if (d !== dimension) q = within[d] ? q.where(d, '=', within[d]) : q.where(d, 'is', null);
        const expected = (await q.execute())
          .map((r) => r.group_key)
          .filter((k) => !modelOnly.has(k))
          .sort();
        const got = await svc.breakdown(within, dimension);
        expect(got.map((r) => r.stats.key).sort()).toEqual(expected);
        expect(got.every((r, i) => i === 0 || got[i - 1]!.stats.usd.p50 >= r.stats.usd.p50)).toBe(true);
      }
    }
  });
});

// The service keeps the aggregates in memory (decision 012): a refresh must show through it, at once in the
// process that refreshed, and in other processes once they check the generation. The clock is injected,
// so nothing here depends on time passing.
describe.each(testDatabases)('salary read cache on %s', (_name, open) => {
  let t: TestDb;
  let seq = 0;
  const report = async (usd: number) => {
    const row = await t.db
      .insertInto('salary_reports')
      .values({
        source: 'test',
        source_licence: 'CC0 1.0',
        external_id: `c${++seq}`,
        country: 'peru',
        role: 'qa-engineer',
        seniority: 'mid',
        years: null,
        english: null,
        modality: null,
        currency: 'USD',
        amount: usd * 12,
        period: 'year',
        gross: 1,
        local_month: usd * 3.75,
        usd_month: usd,
        is_demo: 0,
        collected_at: '2026-01-01T00:00:00.000Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const refresh = () => rebuildAggregates(t.db, () => 'PEN');

  beforeAll(async () => {
    t = await open();
    await setFxRate(t, 'PEN', 3.75, '2026-11-01');
    for (let i = 0; i < 10; i++) await report(1000 + i * 100);
    await refresh();
  });
  afterAll(async () => t?.cleanup());

  it('shows a new report and a new FX rate as soon as this process refreshes', async () => {
    const svc = createSalaryService(t);
    expect((await svc.stats({ country: 'peru', role: 'qa-engineer' }))?.n).toBe(10);
    expect((await svc.breakdown({ country: 'peru' }, 'role')).map((r) => [r.value, r.stats.n])).toEqual([['qa-engineer', 10]]);
    await report(5000);
    await refresh();
    expect((await svc.stats({ country: 'peru', role: 'qa-engineer' }))?.n).toBe(11);
    expect((await svc.breakdown({ country: 'peru' }, 'role')).map((r) => [r.value, r.stats.n])).toEqual([['qa-engineer', 11]]);
    await setFxRate(t, 'PEN', 4, '2026-12-01');
    const e = await svc.estimate({ country: 'peru', role: 'qa-engineer', seniority: 'mid' });
    expect(e!.local).toMatchObject({ rate: 4, asOf: '2026-12-01', median: e!.usd.median * 4 });
    // The page figures follow the new rate too, and say its date (pay reported in USD: the soles are converted).
    expect(await svc.stats({ country: 'peru', role: 'qa-engineer' })).toMatchObject({
      usd: { p50: 1500 },
      local: { currency: 'PEN', p50: 6000, asOf: '2026-12-01' },
    });
  });

  it("shows another process's refresh once it checks the generation, and at once after invalidate()", async () => {
    let clock = 1_000_000;
    const svc = createSalaryService(t, { now: () => clock, checkEveryMs: 5_000 });
    const before = (await svc.stats({ country: 'peru', role: 'qa-engineer' }))!.n;
    // What another process's refresh leaves in the database: new rows and a bumped generation (and no
    // local notice in this process).
    const otherProcessRefresh = async (n: number) => {
      await t.db.updateTable('salary_aggregates').set({ n }).where('group_key', '=', 'country=peru|role=qa-engineer').execute();
      await t.db
        .updateTable('generations')
        .set({ value: sql<number>`value + 1` })
        .where('name', '=', 'salaries')
        .execute();
    };
    await otherProcessRefresh(before + 10);
    expect((await svc.stats({ country: 'peru', role: 'qa-engineer' }))?.n).toBe(before); // within the check interval
    clock += 5_000;
    expect((await svc.stats({ country: 'peru', role: 'qa-engineer' }))?.n).toBe(before + 10);
    await otherProcessRefresh(before + 20);
    svc.invalidate();
    expect((await svc.stats({ country: 'peru', role: 'qa-engineer' }))?.n).toBe(before + 20);
  });

  it("hands out copies of breakdown lists and frozen stats, so one page cannot change another page's figures", async () => {
    const svc = createSalaryService(t);
    const list = await svc.breakdown({ country: 'peru' }, 'role');
    list.length = 0;
    expect(await svc.breakdown({ country: 'peru' }, 'role')).toHaveLength(1);
    const s = (await svc.stats({ country: 'peru' }))!;
    expect(Object.isFrozen(s) && Object.isFrozen(s.usd) && Object.isFrozen(s.sources)).toBe(true);
  });
});
