import 'server-only';
import type { Selectable } from 'kysely';
import type { Database } from '../db/client';
import { generationCache } from '../db/generations';
import type { DB } from '../db/schema';
export type { GroupFilter } from './data/aggregates';
import { DIMENSIONS, groupKey, MIN_REPORTS, SALARY_GENERATION, type Dimension, type GroupFilter } from './data/aggregates';
import { SOURCES, type Source } from './importers';
import { allAggregates, pageAggregates } from './data/aggregate-reads';
import { fxRows as readFxRows } from './data/reports';
import { currencyOf } from './mapping';
import type { CountryId } from '../../domain/catalog';
import { confidenceOf, spreadOf, type Confidence } from '../../domain/salary-confidence';

// The salary tools' read side (decision 012): group statistics from the precomputed aggregates, and the
// calculator's estimate, which uses the most specific group with enough reports, falls back step by step,
// and adjusts for English, modality and skills with ratios of medians taken from the data.
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
  english?: string;
  modality?: string;
  skills?: string[];
};
type Effect = { factor: 'seniority' | 'country' | 'english' | 'modality' | 'skill'; value: string; ratio: number; n: number };
export type Estimate = {
  usd: { low: number; median: number; high: number };
  local: { currency: string; low: number; median: number; high: number; rate: number; asOf: string };
  basis: Stats;
  /** How the base group was found: 'exact' or the fallbacks taken, most specific first. */
  fallbacks: ('role-in-country' | 'role-across-countries' | 'role-only')[];
  effects: Effect[];
};
export type Verdict = 'low' | 'competitive' | 'high';

/** Adjustments from thin data are kept within this band, so one odd group cannot swing an estimate. */
const RATIO_BOUNDS = [0.6, 1.6] as const;
const clamp = (r: number) => Math.min(RATIO_BOUNDS[1], Math.max(RATIO_BOUNDS[0], r));

/** How often a process asks the database whether the salary data changed (decision 012). */
const SALARY_CHECK_MS = 5_000;

