import type { ColumnType, Generated } from 'kysely';
import type { BookingRequestsTable, BookingsTable, EmailOutboxTable, LeadsTable } from './schema-meetings';
import type { IdempotencyKeysTable, SessionActivityTable } from './schema-requests';

// Row types of the tables created by the migrations. Timestamps are Date on PostgreSQL and ISO text on
// SQLite: repositories read them through toDate().
type Timestamp = ColumnType<Date | string, Date | string | undefined, Date | string>;
/** A timestamp without a default: every insert names it. */
type RequiredTimestamp = ColumnType<Date | string, Date | string, Date | string>;
type Flag = ColumnType<number, number | boolean | undefined, number | boolean>;
type Money = ColumnType<number, number, number>;

interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string | null;
  account_type: 'match' | 'hire';
  name: string;
  last_name: Generated<string>;
  profile_picture_path: string | null;
  profile_slug: string | null;
  user_status: Generated<'pending-confirmation' | 'active' | 'suspended'>;
  origin: Generated<'regular' | 'public-offer' | 'calculator' | 'free-course'>;
  utm_id: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  token_version: Generated<number>;
  email_confirmed_at: Timestamp | null;
  is_demo: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface OauthIdentitiesTable {
  provider: string;
  provider_user_id: string;
  user_id: number;
  created_at: Timestamp;
}
interface AuthCodesTable {
  id: Generated<number>;
  user_id: number;
  kind: 'reset' | 'confirm';
  code_hash: string;
  expires_at: RequiredTimestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}
interface CandidateProfilesTable {
  user_id: number;
  headline: string | null;
  country: string | null;
  role: string | null;
  seniority: string | null;
  years: number | null;
  english: string | null;
  salary_expectation_usd: number | null;
  availability: Generated<string>;
  is_public: Flag;
  updated_at: Timestamp;
}
interface CandidateSkillsTable {
  user_id: number;
  skill: string;
}
interface CompaniesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  website: string | null;
  size: string | null;
  country: string | null;
  logo_path: string | null;
  description: string | null;
  location: string | null;
  is_demo: Flag;
  created_at: Timestamp;
}
interface CompanyUsersTable {
  company_id: number;
  user_id: number;
}
interface OffersTable {
  id: Generated<number>;
  slug: string;
  company_id: number;
  title: string;
  area: string;
  role: string;
  seniority: string;
  english: string | null;
  modality: string;
  country: string;
  city: string | null;
  employment_type: Generated<string>;
  description: string;
  salary_min: Money;
  salary_max: Money;
  currency: string;
  period: 'month' | 'year';
  gross: Flag;
  salary_min_usd_month: number;
  salary_max_usd_month: number;
  status: Generated<'draft' | 'published' | 'paused' | 'closed' | 'expired'>;
  published_at: Timestamp | null;
  valid_through: Timestamp | null;
  is_demo: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}
