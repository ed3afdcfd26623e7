import 'server-only';
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import { readGeneration, setGeneration, writeWithGeneration } from '../../db/generations';
import { takeLease, releaseLease } from '../../db/job-lease';
import { countries, roles } from '../../../domain/catalog';
import {
  modelOnlyGroup,
  demoSetting,
  GROUPINGS,
  groupKey,
  MIN_REPORTS,
  SALARY_GENERATION,
  SALARY_REPORTS_GENERATION,
  type Dimension,
  type GroupFilter,
} from './aggregates';

// The salary aggregates computed by the database (decision 059): one GROUP BY per grouping with the
// database's own percentile aggregate (PostgreSQL's percentile_cont, SQLite's percentile_cont from 3.47),
// over a temporary table of the reports at today's FX rates. Only the grouped rows (bounded by the
// catalogue, not by the number of reports) reach JavaScript. They go to a shadow table in small batches,
// and one short transaction copies the shadow into the live table. The same SQL recomputes just the groups
// one new report touches (refreshGroups).

/** The generation the aggregates were last fully built from (SALARY_REPORTS_GENERATION at that time). */
const AGGREGATES_BUILT_FROM = 'salary-aggregates-built-from';
/** Bumped when a full rebuild is needed that the next background run must do (the figures' basis changed). */
export const AGGREGATES_WANTED = 'salary-aggregates-wanted';
const AGGREGATES_BUILT_WANTED = 'salary-aggregates-built-wanted';
/** One full build at a time, across processes. */
export const BUILD_LEASE = 'salary-aggregates';
const LEASE_MS = 15 * 60_000;

