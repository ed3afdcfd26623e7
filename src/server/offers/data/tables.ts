import type { Generated } from 'kysely';
import type { Timestamp, Flag, Money, RequiredTimestamp } from '../../db/column-types';

// Row types of the offers domain's tables, as the migrations make them (src/server/db/schema.ts puts
// every domain's tables together; its test compares them with a migrated database). Offers: companies and their members, offers with their skills and countries, applications, drafts and short links.

export interface CompaniesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  website: string | null;
  size: string | null;
  country: string | null;
  logo_path: string | null;
  description: string | null;
  location: string | null;
  /** Decision 086: JSON arrays of strings (perks: short texts; tech_stack: catalogue skill ids), null for none. */
  perks: string | null;
  tech_stack: string | null;
  is_demo: Flag;
  created_at: Timestamp;
}
export interface CompanyUsersTable {
  company_id: number;
  user_id: number;
  /** Decision 047: owners manage the team; recruiters hire. */
  role: Generated<'owner' | 'recruiter'>;
  /** When the member joined (null only for a row written without it). */
  joined_at: Timestamp | null;
}
export interface OffersTable {
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
export interface OfferSkillsTable {
  offer_id: number;
  skill: string;
  required: Flag;
}
export interface OfferCountriesTable {
  offer_id: number;
  country: string;
}
export interface ApplicationsTable {
  id: Generated<number>;
  offer_id: number;
  candidate_id: number;
  status: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Decision 048: the company's reason (never shown to the candidate) and the message the candidate got. */
  rejection_reason: string | null;
  rejection_message: string | null;
  /** The applicant's note to the company (decision 049). */
  cover_note: string | null;
}
export interface OfferDraftsTable {
  token_hash: string;
  data: string;
  created_at: Timestamp;
  client_key: string | null;
}
export interface ShortLinksTable {
  code: string;
  target: string;
  hits: Generated<number>;
  created_at: Timestamp;
}

// Decision 048 (migration 022): the applicant tracker.
export interface ApplicationEventsTable {
  id: Generated<number>;
  application_id: number;
  actor_id: number | null;
  kind: 'moved' | 'note' | 'rating' | 'rejected';
  from_status: string | null;
  to_status: string | null;
  at: Timestamp;
}
export interface ApplicationNotesTable {
  id: Generated<number>;
  application_id: number;
  author_id: number | null;
  body: string;
  created_at: Timestamp;
}
export interface ApplicationRatingsTable {
  application_id: number;
  user_id: number;
  score: number;
  updated_at: Timestamp;
}
/** Screening questions of an offer, up to five (decision 049). */
export interface OfferQuestionsTable {
  id: Generated<number>;
  offer_id: number;
  position: number;
  kind: 'yes-no' | 'text' | 'number';
  label: string;
  required: Flag;
}
/** An applicant's answers, each with its question as it read when they applied. */
export interface ApplicationAnswersTable {
  application_id: number;
  position: number;
  kind: string;
  question: string;
  answer: string;
}
export interface SavedOffersTable {
  candidate_id: number;
  offer_id: number;
  created_at: Timestamp;
}
/** Decision 071: a visitor's report of an offer (open until an operator decides on the offer). */
export interface OfferReportsTable {
  id: Generated<number>;
  offer_id: number;
  reason: string;
  text: string | null;
  user_id: number | null;
  created_at: Timestamp;
  resolved_at: Timestamp | null;
}
/** Decision 071: a rule the offer broke when it was saved. */
export interface OfferFlagsTable {
  id: Generated<number>;
  offer_id: number;
  rule: string;
  detail: string;
  created_at: Timestamp;
  resolved_at: Timestamp | null;
}
/** Decision 071: an offer an operator hid or removed, with the status to give back on restoring. */
export interface OfferModerationTable {
  offer_id: number;
  state: 'hidden' | 'removed';
  previous_status: string;
  reason: string;
  operator_user_id: number | null;
  decided_at: RequiredTimestamp;
}
