import 'server-only';
import { readFile } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import type { Database } from '../../db/client';
import { DEMO_SETTING, demoSetting, reportsToUse, SALARY_GENERATION, type DemoSetting } from './aggregates';
import { rebuildAggregates } from './aggregate-build';
import { writeWithGeneration } from '../../db/generations';
import { currencyOf } from '../mapping';
import { EXACT_DUPLICATE, mapFile, type Format, type ImportSummary } from '../importers';
import { loadFx, storeReports } from './reports';
import { recordImportRun } from './operations';
import type { CountryId } from '../../../domain/catalog';

// The salary data's write side: imports, FX rates, and keeping the aggregates current.
const currency = (country: string) => currencyOf(country as CountryId);

/** Import one survey file and refresh the aggregates; the summary says what was read, added and skipped. */
export async function importSalaryFile(
  database: Database,
  format: Format,
  path: string,
  /** What the file is called where it came from (a URL's path): devops-jobs.net is told apart by name. */
  name = `${basename(dirname(path))}/${basename(path)}`,
): Promise<ImportSummary & { groups: number }> {
  const text = await readFile(path, 'utf8');
  const fx = await loadFx(database.db);
  const mapped = mapFile(format, text, fx, name);
  const imported = await storeReports(database.db, mapped.source, mapped.reports, mapped.dropIds);
  const skipped = Object.values(mapped.skipped).reduce((a, b) => a + b, 0);
  await recordImportRun(database.db, { source: mapped.source.id, file: name, rows: mapped.rows, imported, skipped });
  const groups = await rebuildAggregates(database.db, currency);
  return {
    source: mapped.source.id,
    licence: mapped.source.licence,
    rows: mapped.rows,
    imported,
    duplicates: mapped.reports.length - imported,
    skipped: mapped.skipped,
    exactDuplicates: mapped.skipped[EXACT_DUPLICATE] ?? 0,
    malformed: mapped.malformed,
    groups,
  };
}

/**
 * Set (or add) a currency's rate in local units per USD, with its as-of date (YYYY-MM-DD). Figures are
 * converted at the table's rates when they are computed, so the aggregates are recomputed (once there are
 * any: the seed sets its rates before computing them).
 */
export async function setFxRate(database: Database, currencyCode: string, usdRate: number, asOf: string): Promise<void> {
  if (!/^[A-Z]{3}$/.test(currencyCode)) throw new Error('currency must be an ISO 4217 code such as PEN');
  if (!(usdRate > 0) || !Number.isFinite(usdRate)) throw new Error('rate must be a positive number of local units per USD');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(asOf) || Number.isNaN(Date.parse(asOf))) throw new Error('date must look like 2026-11-01');
  // The salary service keeps the rates in memory with the aggregates: bump their generation.
  await writeWithGeneration(database.db, SALARY_GENERATION, (trx) =>
    trx
      .insertInto('fx_rates')
      .values({ currency: currencyCode, usd_rate: usdRate, as_of: asOf })
      .onConflict((oc) => oc.column('currency').doUpdateSet({ usd_rate: usdRate, as_of: asOf }))
      .execute(),
  );
  const any = await database.db.selectFrom('salary_aggregates').select('group_key').limit(1).executeTakeFirst();
  if (any) await rebuildAggregates(database.db, currency);
}

/** Recompute the aggregates when they are missing (a fresh install after the demo seed). */
export async function ensureAggregates(database: Database): Promise<void> {
  const one = await database.db.selectFrom('salary_aggregates').select('group_key').limit(1).executeTakeFirst();
  if (!one) await rebuildAggregates(database.db, currency);
}

/** Allow or remove the demo reports from every figure, and recompute (decision 024). */
export async function setDemoSetting(database: Database, value: DemoSetting): Promise<void> {
  await database.db
    .insertInto('settings')
    .values({ key: DEMO_SETTING, value })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value }))
    .execute();
  await rebuildAggregates(database.db, currency);
}

/** How many demo and real reports there are, and which of them the figures come from. */
export async function salaryDataStatus(database: Database) {
  const rows = await database.db.selectFrom('salary_reports').select(['is_demo', 'country', 'role']).execute();
  const setting = await demoSetting(database.db);
  const used = reportsToUse(rows, setting);
  const demo = rows.filter((r) => !!r.is_demo).length;
  return {
    setting,
    demo,
    real: rows.length - demo,
    basis: used.length === 0 ? ('none' as const) : used[0]!.is_demo ? ('demo' as const) : ('real' as const),
  };
}
