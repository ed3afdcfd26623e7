import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { roles } from '../../../domain/catalog';
import { MIN_FIGURE_REPORTS } from '../../../domain/salary-confidence';

// Salary statistics per group: median and quartiles of gross monthly pay, in USD and (within one country)
// in local currency, with the sample size and the sources behind them. The database computes them
// (aggregate-build.ts); computeAggregates here is the same rule in JavaScript, the reference the build is
// tested against and what the cross-validation trains on. Pages read the stored rows. Groups under MIN_REPORTS are stored (the page
// needs the sample size) but never shown as numbers: the confidence grade's floor (decision 051).
export const MIN_REPORTS = MIN_FIGURE_REPORTS;
/** The generation bumped by every change the salary service keeps in memory (aggregates, FX rates). */
export const SALARY_GENERATION = 'salaries';
/** Bumped with every user contribution (the reports changed since the aggregates were built?). */
export const SALARY_REPORTS_GENERATION = 'salary-reports';
/** Bumped when a full rebuild is needed that the next background run must do (the figures' basis changed, a
 *  report was removed). */
export const AGGREGATES_WANTED = 'salary-aggregates-wanted';
/** `area` is a group of roles (catalog areas): the "developer" figures are the tech area's (decision 025). */
/** `employer` (local/foreign), `pay` (the pay currency: local/usd) and `contract` (employee/contractor): where a source says. */
export const DIMENSIONS = ['country', 'role', 'seniority', 'skill', 'modality', 'english', 'area', 'employer', 'pay', 'contract'] as const;
export type Dimension = (typeof DIMENSIONS)[number];
export type GroupFilter = Partial<Record<Dimension, string>>;

/** The groups pages and the calculator read. Skill groups count each report once per skill. */
export const GROUPINGS: Dimension[][] = dedupe([
  [],
  ['country'],
  ['role'],
  ['skill'],
  ['seniority'],
  ['country', 'role'],
  ['country', 'seniority'],
  ['country', 'skill'],
  ['country', 'modality'],
  ['country', 'english'],
  ['role', 'seniority'],
  ['role', 'skill'],
  ['role', 'modality'],
  ['role', 'english'],
  ['country', 'role', 'seniority'],
  ['country', 'role', 'modality'],
  ['country', 'role', 'english'],
  ['country', 'role', 'skill'],
  ['country', 'role', 'seniority', 'modality'],
  ['country', 'role', 'seniority', 'english'],
  // "How much does a developer earn": the same questions within one area of roles.
  ['area'],
  ['area', 'seniority'],
  ['country', 'area'],
  ['country', 'area', 'seniority'],
  ['country', 'area', 'modality'],
  ['country', 'area', 'english'],
  ['country', 'area', 'skill'],
  // Who pays, in what currency, on what contract: the two markets a country's figures mix.
  ['country', 'employer'],
  ['country', 'pay'],
  ['country', 'contract'],
  ['country', 'role', 'employer'],
  ['country', 'role', 'pay'],
  ['country', 'role', 'contract'],
  ['country', 'area', 'employer'],
  ['country', 'area', 'pay'],
  ['country', 'area', 'contract'],
  // The estimate model's chains (decision 051): a profile's group and each of its parents, with and without
  // the role, for every combination of the optional answers (employer, English, modality).
  ...modelChains(),
]);

