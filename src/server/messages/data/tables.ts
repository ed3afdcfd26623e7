import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

// Row types of the messages domain's tables, as the migrations make them (src/server/db/schema.ts puts
// every domain's tables together; its test compares them with a migrated database). Conversations (born of
// an application or an accepted invitation), their messages, invitations and candidates' reports.

type Side = 'company' | 'candidate';
type Counter = ColumnType<number, number | undefined, number>;

export interface InvitationsTable {
  id: Generated<number>;
  company_id: number;
  candidate_id: number;
  offer_id: number | null;
  sender_id: number | null;
  body: string;
  status: Generated<'pending' | 'accepted' | 'declined'>;
  created_at: Timestamp;
  answered_at: Timestamp | null;
}
export interface ConversationsTable {
  id: Generated<number>;
  company_id: number;
  candidate_id: number;
  /** Exactly one of application_id and invitation_id is set: where the conversation comes from. */
  application_id: number | null;
  invitation_id: number | null;
  offer_id: number | null;
  last_message_id: number | null;
  last_message_at: Timestamp | null;
  /** Each side's read marker: the last message id it has read (0: none). */
  company_read_id: Counter;
  candidate_read_id: Counter;
  /** Messages of the other side after the read marker. */
  company_unread: Counter;
  candidate_unread: Counter;
  blocked_by: Side | null;
  blocked_at: Timestamp | null;
  created_at: Timestamp;
}
export interface MessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender_side: Side;
  sender_id: number | null;
  body: string;
  created_at: Timestamp;
}
export interface ConversationReportsTable {
  id: Generated<number>;
  conversation_id: number;
  candidate_id: number;
  company_id: number;
  reason: string;
  details: string | null;
  created_at: Timestamp;
}