interface OfferSkillsTable {
  offer_id: number;
  skill: string;
  required: Flag;
}
interface OfferCountriesTable {
  offer_id: number;
  country: string;
}
interface ApplicationsTable {
  id: Generated<number>;
  offer_id: number;
  candidate_id: number;
  status: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
interface CoursesTable {
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
interface LessonsTable {
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
interface EnrollmentsTable {
  course_id: number;
  user_id: number;
  completed_lessons: Generated<number>;
  completed_at: Timestamp | null;
  created_at: Timestamp;
  last_lesson_id: number | null;
  updated_at: Timestamp | null;
}
interface FeatureOverridesTable {
  key: string;
  definition_json: string;
  updated_at: Timestamp;
}
interface SettingsTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}
interface FeatureChangesTable {
  name: string;
  changed_at: Timestamp;
}
interface ContentVersionsTable {
  name: string;
  digest: string;
  loaded_at: Timestamp;
}
interface LessonCompletionsTable {
  user_id: number;
  lesson_id: number;
  completed_at: Timestamp;
}
interface InterviewsTable {
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
interface InterviewQuestionsTable {
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
interface InterviewAttemptsTable {
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
interface CertificationsTable {
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
}
interface SalaryAggregatesTable {
  group_key: string;
  country: string | null;
  role: string | null;
  seniority: string | null;
  skill: string | null;
  modality: string | null;
  english: string | null;
  area: string | null; // an area of roles ('tech': the developer figures)
  n: number;
  usd_p25: number;
  usd_p50: number;
  usd_p75: number;
  currency: string | null;
  local_p25: number | null;
  local_p50: number | null;
  local_p75: number | null;
  sources: string;
  demo_share: number;
  collected_from: string | null; // first and last collection date (YYYY-MM-DD) of the reports
  collected_to: string | null;
  updated_at: RequiredTimestamp;
}
interface FxRatesTable {
  currency: string;
  usd_rate: number;
  as_of: string;
}
interface SalaryReportsTable {
  id: Generated<number>;
  source: string;
  source_licence: string;
  external_id: string | null;
  country: string;
  role: string;
  seniority: string;
  years: number | null;
  english: string | null;
  modality: string | null;
  currency: string;
  amount: Money;
  period: 'month' | 'year';
  gross: Flag;
  local_month: Money;
  usd_month: number;
  is_demo: Flag;
  collected_at: RequiredTimestamp;
  created_at: Timestamp;
}
interface SalaryReportSkillsTable {
  report_id: number;
  skill: string;
}
interface ShortLinksTable {
  code: string;
  target: string;
  hits: Generated<number>;
  created_at: Timestamp;
}
interface GenerationsTable {
  name: string;
  value: number;
}
interface OfferDraftsTable {
  token_hash: string;
  data: string;
  created_at: Timestamp;
  client_key: string | null;
}
interface RevokedTokensTable {
  jti: string;
  user_id: number;
  expires_at: RequiredTimestamp;
  created_at: ColumnType<Date | string, Date | string | undefined, never>;
}
interface UploadsTable {
  key: string;
  content_type: string;
  bytes: Uint8Array;
  byte_size: number;
  sha256: string;
  created_at: ColumnType<Date | string, Date | string | undefined, never>;
}
interface RateLimitsTable {
  key: string;
  window_start: ColumnType<number | string, number, number>;
  count: number;
}

export interface DB {
  users: UsersTable;
  oauth_identities: OauthIdentitiesTable;
  auth_codes: AuthCodesTable;
  candidate_profiles: CandidateProfilesTable;
  candidate_skills: CandidateSkillsTable;
  companies: CompaniesTable;
  company_users: CompanyUsersTable;
  offers: OffersTable;
  offer_skills: OfferSkillsTable;
  offer_countries: OfferCountriesTable;
  applications: ApplicationsTable;
  courses: CoursesTable;
  lessons: LessonsTable;
  enrollments: EnrollmentsTable;
  lesson_completions: LessonCompletionsTable;
  content_versions: ContentVersionsTable;
  feature_overrides: FeatureOverridesTable;
  feature_changes: FeatureChangesTable;
  settings: SettingsTable;
  interviews: InterviewsTable;
  interview_questions: InterviewQuestionsTable;
  interview_attempts: InterviewAttemptsTable;
  certifications: CertificationsTable;
  fx_rates: FxRatesTable;
  salary_aggregates: SalaryAggregatesTable;
  salary_reports: SalaryReportsTable;
  salary_report_skills: SalaryReportSkillsTable;
  leads: LeadsTable;
  bookings: BookingsTable;
  booking_requests: BookingRequestsTable;
  short_links: ShortLinksTable;
  email_outbox: EmailOutboxTable;
  rate_limits: RateLimitsTable;
  generations: GenerationsTable;
  offer_drafts: OfferDraftsTable;
  revoked_tokens: RevokedTokensTable;
  session_activity: SessionActivityTable;
  idempotency_keys: IdempotencyKeysTable;
  uploads: UploadsTable;
}

/** A timestamp column as a Date, whichever database it came from. */
export const toDate = (v: Date | string | null | undefined): Date | null => (v == null ? null : v instanceof Date ? v : new Date(v));
/** The latest of some timestamp columns (null when none is set or valid). */
export function latestDate(...values: (Date | string | null | undefined)[]): Date | null {
  const times = values.map((v) => toDate(v)?.getTime() ?? NaN).filter((t) => !Number.isNaN(t));
  return times.length ? new Date(Math.max(...times)) : null;
}
