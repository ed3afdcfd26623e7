import 'server-only';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { companyLeaving, companyNotLeaving, userLeaving, userNotLeaving } from '../../db/pending-deletion';
import type { Side } from '../../../domain/messaging';

// The messages domain's SQL (decision 043): conversations with their parties, messages, read markers and
// unread counters, blocks and reports. The service decides who may; these only read and write rows.
type Q = Kysely<DB> | Transaction<DB>;

const readCol = (s: Side) => (s === 'company' ? 'company_read_id' : 'candidate_read_id');
const unreadCol = (s: Side) => (s === 'company' ? 'company_unread' : 'candidate_unread');
const other = (s: Side): Side => (s === 'company' ? 'candidate' : 'company');

/** One conversation with the names of its parties and its offer. */
export function conversationById(db: Q, id: number) {
  return db
    .selectFrom('conversations as cv')
    .innerJoin('companies as co', 'co.id', 'cv.company_id')
    .innerJoin('users as u', 'u.id', 'cv.candidate_id')
    .leftJoin('candidate_profiles as cp', 'cp.user_id', 'cv.candidate_id')
    .leftJoin('offers as o', 'o.id', 'cv.offer_id')
    .select([
      'cv.id',
      'cv.company_id',
      'cv.candidate_id',
      'cv.application_id',
      'cv.invitation_id',
      'cv.last_message_id',
      'cv.company_read_id',
      'cv.candidate_read_id',
      'cv.company_unread',
      'cv.candidate_unread',
      'cv.blocked_by',
      'co.name as company_name',
      'co.slug as company_slug',
      'u.name as candidate_name',
      'u.last_name as candidate_last_name',
      'u.profile_slug as candidate_slug',
      'cp.is_public as candidate_public',
      'o.title as offer_title',
      'o.slug as offer_slug',
      userLeaving('cv.candidate_id').as('candidate_leaving'),
      companyLeaving('cv.company_id').as('company_leaving'),
    ])
    .where('cv.id', '=', id)
    .executeTakeFirst();
}
export type ConversationRow = NonNullable<Awaited<ReturnType<typeof conversationById>>>;

/**
 * Messages of a conversation: the newest `limit` before `before`, or the oldest `limit` after `after`, oldest
 * first, with their author's name (null once the account is gone).
 */
export async function messagesOf(db: Q, conversationId: number, opts: { before?: number; after?: number; limit: number }) {
  let q = db
    .selectFrom('messages as m')
    .leftJoin('users as u', 'u.id', 'm.sender_id')
    .select(['m.id', 'm.sender_side', 'm.sender_id', 'm.body', 'm.created_at', 'u.name as sender_name', 'u.last_name as sender_last_name'])
    .where('m.conversation_id', '=', conversationId);
  if (opts.after !== undefined) {
    const rows = await q.where('m.id', '>', opts.after).orderBy('m.id', 'asc').limit(opts.limit).execute();
    return rows;
  }
  if (opts.before !== undefined) q = q.where('m.id', '<', opts.before);
  const rows = await q.orderBy('m.id', 'desc').limit(opts.limit).execute();
  return rows.reverse();
}

/**
 * Adds a message: the other side's unread counter grows, the conversation's last message moves, and the
 * sender's read marker moves to it (one has read what one wrote). Only while the conversation is not blocked
 * (the update's condition): null when it is.
 */
export async function insertMessage(
  db: Kysely<DB>,
  m: { conversationId: number; side: Side; senderId: number; body: string; at: Date },
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    const open = await trx
      .updateTable('conversations')
      .set((eb) => ({ [unreadCol(other(m.side))]: eb(unreadCol(other(m.side)), '+', 1) }))
      .where('id', '=', m.conversationId)
      .where('blocked_by', 'is', null)
      .executeTakeFirst();
    if (Number(open.numUpdatedRows) !== 1) return null;
    const { id } = await trx
      .insertInto('messages')
      .values({ conversation_id: m.conversationId, sender_side: m.side, sender_id: m.senderId, body: m.body, created_at: m.at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .updateTable('conversations')
      .set({ last_message_id: id, last_message_at: m.at, [readCol(m.side)]: id, [unreadCol(m.side)]: 0 })
      .where('id', '=', m.conversationId)
      .execute();
    return id;
  });
}

/** Moves a side's read marker forward to `upTo` and recounts what is left unread after it. */
export async function markRead(db: Q, conversationId: number, side: Side, upTo: number): Promise<void> {
  const read = readCol(side);
  const unread = unreadCol(side);
  // Nothing after upTo: nothing is unread (one statement, no race with a message being added).
  const done = await db
    .updateTable('conversations')
    .set({ [read]: upTo, [unread]: 0 })
    .where('id', '=', conversationId)
    .where(read, '<=', upTo)
    .where((eb) => eb(eb.fn.coalesce('last_message_id', sql.lit(0)), '<=', upTo))
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 1) return;
  await db
    .updateTable('conversations')
    .set((eb) => ({
      [read]: upTo,
      [unread]: eb
        .selectFrom('messages')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('messages.conversation_id', '=', conversationId)
        .where('messages.id', '>', upTo)
        .where('messages.sender_side', '=', other(side)),
    }))
    .where('id', '=', conversationId)
    .where(read, '<', upTo)
    .execute();
}