export type Dialect = 'sqlite' | 'postgres';
export const dialectOf = (db: Kysely<DB>): Dialect => (db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite');

/** Which reports the figures come from (decision 024): the real ones once they can stand, else the demo ones. */
export async function figureBasis(db: Kysely<DB>): Promise<'real' | 'demo'> {
  if ((await demoSetting(db)) === 'removed') return 'real';
  const stands = await db
    .selectFrom('salary_reports')
    .select('country')
    .where('is_demo', '=', 0)
    .groupBy(['country', 'role'])
    .having((eb) => eb.fn.countAll(), '>=', MIN_REPORTS)
    .limit(1)
    .executeTakeFirst();
  return stands ? 'real' : 'demo';
}

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
    select * from x where usd > 0`;
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

/** One grouping's statistics, from `input` (a table or a subquery of reports) and `skills`. */
export function groupingQuery(dialect: Dialect, dims: Dimension[], input: RawBuilder<unknown>, skills: RawBuilder<unknown>) {
  const pg = dialect === 'postgres';
  const pct = (col: string, p: number) =>
    pg ? sql`percentile_cont(${sql.lit(p)}) within group (order by ${sql.ref(col)})` : sql`percentile_cont(${sql.ref(col)}, ${sql.lit(p)})`;
  const local = dims.includes('country');
  const cols = dims.map((d) => sql`${sql.ref(COLUMN[d])} as ${sql.ref(d)}`);
  const join = dims.includes('skill') ? sql` join ${skills} k on k.report_id = i.id` : sql``;
  const notNull = dims.filter((d) => d !== 'skill').map((d) => sql`${sql.ref(COLUMN[d])} is not null`);
  return sql<GroupedRow>`
    select ${sql.join([...cols, sql`count(*) as n`])},
      ${pct('i.usd', 0.25)} as usd_p25, ${pct('i.usd', 0.5)} as usd_p50, ${pct('i.usd', 0.75)} as usd_p75,
      ${local ? sql`${pct('i.local', 0.25)} as local_p25, ${pct('i.local', 0.5)} as local_p50, ${pct('i.local', 0.75)} as local_p75` : sql`null as local_p25, null as local_p50, null as local_p75`},
      ${pg ? sql`string_agg(distinct i.source, ',')` : sql`group_concat(distinct i.source)`} as sources,
      min(i.collected) as collected_from, max(i.collected) as collected_to,
      sum(ln(i.usd)) as sum_log, sum(ln(i.usd) * ln(i.usd)) as sum_log2
    from ${input} i${join}
    ${notNull.length ? sql`where ${sql.join(notNull, sql` and `)}` : sql``}
    ${dims.length ? sql`group by ${sql.join(dims.map((d) => sql.ref(COLUMN[d])))}` : sql``}`;
}

type GroupedRow = Partial<Record<Dimension, string>> & {
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
const AGGREGATE_COLUMNS = [
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
const CELL: Dimension[] = ['country', 'role', 'seniority', 'employer', 'english', 'modality'];
/** A grouping whose groups only the estimate model reads (aggregates.ts, modelOnlyGroup): moments, no quartiles. */
const isModelOnly = (dims: readonly Dimension[]) =>
  dims.every((d) => CELL.includes(d)) && modelOnlyGroup(Object.fromEntries(dims.map((d) => [d, d])));

/**
 * The model-only groupings from one GROUP BY over the answers' cells: count, sums of log pay, dates and
 * sources add up, so each grouping is a roll-up of the cells in JavaScript (a few thousand rows) instead
 * of one more sort of every report.
 */
async function modelOnlyGroups(conn: Kysely<DB>, dialect: Dialect, basis: 'real' | 'demo', currencyOf: (c: string) => string, now: Date) {
  const pg = dialect === 'postgres';
  const cols = sql.join(CELL.map((d) => sql.ref(d)));
  const { rows } = await sql<GroupedRow>`
    select ${cols}, count(*) as n, ${pg ? sql`string_agg(distinct source, ',')` : sql`group_concat(distinct source)`} as sources,
      min(collected) as collected_from, max(collected) as collected_to, sum(ln(usd)) as sum_log, sum(ln(usd) * ln(usd)) as sum_log2
    from ${sql.table(INPUT)} group by ${cols}`.execute(conn);
  const out: AggregateRow[] = [];
  for (const dims of GROUPINGS.filter(isModelOnly)) {
    const groups = new Map<string, { row: GroupedRow; sources: Set<string> }>();
    for (const cell of rows) {
      if (dims.some((d) => cell[d] === null || cell[d] === undefined)) continue;
      const key = dims.map((d) => cell[d]).join('|');
      const g = groups.get(key);
      if (!g) {
        const row: GroupedRow = {
          ...Object.fromEntries(dims.map((d) => [d, cell[d]])),
          n: Number(cell.n),
          usd_p25: null,
          usd_p50: null,
          usd_p75: null,
          local_p25: null,
          local_p50: null,
          local_p75: null,
          sources: '',
          collected_from: cell.collected_from,
          collected_to: cell.collected_to,
          sum_log: Number(cell.sum_log),
          sum_log2: Number(cell.sum_log2),
        };
        groups.set(key, { row, sources: new Set(String(cell.sources).split(',')) });
        continue;
      }
      const r = g.row;
      r.n = Number(r.n) + Number(cell.n);
      r.sum_log = Number(r.sum_log) + Number(cell.sum_log);
      r.sum_log2 = Number(r.sum_log2) + Number(cell.sum_log2);
      if (cell.collected_from && (!r.collected_from || cell.collected_from < r.collected_from)) r.collected_from = cell.collected_from;
      if (cell.collected_to && (!r.collected_to || cell.collected_to > r.collected_to)) r.collected_to = cell.collected_to;
      for (const s of String(cell.sources).split(',')) g.sources.add(s);
    }
    for (const { row, sources } of groups.values())
      out.push(toAggregate({ ...row, sources: [...sources].join(',') }, dims, basis, currencyOf, now));
  }
  return out;
}

const INPUT = 'salary_build_input';
const SKILLS = 'salary_build_skills';

/**
 * Every group, computed by the database from the reports of the figures' basis. Memory is bounded by the
 * number of groups; the database sorts. Runs on one connection (its temporary tables are that connection's).
 */
export async function computeAllGroups(db: Kysely<DB>, currencyOf: (c: string) => string, basis: 'real' | 'demo'): Promise<AggregateRow[]> {
  const dialect = dialectOf(db);
  const input = reportsAtTodaysRate(dialect, await readRates(db), basis, currencyOf);
  const now = new Date();
  return db.connection().execute(async (conn) => {
    const text = sql`text`;
    const dbl = dialect === 'postgres' ? sql`double precision` : sql`real`;
    await sql`drop table if exists ${sql.table(INPUT)}`.execute(conn);
    await sql`drop table if exists ${sql.table(SKILLS)}`.execute(conn);
    await sql`create temporary table ${sql.table(INPUT)} (id integer, country ${text}, role ${text}, area ${text}, seniority ${text},
      modality ${text}, english ${text}, employer ${text}, contract ${text}, pay ${text}, usd ${dbl}, local ${dbl}, source ${text},
      collected ${text})`.execute(conn);
    await sql`insert into ${sql.table(INPUT)} (id, country, role, area, seniority, modality, english, employer, contract, pay, usd, local, source, collected)
      select id, country, role, area, seniority, modality, english, employer, contract, pay, usd, local, source, collected from (${input}) r`.execute(
      conn,
    );
    await sql`create temporary table ${sql.table(SKILLS)} (report_id integer, skill ${text})`.execute(conn);
    await sql`insert into ${sql.table(SKILLS)} (report_id, skill)
      select k.report_id, k.skill from salary_report_skills k join ${sql.table(INPUT)} i on i.id = k.report_id`.execute(conn);
    if (dialect === 'postgres') await sql`analyze ${sql.table(INPUT)}`.execute(conn);
    const out: AggregateRow[] = [];
    try {
      for (const dims of GROUPINGS.filter((d) => !isModelOnly(d))) {
        const { rows } = await groupingQuery(dialect, dims, sql.table(INPUT), sql.table(SKILLS)).execute(conn);
        // (The grouping of everything answers one row even with no report: count 0, no figure.)
        for (const r of rows) if (Number(r.n) > 0) out.push(toAggregate(r, dims, basis, currencyOf, now));
      }
      out.push(...(await modelOnlyGroups(conn, dialect, basis, currencyOf, now)));
    } finally {
      await sql`drop table if exists ${sql.table(INPUT)}`.execute(conn);
      await sql`drop table if exists ${sql.table(SKILLS)}`.execute(conn);
    }
    return out;
  });
}

const BUILT_AT = 'salaries.aggregates_built_at';

/** When the last full rebuild was swapped in (null: never, or before this was recorded). */
export async function lastBuildAt(db: Kysely<DB>): Promise<Date | null> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', BUILT_AT).executeTakeFirst();
  const t = row ? Date.parse(row.value) : NaN;
  return Number.isNaN(t) ? null : new Date(t);
}

/** Whether any report exists (of either kind). */
export async function hasReports(db: Kysely<DB>): Promise<boolean> {
  return !!(await db.selectFrom('salary_reports').select('id').limit(1).executeTakeFirst());
}

/** Whether any aggregate row exists (the figures were built at least once). */
export async function hasAggregates(db: Kysely<DB>): Promise<boolean> {
  return !!(await db.selectFrom('salary_aggregates').select('group_key').limit(1).executeTakeFirst());
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Build every group into the shadow table and swap it in (one short transaction that bumps the salary
 * generation). Waits for another process's build to end first (the lease). Returns the group count.
 */
export function rebuildAggregates(
  db: Kysely<DB>,
  currencyOf: (c: string) => string,
  opts: { holdsLease?: boolean; waitMs?: number } = {},
): Promise<number> {
  // The lease is per process: builds within one process queue here.
  const run = queue.then(() => rebuildOnce(db, currencyOf, opts));
  queue = run.catch(() => {});
  return run;
}
let queue: Promise<unknown> = Promise.resolve();

async function rebuildOnce(
  db: Kysely<DB>,
  currencyOf: (c: string) => string,
  opts: { holdsLease?: boolean; waitMs?: number },
): Promise<number> {
  if (!opts.holdsLease) {
    const until = Date.now() + (opts.waitMs ?? LEASE_MS);
    while (!(await takeLease(db, BUILD_LEASE, LEASE_MS))) {
      if (Date.now() > until) throw new Error('another process is rebuilding the salary aggregates');
      await sleep(250);
    }
  }
  try {
    const reports = await readGeneration(db, SALARY_REPORTS_GENERATION);
    const wanted = await readGeneration(db, AGGREGATES_WANTED);
    const basis = await figureBasis(db);
    const rows = await computeAllGroups(db, currencyOf, basis);
    // The shadow, filled in small statements: no write holds the database for long.
    await db.deleteFrom('salary_aggregates_next').execute();
    for (let i = 0; i < rows.length; i += 400)
      await db
        .insertInto('salary_aggregates_next')
        .values(rows.slice(i, i + 400))
        .execute();
    await writeWithGeneration(db, SALARY_GENERATION, async (trx) => {
      await trx.deleteFrom('salary_aggregates').execute();
      const cols = sql.join(AGGREGATE_COLUMNS.map((c) => sql.ref(c)));
      await sql`insert into salary_aggregates (${cols}) select ${cols} from salary_aggregates_next`.execute(trx);
      await setGeneration(trx, AGGREGATES_BUILT_FROM, reports);
      await setGeneration(trx, AGGREGATES_BUILT_WANTED, wanted);
      await trx
        .insertInto('settings')
        .values({ key: BUILT_AT, value: new Date().toISOString() })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: new Date().toISOString() }))
        .execute();
    });
    await db.deleteFrom('salary_aggregates_next').execute();
    return rows.length;
  } finally {
    if (!opts.holdsLease) await releaseLease(db, BUILD_LEASE).catch(() => {});
  }
}

/** Whether a full rebuild is due: no figures yet while there are reports, a rebuild was asked for, or
 *  contributions arrived since the last one (then at most every `minIntervalMs`). */
export async function rebuildDue(db: Kysely<DB>, lastBuildAgeMs: number, minIntervalMs: number): Promise<boolean> {
  if (!(await hasAggregates(db))) return hasReports(db);
  if ((await readGeneration(db, AGGREGATES_WANTED)) > (await readGeneration(db, AGGREGATES_BUILT_WANTED))) return true;
  const moved = (await readGeneration(db, SALARY_REPORTS_GENERATION)) > (await readGeneration(db, AGGREGATES_BUILT_FROM));
  return moved && lastBuildAgeMs >= minIntervalMs;
}
