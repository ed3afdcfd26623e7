import 'server-only';
import { createHash } from 'node:crypto';
import type { RoleId } from '../../domain/catalog';
import { parseCsv } from './csv';
import {
  countryOfIso,
  contractOfLaplaza,
  currencyOf,
  employerOfLaplaza,
  employerOfLocations,
  englishOfCefr,
  modalityOfLaplaza,
  modalityOfRatio,
  roleOfLanguage,
  roleOfTitle,
  seniorityOfLevel,
  seniorityOfYears,
  skillOfLanguage,
  type Contract,
  type Employer,
  type English,
  type Modality,
  type Seniority,
} from './mapping';
import { implausibleReason } from './minimum-wages';

// Importers for the public salary surveys (docs/salary-data.md). Each row becomes a gross monthly report in the
// country's currency and in USD (FX table), with its source and licence, or is skipped with a reason.
// Every report has a stable external id derived from the row, so importing a file again adds nothing.
export const FORMATS = ['laplaza', 'aijobs'] as const;
export type Format = (typeof FORMATS)[number];

/**
 * A salary source as pages cite it: `short` in table rows, `name` in full, the licence with its text, and how
 * precisely it dates its reports: 'day', or 'year' when it gives only the year (pages then speak in years).
 */
export type Source = { id: string; licence: string; licenceUrl: string; name: string; short: string; url: string; period: 'day' | 'year' };
export const SOURCES: Record<string, Source> = {
  'laplaza-2025': {
    id: 'laplaza-2025',
    licence: 'CC BY-SA 4.0',
    licenceUrl: 'https://creativecommons.org/licenses/by-sa/4.0/',
    name: 'La Plaza Devs, encuesta de salarios Colombia 2025',
    short: 'La Plaza Devs 2025',
    url: 'https://github.com/laplazadevs/salarios',
    period: 'day',
  },
  'aijobs.net': {
    id: 'aijobs.net',
    licence: 'CC0 1.0',
    licenceUrl: 'https://creativecommons.org/publicdomain/zero/1.0/',
    name: 'aijobs.net salaries',
    short: 'aijobs.net',
    url: 'https://aijobs.net/salaries/',
    // Only `work_year`: imported as July 1st of that year, said as the year.
    period: 'year',
  },
  'devops-jobs.net': {
    id: 'devops-jobs.net',
    licence: 'CC0 1.0',
    licenceUrl: 'https://creativecommons.org/publicdomain/zero/1.0/',
    name: 'devops-jobs.net salaries',
    short: 'devops-jobs.net',
    url: 'https://devops-jobs.net/salaries/',
    period: 'year',
  },
  'tandem-demo': {
    id: 'tandem-demo',
    licence: 'demo',
    licenceUrl: '',
    name: 'Tandem demo data',
    short: 'Tandem demo',
    url: '',
    period: 'day',
  },
  'tandem-users': {
    id: 'tandem-users',
    licence: 'CC BY 4.0',
    licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
    name: 'Tandem user reports',
    short: 'Tandem',
    url: '',
    period: 'day',
  },
};

export type Report = {
  external_id: string;
  country: string;
  role: RoleId;
  seniority: Seniority;
  years: number | null;
  english: English | null;
  modality: Modality | null;
  employer: Employer | null;
  contract: Contract | null;
  currency: string;
  amount: number;
  period: 'year';
  local_month: number;
  usd_month: number;
  collected_at: string;
  skills: string[];
};
export type RowResult = { ok: true; report: Report } | { ok: false; reason: string };
export type FxTable = { rates: Record<string, number>; asOf: string };

/** The skip reason of a row identical to an earlier row of the same file. */
export const EXACT_DUPLICATE = 'exact duplicate row';

const num = (v: string | undefined) => {
  const n = Number(String(v ?? '').replace(/[\s,]/g, ''));
  return Number.isFinite(n) ? n : NaN;
};

