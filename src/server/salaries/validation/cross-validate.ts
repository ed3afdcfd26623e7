import 'server-only';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { computeAggregates, payOf, type ReportForStats } from '../data/aggregates';
import { DEFAULT_FX } from '../data/default-fx';
import { mapFile, type Report } from '../importers';
import { currencyOf } from '../mapping';
import { minimumUsdMonth } from '../minimum-wages';
import { localCopy, PUBLIC_SOURCES } from '../public-sources';
import { estimateProfile, momentsKey, type Moments, type Profile } from '../estimate-model';
import { multiplicativeEstimate, type Quartiles } from './multiplicative-model';
import type { CountryId } from '../../../domain/catalog';
import type { GroupFilter } from '../data/aggregates';

// `npm run salaries:validate` (decision 051): k-fold cross-validation of the calculator's estimate on the
// real survey reports. Each report is held out once; the groups are computed from the other folds; the
// estimate for the held-out report's profile is compared with what it reports. Measured where the estimate
// shows a number (its confidence is above "insufficient"), for the model and for the multiplicative one it
// replaced, on the same reports:
// - the median absolute error of the point estimate, in % of the reported pay and on log pay;
// - the coverage of the shown range: the share of held-out reports inside it. The range is the middle half,
//   so an honest one holds about 50 %: far less is overconfident, far more says little.

export type Held = ReportForStats & { id: string };
type Scores = { n: number; mdape: number; mdale: number; coverage: number };
type Cell = { country: string; role: string; model: Scores; multiplicative: Scores };
export type Validation = { folds: number; reports: number; evaluated: number; model: Scores; multiplicative: Scores; cells: Cell[] };

/** The real reports of the public surveys, as the importer maps them (today's FX table). */
export function publicReports(dataDir: string): Held[] {
  const fx = { rates: { ...DEFAULT_FX.rates } as Record<string, number>, asOf: DEFAULT_FX.asOf };
  const out: Held[] = [];
  for (const source of PUBLIC_SOURCES) {
    const path = localCopy(source, dataDir);
    if (!path) throw new Error(`${source.dir}/${source.file} is not in ${dataDir}`);
    const mapped = mapFile(source.format, readFileSync(path, 'utf8'), fx, `${source.dir}/${source.file}`);
    for (const r of mapped.reports) out.push(toHeld(r, mapped.source.id));
  }
  return out;
}

function toHeld(r: Report, source: string): Held {
  return {
    id: `${source}:${r.external_id}`,
    country: r.country,
    role: r.role,
    seniority: r.seniority,
    modality: r.modality,
    english: r.english,
    employer: r.employer,
    contract: r.contract,
    pay: payOf(r.currency, currencyOf(r.country as CountryId)),
    skills: r.skills,
    usd_month: r.usd_month,
    local_month: r.local_month,
    source,
    is_demo: false,
    collected: r.collected_at.slice(0, 10),
  };
}

const foldOf = (id: string, k: number) => parseInt(createHash('sha256').update(id).digest('hex').slice(0, 8), 16) % k;

