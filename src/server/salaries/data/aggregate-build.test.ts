import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../../testing/databases';
import { readGeneration } from '../../db/generations';
import { AGGREGATES_WANTED, atTodaysRate, computeAggregates, modelOnlyGroup, payOf, SALARY_REPORTS_GENERATION } from './aggregates';
import { computeAllGroups, rebuildAggregates, rebuildDue } from './aggregate-build';
import { groupsOfReport, INCREMENTAL_MAX_N, refreshGroups } from './aggregate-groups';
import { bumpGeneration } from '../../db/generations';

const currencyOf = (c: string) => (c === 'peru' ? 'PEN' : c === 'chile' ? 'CLP' : 'USD');
const RATES = { PEN: 3.75, CLP: 940 };
const ROLES = ['backend', 'frontend', 'devops', 'data-scientist'];
const SENIORITIES = ['junior', 'mid', 'senior'];
const SKILLS = ['go', 'react', 'docker', 'python'];

/** A deterministic pseudo-random sequence, so a failure can be replayed. */
function rng(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

type Row = {
  id?: number;
  country: string;
  role: string;
  seniority: string;
  english: string | null;
  modality: string | null;
  employer: string | null;
  contract: string | null;
  currency: string;
  usd_month: number;
  local_month: number;
  collected_at: string;
  skills: string[];
};

function makeReports(n: number, seed: number): Row[] {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(r() * xs.length)]!;
  return Array.from({ length: n }, () => {
    const country = pick(['peru', 'chile', 'peru', 'colombia']);
    const usd = Math.round(800 + r() * 6000);
    const cur = pick(['local', 'USD', 'EUR']);
    const currency = cur === 'local' ? currencyOf(country) : cur;
    return {
      country,
      role: pick(ROLES),
      seniority: pick(SENIORITIES),
      english: pick([null, 'basic', 'advanced']),
      modality: pick([null, 'remote-global', 'onsite']),
      employer: pick([null, 'local', 'foreign']),
      contract: pick([null, 'employee', 'contractor']),
      currency,
      usd_month: usd,
      local_month: Math.round(usd * (RATES[currencyOf(country) as keyof typeof RATES] ?? 1) * (0.9 + r() * 0.2)),
      collected_at: `2026-0${1 + Math.floor(r() * 9)}-1${Math.floor(r() * 9)}T12:00:00.000Z`,
      skills: SKILLS.filter(() => r() < 0.4),
    };
  });
}