type AggregateRow = Selectable<DB['salary_aggregates']>;
type Snapshot = {
  /** Stats by group key. */
  groups: Map<string, Stats>;
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
  const breakdowns = new Map<string, { value: string; stats: Stats }[]>();
  for (const row of rows) {
    const sources = sourcesOf(row.sources);
    const confidence = confidenceOf({ n: row.n, sources: sources.length, spread: spreadOf(row.usd_p25, row.usd_p75) });
    const stats: Stats = Object.freeze({
      key: row.group_key,
      n: row.n,
      enough: row.n >= MIN_REPORTS && confidence !== 'insufficient',
      confidence,
      usd: Object.freeze({ p25: row.usd_p25, p50: row.usd_p50, p75: row.usd_p75 }),
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
  return { groups, breakdowns, fx };
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
  const usable = async (f: GroupFilter) => {
    const s = await stats(f);
    return s?.enough ? s : null;
  };
  /** Ratio of medians of a narrower group to its wider group, when both have enough reports. */
  async function ratio(narrow: GroupFilter, wide: GroupFilter): Promise<{ ratio: number; n: number } | null> {
    const [a, b] = await Promise.all([usable(narrow), usable(wide)]);
    return a && b ? { ratio: clamp(a.usd.p50 / b.usd.p50), n: a.n } : null;
  }
  /** The first ratio that the data supports, from the most specific pair of groups to the widest. */
  async function firstRatio(pairs: [GroupFilter, GroupFilter][]) {
    for (const [n, w] of pairs) {
      const r = await ratio(n, w);
      if (r) return r;
    }
    return null;
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

    async estimate(input: EstimateInput): Promise<Estimate | null> {
      const { country, role, seniority } = input;
      const effects: Effect[] = [];
      const fallbacks: Estimate['fallbacks'] = [];
      let basis = await usable({ country, role, seniority });
      let scale = 1;
      if (!basis) {
        // The role in the country, moved to the seniority by the role's seniority ratio.
        const wide = await usable({ country, role });
        const sr = await firstRatio([
          [{ role, seniority }, { role }],
          [{ seniority }, {}],
        ]);
        if (wide && sr) {
          basis = wide;
          scale = sr.ratio;
          fallbacks.push('role-in-country');
          effects.push({ factor: 'seniority', value: seniority, ratio: sr.ratio, n: sr.n });
        }
      }
      if (!basis) {
        // The role at that seniority across countries, moved to the country by the country's level.
        const across = await usable({ role, seniority });
        const cr = await firstRatio([[{ country }, {}]]);
        if (across && cr) {
          basis = across;
          scale = cr.ratio;
          fallbacks.push('role-across-countries');
          effects.push({ factor: 'country', value: country, ratio: cr.ratio, n: cr.n });
        }
      }
      if (!basis) {
        const only = await usable({ role });
        const cr = await firstRatio([[{ country }, {}]]);
        const sr = await firstRatio([
          [{ role, seniority }, { role }],
          [{ seniority }, {}],
        ]);
        if (!only || !cr || !sr) return null;
        basis = only;
        scale = cr.ratio * sr.ratio;
        fallbacks.push('role-only');
        effects.push(
          { factor: 'country', value: country, ratio: cr.ratio, n: cr.n },
          { factor: 'seniority', value: seniority, ratio: sr.ratio, n: sr.n },
        );
      }
      if (input.english) {
        const r = await firstRatio([
          [
            { country, role, english: input.english },
            { country, role },
          ],
          [{ role, english: input.english }, { role }],
          [{ country, english: input.english }, { country }],
        ]);
        if (r) effects.push({ factor: 'english', value: input.english, ratio: r.ratio, n: r.n });
      }
      if (input.modality) {
        const r = await firstRatio([
          [
            { country, role, modality: input.modality },
            { country, role },
          ],
          [{ role, modality: input.modality }, { role }],
          [{ country, modality: input.modality }, { country }],
        ]);
        if (r) effects.push({ factor: 'modality', value: input.modality, ratio: r.ratio, n: r.n });
      }
      for (const skill of [...new Set(input.skills ?? [])].slice(0, 10)) {
        const r = await firstRatio([
          [
            { country, role, skill },
            { country, role },
          ],
          [{ role, skill }, { role }],
        ]);
        if (r) effects.push({ factor: 'skill', value: skill, ratio: r.ratio, n: r.n });
      }
      // Skills overlap (people who know React often know TypeScript): their joint effect is their geometric mean.
      const skillRatios = effects.filter((e) => e.factor === 'skill').map((e) => e.ratio);
      const skillFactor = skillRatios.length
        ? Math.pow(
            skillRatios.reduce((a, b) => a * b, 1),
            1 / skillRatios.length,
          )
        : 1;
      const other = effects.filter((e) => e.factor === 'english' || e.factor === 'modality').reduce((a, e) => a * e.ratio, 1);
      const k = scale * other * skillFactor;
      const usd = { low: Math.round(basis.usd.p25 * k), median: Math.round(basis.usd.p50 * k), high: Math.round(basis.usd.p75 * k) };
      const f = await fx(country);
      const local = {
        currency: f.currency,
        rate: f.rate,
        asOf: f.asOf,
        low: Math.round(usd.low * f.rate),
        median: Math.round(usd.median * f.rate),
        high: Math.round(usd.high * f.rate),
      };
      return { usd, local, basis, fallbacks, effects };
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

    /** Whether an offer's monthly range (USD) is low, competitive or high for its market (null without data). */
    async verdict(input: EstimateInput, minUsd: number, maxUsd: number): Promise<{ verdict: Verdict; estimate: Estimate } | null> {
      const estimate = await service.estimate(input);
      if (!estimate) return null;
      const mid = (minUsd + maxUsd) / 2;
      const verdict: Verdict = mid < estimate.usd.low ? 'low' : mid > estimate.usd.high ? 'high' : 'competitive';
      return { verdict, estimate };
    },
  };
  return service;
}
export type SalaryService = ReturnType<typeof createSalaryService>;
