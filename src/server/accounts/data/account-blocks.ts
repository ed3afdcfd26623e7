import 'server-only';
import { sql, type Kysely, type Transaction } from 'kysely';
import { toDate, type DB } from '../../db/schema';

// The operators' account section (decision 074): the search by a prefix of the email or the name (a range
// on users_email_lower / users_name_lower, never a scan), an account's recent activity, and its blocks.
type Q = Kysely<DB> | Transaction<DB>;

/** The end of a prefix range: every string starting with `p` sorts below it. */
const upper = (p: string) => `${p}\uffff`;

export type AccountHit = {
  id: number;
  email: string;
  name: string;
  last_name: string;
  account_type: 'match' | 'hire';
  user_status: 'pending-confirmation' | 'active' | 'suspended';
};

/** Accounts whose lowered email or name starts with `prefix`, newest first, ids below `before`. */
export async function searchAccounts(
  db: Q,
  by: 'email' | 'name',
  prefix: string,
  before: number | null,
  limit: number,
): Promise<AccountHit[]> {
  const col = by === 'email' ? sql`lower(email)` : sql`lower(name)`;
  let q = db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'last_name', 'account_type', 'user_status'])
    .where(sql<boolean>`${col} >= ${prefix} and ${col} < ${upper(prefix)}`)
    .orderBy('id', 'desc')
    .limit(limit);
  if (before !== null) q = q.where('id', '<', before);
  return q.execute();
}

export function accountById(db: Q, id: number) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'name', 'last_name', 'account_type', 'user_status', 'profile_slug', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** What an account did lately: its sessions' last uses, its applications, its company's offers, its audit entries. */
export async function accountActivity(db: Q, userId: number, companyId: number | null, limit: number) {
  const [sessions, applications, offers, audit] = await Promise.all([
    db
      .selectFrom('session_activity')
      .select(['last_seen_at'])
      .where('user_id', '=', userId)
      .orderBy('last_seen_at', 'desc')
      .limit(limit)
      .execute(),
    db
      .selectFrom('applications as a')
      .innerJoin('offers as o', 'o.id', 'a.offer_id')
      .select(['a.id', 'a.status', 'a.created_at', 'o.title'])
      .where('a.candidate_id', '=', userId)
      .orderBy('a.id', 'desc')
      .limit(limit)
      .execute(),
    companyId === null
      ? Promise.resolve([])
      : db
          .selectFrom('offers')
          .select(['id', 'title', 'status', 'published_at'])
          .where('company_id', '=', companyId)
          .orderBy('id', 'desc')
          .limit(limit)
          .execute(),
    db
      .selectFrom('operator_audit')
      .select(['id', 'created_at', 'actor', 'action', 'after_json'])
      .where('target_type', '=', 'user')
      .where('target_id', '=', String(userId))
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
  ]);
  return {
    sessions: sessions.map((s) => toDate(s.last_seen_at)!),
    applications: applications.map((a) => ({ ...a, created_at: toDate(a.created_at)! })),
    offers: offers.map((o) => ({ ...o, published_at: toDate(o.published_at) })),
    audit: audit.map((e) => ({ ...e, created_at: toDate(e.created_at)! })),
  };
}

/** The account's open block, if any. */
export async function openBlock(db: Q, userId: number) {
  const row = await db
    .selectFrom('account_blocks')
    .selectAll()
    .where('user_id', '=', userId)
    .where('unblocked_at', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row
    ? { ...row, blocked_at: toDate(row.blocked_at)!, pausedOfferIds: JSON.parse(row.paused_offer_ids ?? '[]') as number[] }
    : undefined;
}

/** The company's published offers (a blocked company account's, to pause). */
export async function publishedOfferIds(db: Q, companyId: number): Promise<number[]> {
  const rows = await db.selectFrom('offers').select('id').where('company_id', '=', companyId).where('status', '=', 'published').execute();
  return rows.map((r) => r.id);
}

/** Moves these offers from one status to the other (only those still in `from`). */
export async function moveOffers(db: Q, ids: number[], from: 'published' | 'paused', to: 'published' | 'paused', at: Date) {
  if (!ids.length) return;
  await db.updateTable('offers').set({ status: to, updated_at: at }).where('id', 'in', ids).where('status', '=', from).execute();
}

/** Suspends the account and ends every session of it (the token version moves). False when it was suspended. */
export async function suspendUser(db: Q, userId: number, at: Date): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ user_status: 'suspended', token_version: sql<number>`token_version + 1`, updated_at: at })
    .where('id', '=', userId)
    .where('user_status', '!=', 'suspended')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function restoreUser(db: Q, userId: number, status: 'pending-confirmation' | 'active', at: Date): Promise<boolean> {
  const r = await db
    .updateTable('users')
    .set({ user_status: status, updated_at: at })
    .where('id', '=', userId)
    .where('user_status', '=', 'suspended')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function insertBlock(
  db: Q,
  b: {
    user_id: number;
    reason: string;
    previous_status: 'pending-confirmation' | 'active';
    paused_offer_ids: number[];
    blocked_by: string;
    blocked_at: Date;
  },
) {
  await db
    .insertInto('account_blocks')
    .values({ ...b, paused_offer_ids: JSON.stringify(b.paused_offer_ids) })
    .execute();
}

export async function closeBlock(db: Q, id: number, by: string, reason: string, at: Date) {
  await db.updateTable('account_blocks').set({ unblocked_at: at, unblocked_by: by, unblock_reason: reason }).where('id', '=', id).execute();
}
