import 'server-only';
import type { Insertable, Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { bumpInTransaction } from '../../db/generations';
import type { FxTable, Report, Source } from '../importers';
import { SALARY_REPORTS_GENERATION } from './aggregates';
import { tombstonedIds } from './operations';

// The salaries domain's SQL for individual reports (imported surveys and users' contributions) and the
// FX table they are converted with.

/**
 * Store mapped reports; rows already imported (same source and external id) are left alone (but for the
 * employer and contract fields, filled in when empty), rows an operator removed are skipped, and copies of
 * duplicate rows that an earlier version stored (`dropIds`) are removed.
 */
export async function storeReports(db: Kysely<DB>, source: Source, reports: Report[], dropIds: string[] = []): Promise<number> {
  for (let i = 0; i < dropIds.length; i += 300)
    await db
      .deleteFrom('salary_reports')
      .where('source', '=', source.id)
      .where('external_id', 'in', dropIds.slice(i, i + 300))
      .execute();
  let imported = 0;
  for (let i = 0; i < reports.length; i += 300) {
    // A report an operator removed stays removed (its tombstone, decision 075).
    const removed = await tombstonedIds(
      db,
      source.id,
      reports.slice(i, i + 300).map((r) => r.external_id),
    );
    const chunk = reports.slice(i, i + 300).filter((r) => !removed.has(r.external_id));
    if (!chunk.length) continue;
    const inserted = await db
      .insertInto('salary_reports')
      .values(chunk.map(({ skills: _s, ...r }) => ({ ...r, source: source.id, source_licence: source.licence, gross: 1, is_demo: 0 })))
      .onConflict((oc) => oc.columns(['source', 'external_id']).doNothing())
      .returning(['id', 'external_id'])
      .execute();
    imported += inserted.length;
    // Rows imported before reports said who pays and on what contract get those fields now (once: only
    // while they are still empty), so importing a survey again completes an older database.
    const fresh = new Set(inserted.map((row) => row.external_id));
    for (const r of chunk)
      if (!fresh.has(r.external_id) && (r.employer || r.contract))
        await db
          .updateTable('salary_reports')
          .set({ employer: r.employer, contract: r.contract })
          .where('source', '=', source.id)
          .where('external_id', '=', r.external_id)
          .where((eb) => eb.or([...(r.employer ? [eb('employer', 'is', null)] : []), ...(r.contract ? [eb('contract', 'is', null)] : [])]))
          .execute();
    const byExternal = new Map(chunk.map((r) => [r.external_id, r.skills]));
    const skills = inserted.flatMap((row) => (byExternal.get(row.external_id!) ?? []).map((skill) => ({ report_id: row.id, skill })));
    if (skills.length) await db.insertInto('salary_report_skills').values(skills).execute();
  }
  return imported;
}

export async function loadFx(db: Kysely<DB>): Promise<FxTable> {
  const rows = await db.selectFrom('fx_rates').selectAll().execute();
  return {
    rates: Object.fromEntries(rows.map((r) => [r.currency, Number(r.usd_rate)])),
    asOf:
      rows
        .map((r) => r.as_of)
        .sort()
        .at(-1) ?? '',
  };
}

/** Local units per USD of one currency, or null when the table has no rate for it. */
export async function usdRate(db: Kysely<DB>, currency: string): Promise<number | null> {
  const fx = await db.selectFrom('fx_rates').select('usd_rate').where('currency', '=', currency).executeTakeFirst();
  return fx ? Number(fx.usd_rate) : null;
}

/** The whole FX table, by currency. */
export function fxRows(db: Kysely<DB>) {
  return db.selectFrom('fx_rates').selectAll().orderBy('currency').execute();
}

/**
 * A user's report under its external id, replacing an earlier one with its skills, in one transaction that
 * also moves the reports' generation (the aggregates rebuild from it).
 */
export async function upsertUserReport(
  db: Kysely<DB>,
  key: { source: string; external_id: string },
  report: Omit<Insertable<DB['salary_reports']>, 'source' | 'external_id'>,
  skills: string[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('salary_reports')
      .values({ ...key, ...report })
      .onConflict((oc) => oc.columns(['source', 'external_id']).doUpdateSet(report))
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.deleteFrom('salary_report_skills').where('report_id', '=', row.id).execute();
    if (skills.length)
      await trx
        .insertInto('salary_report_skills')
        .values(skills.map((skill) => ({ report_id: row.id, skill })))
        .execute();
    // Last, so the counter's row lock is held for the shortest time.
    await bumpInTransaction(trx, SALARY_REPORTS_GENERATION);
  });
}

/** One report's grouping fields and skills (null when there is none under that key). */
export async function reportWithSkills(db: Kysely<DB>, source: string, externalId: string) {
  const r = await db
    .selectFrom('salary_reports')
    .select(['id', 'country', 'role', 'seniority', 'modality', 'english', 'employer', 'contract', 'currency'])
    .where('source', '=', source)
    .where('external_id', '=', externalId)
    .executeTakeFirst();
  if (!r) return null;
  const skills = await db.selectFrom('salary_report_skills').select('skill').where('report_id', '=', r.id).execute();
  return { ...r, skills: skills.map((s) => s.skill) };
}

export async function hasReport(db: Kysely<DB>, source: string, externalId: string): Promise<boolean> {
  return !!(await db
    .selectFrom('salary_reports')
    .select('id')
    .where('source', '=', source)
    .where('external_id', '=', externalId)
    .executeTakeFirst());
}