async function insertReports(t: TestDb, rows: Row[], opts: { demo: boolean; prefix: string }) {
  for (const [i, row] of rows.entries()) {
    const { skills, ...report } = row;
    const { id } = await t.db
      .insertInto('salary_reports')
      .values({
        ...report,
        source: i % 3 ? 'src-a' : 'src-b',
        source_licence: 'CC0 1.0',
        external_id: `${opts.prefix}${i}`,
        years: null,
        amount: report.local_month,
        period: 'month',
        gross: 1,
        is_demo: opts.demo ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    row.id = id;
    if (skills.length)
      await t.db
        .insertInto('salary_report_skills')
        .values(skills.map((skill) => ({ report_id: id, skill })))
        .execute();
  }
}

/** The same figures computed in JavaScript (the model's reference implementation). */
function inJavaScript(rows: Row[]) {
  return computeAggregates(
    rows.map((r) => ({
      ...r,
      pay: payOf(r.currency, currencyOf(r.country)),
      ...atTodaysRate(r, currencyOf(r.country), RATES[currencyOf(r.country) as keyof typeof RATES]),
      source: '',
      is_demo: true,
      collected: r.collected_at.slice(0, 10),
    })),
    currencyOf,
  );
}

function expectSameFigures(got: { group_key: string }[], want: ReturnType<typeof inJavaScript>) {
  const byKey = new Map(got.map((g) => [g.group_key, g as Record<string, unknown>]));
  expect(byKey.size).toBe(want.length);
  for (const w of want) {
    const g = byKey.get(w.group_key);
    expect(g, w.group_key).toBeDefined();
    expect(Number(g!.n), w.group_key).toBe(w.n);
    expect(Number(g!.log_mean)).toBeCloseTo(w.log_mean, 6);
    expect(Number(g!.log_sd)).toBeCloseTo(w.log_sd, 5);
    expect(g!.collected_from).toBe(w.collected_from);
    expect(g!.collected_to).toBe(w.collected_to);
    if (modelOnlyGroup(w)) {
      // Only the estimate model reads these: their moments, no quartiles.
      expect([g!.usd_p25, g!.usd_p50, g!.usd_p75, g!.local_p50], w.group_key).toEqual([null, null, null, null]);
      continue;
    }
    for (const k of ['usd_p25', 'usd_p50', 'usd_p75'] as const)
      expect(Math.abs(Number(g![k]) - w[k]), `${w.group_key} ${k}`).toBeLessThanOrEqual(1);
    for (const k of ['local_p25', 'local_p50', 'local_p75'] as const)
      if (w[k] === null) expect(g![k]).toBeNull();
      else expect(Number(g![k]) / w[k], `${w.group_key} ${k}`).toBeCloseTo(1, 4);
  }
}

describe.each(testDatabases)('salary aggregates built by the database on %s', (_name, open) => {
  let t: TestDb;
  const demo = makeReports(300, 7);

  beforeAll(async () => {
    t = await open();
    await t.db.deleteFrom('salary_reports').execute();
    await t.db.deleteFrom('salary_aggregates').execute();
    for (const [currency, usd_rate] of Object.entries(RATES))
      await t.db
        .insertInto('fx_rates')
        .values({ currency, usd_rate, as_of: '2026-11-01' })
        .onConflict((oc) => oc.column('currency').doUpdateSet({ usd_rate }))
        .execute();
    await insertReports(t, demo, { demo: true, prefix: 'd' });
  });
  afterAll(() => t?.cleanup());

  it('match the reference implementation in every group: count, quartiles in both currencies, log moments, dates', async () => {
    const got = await computeAllGroups(t.db, currencyOf, 'demo');
    expectSameFigures(got, inJavaScript(demo));
  });

  it('swap in whole, mark what they were built from, and say no rebuild is due until reports change', async () => {
    const groups = await rebuildAggregates(t.db, currencyOf);
    expect(groups).toBeGreaterThan(100);
    const live = await t.db.selectFrom('salary_aggregates').selectAll().execute();
    expect(live).toHaveLength(groups);
    expect(await t.db.selectFrom('salary_aggregates_next').select('group_key').execute()).toHaveLength(0);
    expect(await rebuildDue(t.db, 0, 0)).toBe(false);
    await bumpGeneration(t.db, SALARY_REPORTS_GENERATION);
    expect(await rebuildDue(t.db, 60_000, 10 * 60_000)).toBe(false); // contributions wait for the interval
    expect(await rebuildDue(t.db, 11 * 60_000, 10 * 60_000)).toBe(true);
  });

  it('recompute exactly the small groups a new report touches, and leave the big ones to the next rebuild', async () => {
    await rebuildAggregates(t.db, currencyOf);
    const added = makeReports(1, 99);
    await insertReports(t, added, { demo: true, prefix: 'new' });
    const touched = groupsOfReport(added[0]!, currencyOf);
    expect(await refreshGroups(t.db, currencyOf, touched)).toBe(touched.length); // all small at 301 reports
    const want = new Map(inJavaScript([...demo, ...added]).map((g) => [g.group_key, g]));
    const live = await t.db.selectFrom('salary_aggregates').selectAll().execute();
    expectSameFigures(live, [...want.values()]);
    expect(INCREMENTAL_MAX_N).toBeGreaterThan(301);
  });

  it('ask for a full rebuild when a report changes what the figures come from (the first real group that stands)', async () => {
    await rebuildAggregates(t.db, currencyOf);
    const before = await readGeneration(t.db, AGGREGATES_WANTED);
    const real = makeReports(12, 3).map((r) => ({ ...r, country: 'peru', role: 'backend' }));
    await insertReports(t, real, { demo: false, prefix: 'real' });
    expect(await refreshGroups(t.db, currencyOf, groupsOfReport(real[0]!, currencyOf))).toBe(0);
    expect(await readGeneration(t.db, AGGREGATES_WANTED)).toBe(before + 1);
    expect(await rebuildDue(t.db, 0, 10 * 60_000)).toBe(true);
    await rebuildAggregates(t.db, currencyOf);
    const all = await t.db.selectFrom('salary_aggregates').selectAll().where('group_key', '=', 'all').executeTakeFirstOrThrow();
    expect([Number(all.n), Number(all.demo_share)]).toEqual([12, 0]); // never mixed: only the real ones now
    expect(await rebuildDue(t.db, 0, 10 * 60_000)).toBe(false);
  });
});
