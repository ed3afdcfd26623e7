import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { readGeneration, setGeneration, writeWithGeneration } from '../../db/generations';
import { takeLease, releaseLease } from '../../db/job-lease';
import { AGGREGATES_WANTED, demoSetting, GROUPINGS, MIN_REPORTS, SALARY_GENERATION, SALARY_REPORTS_GENERATION } from './aggregates';
import {
  AGGREGATE_COLUMNS,
  CELL,
  isModelOnly,
  dialectOf,
  groupingQuery,
  readRates,
  reportsAtTodaysRate,
  toAggregate,
  type AggregateRow,
  type Dialect,
  type GroupedRow,
} from './aggregate-queries';
import { flagOutliers, writeSourceStats } from './operations';

// The salary aggregates computed by the database (decision 059): one GROUP BY per grouping with the
// database's own percentile aggregate (PostgreSQL's percentile_cont, SQLite's percentile_cont from 3.47),
// over a temporary table of the reports at today's FX rates. Only the grouped rows (bounded by the
// catalogue, not by the number of reports) reach JavaScript. They go to a shadow table in small batches,
// and one short transaction copies the shadow into the live table. The same SQL recomputes just the groups
// one new report touches (refreshGroups).

/** The generation the aggregates were last fully built from (SALARY_REPORTS_GENERATION at that time). */
const AGGREGATES_BUILT_FROM = 'salary-aggregates-built-from';
const AGGREGATES_BUILT_WANTED = 'salary-aggregates-built-wanted';
/** One full build at a time, across processes. */
export const BUILD_LEASE = 'salary-aggregates';
const LEASE_MS = 15 * 60_000;

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
      min(collected) as collected_from, max(collected) as collected_to, sum(lu) as sum_log, sum(lu * lu) as sum_log2
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
    // Byte order: PostgreSQL sorts a group's key far faster than under the database's language collation.
    const text = dialect === 'postgres' ? sql`text collate "C"` : sql`text`;
    const dbl = dialect === 'postgres' ? sql`double precision` : sql`real`;
    await sql`drop table if exists ${sql.table(INPUT)}`.execute(conn);
    await sql`drop table if exists ${sql.table(SKILLS)}`.execute(conn);
    await sql`create temporary table ${sql.table(INPUT)} (id integer, country ${text}, role ${text}, area ${text}, seniority ${text},
      modality ${text}, english ${text}, employer ${text}, contract ${text}, pay ${text}, usd ${dbl}, local ${dbl}, source ${text},
      collected ${text}, lu ${dbl})`.execute(conn);
    await sql`insert into ${sql.table(INPUT)} (id, country, role, area, seniority, modality, english, employer, contract, pay, usd, local, source, collected, lu)
      select id, country, role, area, seniority, modality, english, employer, contract, pay, usd, local, source, collected, lu from (${input}) r`.execute(
      conn,
    );
    const { rows: sourceRows } = await sql<{ source: string }>`select source from ${sql.table(INPUT)} group by source`.execute(conn);
    const sources = sourceRows.map((r) => r.source);
    await sql`create temporary table ${sql.table(SKILLS)} (report_id integer, skill ${text})`.execute(conn);
    await sql`insert into ${sql.table(SKILLS)} (report_id, skill)
      select k.report_id, k.skill from salary_report_skills k join ${sql.table(INPUT)} i on i.id = k.report_id`.execute(conn);
    if (dialect === 'postgres') await sql`analyze ${sql.table(INPUT)}`.execute(conn);
    const out: AggregateRow[] = [];
    try {
      for (const dims of GROUPINGS.filter((d) => !isModelOnly(d))) {
        const { rows } = await groupingQuery(dialect, dims, sql.table(INPUT), sql.table(SKILLS), sources).execute(conn);
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
    // The operators' section (decision 075): each source's count and the outliers, found here, off the
    // request path, while the reports are being read anyway.
    await writeSourceStats(db);
    await flagOutliers(db, rows);
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
