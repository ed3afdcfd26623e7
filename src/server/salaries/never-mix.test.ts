import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasSharedData, sharedDataDir, testDatabases, type TestDb } from '../../testing/databases';
import { seedDemoData } from '../demo/seed';
import { reportsToUse } from './data/aggregates';
import { ensureAggregates, importSalaryFile, salaryDataStatus, setDemoSetting } from './data/salary-data';

// Decision 024: a figure comes from real reports only, or from demo reports only; never from both.
const r = (is_demo: number, country = 'peru', role = 'backend') => ({ is_demo, country, role });

describe('which reports make the figures', () => {
  it('uses the demo reports while the real ones cannot make a figure of their own', () => {
    const few = [r(1), r(1), r(0), r(0, 'chile'), r(0, 'chile', 'qa-engineer')];
    expect(reportsToUse(few, 'included').every((x) => x.is_demo)).toBe(true);
  });
  it('uses only the real ones once a role in a country has 10 of them', () => {
    const enough = [r(1), r(1), ...Array.from({ length: 10 }, () => r(0, 'colombia'))];
    expect(reportsToUse(enough, 'included')).toHaveLength(10);
    expect(reportsToUse(enough, 'included').some((x) => x.is_demo)).toBe(false);
  });
  it('uses no demo report once the operator removed them, real data or not', () => {
    expect(reportsToUse([r(1), r(1), r(0)], 'removed')).toEqual([r(0)]);
    expect(reportsToUse([r(1)], 'removed')).toEqual([]);
  });
});

const noData = hasSharedData ? '' : ` (skipped: no survey files in ${sharedDataDir})`;

describe.each(testDatabases)('never mixing demo and real salary data on %s', (_name, open) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await open();
    await seedDemoData(t, () => {});
    await ensureAggregates(t);
  });
  afterAll(async () => t?.cleanup());
  const shares = async () =>
    (await t.db.selectFrom('salary_aggregates').select(['demo_share', 'n']).execute()).map((a) => Number(a.demo_share));

  it('a demo install shows demo figures only, all labelled as such; removing them leaves no figure; restoring brings them back', async () => {
    const demo = await shares();
    expect(demo.length).toBeGreaterThan(100);
    expect(demo.every((s) => s === 1)).toBe(true);
    await setDemoSetting(t, 'removed');
    expect(await shares()).toEqual([]);
    expect(await salaryDataStatus(t)).toMatchObject({ setting: 'removed', basis: 'none' });
    await setDemoSetting(t, 'included');
    expect((await shares()).length).toBe(demo.length);
  });

  it.skipIf(!hasSharedData)(`after importing La Plaza no figure holds a demo report${noData}`, async () => {
    await importSalaryFile(t, 'laplaza', join(sharedDataDir, 'laplazadevs-salarios-colombia-2025', '20250603_normalized.csv'));
    const after = await shares();
    expect(after.length).toBeGreaterThan(10);
    expect(after.every((s) => s === 0)).toBe(true);
    // Only Colombia has real data: the demo countries have no figures any more.
    const countries = await t.db.selectFrom('salary_aggregates').select('country').where('country', 'is not', null).distinct().execute();
    expect(countries.map((c) => c.country)).toEqual(['colombia']);
    const co = await t.db.selectFrom('salary_aggregates').selectAll().where('group_key', '=', 'country=colombia').executeTakeFirstOrThrow();
    expect(co.n).toBe(971);
    expect(co.sources).toBe('laplaza-2025');
    expect(await salaryDataStatus(t)).toMatchObject({ basis: 'real', real: 971 });
  });
});
