import 'server-only';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';

// The messages domain's part of a person's data export (decision 072). A candidate gets their
// conversations whole (both sides wrote to them), the invitations they received and the reports they made.
// A company member gets what they wrote: their messages and the invitations they sent (the rest of the
// company's conversations belong to their colleagues and the candidates).
export async function candidateMessagesData(db: Kysely<DB>, userId: number) {
  const conversations = await db
    .selectFrom('conversations as v')
    .innerJoin('companies as c', 'c.id', 'v.company_id')
    .select(['v.id', 'c.name as company_name', 'v.offer_id', 'v.application_id', 'v.blocked_by', 'v.blocked_at', 'v.created_at'])
    .where('v.candidate_id', '=', userId)
    .orderBy('v.id')
    .execute();
  const ids = conversations.map((c) => c.id);
  const messages = ids.length
    ? await db
        .selectFrom('messages')
        .select(['conversation_id', 'sender_side', 'body', 'created_at'])
        .where('conversation_id', 'in', ids)
        .orderBy('id')
        .execute()
    : [];
  const invitations = await db
    .selectFrom('invitations as i')
    .innerJoin('companies as c', 'c.id', 'i.company_id')
    .select(['i.id', 'c.name as company_name', 'i.offer_id', 'i.body', 'i.status', 'i.created_at', 'i.answered_at'])
    .where('i.candidate_id', '=', userId)
    .orderBy('i.id')
    .execute();
  const reports = await db
    .selectFrom('conversation_reports')
    .select(['conversation_id', 'reason', 'details', 'created_at'])
    .where('candidate_id', '=', userId)
    .orderBy('id')
    .execute();
  return {
    conversations: conversations.map((c) => ({
      ...c,
      messages: messages.filter((m) => m.conversation_id === c.id).map(({ conversation_id: _, ...m }) => m),
    })),
    invitations,
    reports,
  };
}

export async function memberMessagesData(db: Kysely<DB>, userId: number) {
  const messages = await db
    .selectFrom('messages')
    .select(['conversation_id', 'body', 'created_at'])
    .where('sender_id', '=', userId)
    .where('sender_side', '=', 'company')
    .orderBy('id')
    .execute();
  const invitations = await db
    .selectFrom('invitations')
    .select(['id', 'candidate_id', 'offer_id', 'body', 'status', 'created_at', 'answered_at'])
    .where('sender_id', '=', userId)
    .orderBy('id')
    .execute();
  return { messagesSent: messages, invitationsSent: invitations };
}
