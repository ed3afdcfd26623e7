import 'server-only';
import { openDatabase, type Database } from '../db/client';
import { migrateToLatest } from '../db/migrate';
import { FORMATS, type Format } from './importers';
import { join } from 'node:path';
import { fxRows } from './data/reports';
import { importSalaryFile, salaryDataStatus, setDemoSetting, setFxRate } from './data/salary-data';
import { downloadSurvey, localCopy, PUBLIC_SOURCES } from './public-sources';
import { ensureFxRates } from './data/default-fx';
import { runCommand } from '../run-command';
import { readFileSync, writeFileSync } from 'node:fs';
import { checkAgainst, crossValidate, formatValidation, publicReports, type Baseline } from './validation/cross-validate';

/** Open DATABASE_URL (migrated), run a command on it, and turn a failure into its message and exit code 1. */
async function withDatabase(fn: (database: Database) => Promise<void>): Promise<number> {
  const database = openDatabase(process.env.DATABASE_URL, { queryTimeoutMs: 0 });
  try {
    await migrateToLatest(database);
    await ensureFxRates(database.db);
    await fn(database);
    return 0;
  } catch (err) {
    console.error((err as Error).message);
    return 1;
  } finally {
    await database.close();
  }
}

/** `npm run salaries:import -- --format laplaza|aijobs FILE`: import a survey file into DATABASE_URL. */
export async function importCli(args: string[]): Promise<number> {
  const i = args.indexOf('--format');
  const format = i >= 0 ? args[i + 1] : undefined;
  const file = args.filter((a, j) => j !== i && j !== i + 1)[0];
  if (!format || !(FORMATS as readonly string[]).includes(format) || !file) {
    console.error(`usage: npm run salaries:import -- --format ${FORMATS.join('|')} FILE`);
    return 2;
  }
  return withDatabase(async (database) => {
    let path = file;
    let name: string | undefined;
    if (/^https?:\/\//i.test(file)) {
      const got = await downloadSurvey(file);
      console.log(`Downloaded ${got.bytes} bytes, SHA-256 ${got.sha256}`);
      path = got.path;
      name = new URL(file).pathname;
    }
    const s = await importSalaryFile(database, format as Format, path, name);
    printSummary(s);
  });
}

function printSummary(s: Awaited<ReturnType<typeof importSalaryFile>>) {
  console.log(`Source: ${s.source} (licence ${s.licence})`);
  console.log(
    `Rows read: ${s.rows}${s.malformed ? ` (+${s.malformed} malformed)` : ''}; imported: ${s.imported}; already there: ${s.duplicates}; identical rows counted once: ${s.exactDuplicates}`,
  );
  const skipped = Object.entries(s.skipped).sort((a, b) => b[1] - a[1]);
  console.log(
    `Skipped: ${skipped.reduce((n, [, c]) => n + c, 0)}${skipped.length ? ` (${skipped.map(([r, c]) => `${r}: ${c}`).join(', ')})` : ''}`,
  );
  console.log(`Aggregates recomputed: ${s.groups} groups`);
}

/**
 * `npm run salaries:import-public [-- --download]`: import every known public survey, from the
 * shared/data folder beside the checkout when it is there, else (or with --download) from its published URL.
 */
export async function importPublicCli(args: string[]): Promise<number> {
  const download = args.includes('--download');
  const dataDir = args.find((a) => !a.startsWith('--')) ?? join(process.cwd(), '..', 'shared', 'data');
  return withDatabase(async (database) => {
    for (const source of PUBLIC_SOURCES) {
      const local = download ? null : localCopy(source, dataDir);
      console.log(`\n${source.dir}/${source.file} (${local ? local : source.url})`);
      let path = local;
      if (!path) {
        const got = await downloadSurvey(source.url);
        console.log(`Downloaded ${got.bytes} bytes, SHA-256 ${got.sha256}`);
        path = got.path;
      }
      printSummary(await importSalaryFile(database, source.format, path, `${source.dir}/${source.file}`));
    }
  });
}

/** `npm run fx:set -- CUR RATE [YYYY-MM-DD]`: set a rate in local units per USD (today by default); no args lists them. */
export async function fxCli(args: string[]): Promise<number> {
  return withDatabase(async (database) => {
    if (args.length) {
      const [cur, rate, date = new Date().toISOString().slice(0, 10)] = args;
      await setFxRate(database, String(cur).toUpperCase(), Number(rate), date);
    }
    const rows = await fxRows(database.db);
    for (const r of rows) console.log(`${r.currency}  ${r.usd_rate} per USD  (as of ${r.as_of})`);
  });
}

/** `npm run salaries:demo -- remove|restore|status`: whether demo reports may make figures (decision 024). */
export async function demoCli(args: string[]): Promise<number> {
  const command = args[0] ?? 'status';
  if (!['remove', 'restore', 'status'].includes(command)) {
    console.error('usage: npm run salaries:demo -- remove|restore|status');
    return 2;
  }
  return withDatabase(async (database) => {
    if (command !== 'status') await setDemoSetting(database, command === 'remove' ? 'removed' : 'included');
    const s = await salaryDataStatus(database);
    console.log(`Demo reports: ${s.demo} (${s.setting === 'removed' ? 'removed from every figure' : 'allowed'}); real reports: ${s.real}`);
    console.log(`Figures come from: ${s.basis === 'none' ? 'nothing (no real data yet, demo removed)' : `${s.basis} reports only`}`);
  });
}

/** The committed figures of the estimate model's cross-validation, which CI holds later versions to. */
export const BASELINE_FILE = new URL('./validation/baseline.json', import.meta.url);

/**
 * `npm run salaries:validate -- [DATA_DIR] [--check] [--write-baseline]`: cross-validate the estimate model
 * on the public surveys (the survey folder beside this checkout by default; no database). `--check` fails when the range's coverage
 * leaves 40-60 % or the error grows more than 10 % past the committed baseline; `--write-baseline` commits
 * today's figures as the new baseline.
 */
export async function validateCli(args: string[]): Promise<number> {
  const dataDir = args.find((a) => !a.startsWith('--')) ?? join(process.cwd(), '..', 'shared', 'data');
  const v = crossValidate(publicReports(dataDir));
  console.log(formatValidation(v));
  if (args.includes('--write-baseline')) {
    const baseline: Baseline = { mdape: v.model.mdape, mdale: v.model.mdale, coverage: v.model.coverage, evaluated: v.evaluated };
    writeFileSync(BASELINE_FILE, `${JSON.stringify(baseline, null, 2)}\n`);
    console.log(`\nBaseline written: ${BASELINE_FILE.pathname}`);
  }
  if (args.includes('--check')) {
    const problems = checkAgainst(v, JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as Baseline);
    for (const p of problems) console.error(`FAIL: ${p}`);
    if (problems.length) return 1;
    console.log('\nWithin the committed baseline and the 40-60 % coverage band.');
  }
  return 0;
}

if (import.meta.main) await runCommand({ importCli, importPublicCli, fxCli, demoCli, validateCli });
