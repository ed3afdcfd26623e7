import 'server-only';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { toDate } from '../../db/schema';

// Offer moderation's SQL (decision 071): reports, flags, the moderation state and the operators' queue.
type Q = Kysely<DB> | Transaction<DB>;

export function insertReport(db: Q, r: { offerId: number; reason: string; text: string | null; userId: number | null; at: Date }) {
  return db
    .insertInto('offer_reports')
    .values({ offer_id: r.offerId, reason: r.reason, text: r.text, user_id: r.userId, created_at: r.at })
    .execute();
}

export async function insertFlags(db: Q, offerId: number, flags: { rule: string; detail: string }[], at: Date) {
  if (!flags.length) return;
  await db
    .insertInto('offer_flags')
    .values(flags.map((f) => ({ offer_id: offerId, rule: f.rule, detail: f.detail.slice(0, 200), created_at: at })))
    .execute();
}

/** The rules' open flags of an offer (a save that breaks the same rule again adds nothing). */
export async function openFlagRules(db: Q, offerId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('offer_flags').select('rule').where('offer_id', '=', offerId).where('resolved_at', 'is', null).execute();
  return new Set(rows.map((r) => r.rule));
}

/** What the rules read of an offer. */
export function offerToScreen(db: Q, id: number) {
  return db
    .selectFrom('offers')
    .select(['id', 'company_id', 'title', 'description', 'role', 'seniority', 'country', 'salary_min_usd_month', 'salary_max_usd_month'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Offers the company created since `since`. */
export async function countOffersSince(db: Q, companyId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('offers')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('company_id', '=', companyId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function moderationOf(db: Q, offerId: number) {
  return db.selectFrom('offer_moderation').selectAll().where('offer_id', '=', offerId).executeTakeFirst();
}

/** The offer an operator acts on: its status, company and slug. */
export function offerForDecision(db: Q, id: number) {
  return db
    .selectFrom('offers as o')
    .innerJoin('companies as c', 'c.id', 'o.company_id')
    .select(['o.id', 'o.slug', 'o.title', 'o.status', 'o.company_id', 'c.name as company_name'])
    .where('o.id', '=', id)
    .executeTakeFirst();
}

export async function setModeration(
  trx: Q,
  row: { offerId: number; state: 'hidden' | 'removed'; previousStatus: string; reason: string; operatorId: number; at: Date },
) {
  const values = {
    state: row.state,
    previous_status: row.previousStatus,
    reason: row.reason,
    operator_user_id: row.operatorId,
    decided_at: row.at,
  };
  await trx
    .insertInto('offer_moderation')
    .values({ offer_id: row.offerId, ...values })
    .onConflict((oc) => oc.column('offer_id').doUpdateSet(values))
    .execute();
}

export async function clearModeration(trx: Q, offerId: number) {
  await trx.deleteFrom('offer_moderation').where('offer_id', '=', offerId).execute();
}

export async function setOfferStatus(trx: Q, offerId: number, status: 'draft' | 'published' | 'paused' | 'closed' | 'expired', at: Date) {
  await trx.updateTable('offers').set({ status, updated_at: at }).where('id', '=', offerId).execute();
}

/** An operator decided: the offer's open reports and flags are closed. */
export async function resolveOpen(trx: Q, offerId: number, at: Date) {
  await trx
    .updateTable('offer_reports')
    .set({ resolved_at: at })
    .where('offer_id', '=', offerId)
    .where('resolved_at', 'is', null)
    .execute();
  await trx.updateTable('offer_flags').set({ resolved_at: at }).where('offer_id', '=', offerId).where('resolved_at', 'is', null).execute();
}

/**
 * The queue (keyset by offer id, newest first): offers with open reports or flags, and hidden offers (to
 * restore or remove), with their open reports' and flags' counts.
 */
export async function queuePage(db: Q, before: number | null, limit: number) {
  let q = db
    .selectFrom('offers as o')
    .innerJoin('companies as c', 'c.id', 'o.company_id')
    .leftJoin('offer_moderation as m', 'm.offer_id', 'o.id')
    .select((eb) => [
      'o.id',
      'o.slug',
      'o.title',
      'o.status',
      'c.name as company_name',
      'm.state as moderation',
      'm.reason as moderation_reason',
      eb
        .selectFrom('offer_reports as r')
        .select(eb.fn.countAll<string | number>().as('n'))
        .whereRef('r.offer_id', '=', 'o.id')
        .where('r.resolved_at', 'is', null)
        .as('reports'),
      eb
        .selectFrom('offer_flags as f')
        .select(eb.fn.countAll<string | number>().as('n'))
        .whereRef('f.offer_id', '=', 'o.id')
        .where('f.resolved_at', 'is', null)
        .as('flags'),
    ])
    .where((eb) =>
      eb.or([
        eb('m.state', '=', 'hidden'),
        eb.exists(
          eb.selectFrom('offer_reports as r').select('r.id').whereRef('r.offer_id', '=', 'o.id').where('r.resolved_at', 'is', null),
        ),
        eb.exists(eb.selectFrom('offer_flags as f').select('f.id').whereRef('f.offer_id', '=', 'o.id').where('f.resolved_at', 'is', null)),
      ]),
    );
  if (before !== null) q = q.where('o.id', '<', before);
  const rows = await q.orderBy('o.id', 'desc').limit(limit).execute();
  return rows.map((r) => ({ ...r, reports: Number(r.reports ?? 0), flags: Number(r.flags ?? 0) }));
}

/** The open reports' reasons (with counts and the latest texts) and open flags of some offers. */
export async function openDetails(db: Q, offerIds: number[]) {
  if (!offerIds.length) return { reports: [], flags: [] };
  const [reports, flags] = await Promise.all([
    db
      .selectFrom('offer_reports')
      .select(['offer_id', 'reason', 'text', 'created_at'])
      .where('offer_id', 'in', offerIds)
      .where('resolved_at', 'is', null)
      .orderBy('id', 'desc')
      .limit(offerIds.length * 20)
      .execute(),
    db
      .selectFrom('offer_flags')
      .select(['offer_id', 'rule', 'detail'])
      .where('offer_id', 'in', offerIds)
      .where('resolved_at', 'is', null)
      .orderBy('id', 'asc')
      .execute(),
  ]);
  return { reports: reports.map((r) => ({ ...r, created_at: toDate(r.created_at)! })), flags };
}

/** The owners of a company (the moderation notice goes to them), each with the language of their email. */
export function companyOwners(db: Q, companyId: number) {
  return db
    .selectFrom('company_users as cu')
    .innerJoin('users as u', 'u.id', 'cu.user_id')
    .select(['u.email', 'u.name', 'u.locale'])
    .where('cu.company_id', '=', companyId)
    .where('cu.role', '=', 'owner')
    .where(sql<boolean>`u.user_status <> 'suspended'`)
    .execute();
}
