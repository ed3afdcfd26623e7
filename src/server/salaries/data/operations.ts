import 'server-only';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { toDate } from '../../db/schema';
import { bumpInTransaction } from '../../db/generations';
import { outlierFences } from '../outlier-fences';
import { AGGREGATES_WANTED, MIN_REPORTS, SALARY_REPORTS_GENERATION } from './aggregates';
import { dialectOf, type AggregateRow } from './aggregate-queries';

// The salaries domain's SQL for the operators' salary-data section (decision 075): the per-source summary and
// the outlier flags the aggregates' rebuild writes (off the request path: the rebuild already reads every
// report), the import runs, and the removal of a report (with its tombstone) or the dismissal of a flag.

const day = (v: unknown) =>
  v
    ? (toDate(v as string | Date)
        ?.toISOString()
        .slice(0, 10) ?? null)
    : null;

/** Count the reports of each source again (one GROUP BY, in the rebuild) and store the summary. */
export async function writeSourceStats(db: Kysely<DB>): Promise<void> {
  const rows = await db
    .selectFrom('salary_reports')
    .select((eb) => [
      'source',
      eb.fn.countAll<number | string>().as('n'),
      eb.fn.sum<number | string>('is_demo').as('demo'),
      eb.fn.min('collected_at').as('first'),
      eb.fn.max('collected_at').as('last'),
    ])
    .groupBy('source')
    .execute();
  const at = new Date();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('salary_source_stats').execute();
    if (rows.length)
      await trx
        .insertInto('salary_source_stats')
        .values(
          rows.map((r) => ({
            source: r.source,
            reports: Number(r.n),
            demo_reports: Number(r.demo ?? 0),
            collected_from: day(r.first),
            collected_to: day(r.last),
            updated_at: at,
          })),
        )
        .execute();
  });
}

/**
 * Flag the reports outside the outlier fences of their group (country, role, seniority; groups of at least
 * MIN_REPORTS), with the fences, replacing the earlier flags; dismissed reports are not flagged again. One
 * INSERT ... SELECT joins the reports (through their (country, role, seniority) index) to the fences of up to
 * 400 groups, given as a VALUES list. Returns the number of flags.
 */
export async function flagOutliers(db: Kysely<DB>, groups: AggregateRow[]): Promise<number> {
  const num = dialectOf(db) === 'postgres' ? sql`double precision` : sql`real`;
  const cast = (v: number) => sql`cast(${v} as ${num})`;
  const fenced = groups.filter(
    (g) =>
      g.country &&
      g.role &&
      g.seniority &&
      g.usd_p25 &&
      g.usd_p75 &&
      g.n >= MIN_REPORTS &&
      !g.skill &&
      !g.modality &&
      !g.english &&
      !g.area &&
      !g.employer &&
      !g.pay &&
      !g.contract,
  );
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('salary_outlier_flags').execute();
    let flagged = 0;
    for (let i = 0; i < fenced.length; i += 400) {
      const values = fenced.slice(i, i + 400).map((g) => {
        const { low, high } = outlierFences(g.usd_p25!, g.usd_p75!);
        return sql`(${g.country}, ${g.role}, ${g.seniority}, ${cast(g.usd_p25!)}, ${cast(g.usd_p75!)}, ${cast(low)}, ${cast(high)})`;
      });
      const r = await sql`with f (country, role, seniority, p25, p75, low, high) as (values ${sql.join(values)})
        insert into salary_outlier_flags (report_id, source, country, role, seniority, currency, amount, period, usd_month, p25, p75, fence_low, fence_high)
        select r.id, r.source, r.country, r.role, r.seniority, r.currency, r.amount, r.period, r.usd_month, f.p25, f.p75, f.low, f.high
        from salary_reports r join f on r.country = f.country and r.role = f.role and r.seniority = f.seniority
        where (r.usd_month < f.low or r.usd_month > f.high)
          and not exists (select 1 from salary_outlier_dismissals d where d.report_id = r.id)`.execute(trx);
      flagged += Number(r.numAffectedRows ?? 0);
    }
    return flagged;
  });
}

/** Note one import of a file (the section shows each source's last one). */
export async function recordImportRun(
  db: Kysely<DB>,
  run: { source: string; file: string; rows: number; imported: number; skipped: number },
) {
  await db
    .insertInto('salary_import_runs')
    .values({ source: run.source, file: run.file.slice(0, 300), rows_read: run.rows, imported: run.imported, skipped: run.skipped })
    .execute();
}

