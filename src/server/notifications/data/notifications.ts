import 'server-only';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { companyNotLeaving, userNotLeaving } from '../../db/pending-deletion';

// The notifications domain's SQL: the bell's rows, what each person chose per kind, and the facts a
// notification is written from (an application, its offer, company and candidate).
type Q = Kysely<DB> | Transaction<DB>;

export type Recipient = { id: number; email: string; name: string; locale: string | null; account_type: 'match' | 'hire' };

const recipientColumns = ['u.id', 'u.email', 'u.name', 'u.locale', 'u.account_type'] as const;

/** The person, unless the account is suspended. */
export function userRecipient(db: Q, userId: number): Promise<Recipient | undefined> {
  return db
    .selectFrom('users as u')
    .select(recipientColumns)
    .where('u.id', '=', userId)
    .where('u.user_status', '!=', 'suspended')
    .executeTakeFirst();
}

/** Everybody who works for the company (a team is a few people). */
export function companyRecipients(db: Q, companyId: number): Promise<Recipient[]> {
  return db
    .selectFrom('company_users as cu')
    .innerJoin('users as u', 'u.id', 'cu.user_id')
    .select(recipientColumns)
    .where('cu.company_id', '=', companyId)
    .where('u.user_status', '!=', 'suspended')
    .orderBy('u.id')
    .limit(50)
    .execute();
}

/** What a notification about an application says: the offer, the company, the candidate, the status. */
export function applicationFacts(db: Q, applicationId: number) {
  return db
    .selectFrom('applications as a')
    .innerJoin('offers as o', 'o.id', 'a.offer_id')
    .innerJoin('companies as c', 'c.id', 'o.company_id')
    .innerJoin('users as u', 'u.id', 'a.candidate_id')
    .select([
      'a.id',
      'a.status',
      'a.candidate_id',
      'o.id as offer_id',
      'o.title as offer_title',
      'o.slug as offer_slug',
      'c.id as company_id',
      'c.name as company_name',
      'u.name as candidate_name',
      'u.last_name as candidate_last_name',
    ])
    .where('a.id', '=', applicationId)
    .executeTakeFirst();
}

export function settingsOf(db: Q, userId: number) {
  return db.selectFrom('notification_settings').select(['kind', 'mode']).where('user_id', '=', userId).execute();
}

export async function saveSetting(db: Q, userId: number, kind: string, mode: string, at: Date): Promise<void> {
  await db
    .insertInto('notification_settings')
    .values({ user_id: userId, kind, mode, updated_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet({ mode, updated_at: at }))
    .execute();
}

export async function saveLocale(db: Q, userId: number, locale: 'es' | 'en'): Promise<void> {
  await db.updateTable('users').set({ locale }).where('id', '=', userId).execute();
}

export async function insertNotification(
  db: Q,
  n: {
    user_id: number;
    kind: string;
    data: string;
    link: string;
    created_at: Date;
    digest_pending: number;
    subject_user_id?: number | null;
    subject_company_id?: number | null;
  },
): Promise<number> {
  return (await db.insertInto('notifications').values(n).returning('id').executeTakeFirstOrThrow()).id;
}

const listColumns = ['id', 'kind', 'data', 'link', 'created_at', 'read_at'] as const;

/** Not about an account pending deletion (decision 076): a leaving candidate, a company closing with its owner. */
const aboutNoLeaver = sql<boolean>`(${userNotLeaving('subject_user_id')} and (subject_company_id is null or ${companyNotLeaving('subject_company_id')}))`;

/** Who a notice is about: the bell hides it while that account is pending deletion (decision 076). */
export type About = { userId?: number; companyId?: number };

/** A notice to one side of a conversation, invitation or interview is about the other side. */
export async function aboutOf(
  db: Q,
  of: 'conversations' | 'invitations' | 'job_interviews',
  id: number,
  to: { userId: number } | { companyId: number },
): Promise<About> {
  const p = await db.selectFrom(of).select(['candidate_id', 'company_id']).where('id', '=', id).executeTakeFirst();
  if (!p) return {};
  return 'companyId' in to ? { userId: p.candidate_id } : { companyId: p.company_id };
}

/** A page of a person's notifications, newest first, after the cursor (an id). */
export function notificationsPage(db: Q, userId: number, beforeId: number | null, limit: number) {
  let q = db.selectFrom('notifications').select(listColumns).where('user_id', '=', userId).where(aboutNoLeaver);
  if (beforeId != null) q = q.where('id', '<', beforeId);
  return q.orderBy('id', 'desc').limit(limit).execute();
}

/** Unread notifications, counted up to `cap` + 1 (the bell shows "99+"): never more rows than that. */
export async function unreadCount(db: Q, userId: number, cap: number): Promise<number> {
  const inner = db
    .selectFrom('notifications')
    .select(sql<number>`1`.as('one'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .where(aboutNoLeaver)
    .limit(cap + 1);
  const r = await db
    .selectFrom(inner.as('u'))
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/** Marks one of the person's notifications read; its link, or undefined when it is not theirs. */
export async function openNotification(db: Q, userId: number, id: number, at: Date): Promise<string | undefined> {
  const row = await db
    .selectFrom('notifications')
    .select(['link', 'read_at'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  if (!row.read_at) await db.updateTable('notifications').set({ read_at: at }).where('id', '=', id).execute();
  return row.link;
}

/** Everything unread about one link is read once the person opened the thing itself. */
export async function markLinkRead(db: Q, userId: number, link: string, at: Date): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: at })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .where('link', '=', link)
    .execute();
}

export async function markAllRead(db: Q, userId: number, at: Date): Promise<void> {
  await db.updateTable('notifications').set({ read_at: at }).where('user_id', '=', userId).where('read_at', 'is', null).execute();
}

/** The next people with notifications waiting for their digest, by id after `afterUserId` (keyset). */
export function digestRecipients(db: Q, afterUserId: number, limit: number): Promise<number[]> {
  return db
    .selectFrom('notifications')
    .select('user_id')
    .distinct()
    .where('digest_pending', '=', 1)
    .where('user_id', '>', afterUserId)
    .orderBy('user_id')
    .limit(limit)
    .execute()
    .then((rows) => rows.map((r) => r.user_id));
}

/**
 * Takes a person's waiting notifications made before `cut` out of the queue, inside the caller's
 * transaction: of two instances doing it at once, one gets the rows and the other none. Notices about an
 * account pending deletion stay queued: they go out if the deletion is cancelled, and leave with the account.
 */
export function claimDigest(db: Q, userId: number, cut: Date) {
  return db
    .updateTable('notifications')
    .set({ digest_pending: 0 })
    .where('user_id', '=', userId)
    .where('digest_pending', '=', 1)
    .where('created_at', '<', cut)
    .where(aboutNoLeaver)
    .returning(['id', 'kind', 'data', 'link', 'created_at'])
    .execute();
}