export async function setBlock(db: Q, conversationId: number, by: Side | null, at: Date, onlyBy?: Side): Promise<boolean> {
  let q = db
    .updateTable('conversations')
    .set({ blocked_by: by, blocked_at: by ? at : null })
    .where('id', '=', conversationId);
  q = by ? q.where('blocked_by', 'is', null) : q.where('blocked_by', '=', onlyBy!);
  return Number((await q.executeTakeFirst()).numUpdatedRows) === 1;
}

/** Creates the conversations of some applications that have none yet (of one company, or of one candidate). */
export async function ensureApplicationConversations(
  db: Q,
  applicationIds: number[],
  owner: { companyId: number } | { candidateId: number },
): Promise<void> {
  if (!applicationIds.length) return;
  await db
    .insertInto('conversations')
    .columns(['company_id', 'candidate_id', 'application_id', 'offer_id'])
    .expression(
      db
        .selectFrom('applications as a')
        .innerJoin('offers as o', 'o.id', 'a.offer_id')
        .select(['o.company_id', 'a.candidate_id', 'a.id', 'a.offer_id'])
        .where('a.id', 'in', applicationIds)
        .where((eb) => ('companyId' in owner ? eb('o.company_id', '=', owner.companyId) : eb('a.candidate_id', '=', owner.candidateId)))
        .where((eb) => eb.not(eb.exists(eb.selectFrom('conversations as x').select('x.id').whereRef('x.application_id', '=', 'a.id')))),
    )
    .onConflict((oc) => oc.column('application_id').doNothing())
    .execute();
}

/** The conversations of some applications of one company or one candidate, with that side's unread count. */
export async function applicationConversations(db: Q, applicationIds: number[], owner: { companyId: number } | { candidateId: number }) {
  if (!applicationIds.length) return [];
  const side: Side = 'companyId' in owner ? 'company' : 'candidate';
  return db
    .selectFrom('conversations')
    .select(['id', 'application_id', `${unreadCol(side)} as unread`])
    .where('application_id', 'in', applicationIds)
    .where((eb) => ('companyId' in owner ? eb('company_id', '=', owner.companyId) : eb('candidate_id', '=', owner.candidateId)))
    .execute();
}

/** A side's conversations with at least one message, newest activity first, keyset on the last message id. */
export async function inboxOf(db: Q, owner: { companyId: number } | { candidateId: number }, before: number | null, limit: number) {
  const side: Side = 'companyId' in owner ? 'company' : 'candidate';
  let q = db
    .selectFrom('conversations as cv')
    .innerJoin('companies as co', 'co.id', 'cv.company_id')
    .innerJoin('users as u', 'u.id', 'cv.candidate_id')
    .innerJoin('messages as m', 'm.id', 'cv.last_message_id')
    .leftJoin('offers as o', 'o.id', 'cv.offer_id')
    .select([
      'cv.id',
      'cv.last_message_id',
      'cv.last_message_at',
      `cv.${unreadCol(side)} as unread`,
      'cv.blocked_by',
      'co.name as company_name',
      'u.name as candidate_name',
      'u.last_name as candidate_last_name',
      'o.title as offer_title',
      'm.body as last_body',
      'm.sender_side as last_side',
    ]);
  // The other side pending deletion (decision 076) is hidden: a candidate from the company, a closing company from the candidate.
  q =
    'companyId' in owner
      ? q.where('cv.company_id', '=', owner.companyId).where('u.deletion_requested_at', 'is', null)
      : q.where('cv.candidate_id', '=', owner.candidateId).where(companyNotLeaving('cv.company_id'));
  q = q.where('cv.last_message_id', 'is not', null);
  if (before !== null) q = q.where('cv.last_message_id', '<', before);
  return q.orderBy('cv.last_message_id', 'desc').limit(limit).execute();
}

/**
 * Unread messages of every conversation of a user, on whichever side they are (one statement, two index reads),
 * leaving out conversations whose other side is pending deletion, as the inbox does.
 */
export async function unreadTotal(db: Q, userId: number): Promise<number> {
  const r = await sql<{ n: number | string | null }>`select
      coalesce((select sum(candidate_unread) from conversations where candidate_id = ${userId}
        and ${companyNotLeaving('conversations.company_id')}), 0)
    + coalesce((select sum(company_unread) from conversations where company_id =
        (select company_id from company_users where user_id = ${userId})
        and ${userNotLeaving('conversations.candidate_id')}), 0) as n`.execute(db);
  return Number(r.rows[0]?.n ?? 0);
}

export async function insertReport(
  db: Q,
  r: { conversationId: number; candidateId: number; companyId: number; reason: string; details: string | null; at: Date },
): Promise<void> {
  await db
    .insertInto('conversation_reports')
    .values({
      conversation_id: r.conversationId,
      candidate_id: r.candidateId,
      company_id: r.companyId,
      reason: r.reason,
      details: r.details,
      created_at: r.at,
    })
    .execute();
}

export async function hasReported(db: Q, conversationId: number, candidateId: number): Promise<boolean> {
  return !!(await db
    .selectFrom('conversation_reports')
    .select('id')
    .where('conversation_id', '=', conversationId)
    .where('candidate_id', '=', candidateId)
    .executeTakeFirst());
}
