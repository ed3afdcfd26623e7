import 'server-only';
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import { countries, roles } from '../../../domain/catalog';
import { groupKey, modelOnlyGroup, type Dimension, type GroupFilter } from './aggregates';

// The SQL of the salary aggregates (decision 059): the reports at today's FX rates, one grouping's statistics
// computed by the database, and a grouped row as the aggregates table stores it. The full build
// (aggregate-build.ts) and the refresh of a few groups (aggregate-groups.ts) both run these.

export type Dialect = 'sqlite' | 'postgres';
export const dialectOf = (db: Kysely<DB>): Dialect => (db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite');

/** Today's FX table, by currency (read once per build or refresh). */
export async function readRates(db: Kysely<DB>): Promise<Map<string, number>> {
  return new Map((await db.selectFrom('fx_rates').select(['currency', 'usd_rate']).execute()).map((r) => [r.currency, Number(r.usd_rate)]));
}

/** The reports of one basis at today's rates, as SQL: the build's input and a group's recompute. */
export function reportsAtTodaysRate(
  dialect: Dialect,
  rates: ReadonlyMap<string, number>,
  basis: 'real' | 'demo',
  currencyOf: (c: string) => string,
  where?: RawBuilder<unknown>,
) {
  const pg = dialect === 'postgres';
  const cur = sql.join(
    countries.map((c) => {
      const currency = currencyOf(c.id);
      const rate = rates.get(currency);
      return sql`(${c.id}, ${currency}, ${rate && rate > 0 ? rate : null})`;
    }),
  );
  const area = sql.join(roles.map((r) => sql`(${r.id}, ${r.area})`));
  const num = (e: RawBuilder<unknown>) => (pg ? sql`round(cast(${e} as numeric), 2)::double precision` : sql`round(${e}, 2)`);
  const rate = pg ? sql`cast(cur.rate as double precision)` : sql`cur.rate`;
  const collected = pg ? sql`to_char(s.collected_at at time zone 'UTC', 'YYYY-MM-DD')` : sql`substr(s.collected_at, 1, 10)`;
  return sql`
    with cur(country, currency, rate) as (values ${cur}), ar(role, area) as (values ${area}),
    x as (
      select s.id, s.country, s.role, ar.area, s.seniority, s.modality, s.english, s.employer, s.contract,
        case when s.currency = cur.currency then 'local' when s.currency = 'USD' then 'usd' end as pay,
        case when ${rate} is null then cast(s.usd_month as double precision) when s.currency = cur.currency then ${num(sql`s.local_month / ${rate}`)} else cast(s.usd_month as double precision) end as usd,
        case when ${rate} is null then cast(s.local_month as double precision) when s.currency = cur.currency then cast(s.local_month as double precision) else ${num(sql`s.usd_month * ${rate}`)} end as local,
        s.source, ${collected} as collected
      from salary_reports s left join cur on cur.country = s.country left join ar on ar.role = s.role
      where s.is_demo = ${basis === 'demo' ? 1 : 0}${where ? sql` and ${where}` : sql``}
    )
    select x.*, ln(usd) as lu from x where usd > 0`;
}

const COLUMN: Record<Dimension, string> = {
  country: 'i.country',
  role: 'i.role',
  seniority: 'i.seniority',
  skill: 'k.skill',
  modality: 'i.modality',
  english: 'i.english',
  area: 'i.area',
  employer: 'i.employer',
  pay: 'i.pay',
  contract: 'i.contract',
};

/** Past this many sources a group's list of them is a DISTINCT aggregate (a sort per group), not flags. */
const SOURCE_FLAGS_MAX = 16;

/**
 * One grouping's statistics, from `input` (a table or a subquery of reports, with `lu` = ln(usd)) and
 * `skills`. `sources`, every source the input holds when known: each group's list is then built from one
 * cheap flag per source instead of a DISTINCT aggregate, which sorts each group's rows once more.
 */
export function groupingQuery(
  dialect: Dialect,
  dims: Dimension[],
  input: RawBuilder<unknown>,
  skills: RawBuilder<unknown>,
  sources?: readonly string[],
) {
  const pg = dialect === 'postgres';
  // PostgreSQL: one sort of the group's values for the three quartiles (an array of fractions).
  const pct = (col: string, p: number) =>
    pg
      ? sql`(percentile_cont(array[0.25, 0.5, 0.75]::double precision[]) within group (order by ${sql.ref(col)}))[${sql.lit([0.25, 0.5, 0.75].indexOf(p) + 1)}]`
      : sql`percentile_cont(${sql.ref(col)}, ${sql.lit(p)})`;
  const sourceList =
    sources && sources.length <= SOURCE_FLAGS_MAX
      ? sources.length
        ? sql`concat_ws(',', ${sql.join(sources.map((src) => sql`case when max(case when i.source = ${src} then 1 end) = 1 then ${src} end`))})`
        : sql`''`
      : pg
        ? sql`string_agg(distinct i.source, ',')`
        : sql`group_concat(distinct i.source)`;
  const local = dims.includes('country');
  const cols = dims.map((d) => sql`${sql.ref(COLUMN[d])} as ${sql.ref(d)}`);
  const join = dims.includes('skill') ? sql` join ${skills} k on k.report_id = i.id` : sql``;
  const notNull = dims.filter((d) => d !== 'skill').map((d) => sql`${sql.ref(COLUMN[d])} is not null`);
  return sql<GroupedRow>`
    select ${sql.join([...cols, sql`count(*) as n`])},
      ${pct('i.usd', 0.25)} as usd_p25, ${pct('i.usd', 0.5)} as usd_p50, ${pct('i.usd', 0.75)} as usd_p75,
      ${local ? sql`${pct('i.local', 0.25)} as local_p25, ${pct('i.local', 0.5)} as local_p50, ${pct('i.local', 0.75)} as local_p75` : sql`null as local_p25, null as local_p50, null as local_p75`},
      ${sourceList} as sources,
      min(i.collected) as collected_from, max(i.collected) as collected_to,
      sum(i.lu) as sum_log, sum(i.lu * i.lu) as sum_log2
    from ${input} i${join}
    ${notNull.length ? sql`where ${sql.join(notNull, sql` and `)}` : sql``}
    ${dims.length ? sql`group by ${sql.join(dims.map((d) => sql.ref(COLUMN[d])))}` : sql``}`;
}

export type GroupedRow = Partial<Record<Dimension, string>> & {
  n: number | string;
  usd_p25: number | string | null;
  usd_p50: number | string | null;
  usd_p75: number | string | null;
  local_p25: number | string | null;
  local_p50: number | string | null;
  local_p75: number | string | null;
  sources: string;
  collected_from: string | null;
  collected_to: string | null;
  sum_log: number | string;
  sum_log2: number | string;
};

/** A grouped row as the aggregates table stores it. */
export function toAggregate(r: GroupedRow, dims: Dimension[], basis: 'real' | 'demo', currencyOf: (c: string) => string, now: Date) {
  const n = Number(r.n);
  const f: GroupFilter = {};
  for (const d of dims) f[d] = r[d];
  const mean = Number(r.sum_log) / n;
  // The sample variance from the sums (log pay is a small number: no cancellation worth the name).
  const variance = n > 1 ? Math.max(0, (Number(r.sum_log2) - n * mean * mean) / (n - 1)) : 0;
  const local = (v: number | string | null) => (v === null ? null : Number(v));
  const modelOnly = isModelOnly(dims);
  return {
    group_key: groupKey(f),
    country: f.country ?? null,
    role: f.role ?? null,
    seniority: f.seniority ?? null,
    skill: f.skill ?? null,
    modality: f.modality ?? null,
    english: f.english ?? null,
    area: f.area ?? null,
    employer: f.employer ?? null,
    pay: f.pay ?? null,
    contract: f.contract ?? null,
    n,
    // A group only the estimate model reads keeps its moments, not quartiles nobody shows (rolled up cheaply).
    usd_p25: modelOnly ? null : Math.round(Number(r.usd_p25)),
    usd_p50: modelOnly ? null : Math.round(Number(r.usd_p50)),
    usd_p75: modelOnly ? null : Math.round(Number(r.usd_p75)),
    currency: f.country ? currencyOf(f.country) : null,
    local_p25: f.country && !modelOnly ? local(r.local_p25) : null,
    local_p50: f.country && !modelOnly ? local(r.local_p50) : null,
    local_p75: f.country && !modelOnly ? local(r.local_p75) : null,
    sources: [...new Set(String(r.sources).split(','))].sort().join(','),
    demo_share: basis === 'demo' ? 1 : 0,
    collected_from: r.collected_from || null,
    collected_to: r.collected_to || null,
    log_mean: mean,
    log_sd: Math.sqrt(variance),
    updated_at: now,
  };
}
export type AggregateRow = ReturnType<typeof toAggregate>;
export const AGGREGATE_COLUMNS = [
  'group_key',
  'country',
  'role',
  'seniority',
  'skill',
  'modality',
  'english',
  'area',
  'employer',
  'pay',
  'contract',
  'n',
  'usd_p25',
  'usd_p50',
  'usd_p75',
  'currency',
  'local_p25',
  'local_p50',
  'local_p75',
  'sources',
  'demo_share',
  'collected_from',
  'collected_to',
  'log_mean',
  'log_sd',
  'updated_at',
] as const satisfies readonly (keyof AggregateRow)[];

/** The answers a profile's cell is made of: every model-only grouping is a set of them. */
export const CELL: Dimension[] = ['country', 'role', 'seniority', 'employer', 'english', 'modality'];
/** A grouping whose groups only the estimate model reads (aggregates.ts, modelOnlyGroup): moments, no quartiles. */
export const isModelOnly = (dims: readonly Dimension[]) =>
  dims.every((d) => CELL.includes(d)) && modelOnlyGroup(Object.fromEntries(dims.map((d) => [d, d])));
