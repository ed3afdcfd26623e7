import type { ColumnType, Generated } from 'kysely';

// Row types of the meeting requests, bookings and the email outbox (split from schema.ts to keep files short).
type Timestamp = ColumnType<Date | string, Date | string | undefined, Date | string>;
/** A timestamp without a default: every insert names it. */
type RequiredTimestamp = ColumnType<Date | string, Date | string, Date | string>;

export interface LeadsTable {
  id: Generated<number>;
  name: string;
  email: string;
  company: string | null;
  phone: string | null;
  message: string | null;
  country: string | null;
  company_size: string | null;
  roles: string | null;
  locale: string;
  created_at: Timestamp;
  /** SHA-256 of the confirmation link's nonce, until the link is used. */
  confirm_hash: string | null;
  /** When the requester confirmed their address: only then does the request reach sales. */
  confirmed_at: Timestamp | null;
}
/** A booking asked for and not yet confirmed from its email: it holds no slot. */
export interface BookingRequestsTable {
  id: Generated<number>;
  token_hash: string;
  name: string;
  email: string;
  company: string | null;
  message: string | null;
  time_zone: string;
  locale: string;
  starts_at: RequiredTimestamp;
  created_at: Timestamp;
}
export interface BookingsTable {
  id: Generated<number>;
  lead_id: number | null;
  /** The iCalendar UID, kept across reschedules so calendars move the event. */
  uid: string;
  sequence: Generated<number>;
  name: string;
  email: string;
  company: string | null;
  message: string | null;
  time_zone: string;
  locale: string;
  starts_at: RequiredTimestamp;
  ends_at: RequiredTimestamp;
  /** Unique while the booking holds its slot, null once it is cancelled or moved. */
  slot_key: string | null;
  status: Generated<'confirmed' | 'cancelled' | 'rescheduled'>;
  /** SHA-256 of the manage link's nonce; null once the link was used. */
  manage_hash: string | null;
  reminder_email_id: number | null;
  created_at: Timestamp;
  ended_at: Timestamp | null;
}
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
  /** An iCalendar invite sent with the message (text/calendar; the METHOD is inside). */
  calendar: string | null;
}