function dedupe(list: Dimension[][]): Dimension[][] {
  const seen = new Set<string>();
  return list.filter((dims) => {
    const key = [...dims].sort().join(',');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Groups only the estimate model reads (a seniority with one or more answers), except the role at a
 * seniority by employer (the calculator's mix). No page shows them: the salary service keeps only their
 * log-pay moments in memory, which keeps each process's copy of the table small (the chains are most rows).
 */
export function modelOnlyGroup(g: Partial<Record<Dimension, string | null>>): boolean {
  if (!g.seniority) return false;
  const answers = (['employer', 'english', 'modality'] as const).filter((d) => g[d]).length;
  if (answers === 0) return false;
  return !(answers === 1 && g.employer && g.role && !g.skill && !g.area && !g.pay && !g.contract);
}

/** The groups the estimate model reads: see estimate-model.ts. */
function modelChains(): Dimension[][] {
  const optional: Dimension[] = ['employer', 'english', 'modality'];
  const subsets: Dimension[][] = [[]];
  for (const d of optional) for (const s of [...subsets]) subsets.push([...s, d]);
  return subsets.flatMap((s) => [
    ['country', 'seniority', ...s],
    ['country', 'role', 'seniority', ...s],
  ]);
}

/** The key of a group: its set dimensions in a fixed order, e.g. "country=peru|role=backend"; "all" for none. */
export function groupKey(f: GroupFilter): string {
  const parts = DIMENSIONS.filter((d) => f[d] !== undefined && f[d] !== null).map((d) => `${d}=${String(f[d])}`);
  return parts.length ? parts.join('|') : 'all';
}

/** Percentile by linear interpolation between closest ranks (the spreadsheet PERCENTILE.INC rule). */
export function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) throw new Error('percentile of nothing');
  const rank = (sorted.length - 1) * p;
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (rank - lo);
}

export type ReportForStats = {
  country: string;
  role: string;
  seniority: string;
  modality: string | null;
  english: string | null;
  employer?: string | null;
  contract?: string | null;
  /** The pay currency, as a dimension: the country's own ('local') or US$ ('usd'); null for others. */
  pay?: string | null;
  skills: string[];
  usd_month: number;
  local_month: number;
  source: string;
  is_demo: boolean;
  /** When it was collected (YYYY-MM-DD). */
  collected: string;
};

const AREA_OF_ROLE = new Map<string, string>(roles.map((r) => [r.id, r.area]));
const areaOf = (role: string) => AREA_OF_ROLE.get(role);

type Acc = { filter: GroupFilter; usd: number[]; local: number[]; sources: Set<string>; demo: number; from: string; to: string };

/** Mean and (sample) standard deviation of ln(pay): what the estimate model pools. */
function logMoments(usd: readonly number[]): { mean: number; sd: number } {
  let sum = 0;
  for (const v of usd) sum += Math.log(v);
  const mean = sum / usd.length;
  let sq = 0;
  for (const v of usd) sq += (Math.log(v) - mean) ** 2;
  return { mean, sd: usd.length > 1 ? Math.sqrt(sq / (usd.length - 1)) : 0 };
}

export function computeAggregates(reports: readonly ReportForStats[], currencyOf: (country: string) => string) {
  const groups = new Map<string, Acc>();
  for (const r of reports) {
    if (!(r.usd_month > 0)) continue;
    for (const dims of GROUPINGS) {
      const skillsFor = dims.includes('skill') ? r.skills : [undefined];
      for (const skill of skillsFor) {
        const f: GroupFilter = {};
        let complete = true;
        for (const d of dims) {
          const v = d === 'skill' ? skill : d === 'area' ? areaOf(r.role) : r[d];
          if (v === null || v === undefined) complete = false;
          else f[d] = v;
        }
        if (!complete) continue;
        const key = groupKey(f);
        let acc = groups.get(key);
        if (!acc)
          groups.set(key, (acc = { filter: f, usd: [], local: [], sources: new Set(), demo: 0, from: r.collected, to: r.collected }));
        if (r.collected < acc.from) acc.from = r.collected;
        if (r.collected > acc.to) acc.to = r.collected;
        acc.usd.push(r.usd_month);
        acc.local.push(r.local_month);
        acc.sources.add(r.source);
        if (r.is_demo) acc.demo++;
      }
    }
  }
  const now = new Date();
  return [...groups.entries()].map(([group_key, a]) => {
    const usd = a.usd.sort((x, y) => x - y);
    const logs = logMoments(usd);
    const country = a.filter.country ?? null;
    const local = country ? a.local.sort((x, y) => x - y) : null;
    return {
      group_key,
      country,
      role: a.filter.role ?? null,
      seniority: a.filter.seniority ?? null,
      skill: a.filter.skill ?? null,
      modality: a.filter.modality ?? null,
      english: a.filter.english ?? null,
      area: a.filter.area ?? null,
      employer: a.filter.employer ?? null,
      pay: a.filter.pay ?? null,
      contract: a.filter.contract ?? null,
      n: usd.length,
      usd_p25: Math.round(percentile(usd, 0.25)),
      usd_p50: Math.round(percentile(usd, 0.5)),
      usd_p75: Math.round(percentile(usd, 0.75)),
      currency: country ? currencyOf(country) : null,
      local_p25: local ? percentile(local, 0.25) : null,
      local_p50: local ? percentile(local, 0.5) : null,
      local_p75: local ? percentile(local, 0.75) : null,
      sources: [...a.sources].sort().join(','),
      demo_share: a.demo / usd.length,
      collected_from: a.from || null,
      collected_to: a.to || null,
      log_mean: logs.mean,
      log_sd: logs.sd,
      updated_at: now,
    };
  });
}

/** The pay currency as a dimension: the country's own, US$, or (another currency) none. */
export function payOf(currency: string, localCurrency: string): 'local' | 'usd' | null {
  if (currency === localCurrency) return 'local';
  return currency === 'USD' ? 'usd' : null;
}

/** `npm run salaries:demo -- remove|restore`: whether demo reports may be used at all (decision 024). */
export const DEMO_SETTING = 'salaries.demo';
export type DemoSetting = 'included' | 'removed';

export async function demoSetting(db: Kysely<DB>): Promise<DemoSetting> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', DEMO_SETTING).executeTakeFirst();
  return row?.value === 'removed' ? 'removed' : 'included';
}

/**
 * Never mix (decision 024): every figure comes from one kind of report. The real ones as soon as they can
 * make a figure of their own (some role in some country has MIN_REPORTS of them: an import does that at
 * once); until then, on a demo install, the demo ones (and every figure says so), while the few real
 * reports (first contributions) wait. None at all once the operator removed the demo data.
 */
export function reportsToUse<R extends { is_demo: unknown; country: string; role: string }>(reports: readonly R[], demo: DemoSetting): R[] {
  const real = reports.filter((r) => !r.is_demo);
  if (demo === 'removed' || realCanStand(real)) return real;
  return reports.filter((r) => !!r.is_demo);
}

function realCanStand(real: readonly { country: string; role: string }[]): boolean {
  const counts = new Map<string, number>();
  for (const r of real) {
    const key = `${r.country}|${r.role}`;
    const n = (counts.get(key) ?? 0) + 1;
    if (n >= MIN_REPORTS) return true;
    counts.set(key, n);
  }
  return false;
}

/**
 * A report's pay in both currencies at the FX table's rate, so that the one FX date a page shows is true of
 * every figure (decision 025). The amount the person gave stays as it was: pay reported in the country's
 * currency keeps its local figure, anything else (USD, another currency converted by the source) keeps
 * its USD figure, and the other side is converted today.
 */
export function atTodaysRate(
  r: { currency: string; usd_month: number | string; local_month: number | string },
  localCurrency: string,
  rate: number | undefined,
): { usd_month: number; local_month: number } {
  const usd = Number(r.usd_month);
  const local = Number(r.local_month);
  if (!rate || !(rate > 0)) return { usd_month: usd, local_month: local };
  return r.currency === localCurrency
    ? { usd_month: Math.round((local / rate) * 100) / 100, local_month: local }
    : { usd_month: usd, local_month: Math.round(usd * rate * 100) / 100 };
}
