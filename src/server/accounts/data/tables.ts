import type { ColumnType, Generated } from 'kysely';
import type { Timestamp, RequiredTimestamp, Flag } from '../../db/column-types';

// Row types of the accounts domain's tables, as the migrations make them (src/server/db/schema.ts puts
// every domain's tables together; its test compares them with a migrated database). Accounts: people, their sign-in identities and codes, candidate profiles, and sessions ended early or idle.

export interface UsersTable {
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
  /** The language of their email ('es' | 'en'); null: Spanish. */
  locale: string | null;
  /** When the owner asked to delete the account (decision 073): hidden from then on; null: not asked. */
  deletion_requested_at: Timestamp | null;
  /** When the housekeeping purges it (the end of the grace period). */
  purge_after: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface OauthIdentitiesTable {
  provider: string;
  provider_user_id: string;
  user_id: number;
  created_at: Timestamp;
}
export interface AuthCodesTable {
  id: Generated<number>;
  user_id: number;
  kind: 'reset' | 'confirm';
  code_hash: string;
  expires_at: RequiredTimestamp;
  used_at: Timestamp | null;
  created_at: Timestamp;
}
/** A change of an account's email (decision 069): only hashes of its two links are kept. */
export interface EmailChangesTable {
  id: Generated<number>;
  user_id: number;
  old_email: string;
  new_email: string;
  confirm_hash: string;
  confirm_expires_at: RequiredTimestamp;
  confirmed_at: Timestamp | null;
  undo_hash: string | null;
  undo_expires_at: Timestamp | null;
  undone_at: Timestamp | null;
  cancelled_at: Timestamp | null;
  created_at: Timestamp;
}
export interface CandidateProfilesTable {
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
  /** The latest expiry of the owner's valid certificates, null when none (decision 054): kept with each certificate. */
  certified_until: Timestamp | null;
}
export interface CandidateSkillsTable {
  user_id: number;
  skill: string;
}
export interface RevokedTokensTable {
  jti: string;
  user_id: number;
  expires_at: RequiredTimestamp;
  created_at: ColumnType<Date | string, Date | string | undefined, never>;
}
// Row types of the session activity and the API's idempotency keys (split from schema.ts to keep files short).
export interface SessionActivityTable {
  jti: string;
  user_id: number;
  last_seen_at: ColumnType<Date | string, Date | string | undefined, Date | string>;
}
// A candidate's work history, education, links and CV (decision 050).
export interface ProfileExperienceTable {
  id: Generated<number>;
  user_id: number;
  company: string;
  title: string;
  /** 'YYYY-MM'. */
  start_month: string;
  /** 'YYYY-MM', or null for the current job. */
  end_month: string | null;
  description: string | null;
  created_at: Timestamp;
}
export interface ProfileEducationTable {
  id: Generated<number>;
  user_id: number;
  school: string;
  degree: string;
  start_year: number;
  end_year: number | null;
  created_at: Timestamp;
}
export interface ProfileDocumentsTable {
  user_id: number;
  linkedin_url: string | null;
  github_url: string | null;
  portfolio_url: string | null;
  cv_key: string | null;
  cv_bytes: number | null;
  cv_uploaded_at: Timestamp | null;
  updated_at: Timestamp;
}
/** An invitation to join a company's team (decision 047): found by the hash of its signed token. */
export interface CompanyInvitationsTable {
  id: Generated<number>;
  company_id: number;
  email: string;
  role: 'owner' | 'recruiter';
  token_hash: string;
  invited_by: number | null;
  locale: string;
  expires_at: RequiredTimestamp;
  used_at: Timestamp | null;
  used_by: number | null;
  revoked_at: Timestamp | null;
  created_at: Timestamp;
}

// The operator role, its second factor, the sessions that passed it and the audit log (decision 070).
export interface OperatorsTable {
  user_id: number;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_enrolled_at: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
  totp_last_step: number | null;
  created_at: ColumnType<Date | string, Date | string | undefined, never>;
}
export interface OperatorRecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
}
export interface OperatorSessionsTable {
  jti: string;
  user_id: number;
  verified_at: ColumnType<Date | string, Date | string, Date | string>;
  last_seen_at: ColumnType<Date | string, Date | string, Date | string>;
}
export interface OperatorAuditTable {
  id: Generated<number>;
  created_at: ColumnType<Date | string, Date | string | undefined, never>;
  actor: string;
  actor_user_id: number | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  before_json: string | null;
  after_json: string | null;
}
// An operator's block of an account (decision 074): open while unblocked_at is null.
export interface AccountBlocksTable {
  id: Generated<number>;
  user_id: number;
  reason: string;
  previous_status: 'pending-confirmation' | 'active';
  /** JSON array of the offer ids the block paused (published ones), to publish again on unblock. */
  paused_offer_ids: string | null;
  blocked_by: string;
  blocked_at: ColumnType<Date | string, Date | string | undefined, never>;
  unblock_reason: string | null;
  unblocked_by: string | null;
  unblocked_at: ColumnType<Date | string | null, Date | string | null | undefined, Date | string | null>;
}
