import type { Generated } from 'kysely';
import type { Timestamp, RequiredTimestamp } from '../../db/column-types';

// Row types of the meetings domain's tables, as the migrations make them (src/server/db/schema.ts puts
// every domain's tables together; its test compares them with a migrated database). Meetings with the sales team: requests (leads), booking requests waiting for their email, bookings.

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
