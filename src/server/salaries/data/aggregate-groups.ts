import 'server-only';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../db/schema';
import { bumpInTransaction, writeWithGeneration } from '../../db/generations';
import { roles } from '../../../domain/catalog';
import { AGGREGATES_WANTED, GROUPINGS, groupKey, SALARY_GENERATION, type Dimension, type GroupFilter } from './aggregates';
import { figureBasis, hasAggregates } from './aggregate-build';
import { dialectOf, groupingQuery, readRates, reportsAtTodaysRate, toAggregate } from './aggregate-queries';

// The salary aggregates a new report touches, recomputed by the same SQL as the full build restricted to
// each group (decision 059).

/** Groups this big are left to the next full rebuild when a report arrives: one report moves them little. */
export const INCREMENTAL_MAX_N = 2_000;

/** The groups one report belongs to (each of its skills for the skill groupings). */
export function groupsOfReport(
  r: { country: string; role: string; seniority: string; currency: string; skills: readonly string[] } & Partial<
    Record<'modality' | 'english' | 'employer' | 'contract', string | null>
  >,
  currencyOf: (c: string) => string,
): { dims: Dimension[]; filter: GroupFilter }[] {
  const values: Partial<Record<Dimension, string | null>> = {
    ...r,
    area: roles.find((x) => x.id === r.role)?.area ?? null,
    pay: r.currency === currencyOf(r.country) ? 'local' : r.currency === 'USD' ? 'usd' : null,
  };
  const out: { dims: Dimension[]; filter: GroupFilter }[] = [];
  for (const dims of GROUPINGS) {
    for (const skill of dims.includes('skill') ? r.skills : [undefined]) {
      const filter: GroupFilter = {};
      let complete = true;
      for (const d of dims) {
        const v = d === 'skill' ? skill : values[d];
        if (v === null || v === undefined) complete = false;
        else filter[d] = v;
      }
      if (complete) out.push({ dims, filter });
    }
  }
  return out;
}

/** The SQL condition on `s` (salary_reports) for a group's filter. */
function filterCondition(f: GroupFilter, currencyOf: (c: string) => string): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [];
  for (const d of ['country', 'role', 'seniority', 'modality', 'english', 'employer', 'contract'] as const)
    if (f[d] !== undefined) parts.push(sql`s.${sql.ref(d)} = ${f[d]}`);
  if (f.area !== undefined) {
    const ids = roles.filter((r) => r.area === f.area).map((r) => r.id);
    parts.push(ids.length ? sql`s.role in (${sql.join(ids)})` : sql`1 = 0`);
  }
  if (f.pay !== undefined) {
    if (f.pay === 'usd') parts.push(sql`s.currency = 'USD'`);
    else if (f.country) parts.push(sql`s.currency = ${currencyOf(f.country)}`);
    else parts.push(sql`1 = 0`);
  }
  if (f.skill !== undefined)
    parts.push(sql`exists (select 1 from salary_report_skills sk where sk.report_id = s.id and sk.skill = ${f.skill})`);
  return parts.length ? sql.join(parts, sql` and `) : sql`1 = 1`;
}

/** One group recomputed from its reports (null when it has none left). */
async function computeGroup(
  db: Kysely<DB>,
  dims: Dimension[],
  f: GroupFilter,
  basis: 'real' | 'demo',
  rates: ReadonlyMap<string, number>,
  currencyOf: (c: string) => string,
  now: Date,
) {
  const input = reportsAtTodaysRate(dialectOf(db), rates, basis, currencyOf, filterCondition(f, currencyOf));
  const skills =
    f.skill !== undefined ? sql`(select report_id, skill from salary_report_skills where skill = ${f.skill})` : sql`salary_report_skills`;
  const { rows } = await groupingQuery(dialectOf(db), dims, sql`(${input})`, skills).execute(db);
  const row = rows.find((r) => Number(r.n) > 0 && dims.every((d) => r[d] === f[d]));
  return row ? toAggregate(row, dims, basis, currencyOf, now) : null;
}

/**
 * After reports changed (a contribution, its replacement): recompute exactly the touched groups that are
 * small enough (under INCREMENTAL_MAX_N reports), in one transaction that bumps the salary generation. The
 * big ones follow at the next full rebuild, which a report of the other basis asks for when it changes
 * what the figures come from. Returns how many groups were rewritten.
 */
export async function refreshGroups(
  db: Kysely<DB>,
  currencyOf: (c: string) => string,
  groups: readonly { dims: Dimension[]; filter: GroupFilter }[],
): Promise<number> {
  if (!groups.length || !(await hasAggregates(db))) return 0;
  const basis = await figureBasis(db);
  const inUse = await db.selectFrom('salary_aggregates').select('demo_share').where('group_key', '=', 'all').executeTakeFirst();
  if (inUse && (Number(inUse.demo_share) > 0 ? 'demo' : 'real') !== basis) {
    await writeWithGeneration(db, AGGREGATES_WANTED, async () => {});
    return 0;
  }
  const unique = new Map(groups.map((g) => [groupKey(g.filter), g]));
  const sizes = new Map<string, number>();
  const keys = [...unique.keys()];
  for (let i = 0; i < keys.length; i += 300)
    for (const r of await db
      .selectFrom('salary_aggregates')
      .select(['group_key', 'n'])
      .where('group_key', 'in', keys.slice(i, i + 300))
      .execute())
      sizes.set(r.group_key, Number(r.n));
  const small = [...unique.entries()].filter(([k]) => (sizes.get(k) ?? 0) < INCREMENTAL_MAX_N);
  if (!small.length) return 0;
  const now = new Date();
  const rates = await readRates(db);
  // Read and written under the generation's row lock: two refreshes at once cannot write older figures last.
  return writeWithGeneration(db, SALARY_GENERATION, async (trx) => {
    await bumpInTransaction(trx, SALARY_GENERATION); // first: takes the row lock before reading
    let written = 0;
    for (const [key, g] of small) {
      const row = await computeGroup(trx, g.dims, g.filter, basis, rates, currencyOf, now);
      await trx.deleteFrom('salary_aggregates').where('group_key', '=', key).execute();
      if (row) {
        await trx.insertInto('salary_aggregates').values(row).execute();
        written++;
      }
    }
    return written;
  });
}
