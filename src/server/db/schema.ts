import type { ColumnType, Generated } from 'kysely';
import type { RequiredTimestamp, Timestamp } from './column-types';
import type {
  AccountBlocksTable,
  AuthCodesTable,
  EmailChangesTable,
  CandidateProfilesTable,
  CandidateSkillsTable,
  CompanyInvitationsTable,
  OauthIdentitiesTable,
  OperatorAuditTable,
  OperatorRecoveryCodesTable,
  OperatorSessionsTable,
  OperatorsTable,
  ProfileDocumentsTable,
  ProfileEducationTable,
  ProfileExperienceTable,
  RevokedTokensTable,
  SessionActivityTable,
  UsersTable,
} from '../accounts/data/tables';
import type {
  ApplicationAnswersTable,
  ApplicationsTable,
  CompaniesTable,
  CompanyUsersTable,
  OfferCountriesTable,
  OfferDraftsTable,
  OfferQuestionsTable,
  OfferSkillsTable,
  OffersTable,
  SavedOffersTable,
  ShortLinksTable,
  ApplicationEventsTable,
  ApplicationNotesTable,
  ApplicationRatingsTable,
  OfferReportsTable,
  OfferFlagsTable,
  OfferModerationTable,
} from '../offers/data/tables';
import type {
  CertificationsTable,
  ContentVersionsTable,
  CoursesTable,
  EnrollmentsTable,
  InterviewAttemptsTable,
  InterviewQuestionsTable,
  InterviewsTable,
  LessonCompletionsTable,
  RevokedStatusEntriesTable,
  LessonsTable,
} from '../learning/data/tables';
import type { FeatureChangesTable, FeatureOverridesTable } from '../flags/data/tables';
import type {
  FxRatesTable,
  SalaryAggregatesTable,
  SalaryImportRunsTable,
  SalaryOutlierDismissalsTable,
  SalaryOutlierFlagsTable,
  SalaryReportSkillsTable,
  SalaryReportsTable,
  SalaryReportTombstonesTable,
  SalarySourceStatsTable,
} from '../salaries/data/tables';
import type { BookingRequestsTable, BookingsTable, LeadsTable } from '../meetings/data/tables';
import type { EmailOutboxTable } from '../email/data/tables';
import type { UploadsTable } from '../uploads/data/tables';
import type { NotificationSettingsTable, NotificationsTable } from '../notifications/data/tables';
import type { ConversationReportsTable, ConversationsTable, InvitationsTable, MessagesTable } from '../messages/data/tables';
import type { AlertRecipientsTable, JobAlertsTable } from '../alerts/data/tables';
import type { JobInterviewSlotsTable, JobInterviewsTable } from '../interviews/data/tables';
import type { DataExportsTable } from '../exports/data/tables';

// The database as Kysely sees it: every table's row type. Each domain declares its own tables beside its SQL
// (src/server/<domain>/data/tables.ts); the platform's own tables are here. schema.test.ts compares the
// whole with a freshly migrated database.
interface SettingsTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}
interface GenerationsTable {
  name: string;
  value: number;
}
interface RateLimitsTable {
  key: string;
  window_start: ColumnType<number | string, number, number>;
  count: number;
}
interface IdempotencyKeysTable {
  key: string;
  fingerprint: string;
  status: number | null;
  body: string | null;
  created_at: ColumnType<Date | string, Date | string | undefined, never>;
}
/** Who runs a periodic job until when (one instance at a time: db/job-lease.ts). */
interface JobLeasesTable {
  name: string;
  holder: string;
  locked_until: RequiredTimestamp;
}

/** The sitemap's files, gzipped, per build (seo/sitemap-build.ts, decision 055). */
interface PagePurgesTable {
  seq: Generated<number>;
  /** A PagePurge as JSON (decision 058). */
  purge: string;
  created_at: Timestamp;
}
interface SitemapFilesTable {
  build: number;
  name: string;
  gzip: Uint8Array;
  etag: string;
  byte_size: number;
  urls: number;
  lastmod: string | null;
  source: string;
  built_at: ColumnType<Date | string, Date | string | undefined, never>;
}

export interface DB {
  users: UsersTable;
  oauth_identities: OauthIdentitiesTable;
  auth_codes: AuthCodesTable;
  email_changes: EmailChangesTable;
  candidate_profiles: CandidateProfilesTable;
  candidate_skills: CandidateSkillsTable;
  companies: CompaniesTable;
  company_users: CompanyUsersTable;
  offers: OffersTable;
  offer_skills: OfferSkillsTable;
  offer_countries: OfferCountriesTable;
  applications: ApplicationsTable;
  offer_questions: OfferQuestionsTable;
  application_answers: ApplicationAnswersTable;
  saved_offers: SavedOffersTable;
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
  revoked_status_entries: RevokedStatusEntriesTable;
  fx_rates: FxRatesTable;
  salary_aggregates: SalaryAggregatesTable;
  /** The next build of salary_aggregates, swapped in by one short transaction (decision 059). */
  salary_aggregates_next: SalaryAggregatesTable;
  salary_reports: SalaryReportsTable;
  salary_report_skills: SalaryReportSkillsTable;
  salary_import_runs: SalaryImportRunsTable;
  salary_source_stats: SalarySourceStatsTable;
  salary_outlier_flags: SalaryOutlierFlagsTable;
  salary_outlier_dismissals: SalaryOutlierDismissalsTable;
  salary_report_tombstones: SalaryReportTombstonesTable;
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
  operators: OperatorsTable;
  operator_recovery_codes: OperatorRecoveryCodesTable;
  operator_sessions: OperatorSessionsTable;
  operator_audit: OperatorAuditTable;
  account_blocks: AccountBlocksTable;
  idempotency_keys: IdempotencyKeysTable;
  uploads: UploadsTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  job_leases: JobLeasesTable;
  sitemap_files: SitemapFilesTable;
  page_purges: PagePurgesTable;
  invitations: InvitationsTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  conversation_reports: ConversationReportsTable;
  alert_recipients: AlertRecipientsTable;
  job_alerts: JobAlertsTable;
  job_interviews: JobInterviewsTable;
  job_interview_slots: JobInterviewSlotsTable;
  profile_experience: ProfileExperienceTable;
  profile_education: ProfileEducationTable;
  profile_documents: ProfileDocumentsTable;
  application_events: ApplicationEventsTable;
  application_notes: ApplicationNotesTable;
  application_ratings: ApplicationRatingsTable;
  company_invitations: CompanyInvitationsTable;
  data_exports: DataExportsTable;
  offer_reports: OfferReportsTable;
  offer_flags: OfferFlagsTable;
  offer_moderation: OfferModerationTable;
}

/** A timestamp column as a Date, whichever database it came from. */
export const toDate = (v: Date | string | null | undefined): Date | null => (v == null ? null : v instanceof Date ? v : new Date(v));
/** The latest of some timestamp columns (null when none is set or valid). */
export function latestDate(...values: (Date | string | null | undefined)[]): Date | null {
  const times = values.map((v) => toDate(v)?.getTime() ?? NaN).filter((t) => !Number.isNaN(t));
  return times.length ? new Date(Math.max(...times)) : null;
}
