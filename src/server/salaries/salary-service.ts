import 'server-only';
import type { Selectable } from 'kysely';
import type { Database } from '../db/client';
import { generationCache } from '../db/generations';
import type { DB } from '../db/schema';
export type { GroupFilter } from './data/aggregates';
import { DIMENSIONS, groupKey, MIN_REPORTS, modelOnlyGroup, SALARY_GENERATION, type Dimension, type GroupFilter } from './data/aggregates';
import { SOURCES, type Source } from './importers';
import { allAggregates, pageAggregates } from './data/aggregate-reads';
import { fxRows as readFxRows } from './data/reports';
import { currencyOf } from './mapping';
import type { CountryId } from '../../domain/catalog';
import { confidenceOf, showsNumber, spreadOf, type Confidence } from '../../domain/salary-confidence';
import { estimateProfile, type Moments, type Step } from './estimate-model';
import { minimumUsdMonth } from './minimum-wages';

// The salary tools' read side (decision 012): group statistics from the precomputed aggregates, and the
// calculator's estimate, pooled from the profile's groups (decision 051, estimate-model.ts).
export type Stats = {
  key: string;
  n: number;
  /** Whether the figure may be shown as a number: its confidence is above "insufficient". */
  enough: boolean;
  /** How sure the figure is, from n, the sources and the spread (decision 051). */
  confidence: Confidence;
  usd: { p25: number; p50: number; p75: number };
  /** In the country's currency at the FX table's `rate` (local units per US$, 0 when unknown) of `asOf` (YYYY-MM-DD). */
  local: { currency: string; p25: number; p50: number; p75: number; asOf: string; rate: number } | null;
  sources: Source[];
  demoShare: number;
  /** When the reports were collected (YYYY-MM-DD), first and last. */
  period: { from: string; to: string } | null;
};

export type EstimateInput = {
  country: CountryId;
  role: string;
  seniority: 'junior' | 'mid' | 'senior';
  /** Who pays: 'local' or 'foreign' employer. */
  employer?: string;
  english?: string;
  modality?: string;
};
export type Estimate = {
  usd: { low: number; median: number; high: number };
  local: { currency: string; low: number; median: number; high: number; rate: number; asOf: string };
  /** How sure the estimate is; 'insufficient' estimates are never shown as numbers. */
  confidence: Confidence;
  /** Reports of the role at the seniority in the country (what the grade counts), and their sources. */
  n: number;
  /** The provenance of those reports (null when there are none). */
  basis: Stats | null;
  /** Each group of the profile's chain with its reports and the weight its own data got (decision 051). */
  steps: Step[];
  /** Whether the country's minimum wage raised the range. */
  floored: boolean;
};
export type Verdict = 'low' | 'competitive' | 'high';

/** How often a process asks the database whether the salary data changed (decision 012). */
const SALARY_CHECK_MS = 5_000;

type AggregateRow = Selectable<DB['salary_aggregates']>;
type Snapshot = {
  /** Stats by group key. */
  groups: Map<string, Stats>;
  /** Log-pay moments by group key, for the estimate model. */
  moments: Map<string, Moments>;
  /** Breakdown rows by "{group key of the filter}#{dimension}", best paid first. */
  breakdowns: Map<string, { value: string; stats: Stats }[]>;
  fx: Map<string, { rate: number; asOf: string }>;
};

