import 'server-only';
import { sql } from 'kysely';
import { Migrator, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely/migration';
import type { Database } from './client';
import { initialSchema } from './migrations/001-initial-schema';
import { outboxDelivery } from './migrations/002-outbox-delivery';
import { salaryAggregates } from './migrations/003-salary-aggregates';
import { generations } from './migrations/004-generations';
import { offerSearch } from './migrations/005-offer-search';
import { offerDrafts } from './migrations/006-offer-drafts';
import { sessionsAndDrafts } from './migrations/007-sessions-and-drafts';
import { learning } from './migrations/008-learning';
import { featureOverrides } from './migrations/009-feature-overrides';
import { settings } from './migrations/010-settings';
import { salaryProvenance } from './migrations/011-salary-provenance';
import { meetingsAndCompanyPages } from './migrations/012-meetings-and-company-pages';
import { spanishDemoOffers } from './migrations/013-spanish-demo-offers';
import { uploads } from './migrations/014-uploads';
import { securityThirdRound } from './migrations/015-security-third-round';
import { outboxExpiry } from './migrations/016-outbox-expiry';
import { notifications } from './migrations/017-notifications';
import { conversations } from './migrations/018-conversations';
import { jobAlerts } from './migrations/019-job-alerts';
import { jobInterviews } from './migrations/020-job-interviews';
import { companyTeams } from './migrations/021-company-teams';
import { applicantTracker } from './migrations/022-applicant-tracker';
import { applyingExtras } from './migrations/023-applying-extras';
import { profileHistory } from './migrations/024-profile-history';
import { salaryModel } from './migrations/025-salary-model';
import { sitemapFiles } from './migrations/026-sitemap-files';
import { keysetPagination } from './migrations/027-keyset-pagination';
import { jobSearchAtScale } from './migrations/028-job-search-at-scale';
import { pagePurges } from './migrations/029-page-purges';
import { salaryAggregatesShadow } from './migrations/030-salary-aggregates-shadow';
import { candidateBrowserIndexes } from './migrations/031-candidate-browser-indexes';
import { modelOnlyQuartiles } from './migrations/032-model-only-quartiles';
import { certificateStatus } from './migrations/033-certificate-status';
import { emailChanges } from './migrations/034-email-changes';
import { operators } from './migrations/035-operators';
import { offerModeration } from './migrations/036-offer-moderation';
import { dataExports } from './migrations/037-data-exports';
import { accountDeletion } from './migrations/038-account-deletion';
import { operatorSections } from './migrations/039-operator-sections';
import { revokedStatusEntries } from './migrations/040-revoked-status-entries';
import { salaryOperations } from './migrations/041-salary-operations';
import { operatorHardening } from './migrations/042-operator-hardening';
import { companyProfile } from './migrations/043-company-profile';
import { companyDirectory } from './migrations/044-company-directory';

// Migrations live in code (bundled with the server), one factory per step, given the dialect so that one
// definition serves SQLite and PostgreSQL. Names sort in order of application.
export const migrations: Record<string, (d: Database['dialect']) => Migration> = {
  '001-initial-schema': initialSchema,
  '002-outbox-delivery': outboxDelivery,
  '003-salary-aggregates': salaryAggregates,
  '004-generations': generations,
  '005-offer-search': offerSearch,
  '006-offer-drafts': offerDrafts,
  '007-sessions-and-drafts': sessionsAndDrafts,
  '008-learning': learning,
  '009-feature-overrides': featureOverrides,
  '010-settings': settings,
  '011-salary-provenance': salaryProvenance,
  '012-meetings-and-company-pages': meetingsAndCompanyPages,
  '013-spanish-demo-offers': spanishDemoOffers,
  '014-uploads': uploads,
  '015-security-third-round': securityThirdRound,
  '016-outbox-expiry': outboxExpiry,
  '017-notifications': notifications,
  '018-conversations': conversations,
  '019-job-alerts': jobAlerts,
  '020-job-interviews': jobInterviews,
  '021-company-teams': companyTeams,
  '022-applicant-tracker': applicantTracker,
  '023-applying-extras': applyingExtras,
  '024-profile-history': profileHistory,
  '025-salary-model': salaryModel,
  '026-sitemap-files': sitemapFiles,
  '027-keyset-pagination': keysetPagination,
  '028-job-search-at-scale': jobSearchAtScale,
  '029-page-purges': pagePurges,
  '030-salary-aggregates-shadow': salaryAggregatesShadow,
  '031-candidate-browser-indexes': candidateBrowserIndexes,
  '032-model-only-quartiles': modelOnlyQuartiles,
  '033-certificate-status': certificateStatus,
  '034-email-changes': emailChanges,
  '035-operators': operators,
  '036-offer-moderation': offerModeration,
  '037-data-exports': dataExports,
  '038-account-deletion': accountDeletion,
  '039-operator-sections': operatorSections,
  '040-revoked-status-entries': revokedStatusEntries,
  '041-salary-operations': salaryOperations,
  '042-operator-hardening': operatorHardening,
  '043-company-profile': companyProfile,
  '044-company-directory': companyDirectory,
};

class CodeProvider implements MigrationProvider {
  constructor(private dialect: Database['dialect']) {}
  async getMigrations() {
    return Object.fromEntries(Object.entries(migrations).map(([name, make]) => [name, make(this.dialect)]));
  }
}

/**
 * PostgreSQL errors the migrator's set-up can meet when another session changes the catalog meanwhile: it
 * lists the columns of every schema's tables before it runs anything, and a schema dropped or a column
 * added by someone else during that read fails it ("schema … does not exist", "column … does not exist",
 * "relation … does not exist", or an internal "cache lookup failed" for a table dropped under it). Nothing
 * has run then, so it is tried again.
 */
const CATALOG_RACE = new Set(['3F000', '42703', '42P01', 'XX000']);
const SETUP_ATTEMPTS = 4;

/** Bring the schema up to date; throws with the failing migration's name and error. */
export async function migrateToLatest(database: Database): Promise<MigrationResultSet> {
  for (let attempt = 1; ; attempt++) {
    const result = await migrateOnce(database);
    const code = (result.error as { code?: unknown } | undefined)?.code;
    // No result list: the error came before any migration ran.
    const raced = database.dialect === 'postgres' && !result.results && typeof code === 'string' && CATALOG_RACE.has(code);
    if (!raced || attempt === SETUP_ATTEMPTS) return checked(result);
    await new Promise((r) => setTimeout(r, 50 * attempt));
  }
}

function checked(result: MigrationResultSet): MigrationResultSet {
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${String((result.error as Error).message ?? result.error)}`);
  }
  return result;
}

async function migrateOnce(database: Database): Promise<MigrationResultSet> {
  if (database.dialect === 'postgres' && database.schema) await ensureSchema(database, database.schema);
  const migrator = new Migrator({
    db: database.db,
    provider: new CodeProvider(database.dialect),
    // Branches add migrations concurrently (004 and 005 landed in either order): a database that already ran
    // a later one still gets an earlier newcomer. Migrations must therefore not depend on their neighbours.
    allowUnorderedMigrations: true,
    // Name the schema on PostgreSQL: otherwise a migration table in any other schema counts as ours.
    ...(database.dialect === 'postgres' ? { migrationTableSchema: database.schema ?? 'public' } : {}),
  });
  return migrator.migrateToLatest();
}

/**
 * The schema of a `?schema=` DATABASE_URL, created on first start when missing (that needs CREATE on the
 * database; an existing schema needs only the rights on itself, so it is looked up before any CREATE).
 */
async function ensureSchema(database: Database, schema: string): Promise<void> {
  const found = await sql<{ n: number }>`select 1 as n from pg_namespace where nspname = ${schema}`.execute(database.db);
  if (found.rows.length) return;
  await sql`create schema if not exists ${sql.id(schema)}`.execute(database.db);
}
