import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

// Row types of the notifications domain's tables, as the migrations make them (src/server/db/schema.ts puts
// every domain's tables together; its test compares them with a migrated database).

/** One thing a person is told in the app (the bell), and by email unless they said otherwise. */
export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  /** The values its texts are filled with, as JSON. */
  data: string;
  /** A path on this site: where opening it leads. */
  link: string;
  created_at: Timestamp;
  read_at: Timestamp | null;
  /** 1 while it waits for the person's daily digest. */
  digest_pending: Generated<number>;
  /** The candidate it is about (told to a company): hidden while their account is pending deletion. */
  subject_user_id: number | null;
  /** The company it is about (told to a candidate): hidden while the company closes with its owner. */
  subject_company_id: number | null;
}

/** What a person wants by email for one kind: instant, digest or off (no row: the kind's default). */
export interface NotificationSettingsTable {
  user_id: number;
  kind: string;
  mode: string;
  updated_at: Timestamp;
}