function median(values: number[]): number {
  if (!values.length) return NaN;
  const s = [...values].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

type Outcome = { pred: number; low: number; high: number; actual: number };
function score(list: Outcome[]): Scores {
  return {
    n: list.length,
    mdape: median(list.map((o) => Math.abs(o.pred / o.actual - 1))),
    mdale: median(list.map((o) => Math.abs(Math.log(o.pred / o.actual)))),
    coverage: list.length ? list.filter((o) => o.actual >= o.low && o.actual <= o.high).length / list.length : NaN,
  };
}

/** Cells (country and role) with at least this many evaluated reports are printed one by one. */
const CELL_MIN = 30;

export function crossValidate(reports: readonly Held[], k = 5): Validation {
  const rates: Record<string, number> = { ...DEFAULT_FX.rates };
  const pairs: { r: Held; model: Outcome; multiplicative: Outcome }[] = [];
  for (let fold = 0; fold < k; fold++) {
    const train = reports.filter((r) => foldOf(r.id, k) !== fold);
    const test = reports.filter((r) => foldOf(r.id, k) === fold);
    const groups = new Map(computeAggregates(train, (c) => currencyOf(c as CountryId)).map((g) => [g.group_key, g]));
    const moments = (f: GroupFilter): Moments | undefined => {
      const g = groups.get(momentsKey(f));
      return g ? { n: g.n, mean: g.log_mean, sd: g.log_sd, sources: g.sources.split(',').length } : undefined;
    };
    const quartiles = (f: GroupFilter): Quartiles | undefined => {
      const g = groups.get(momentsKey(f));
      return g ? { n: g.n, p25: g.usd_p25, p50: g.usd_p50, p75: g.usd_p75 } : undefined;
    };
    for (const r of test) {
      const profile: Profile = { country: r.country, role: r.role, seniority: r.seniority };
      if (r.employer) profile.employer = r.employer;
      if (r.english) profile.english = r.english;
      if (r.modality) profile.modality = r.modality;
      const e = estimateProfile(profile, moments, minimumUsdMonth(r.country, rates));
      if (!e || e.confidence === 'insufficient') continue;
      const m = multiplicativeEstimate({ ...profile, english: r.english ?? undefined, modality: r.modality ?? undefined }, quartiles);
      if (!m) continue;
      pairs.push({
        r,
        model: { pred: e.median, low: e.low, high: e.high, actual: r.usd_month },
        multiplicative: { pred: m.median, low: m.low, high: m.high, actual: r.usd_month },
      });
    }
  }
  const cells = new Map<string, typeof pairs>();
  for (const p of pairs) {
    const key = `${p.r.country}|${p.r.role}`;
    (cells.get(key) ?? cells.set(key, []).get(key)!).push(p);
  }
  return {
    folds: k,
    reports: reports.length,
    evaluated: pairs.length,
    model: score(pairs.map((p) => p.model)),
    multiplicative: score(pairs.map((p) => p.multiplicative)),
    cells: [...cells.entries()]
      .filter(([, list]) => list.length >= CELL_MIN)
      .map(([key, list]) => {
        const [country, role] = key.split('|') as [string, string];
        return { country, role, model: score(list.map((p) => p.model)), multiplicative: score(list.map((p) => p.multiplicative)) };
      })
      .sort((a, b) => b.model.n - a.model.n),
  };
}

/** What CI holds the model to: an honest middle-half range, and no more than 10 % worse than the baseline. */
const COVERAGE_BAND = [0.4, 0.6] as const;
const MAX_ERROR_GROWTH = 1.1;
export type Baseline = { mdape: number; mdale: number; coverage: number; evaluated: number };

export function checkAgainst(v: Validation, baseline: Baseline): string[] {
  const problems: string[] = [];
  const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
  if (!(v.model.coverage >= COVERAGE_BAND[0] && v.model.coverage <= COVERAGE_BAND[1]))
    problems.push(
      `coverage of the middle-half range is ${pct(v.model.coverage)}, outside ${pct(COVERAGE_BAND[0])}–${pct(COVERAGE_BAND[1])}`,
    );
  if (!(v.model.mdape <= baseline.mdape * MAX_ERROR_GROWTH))
    problems.push(`median error ${pct(v.model.mdape)} is more than 10 % worse than the baseline's ${pct(baseline.mdape)}`);
  if (!(v.model.mdale <= baseline.mdale * MAX_ERROR_GROWTH))
    problems.push(`median log error ${v.model.mdale.toFixed(3)} is more than 10 % worse than the baseline's ${baseline.mdale.toFixed(3)}`);
  return problems;
}

export function formatValidation(v: Validation): string {
  const pct = (x: number) => `${(x * 100).toFixed(1).padStart(5)} %`;
  const row = (label: string, m: Scores, old: Scores) =>
    `${label.padEnd(30)} ${String(m.n).padStart(5)}  ${pct(m.mdape)} ${m.mdale.toFixed(3)} ${pct(m.coverage)}   |  ${pct(old.mdape)} ${old.mdale.toFixed(3)} ${pct(old.coverage)}`;
  return [
    `${v.folds}-fold cross-validation on ${v.reports} real reports; ${v.evaluated} held-out reports had a figure from both models.`,
    `Median absolute error (%, log) and coverage of the shown range (middle half: near 50 % is honest).`,
    `${'group'.padEnd(30)} ${'n'.padStart(5)}  ${'pooled model (decision 051)'.padEnd(26)}|  multiplicative (before)`,
    row('all', v.model, v.multiplicative),
    ...v.cells.map((c) => row(`${c.country} · ${c.role}`, c.model, c.multiplicative)),
  ].join('\n');
}
