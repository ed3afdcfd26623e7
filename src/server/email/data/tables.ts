import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

// Row types of the email domain's tables, as the migrations make them (src/server/db/schema.ts puts
// every domain's tables together; its test compares them with a migrated database). Outgoing email: the outbox every message goes through.

export interface EmailOutboxTable {
  id: Generated<number>;
  to_email: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  kind: string;
  locale: string;
  status: Generated<'queued' | 'sent' | 'failed'>;
  error: string | null;
  created_at: Timestamp;
  sent_at: Timestamp | null;
  attempts: Generated<number>;
  locked_until: Timestamp | null;
  /** Not delivered before this time (meeting reminders). */
  send_after: Timestamp | null;
  /** Not delivered after this time: its link or code no longer works (dropped, marked failed). */
  expires_at: Timestamp | null;
  /** An iCalendar invite sent with the message (text/calendar; the METHOD is inside). */
  calendar: string | null;
  /** Extra headers (List-Unsubscribe...) as a JSON object. */
  headers: string | null;
}