export function mapAijobsRow(r: Record<string, string>, fx: FxTable): RowResult {
  const country = countryOfIso(r.employee_residence ?? '');
  if (!country) return { ok: false, reason: 'country not covered' };
  const role = roleOfTitle(r.job_title ?? '');
  if (!role) return { ok: false, reason: 'title not mapped' };
  const seniority = seniorityOfLevel(r.experience_level ?? '');
  if (!seniority) return { ok: false, reason: 'experience level not mapped' };
  if ((r.employment_type ?? '') !== 'FT') return { ok: false, reason: 'not full-time' };
  const usdYear = num(r.salary_in_usd);
  const amount = num(r.salary);
  const localCurrency = currencyOf(country);
  const rate = fx.rates[localCurrency];
  if (!rate) return { ok: false, reason: `no FX rate for ${localCurrency}` };
  if (!(usdYear > 0) || !(amount > 0)) return { ok: false, reason: 'no amount' };
  const usd_month = Math.round(usdYear / 12);
  const implausible = implausibleReason(country, usd_month, fx.rates);
  if (implausible) return { ok: false, reason: implausible };
  const currency = (r.salary_currency ?? 'USD').toUpperCase().slice(0, 3);
  const year = r.work_year && /^\d{4}$/.test(r.work_year) ? r.work_year : '2024';
  return {
    ok: true,
    report: {
      external_id: '',
      country,
      role,
      seniority,
      years: null,
      english: null,
      modality: modalityOfRatio(r.remote_ratio ?? '', r.employee_residence ?? '', r.company_location ?? ''),
      employer: employerOfLocations(r.employee_residence ?? '', r.company_location ?? ''),
      // Full-time rows only, and the file does not say whether they are employed or contracted.
      contract: null,
      currency,
      amount,
      period: 'year',
      // Paid in the country's currency: the person's own figure; otherwise converted from the source's USD.
      local_month: currency === localCurrency ? Math.round((amount / 12) * 100) / 100 : Math.round(usd_month * rate * 100) / 100,
      usd_month,
      collected_at: `${year}-07-01T00:00:00.000Z`,
      skills: [],
    },
  };
}

// La Plaza's columns are long Spanish questions; they are found by a distinctive piece of each.
const LAPLAZA = {
  timestamp: /^Marca temporal/,
  years: /años de experiencia/,
  english: /nivel de inglés/,
  language: /lenguajes de programación/,
  mode: /modo de trabajo/,
  company: /tipo de empresa/,
  contract: /tipo de contrato/,
  currency: /le pagan en pesos colombianos/,
  base: /REMUNERACIÓN BASE ANUAL/,
};

/** Column indexes of La Plaza's header; the currency/base pair appears twice (contractors, then employees). */
function laplazaColumns(header: string[]) {
  const all = (re: RegExp) => header.map((h, i) => (re.test(h) ? i : -1)).filter((i) => i >= 0);
  const one = (re: RegExp) => {
    const i = header.findIndex((h) => re.test(h));
    if (i < 0) throw new Error(`not a La Plaza file: no column matching ${re}`);
    return i;
  };
  const currency = all(LAPLAZA.currency);
  const base = all(LAPLAZA.base);
  if (currency.length < 2 || base.length < 2) throw new Error('not a La Plaza file: pay columns missing');
  return {
    timestamp: one(LAPLAZA.timestamp),
    years: one(LAPLAZA.years),
    english: one(LAPLAZA.english),
    language: one(LAPLAZA.language),
    mode: one(LAPLAZA.mode),
    company: one(LAPLAZA.company),
    contract: one(LAPLAZA.contract),
    pay: [
      [currency[0]!, base[0]!],
      [currency[1]!, base[1]!],
    ] as const,
    /** The survey's answers end with the second total-pay column (right after the second base pay). */
    answers: base[1]! + 2,
  };
}