/** The summary of each source and its last import run. */
export async function sourceSummaries(db: Kysely<DB>, sources: string[]) {
  const stats = new Map((await db.selectFrom('salary_source_stats').selectAll().execute()).map((s) => [s.source, s]));
  return Promise.all(
    sources.map(async (source) => {
      const run = await db
        .selectFrom('salary_import_runs')
        .selectAll()
        .where('source', '=', source)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const s = stats.get(source);
      return {
        source,
        reports: s?.reports ?? 0,
        demoReports: s?.demo_reports ?? 0,
        collectedFrom: s?.collected_from ?? null,
        collectedTo: s?.collected_to ?? null,
        lastImport: run ? { at: toDate(run.finished_at)!, file: run.file, imported: run.imported, rows: run.rows_read } : null,
      };
    }),
  );
}

/** Flags, newest report first (keyset on the report id). */
export function outlierPage(db: Kysely<DB>, before: number | null, limit: number) {
  let q = db.selectFrom('salary_outlier_flags').selectAll().orderBy('report_id', 'desc').limit(limit);
  if (before !== null) q = q.where('report_id', '<', before);
  return q.execute();
}

export function flagOf(db: Kysely<DB>, reportId: number) {
  return db.selectFrom('salary_outlier_flags').selectAll().where('report_id', '=', reportId).executeTakeFirst();
}

/** The external ids of a source that were removed (an import skips them). */
export async function tombstonedIds(db: Kysely<DB>, source: string, externalIds: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < externalIds.length; i += 300) {
    const rows = await db
      .selectFrom('salary_report_tombstones')
      .select('external_id')
      .where('source', '=', source)
      .where('external_id', 'in', externalIds.slice(i, i + 300))
      .execute();
    for (const r of rows) out.add(r.external_id);
  }
  return out;
}

/**
 * Remove a report for good: its tombstone (source and external id, or `report:<id>` without one), the report
 * with its skills and flag, one less in its source's summary, and the generations that make the background
 * runner rebuild the aggregates at its next check. One transaction; the removed row, or null when none.
 */
export async function removeReport(db: Kysely<DB>, id: number, tomb: { reason: string; by: string; at: Date }) {
  return db.transaction().execute(async (trx) => {
    const report = await trx.selectFrom('salary_reports').selectAll().where('id', '=', id).executeTakeFirst();
    if (!report) return null;
    const externalId = report.external_id ?? `report:${id}`;
    await trx
      .insertInto('salary_report_tombstones')
      .values({ source: report.source, external_id: externalId, reason: tomb.reason, removed_by: tomb.by, removed_at: tomb.at })
      .onConflict((oc) => oc.columns(['source', 'external_id']).doNothing())
      .execute();
    await trx.deleteFrom('salary_report_skills').where('report_id', '=', id).execute();
    await trx.deleteFrom('salary_outlier_flags').where('report_id', '=', id).execute();
    await trx.deleteFrom('salary_outlier_dismissals').where('report_id', '=', id).execute();
    await trx.deleteFrom('salary_reports').where('id', '=', id).execute();
    await trx
      .updateTable('salary_source_stats')
      .set((eb) => ({ reports: eb('reports', '-', 1), demo_reports: eb('demo_reports', '-', Number(report.is_demo) ? 1 : 0) }))
      .where('source', '=', report.source)
      .where('reports', '>', 0)
      .execute();
    await bumpInTransaction(trx, SALARY_REPORTS_GENERATION);
    await bumpInTransaction(trx, AGGREGATES_WANTED);
    return { ...report, external_id: externalId, collected_at: toDate(report.collected_at)! };
  });
}

/** Keep a flagged report: the flag goes, the dismissal stays (the rebuild does not flag it again). */
export async function dismissFlag(db: Kysely<DB>, reportId: number, d: { reason: string; by: string; at: Date }): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const gone = await trx.deleteFrom('salary_outlier_flags').where('report_id', '=', reportId).executeTakeFirst();
    if (!Number(gone.numDeletedRows)) return false;
    await trx
      .insertInto('salary_outlier_dismissals')
      .values({ report_id: reportId, reason: d.reason, dismissed_by: d.by, dismissed_at: d.at })
      .onConflict((oc) => oc.column('report_id').doNothing())
      .execute();
    return true;
  });
}
