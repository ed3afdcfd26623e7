import type { Generated } from 'kysely';
import type { Timestamp, RequiredTimestamp, Flag, Money } from '../../db/column-types';

// Row types of the salaries domain's tables, as the migrations make them (src/server/db/schema.ts puts
// every domain's tables together; its test compares them with a migrated database). Salaries: individual reports with their skills, the precomputed figures and the FX table.

export interface FxRatesTable {
  currency: string;
  usd_rate: number;
  as_of: string;
}
export interface SalaryAggregatesTable {
  group_key: string;
  country: string | null;
  role: string | null;
  seniority: string | null;
  skill: string | null;
  modality: string | null;
  english: string | null;
  area: string | null; // an area of roles ('tech': the developer figures)
  employer: string | null; // 'local' | 'foreign'
  pay: string | null; // the pay currency: 'local' | 'usd'
  contract: string | null; // 'employee' | 'contractor'
  n: number;
  /** Null in the groups only the estimate model reads (their moments are what it pools, decision 059). */
  usd_p25: number | null;
  usd_p50: number | null;
  usd_p75: number | null;
  currency: string | null;
  local_p25: number | null;
  local_p50: number | null;
  local_p75: number | null;
  sources: string;
  demo_share: number;
  collected_from: string | null; // first and last collection date (YYYY-MM-DD) of the reports
  collected_to: string | null;
  /** Mean and standard deviation of ln(US$ a month): what the estimate model pools (decision 051). */
  log_mean: number | null;
  log_sd: number | null;
  updated_at: RequiredTimestamp;
}
export interface SalaryReportsTable {
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
  /** Who pays: 'local' or 'foreign' employer; null where the source does not say. */
  employer: string | null;
  /** 'employee' or 'contractor'; null where the source does not say. */
  contract: string | null;
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
export interface SalaryReportSkillsTable {
  report_id: number;
  skill: string;
}
// The operators' salary-data section (decision 075).
/** One import of a survey file (the CLI and the demo seed write it). */
export interface SalaryImportRunsTable {
  id: Generated<number>;
  source: string;
  file: string;
  rows_read: number;
  imported: number;
  skipped: number;
  finished_at: Timestamp;
}
/** Per source: its reports, by the last aggregates rebuild (and removals since). */
export interface SalarySourceStatsTable {
  source: string;
  reports: number;
  demo_reports: number;
  collected_from: string | null;
  collected_to: string | null;
  updated_at: Timestamp;
}
/** A report outside the outlier fences of its group (country, role, seniority), found by the rebuild. */
export interface SalaryOutlierFlagsTable {
  report_id: number;
  source: string;
  country: string;
  role: string;
  seniority: string;
  currency: string;
  amount: Money;
  period: string;
  usd_month: number;
  p25: Money;
  p75: Money;
  fence_low: Money;
  fence_high: Money;
  flagged_at: Timestamp;
}
/** A flag an operator dismissed: the report stays and is not flagged again. */
export interface SalaryOutlierDismissalsTable {
  report_id: number;
  reason: string;
  dismissed_by: string;
  dismissed_at: Timestamp;
}
/** A removed report's key: importing the same source and external id again skips it. */
export interface SalaryReportTombstonesTable {
  source: string;
  external_id: string;
  reason: string;
  removed_by: string;
  removed_at: Timestamp;
}