/** Frozen, so that the objects every request shares cannot be changed by one of them. */
function snapshotOf(rows: AggregateRow[], fxRows: { currency: string; usd_rate: number; as_of: string }[]): Snapshot {
  const sourceLists = new Map<string, Stats['sources']>();
  const sourcesOf = (ids: string) => {
    let list = sourceLists.get(ids);
    if (!list) {
      list = Object.freeze(
        ids
          .split(',')
          .filter(Boolean)
          .map((id) => Object.freeze({ ...(SOURCES[id] ?? { id, licence: '', licenceUrl: '', name: id, short: id, url: '' }) })),
      ) as Stats['sources'];
      sourceLists.set(ids, list);
    }
    return list;
  };
  const fx = new Map(fxRows.map((r) => [r.currency, Object.freeze({ rate: Number(r.usd_rate), asOf: r.as_of })]));
  const groups = new Map<string, Stats>();
  const moments = new Map<string, Moments>();
  const breakdowns = new Map<string, { value: string; stats: Stats }[]>();
  for (const row of rows) {
    const sources = sourcesOf(row.sources);
    if (modelOnlyGroup(row)) {
      if (row.log_mean !== null && row.log_sd !== null)
        moments.set(
          row.group_key,
          Object.freeze({ n: row.n, mean: Number(row.log_mean), sd: Number(row.log_sd), sources: sources.length }),
        );
      continue;
    }
    const { usd_p25: p25, usd_p50: p50, usd_p75: p75 } = row;
    if (p25 === null || p50 === null || p75 === null) continue; // (only model-only groups lack quartiles)
    const confidence = confidenceOf({ n: row.n, sources: sources.length, spread: spreadOf(p25, p75) });
    const stats: Stats = Object.freeze({
      key: row.group_key,
      n: row.n,
      enough: row.n >= MIN_REPORTS && confidence !== 'insufficient',
      confidence,
      usd: Object.freeze({ p25, p50, p75 }),
      local: row.currency
        ? Object.freeze({
            currency: row.currency,
            p25: Number(row.local_p25),
            p50: Number(row.local_p50),
            p75: Number(row.local_p75),
            asOf: fx.get(row.currency)?.asOf ?? '',
            rate: fx.get(row.currency)?.rate ?? 0,
          })
        : null,
      sources,
      demoShare: Number(row.demo_share),
      period: row.collected_from && row.collected_to ? Object.freeze({ from: row.collected_from, to: row.collected_to }) : null,
    });
    groups.set(row.group_key, stats);
    if (row.log_mean !== null && row.log_sd !== null)
      moments.set(row.group_key, Object.freeze({ n: row.n, mean: Number(row.log_mean), sd: Number(row.log_sd), sources: sources.length }));
    // Hidden means hidden (decision 024): a group under the floor is in no list, so its median orders nothing.
    if (!stats.enough) continue;
    // The row is one entry of the breakdown of each of its set dimensions within the others; the keys are
    // groupKey()'s, built from the row's parts without re-deriving filters (8,000+ rows per load).
    const parts = DIMENSIONS.map((d) => (row[d] === null ? null : `${d}=${row[d]}`));
    DIMENSIONS.forEach((dimension, i) => {
      const value = row[dimension];
      if (value === null) return;
      const key = `${parts.filter((p, j) => p !== null && j !== i).join('|') || 'all'}#${dimension}`;
      (breakdowns.get(key) ?? breakdowns.set(key, []).get(key)!).push(Object.freeze({ value, stats }));
    });
  }
  for (const list of breakdowns.values()) list.sort((a, b) => b.stats.usd.p50 - a.stats.usd.p50);
  return { groups, moments, breakdowns, fx };
}

export type SalaryServiceOptions = { now?: () => number; checkEveryMs?: number };

