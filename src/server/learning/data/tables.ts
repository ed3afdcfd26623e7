import type { Generated } from 'kysely';
import type { Timestamp, Flag, RequiredTimestamp } from '../../db/column-types';

// Row types of the learning domain's tables, as the migrations make them (src/server/db/schema.ts puts
// every domain's tables together; its test compares them with a migrated database). Learning: courses and lessons, enrolments and progress, interviews, attempts and certificates.

export interface CoursesTable {
  id: Generated<number>;
  slug: string;
  area: string;
  title_es: string;
  title_en: string;
  summary_es: string;
  summary_en: string;
  is_free: Flag;
  created_at: Timestamp;
  role: string | null;
  level: Generated<string>;
  minutes: Generated<number>;
  position: Generated<number>;
  active: Flag;
}
export interface LessonsTable {
  id: Generated<number>;
  course_id: number;
  position: number;
  title_es: string;
  title_en: string;
  body_es: string;
  body_en: string;
  slug: Generated<string>;
  module_es: Generated<string>;
  module_en: Generated<string>;
  minutes: Generated<number>;
  active: Flag;
}
export interface EnrollmentsTable {
  course_id: number;
  user_id: number;
  completed_lessons: Generated<number>;
  completed_at: Timestamp | null;
  created_at: Timestamp;
  last_lesson_id: number | null;
  updated_at: Timestamp | null;
}
export interface LessonCompletionsTable {
  user_id: number;
  lesson_id: number;
  completed_at: Timestamp;
}
export interface ContentVersionsTable {
  name: string;
  digest: string;
  loaded_at: Timestamp;
}
export interface InterviewsTable {
  id: Generated<number>;
  slug: string;
  role: string;
  title_es: string;
  title_en: string;
  intro_es: string;
  intro_en: string;
  duration_minutes: number;
  pass_mark: number;
  draw: Generated<number>;
  study_courses: Generated<string>;
  position: Generated<number>;
  active: Flag;
}
export interface InterviewQuestionsTable {
  id: Generated<number>;
  interview_id: number;
  position: number;
  prompt_es: string;
  prompt_en: string;
  options_json: string;
  answer_index: number;
  qkey: Generated<string>;
  topic_es: Generated<string>;
  topic_en: Generated<string>;
  explanation_es: Generated<string>;
  explanation_en: Generated<string>;
  active: Flag;
}
export interface InterviewAttemptsTable {
  id: Generated<number>;
  interview_id: number;
  user_id: number;
  started_at: Timestamp;
  finished_at: Timestamp | null;
  score: number | null;
  passed: Flag | null;
  deadline_at: Timestamp | null;
  questions_json: Generated<string>;
  answers_json: string | null;
  outcome: 'submitted' | 'expired' | null;
  /** The account's mailbox when the attempt started (mailboxKey): the retake wait is per person. */
  person_key: string | null;
}
export interface CertificationsTable {
  id: Generated<number>;
  slug: string;
  user_id: number;
  interview_id: number | null;
  role: string;
  level: string;
  score: number;
  is_demo: Flag;
  issued_at: Timestamp;
  verification_id: string | null;
  attempt_id: number | null;
  expires_at: Timestamp | null;
  revoked_at: Timestamp | null;
  /** Its bit in the revocation status list (decision 067): the id, set when it is written. */
  status_index: number | null;
  revoke_reason: string | null;
}

/** A purged certificate's revoked bit (decision 073): its index and when, nothing of the person. */
export interface RevokedStatusEntriesTable {
  status_index: number;
  revoked_at: RequiredTimestamp;
}
