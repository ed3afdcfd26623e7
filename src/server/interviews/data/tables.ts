import type { ColumnType, Generated } from 'kysely';
import type { RequiredTimestamp, Timestamp } from '../../db/column-types';

// Row types of the interviews domain's tables, as migration 020 makes them (src/server/db/schema.ts puts
// every domain's tables together; its test compares them with a migrated database).
type Counter = ColumnType<number, number | undefined, number>;

export type InterviewStatus = 'proposed' | 'scheduled' | 'declined' | 'cancelled';

export interface JobInterviewsTable {
  id: Generated<number>;
  company_id: number;
  candidate_id: number;
  application_id: number;
  proposer_id: number | null;
  uid: string;
  sequence: Counter;
  invited: Counter;
  status: Generated<InterviewStatus>;
  duration_minutes: number;
  time_zone: string;
  video_url: string | null;
  starts_at: Timestamp | null;
  cancelled_by: 'company' | 'candidate' | null;
  reminded_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface JobInterviewSlotsTable {
  id: Generated<number>;
  interview_id: number;
  starts_at: RequiredTimestamp;
}
