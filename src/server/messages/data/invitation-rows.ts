import 'server-only';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema';
import { companyNotLeaving } from '../../db/pending-deletion';

// Invitations (decision 043): a company's first message to a candidate found in its browser or on a public
// profile; accepting one opens a conversation whose origin is the invitation.
type Q = Kysely<DB> | Transaction<DB>;

/** A candidate by their public profile's slug, with whether the profile is public. */
export function candidateBySlug(db: Q, slug: string) {
  return db
    .selectFrom('users as u')
    .innerJoin('candidate_profiles as cp', 'cp.user_id', 'u.id')
    .select(['u.id', 'u.name', 'u.last_name', 'u.account_type', 'cp.is_public'])
    .where('u.profile_slug', '=', slug)
    .where('u.deletion_requested_at', 'is', null) // deleted by its owner (decisions 073, 076)
    .executeTakeFirst();
}

export function userName(db: Q, userId: number) {
  return db.selectFrom('users').select(['name', 'last_name']).where('id', '=', userId).executeTakeFirst();
}

/** A company's open offers (published and not past their date), newest first, for the invite form. */
export function openOffersOf(db: Q, companyId: number, at: Date) {
  return db
    .selectFrom('offers')
    .select(['id', 'title'])
    .where('company_id', '=', companyId)
    .where('status', '=', 'published')
    .where((eb) => eb.or([eb('valid_through', 'is', null), eb('valid_through', '>', at)]))
    .orderBy('id', 'desc')
    .limit(100)
    .execute();
}

/** Invitations a company sent since `since`: how many, and when the oldest of them was sent. */
export async function invitesSince(db: Q, companyId: number, since: Date): Promise<{ n: number; oldest: Date | string | null }> {
  const r = await db
    .selectFrom('invitations')
    .select((eb) => [eb.fn.countAll<number | string>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('company_id', '=', companyId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { n: Number(r.n), oldest: r.oldest ?? null };
}

/** The latest invitation from a company to a candidate. */
export function lastInvitation(db: Q, companyId: number, candidateId: number) {
  return db
    .selectFrom('invitations')
    .select(['id', 'status', 'created_at', 'answered_at'])
    .where('company_id', '=', companyId)
    .where('candidate_id', '=', candidateId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

export async function insertInvitation(
  db: Q,
  v: { companyId: number; candidateId: number; offerId: number | null; senderId: number; body: string; at: Date },
): Promise<number> {
  const r = await db
    .insertInto('invitations')
    .values({
      company_id: v.companyId,
      candidate_id: v.candidateId,
      offer_id: v.offerId,
      sender_id: v.senderId,
      body: v.body,
      created_at: v.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

const INVITATION_COLUMNS = [
  'i.id',
  'i.company_id',
  'i.candidate_id',
  'i.sender_id',
  'i.offer_id',
  'i.body',
  'i.status',
  'i.created_at',
  'co.name as company_name',
  'co.slug as company_slug',
  'o.title as offer_title',
  'o.slug as offer_slug',
] as const;

export function invitationById(db: Q, id: number) {
  return db
    .selectFrom('invitations as i')
    .innerJoin('companies as co', 'co.id', 'i.company_id')
    .leftJoin('offers as o', 'o.id', 'i.offer_id')
    .select(INVITATION_COLUMNS)
    .where('i.id', '=', id)
    .executeTakeFirst();
}

/** A candidate's invitations waiting for an answer, newest first (a few: each company may have one pending). */
export function pendingInvitationsOf(db: Q, candidateId: number, limit: number) {
  return db
    .selectFrom('invitations as i')
    .innerJoin('companies as co', 'co.id', 'i.company_id')
    .leftJoin('offers as o', 'o.id', 'i.offer_id')
    .select(INVITATION_COLUMNS)
    .where('i.candidate_id', '=', candidateId)
    .where('i.status', '=', 'pending')
    .where(companyNotLeaving('i.company_id')) // a company closing with its owner's account (decision 076)
    .orderBy('i.id', 'desc')
    .limit(limit)
    .execute();
}

/**
 * Answers a pending invitation once; on acceptance, opens its conversation with the invitation's text as the
 * first message (from the company). Null when it was answered already (a race, a second click).
 */
export async function answerInvitation(
  db: Kysely<DB>,
  inv: {
    id: number;
    companyId: number;
    candidateId: number;
    offerId: number | null;
    senderId: number | null;
    body: string;
    sentAt: Date | string;
  },
  accept: boolean,
  at: Date,
): Promise<{ conversationId: number | null } | null> {
  return db.transaction().execute(async (trx) => {
    const done = await trx
      .updateTable('invitations')
      .set({ status: accept ? 'accepted' : 'declined', answered_at: at })
      .where('id', '=', inv.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) return null;
    if (!accept) return { conversationId: null };
    const cv = await trx
      .insertInto('conversations')
      .values({ company_id: inv.companyId, candidate_id: inv.candidateId, invitation_id: inv.id, offer_id: inv.offerId, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const msg = await trx
      .insertInto('messages')
      .values({ conversation_id: cv.id, sender_side: 'company', sender_id: inv.senderId, body: inv.body, created_at: inv.sentAt })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The candidate has read it (they answered it); the company sees it as its own.
    await trx
      .updateTable('conversations')
      .set({ last_message_id: msg.id, last_message_at: at, company_read_id: msg.id, candidate_read_id: msg.id })
      .where('id', '=', cv.id)
      .execute();
    return { conversationId: cv.id };
  });
}

/** The conversation an accepted invitation opened. */
export async function conversationOfInvitation(db: Q, invitationId: number): Promise<number | null> {
  const r = await db.selectFrom('conversations').select('id').where('invitation_id', '=', invitationId).executeTakeFirst();
  return r?.id ?? null;
}
