import type { ColumnType } from 'kysely';

// Row types of the uploads domain's tables, as the migrations make them (src/server/db/schema.ts puts
// every domain's tables together; its test compares them with a migrated database). Uploaded pictures kept in the database (when no bucket is configured).

export interface UploadsTable {
  key: string;
  content_type: string;
  bytes: Uint8Array;
  byte_size: number;
  sha256: string;
  created_at: ColumnType<Date | string, Date | string | undefined, never>;
}
