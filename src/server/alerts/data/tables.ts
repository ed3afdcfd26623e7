import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

// Row types of the alerts domain's tables, as the migrations make them (src/server/db/schema.ts puts every
// domain's tables together; its test compares them with a migrated database).

/** An address that receives job alerts, with the hash of its manage link. */
export interface AlertRecipientsTable {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  /** The account that saved alerts for its own address (its workspace lists them). */
  user_id: number | null;
  manage_nonce: string;
  manage_hash: string;
  created_at: Timestamp;
}

/** One saved search, emailed daily or weekly with what is new. */
export interface JobAlertsTable {
  id: Generated<number>;
  recipient_id: number;
  search_key: string;
  country: string | null;
  /** Facet slugs in canonical order joined by '/'. */
  filters: Generated<string>;
  q: Generated<string>;
  min_salary_usd: number | null;
  frequency: 'daily' | 'weekly';
  locale: 'es' | 'en';
  status: 'pending' | 'active';
  confirm_hash: string | null;
  confirm_expires_at: Timestamp | null;
  unsubscribe_nonce: string;
  unsubscribe_hash: string;
  created_at: Timestamp;
  confirmed_at: Timestamp | null;
  cursor_at: Timestamp | null;
  last_sent_at: Timestamp | null;
  next_due_at: Timestamp | null;
  version: Generated<number>;
}
