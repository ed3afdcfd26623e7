import type { Generated } from 'kysely';
import type { Timestamp } from '../../db/column-types';

// Row types of the exports domain's table, as migration 037 makes it (src/server/db/schema.ts puts every
// domain's tables together; its test compares them with a migrated database).

/** A person's request for a copy of their data (decision 072). */
export interface DataExportsTable {
  id: Generated<number>;
  user_id: number;
  locale: string;
  consent: string | null;
  requested_at: Timestamp;
  started_at: Timestamp | null;
  ready_at: Timestamp | null;
  failed_at: Timestamp | null;
  file_key: string | null;
  file_bytes: number | null;
  token_hash: string | null;
  expires_at: Timestamp | null;
  downloaded_at: Timestamp | null;
}
