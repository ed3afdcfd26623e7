import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { readGeneration } from '../db/generations';
import { ServiceError } from '../errors';
import { createOperatorService, type OperatorService } from '../accounts/operators/operator-service';
import { groupKey } from './data/aggregates';
import { rebuildAggregates, rebuildDue } from './data/aggregate-build';
import { AGGREGATES_WANTED } from './data/aggregates';
import { ensureFxRates } from './data/default-fx';
import { storeReports } from './data/reports';
import { recordImportRun } from './data/operations';
import { SOURCES, type Report } from './importers';
import { currencyOf } from './mapping';
import type { CountryId } from '../../domain/catalog';

// The operators' salary-data section's service (decision 075) on SQLite and PostgreSQL: the per-source summary
// and the outlier flags written by the aggregates' rebuild, keyset pages of flags, removal with a reason
// (tombstoned: a re-import skips it; audited; the aggregates rebuilt by the background runner) and dismissal.
const currency = (c: string) => currencyOf(c as CountryId);
const SOURCE = SOURCES['aijobs.net']!;

function report(i: number, usd: number, seniority: Report['seniority'] = 'senior'): Report {
  return {
    external_id: `t-${i}`,
    country: 'peru',
    role: 'backend',
    seniority,
    years: null,
    english: null,
    modality: null,
    employer: null,
    contract: null,
    currency: 'USD',
    amount: usd * 12,
    period: 'year',
    local_month: Math.round(usd * 3.75),
    usd_month: usd,
    collected_at: `2025-07-${String(1 + (i % 28)).padStart(2, '0')}T00:00:00.000Z`,
    skills: [],
  };
}

describe.each(testDatabases)('the salary-data section on %s', (_name, open) => {
  let t: TestDb;
  let operators: OperatorService;
  const op = { id: 1, email: 'op@example.com' };
  // 200 ordinary seniors around US$ 3,000, and 55 far above their fences: more than a page of flags.
  const ordinary = Array.from({ length: 200 }, (_, i) => report(i, 2500 + (i % 10) * 100));
  const high = Array.from({ length: 55 }, (_, i) => report(1000 + i, 55_000));

  beforeAll(async () => {
    t = await open();
    await ensureFxRates(t.db);
    operators = createOperatorService(t);
    await storeReports(t.db, SOURCE, [...ordinary, ...high.slice(0, 5)]);
    await rebuildAggregates(t.db, currency);
  });
  afterAll(async () => t?.cleanup());

  it('summarises each source from the rebuild, with its last import run', async () => {
    await recordImportRun(t.db, { source: SOURCE.id, file: 'aijobs/salaries.csv', rows: 210, imported: 205, skipped: 5 });
    const sources = await operators.salaries.sources();
    expect(sources.map((s) => s.source)).toEqual(Object.keys(SOURCES));
    const aijobs = sources.find((s) => s.source === SOURCE.id)!;
    expect(aijobs).toMatchObject({
      reports: 205,
      demoReports: 0,
      demo: false,
      licence: 'CC0 1.0',
      collectedFrom: '2025-07-01',
      collectedTo: '2025-07-28',
    });
    expect(aijobs.lastImport).toMatchObject({ file: 'aijobs/salaries.csv', imported: 205, rows: 210 });
    expect(sources.find((s) => s.source === 'tandem-demo')).toMatchObject({ reports: 0, demo: true, lastImport: null });
  });

  it('flags the reports outside their group fences, with the quartiles, in keyset pages of 50 newest first', async () => {
    await storeReports(t.db, SOURCE, high);
    await rebuildAggregates(t.db, currency);
    const first = await operators.salaries.outliers(null);
    expect(first.items).toHaveLength(50);
    expect(first.items.every((f) => f.usd_month === 55_000 && f.usd_month > f.fence_high && f.p25 <= f.p75)).toBe(true);
    expect(first.items[0]!.report_id).toBeGreaterThan(first.items[1]!.report_id);
    const second = await operators.salaries.outliers(first.next);
    expect(second.items).toHaveLength(5);
    expect(second.next).toBeNull();
  });

  it('removes a report with a reason: tombstoned, audited, and the aggregates rebuilt off the request path', async () => {
    const flagged = (await operators.salaries.outliers(null)).items[0]!;
    for (const reason of [undefined, '  ', 'ab', 'x'.repeat(501)])
      await expect(operators.salaries.remove(op, flagged.report_id, reason)).rejects.toBeInstanceOf(ServiceError);
    const wanted = await readGeneration(t.db, AGGREGATES_WANTED);
    await operators.salaries.remove(op, flagged.report_id, 'A yearly figure typed as monthly');
    expect(await t.db.selectFrom('salary_reports').select('id').where('id', '=', flagged.report_id).executeTakeFirst()).toBeUndefined();
    expect((await operators.salaries.sources()).find((s) => s.source === SOURCE.id)!.reports).toBe(254);
    // The background runner rebuilds at its next check, whatever the interval since the last one.
    expect(await readGeneration(t.db, AGGREGATES_WANTED)).toBe(wanted + 1);
    expect(await rebuildDue(t.db, 0, 10 * 60_000)).toBe(true);
    const entry = (await operators.audit(null)).items.find((e) => e.action === 'salary.remove')!;
    expect(entry).toMatchObject({ actor: 'op@example.com', target_type: 'salary-report', target_id: String(flagged.report_id) });
    expect(JSON.parse(entry.before_json!)).toMatchObject({ source: SOURCE.id, usdMonth: 55_000, fences: { p25: flagged.p25 } });
    expect(JSON.parse(entry.after_json!)).toMatchObject({ removed: true, reason: 'A yearly figure typed as monthly' });
    // Gone twice is not found; a re-import of the same source and external id does not bring it back.
    await expect(operators.salaries.remove(op, flagged.report_id, 'again')).rejects.toMatchObject({ code: 'not-found' });
    const all = [...ordinary, ...high];
    expect(await storeReports(t.db, SOURCE, all)).toBe(0);
    await rebuildAggregates(t.db, currency);
    expect((await operators.salaries.sources()).find((s) => s.source === SOURCE.id)!.reports).toBe(254);
    const group = await t.db
      .selectFrom('salary_aggregates')
      .select('n')
      .where('group_key', '=', groupKey({ country: 'peru', role: 'backend', seniority: 'senior' }))
      .executeTakeFirst();
    expect(group ? Number(group.n) : 254).toBe(254);
  });

  it('dismisses a flag: the report stays, is not flagged again, and the dismissal is audited', async () => {
    const flagged = (await operators.salaries.outliers(null)).items[0]!;
    await operators.salaries.dismiss(op, flagged.report_id, 'Checked with the source');
    await rebuildAggregates(t.db, currency);
    const ids = [...(await operators.salaries.outliers(null)).items, ...(await operators.salaries.outliers(flagged.report_id)).items].map(
      (f) => f.report_id,
    );
    expect(ids).not.toContain(flagged.report_id);
    expect(await t.db.selectFrom('salary_reports').select('id').where('id', '=', flagged.report_id).executeTakeFirst()).toBeDefined();
    await expect(operators.salaries.dismiss(op, flagged.report_id, 'again')).rejects.toMatchObject({ code: 'not-found' });
    expect((await operators.audit(null)).items.map((e) => e.action)).toContain('salary.dismiss');
  });
});