function mapLaplazaRow(row: string[], cols: ReturnType<typeof laplazaColumns>, fx: FxTable): RowResult {
  const role = roleOfLanguage(row[cols.language] ?? '');
  if (!role) return { ok: false, reason: 'language not mapped' };
  const years = num(row[cols.years]);
  const seniority = seniorityOfYears(years);
  if (!seniority) return { ok: false, reason: 'years not readable' };
  const pay = cols.pay.map(([c, b]) => ({ currency: row[c] ?? '', amount: num(row[b]) })).find((p) => p.currency && p.amount > 0);
  if (!pay) return { ok: false, reason: 'no amount' };
  const currency = /USD|dólar/i.test(pay.currency) ? 'USD' : 'COP';
  const cop = fx.rates.COP;
  if (!cop) return { ok: false, reason: 'no FX rate for COP' };
  const localYear = currency === 'USD' ? pay.amount * cop : pay.amount;
  const local_month = Math.round(localYear / 12);
  const usd_month = Math.round(local_month / cop);
  const implausible = implausibleReason('colombia', usd_month, fx.rates);
  if (implausible) return { ok: false, reason: implausible };
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})/.exec(row[cols.timestamp] ?? '');
  const collected_at = m ? new Date(Date.UTC(Number(m[3]), Number(m[2]) - 1, Number(m[1]))).toISOString() : '2025-06-03T00:00:00.000Z';
  const skill = skillOfLanguage(row[cols.language] ?? '');
  return {
    ok: true,
    report: {
      external_id: '',
      country: 'colombia',
      role,
      seniority,
      years: Math.round(years),
      english: englishOfCefr(row[cols.english] ?? ''),
      modality: modalityOfLaplaza(row[cols.mode] ?? '', row[cols.company] ?? ''),
      employer: employerOfLaplaza(row[cols.company] ?? ''),
      contract: contractOfLaplaza(row[cols.contract] ?? ''),
      currency,
      amount: pay.amount,
      period: 'year',
      local_month,
      usd_month,
      collected_at,
      skills: skill ? [skill] : [],
    },
  };
}

export type ImportSummary = {
  source: string;
  licence: string;
  rows: number;
  imported: number;
  duplicates: number;
  skipped: Record<string, number>;
  /** Rows identical to an earlier row of the file, counted once (also in `skipped`). */
  exactDuplicates: number;
  malformed: number;
};

/** Map a whole file. `sourceId` defaults by format and file name (devops-jobs.net uses the aijobs layout). */
export function mapFile(
  format: Format,
  text: string,
  fx: FxTable,
  fileName = '',
): { source: Source; reports: Report[]; skipped: Record<string, number>; rows: number; malformed: number; dropIds: string[] } {
  // Rows stay arrays: La Plaza repeats question texts, so a header-keyed object would lose columns.
  const [header = [], ...all] = parseCsv(text);
  const rows = all.filter((r) => r.length === header.length);
  const malformed = all.length - rows.length;
  const source =
    format === 'laplaza' ? SOURCES['laplaza-2025']! : /devops-jobs/i.test(fileName) ? SOURCES['devops-jobs.net']! : SOURCES['aijobs.net']!;
  const cols = format === 'laplaza' ? laplazaColumns(header) : null;
  if (format === 'aijobs' && !['job_title', 'salary_in_usd', 'employee_residence', 'experience_level'].every((h) => header.includes(h))) {
    throw new Error('not an aijobs.net file: expected job_title, salary_in_usd, employee_residence, experience_level columns');
  }
  const skipped: Record<string, number> = {};
  const reports: Report[] = [];
  const seen = new Map<string, number>();
  const dropIds: string[] = [];
  const idOf = (raw: string, n: number) => createHash('sha256').update(`${source.id}\u001e${raw}\u001e${n}`).digest('hex').slice(0, 40);
  for (const row of rows) {
    const res = cols ? mapLaplazaRow(row, cols, fx) : mapAijobsRow(Object.fromEntries(header.map((h, i) => [h, row[i]!])), fx);
    // The id hashes the answers (for La Plaza, the survey's own 19 columns, so the raw and the normalised
    // file name the same response alike).
    const raw = (cols ? row.slice(0, cols.answers) : row).join('\u001f');
    const n = (seen.get(raw) ?? 0) + 1;
    seen.set(raw, n);
    if (!res.ok) {
      skipped[res.reason] = (skipped[res.reason] ?? 0) + 1;
      continue;
    }
    // A row identical to an earlier one (aijobs.net has whole sets of them) is one report, not several
    // (decision 024). Earlier versions stored the copies under the ids below: the import removes them.
    if (n > 1) {
      skipped[EXACT_DUPLICATE] = (skipped[EXACT_DUPLICATE] ?? 0) + 1;
      dropIds.push(idOf(raw, n));
      continue;
    }
    res.report.external_id = idOf(raw, n);
    reports.push(res.report);
  }
  return { source, reports, skipped, rows: rows.length, malformed, dropIds };
}
