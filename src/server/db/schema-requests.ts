import type { ColumnType } from 'kysely';

// Row types of the session activity and the API's idempotency keys (split from schema.ts to keep files short).
export interface SessionActivityTable {
  jti: string;
  user_id: number;
  last_seen_at: ColumnType<Date | string, Date | string | undefined, Date | string>;
}
export interface IdempotencyKeysTable {
  key: string;
  fingerprint: string;
  status: number | null;
  body: string | null;
  created_at: ColumnType<Date | string, Date | string | undefined, never>;
}