export function createSalaryService(database: Database, { now = Date.now, checkEveryMs = SALARY_CHECK_MS }: SalaryServiceOptions = {}) {
  const { db } = database;

  // The read side keeps the whole aggregates table (and the FX rates) in memory: a salary page reads 5-7
  // groups and the calculator up to ~30, each a map lookup instead of a query. The copy follows the
  // salary generation: at once after a refresh in this process, within `checkEveryMs` after one elsewhere.
  const cache = generationCache(
    db,
    SALARY_GENERATION,
    async () => {
      const [rows, fxRows] = await Promise.all([allAggregates(db), readFxRows(db)]);
      return snapshotOf(rows, fxRows);
    },
    { now, checkEveryMs },
  );

  async function stats(filter: GroupFilter): Promise<Stats | null> {
    return (await cache.get()).groups.get(groupKey(filter)) ?? null;
  }
  async function fx(country: CountryId) {
    const currency = currencyOf(country);
    const row = (await cache.get()).fx.get(currency);
    return { currency, rate: row ? row.rate : NaN, asOf: row?.asOf ?? '' };
  }

  const service = {
    stats,

    /** Stats of every value of one dimension within a filter (e.g. each role in a country). */
    async breakdown(filter: GroupFilter, dimension: Dimension): Promise<{ value: string; stats: Stats }[]> {
      const within: GroupFilter = {};
      for (const d of DIMENSIONS) if (d !== dimension && filter[d]) within[d] = filter[d];
      // A copy: callers may slice or sort it.
      return [...((await cache.get()).breakdowns.get(`${groupKey(within)}#${dimension}`) ?? [])];
    },

    /** Re-check the salary generation on the next read (tests, and writers in this process that bypass
     * refreshAggregates). */
    invalidate: () => cache.invalidate(),

    /**
     * The estimate for a profile (decision 051: partial pooling on log pay, see estimate-model.ts), or null
     * when the country has no reports at all. An 'insufficient' estimate says what is missing; pages show
     * no number for it.
     */
    async estimate(input: EstimateInput): Promise<Estimate | null> {
      const snap = await cache.get();
      const f = await fx(input.country);
      const rates = Object.fromEntries([...snap.fx].map(([c, r]) => [c, r.rate]));
      const e = estimateProfile(input, (g) => snap.moments.get(groupKey(g)), minimumUsdMonth(input.country, rates));
      if (!e) return null;
      const usd = { low: e.low, median: e.median, high: e.high };
      return {
        usd,
        local: {
          currency: f.currency,
          rate: f.rate,
          asOf: f.asOf,
          low: Math.round(usd.low * f.rate),
          median: Math.round(usd.median * f.rate),
          high: Math.round(usd.high * f.rate),
        },
        confidence: e.confidence,
        n: e.n,
        basis: snap.groups.get(groupKey({ country: input.country, role: input.role, seniority: input.seniority })) ?? null,
        steps: e.steps,
        floored: e.floored,
      };
    },

    /**
     * The salary pages that have enough data, as route parameters (for the sitemap), each with its last
     * change: the collection date (YYYY-MM-DD) of the newest report behind its figures.
     */
    async pagesWithData(): Promise<
      Record<
        | 'toolsCountry'
        | 'toolsCountrySalary'
        | 'toolsCountryRole'
        | 'toolsCountryDeveloper'
        | 'toolsDeveloper'
        | 'toolsSkill'
        | 'toolsCountrySkill',
        { params: Record<string, string>; lastmod: string | null }[]
      >
    > {
      const rows = await pageAggregates(db, MIN_REPORTS);
      type Row = (typeof rows)[number];
      const pages = (f: (r: Row) => boolean, params: (r: Row) => Record<string, string>) =>
        rows.filter(f).map((r) => ({ params: params(r), lastmod: r.collected_to }));
      const countriesOnly = pages(
        (r) => !!r.country && !r.role && !r.skill,
        (r) => ({ country: r.country! }),
      );
      const countryRole = (r: Row) => !!r.country && !!r.role && !r.skill;
      return {
        toolsCountry: countriesOnly,
        toolsCountrySalary: countriesOnly,
        toolsCountryRole: pages(countryRole, (r) => ({ country: r.country!, rol: r.role! })),
        toolsCountryDeveloper: pages(countryRole, (r) => ({ country: r.country!, developer: r.role! })),
        toolsDeveloper: pages(
          (r) => !r.country && !!r.role && !r.skill,
          (r) => ({ developer: r.role! }),
        ),
        toolsSkill: pages(
          (r) => !r.country && !r.role && !!r.skill,
          (r) => ({ skill: r.skill! }),
        ),
        toolsCountrySkill: pages(
          (r) => !!r.country && !r.role && !!r.skill,
          (r) => ({ country: r.country!, skill: r.skill! }),
        ),
      };
    },

    /**
     * Whether an offer's monthly range (USD) is low, competitive or high for its market: its midpoint against
     * the estimate's range. Null without an estimate that may be shown; the estimate's confidence travels
     * with it, so a verdict on few reports can say it is only indicative.
     */
    async verdict(input: EstimateInput, minUsd: number, maxUsd: number): Promise<{ verdict: Verdict; estimate: Estimate } | null> {
      const estimate = await service.estimate(input);
      if (!estimate || !showsNumber(estimate.confidence)) return null;
      const mid = (minUsd + maxUsd) / 2;
      const verdict: Verdict = mid < estimate.usd.low ? 'low' : mid > estimate.usd.high ? 'high' : 'competitive';
      return { verdict, estimate };
    },
  };
  return service;
}
export type SalaryService = ReturnType<typeof createSalaryService>;
