import 'server-only';
import { loadJwtSecret } from './accounts/secret';
import { operatorKey } from './accounts/operators/secret-box';
import { providersFromEnv } from './accounts/oauth';
import { getConfig } from './config';
import { lazyService } from './lazy-service';
import { getDatabase } from './database';
import { createOperatorService, type OperatorService } from './accounts/operators/operator-service';
import { createAuthService, type AuthService } from './accounts/auth-service';
import { SESSION_IDLE_MS } from './accounts/session-check';
import { createEmailService, type EmailService } from './email/email-service';
import { createIdentityGuard, createRateLimiter, type RateLimiter } from './limits/rate-limit';
import { createSmtpTransport } from './email/smtp-transport';
import { createProfileService, type ProfileService } from './accounts/profile-service';
import { createProfileHistoryService, type ProfileHistoryService } from './accounts/profile-history-service';
import { createSalaryService, type SalaryService } from './salaries/salary-service';
import { createApplicationService, type ApplicationService } from './offers/application-service';
import { createHiringService, type HiringService } from './offers/hiring-service';
import { createModerationService, type ModerationService } from './offers/moderation-service';
import { withModeration } from './offers/moderated-hiring';
import { createScreeningService, type ScreeningService } from './offers/screening-service';
import { createSavedOffersService, type SavedOffersService } from './offers/saved-offers-service';
import { createApplicantsCsv, type ApplicantsCsv } from './offers/applicants-csv';
import { createLearningService, type LearningService } from './learning/learning-service';
import { loadSigningKey, type SigningKey } from './learning/credentials';
import { createFlagStore, type FlagStore } from './flags/flag-store';
import { evaluateFlags, type FlagAttributes } from './flags/evaluate';
import { createImageStore } from './uploads/image-store';
import { openUploadStore } from './uploads/open-store';
import type { UploadStore } from './uploads/upload-store';
import { createJobSearchService, type JobSearchService } from './offers/job-search-service';
import { createMarketplaceService, type MarketplaceService } from './offers/marketplace-service';
import { createMeetingService, type MeetingService } from './meetings/meeting-service';
import { createNotificationService, type Notice, type NotificationService } from './notifications/notification-service';
import { createAlertService, type AlertService } from './alerts/alert-service';
import { withLease } from './db/job-lease';
import { scheduleRules } from './meetings/schedule-rules';
import { createMessagingService, type MessagingService } from './messages/messaging-service';
import { createInterviewService, type InterviewService } from './interviews/interview-service';
import { createTeamService, type TeamService } from './accounts/team-service';
import { SALARY_GENERATION, type Dimension, type GroupFilter } from './salaries/data/aggregates';
import { refreshGroups } from './salaries/data/aggregate-groups';
import { createAggregateRunner, type AggregateRunner } from './salaries/aggregate-runner';
import { generationSum, PUBLIC_PAGES_GENERATION } from './db/generations';
import { refreshStatistics } from './db/statistics';
import { createPurgeFeed, PAGE_PURGES_KEEP_MS, sweepPagePurges, type PurgeFeed } from './db/page-purges';
import { createContributions, debouncedRefresh, type Contributions } from './salaries/contributions';
import { currencyOf } from './salaries/mapping';
import { sweepRevokedTokens, sweepSessionActivity } from './accounts/data/sessions';
import { sweepEmailChanges } from './accounts/data/email-changes';
import { createAccountPurge } from './accounts/account-purge';
import { IDEMPOTENCY_TTL_MS, sweepIdempotencyKeys } from './http/idempotency';
import type { CountryId } from '../domain/catalog';
import { createSitemapPages, type SitemapPages } from './offers/sitemap-pages';
import { createSitemapStore, type SitemapStore } from './seo/sitemap-store';
import { salarySitemapPages } from './seo/salary-sitemap';
import { createDataExportService, type DataExportService } from './exports/data-export-service';

// The process's services, built on first use (the build imports the server entry and must not open the
// database). HTTP adapters and pages both call these in-process.
let secret: string | undefined;
let signingKey: SigningKey | undefined;
let housekeepingTimer: ReturnType<typeof setInterval> | undefined;
let aggregateRefresh: ReturnType<typeof debouncedRefresh> | undefined;
let sitemap: SitemapStore | undefined;

const jwtSecret = () => (secret ??= loadJwtSecret());
const offerPages = lazyService((): Promise<SitemapPages> => getDatabase().then((db) => createSitemapPages(db)));

/**
 * Hourly upkeep, started with the first service that needs it: offers past their date become expired,
 * anonymous drafts older than 7 days, revocations of tokens that have expired anyway, the last use of
 * sessions idle past their timeout, API answers kept for retries past a day, finished rate windows, and
 * meeting requests, bookings and sent email past their retention (privacy policy) are deleted. Every
 * instance may run it; each step is an idempotent statement. The day's notification digests and the job
 * alerts due are sent by one instance at a time (a job lease; each person's digest and each alert's send is
 * its own transaction, so a run cut short is finished by the next one); unconfirmed alerts past their link
 * are deleted. Interviews starting within a day are reminded once (a lease, and each claimed in the
 * transaction that marks it). Ended operator sessions and audit entries older than two years go. Accounts
 * deleted by their owners 30 days ago are purged (decision 073). Data exports left unbuilt are built (a
 * lease) and expired ones deleted with their files (decision 072). Last, the planner's statistics are
 * refreshed (decision 057).
 */
function startHousekeeping() {
  if (housekeepingTimer) return;
  const run = async () => {
    const [db, hiringSvc, limits, meetingSvc, notificationSvc] = await Promise.all([
      getDatabase(),
      services.hiring(),
      services.limiter(),
      services.meetings(),
      services.notifications(),
    ]);
    await notificationSvc.sendDigests();
    await hiringSvc.expireDue();
    await meetingSvc.sweep();
    await hiringSvc.sweepDrafts();
    await sweepRevokedTokens(db.db);
    await sweepSessionActivity(db.db, new Date(Date.now() - SESSION_IDLE_MS));
    await sweepEmailChanges(db.db, new Date());
    await sweepIdempotencyKeys(db.db, new Date(Date.now() - IDEMPOTENCY_TTL_MS));
    await sweepPagePurges(db.db, new Date(Date.now() - PAGE_PURGES_KEEP_MS));
    await limits.sweep();
    const alertSvc = await services.alerts();
    await alertSvc.sweep();
    const sent = await withLease(db.db, 'job-alerts', ALERT_LEASE_MS, () => alertSvc.sendDue());
    if (sent !== 'busy' && sent.sent) console.log(`[alerts] queued ${sent.sent} alert emails`);
    await (await services.interviews()).sendReminders();
    await (await services.operators()).sweep();
    const revoke = async (slug: string, reason: string) => (await services.learning()).revoke(slug, reason);
    await createAccountPurge({ db: db.db, now: Date.now, store: services.uploads, revoke }).purgeDue();
    // People's data exports (decision 072): any build left behind, then the expired files and rows.
    const exportSvc = await services.dataExports();
    await withLease(db.db, 'data-exports', EXPORT_LEASE_MS, () => exportSvc.runDue());
    await exportSvc.sweep();
    await refreshStatistics(db);
  };
  // The sitemap has its own, shorter check (a stale one is rebuilt within minutes, not hours).
  sitemap?.start();
  const tick = () => void run().catch((e) => console.error('[housekeeping] failed:', e));
  housekeepingTimer = setInterval(tick, 60 * 60 * 1000);
  housekeepingTimer.unref?.();
  tick();
}

/** Longer than a run of the alerts takes: a lease past it means its holder died. */
const ALERT_LEASE_MS = 30 * 60_000;
/** Longer than building the waiting data exports takes (each is claimed on its own anyway). */
const EXPORT_LEASE_MS = 30 * 60_000;

function emailFrom(): string {
  const c = getConfig();
  return c.EMAIL_FROM ?? `${c.BRAND_NAME} <no-reply@${new URL(c.SITE_URL).hostname}>`;
}

/** Events of the other domains reach the notification service here (they never import it). */
const tell = async (n: Notice) => (await services.notifications()).notify(n);

let contentWatch: { get(): number | Promise<number> } | undefined;
let figuresWatch: { get(): number | Promise<number> } | undefined;
let purgeFeed: PurgeFeed | undefined;

export const services = {
  /** Moves whenever public pages changed (offers, profiles, companies, salary figures) in any process: the
   * sitemap's rebuild signal, read from the database at most once a second. */
  contentVersion: async () =>
    (contentWatch ??= generationSum((await getDatabase()).db, [PUBLIC_PAGES_GENERATION, SALARY_GENERATION], { checkEveryMs: 1000 })).get(),
  /** Moves when salary figures changed in any process: the page cache forgets every page (decision 058). */
  pageCacheVersion: async () =>
    (figuresWatch ??= generationSum((await getDatabase()).db, [SALARY_GENERATION], { checkEveryMs: 1000 })).get(),
  /** What each public change touched, read at most once a second: the page cache forgets those pages (decision 058). */
  pagePurges: {
    read: async (after) => (purgeFeed ??= createPurgeFeed((await getDatabase()).db, { checkEveryMs: 1000 })).read(after),
  } satisfies PurgeFeed,
  email: lazyService((): Promise<EmailService> =>
    getDatabase().then((db) => {
      const c = getConfig();
      const svc = createEmailService(db, { transport: c.SMTP_URL ? createSmtpTransport(c.SMTP_URL) : undefined, from: emailFrom() });
      svc.start();
      return svc;
    }),
  ),
  auth: lazyService((): Promise<AuthService> =>
    Promise.all([getDatabase(), services.email()]).then(([db, mail]) => {
      setImmediate(startHousekeeping);
      return createAuthService(db, jwtSecret(), {
        email: mail,
        siteUrl: getConfig().SITE_URL,
        brand: getConfig().BRAND_NAME,
        guard: createIdentityGuard(services.limiter),
      });
    }),
  ),
  /** The operator role, its second factor and the audit log (decision 070); factors stored bare are sealed at start. */
  operators: lazyService((): Promise<OperatorService> =>
    getDatabase().then((db) => {
      setImmediate(startHousekeeping);
      const guard = createIdentityGuard(services.limiter);
      const key = operatorKey(process.env, jwtSecret());
      const service = createOperatorService(db, { secret: jwtSecret(), guard, issuer: getConfig().BRAND_NAME, key });
      return service.sealStoredSecrets().then(() => service);
    }),
  ),
  /** Uploaded pictures, shared by every instance: the database, or the S3 bucket of S3_BUCKET (decision 033). */
  uploads: lazyService((): Promise<UploadStore> => openUploadStore(getConfig(), getDatabase)),
  profiles: lazyService((): Promise<ProfileService> =>
    Promise.all([getDatabase(), services.uploads()]).then(([db, store]) => createProfileService(db, createImageStore(store))),
  ),
  /** Work history, education, links and the CV (decision 050); CVs share the upload store, never its public route. */
  profileHistory: lazyService((): Promise<ProfileHistoryService> =>
    Promise.all([getDatabase(), services.uploads()]).then(([db, store]) =>
      createProfileHistoryService(db, { store, limiter: services.limiter }),
    ),
  ),
  salaries: lazyService((): Promise<SalaryService> =>
    getDatabase().then((db) => {
      // The figures are built in the background, never on the way to a page (decision 059).
      void services.salaryRebuilds().then((r) => r.start());
      return createSalaryService(db);
    }),
  ),
  jobs: lazyService((): Promise<JobSearchService> => getDatabase().then((db) => createJobSearchService(db))),
  /** The company side (offers past their date are expired by the housekeeping; reads treat them as expired anyway). */
  hiring: lazyService((): Promise<HiringService> =>
    getDatabase().then((db) => {
      const svc = createHiringService(db, { salaries: services.salaries, limiter: services.limiter, notify: tell });
      setImmediate(startHousekeeping);
      return withModeration(svc, services.moderation);
    }),
  ),
  /** Offer reports, the flag rules and the operators' moderation decisions (decision 071). */
  moderation: lazyService((): Promise<ModerationService> =>
    getDatabase().then((db) =>
      createModerationService(db, {
        limiter: services.limiter,
        salaries: services.salaries,
        audit: async (e) => (await services.operators()).record(e),
        email: services.email,
        siteUrl: getConfig().SITE_URL,
        brand: getConfig().BRAND_NAME,
      }),
    ),
  ),
  /** Meeting requests and bookings with the sales team. */
  meetings: lazyService((): Promise<MeetingService> =>
    getDatabase().then((db) => {
      const c = getConfig();
      return createMeetingService(db, {
        email: services.email,
        limiter: services.limiter,
        rules: scheduleRules(c),
        secret: jwtSecret(),
        siteUrl: c.SITE_URL,
        brand: c.BRAND_NAME,
        salesEmail: c.SALES_EMAIL ?? `sales@${new URL(c.SITE_URL).hostname}`,
      });
    }),
  ),
  /** Conversations, invitations, blocks and reports (decision 043). `notify` is where emails and the
   * header bell will listen; nothing is told yet. */
  messages: lazyService((): Promise<MessagingService> =>
    getDatabase().then((db) => createMessagingService(db, { limiter: services.limiter, notify: tell })),
  ),
  /** Interviews between companies and candidates: proposals, picks, invites and reminders (decision 046). */
  interviews: lazyService((): Promise<InterviewService> =>
    getDatabase().then((db) => createInterviewService(db, { limiter: services.limiter, notify: tell, brand: getConfig().BRAND_NAME })),
  ),
  /** Company teams: members, roles, invitations by email and deleting a company (decision 047). */
  team: lazyService((): Promise<TeamService> =>
    getDatabase().then((db) => {
      const c = getConfig();
      return createTeamService(db, {
        auth: services.auth,
        email: services.email,
        limiter: services.limiter,
        secret: jwtSecret(),
        siteUrl: c.SITE_URL,
        brand: c.BRAND_NAME,
      });
    }),
  ),
  /** Job alerts: saved searches, their double opt-in and their emails. */
  alerts: lazyService((): Promise<AlertService> =>
    getDatabase().then((db) => {
      const c = getConfig();
      return createAlertService(db, {
        email: services.email,
        jobs: services.jobs,
        limiter: services.limiter,
        secret: jwtSecret(),
        siteUrl: c.SITE_URL,
        brand: c.BRAND_NAME,
      });
    }),
  ),
  /** The commercial pages' live figures, the companies hiring now and the FX table of the prices. */
  marketplace: lazyService((): Promise<MarketplaceService> =>
    getDatabase().then((db) => createMarketplaceService(db, { salaries: services.salaries })),
  ),
  /** Courses, interviews and certificates. */
  learning: lazyService((): Promise<LearningService> =>
    getDatabase().then((db) => createLearningService(db, { retakeDays: getConfig().INTERVIEW_RETAKE_DAYS })),
  ),
  /** Feature flags: the versioned file plus the database's overrides. */
  flags: lazyService((): Promise<FlagStore> => getDatabase().then((db) => createFlagStore(db.db))),
  /** Flags for one request, evaluated on the server (the embedded service, or a real GrowthBook). */
  evaluateFlags: <T extends Record<string, unknown>>(attributes: FlagAttributes, wanted: T) =>
    evaluateFlags(
      { store: services.flags, apiHost: getConfig().FEATURE_FLAGS_API_HOST, clientKey: getConfig().FEATURE_FLAGS_CLIENT_KEY },
      attributes,
      wanted,
    ),
  /** The Ed25519 key that signs certificates (read or generated on first use). */
  signingKey: () => (signingKey ??= loadSigningKey(getConfig().CREDENTIAL_SIGNING_KEY)),
  applications: lazyService((): Promise<ApplicationService> => getDatabase().then((db) => createApplicationService(db, { notify: tell }))),
  /** Screening questions, the apply form, withdrawals and what applicants sent (decision 049). */
  screening: lazyService((): Promise<ScreeningService> => getDatabase().then((db) => createScreeningService(db, { notify: tell }))),
  /** Candidates' saved offers (decision 049). */
  savedOffers: lazyService((): Promise<SavedOffersService> => getDatabase().then((db) => createSavedOffersService(db))),
  /** An offer's applicants as CSV for its company (decision 049). */
  applicantsCsv: lazyService((): Promise<ApplicantsCsv> => getDatabase().then((db) => createApplicantsCsv(db))),
  /** What people are told: the bell, instant emails and the daily digests. */
  notifications: lazyService((): Promise<NotificationService> =>
    getDatabase().then((db) => {
      const c = getConfig();
      return createNotificationService(db, { email: services.email, secret: jwtSecret(), siteUrl: c.SITE_URL, brand: c.BRAND_NAME });
    }),
  ),
  /** Users' salary reports; each new one refreshes the small groups it touches within a couple of seconds
   *  (the big ones at the next full rebuild, decision 059). */
  contributions: lazyService((): Promise<Contributions> =>
    Promise.all([getDatabase(), services.salaries()]).then(([db, svc]) => {
      let touched: { dims: Dimension[]; filter: GroupFilter }[] = [];
      aggregateRefresh = debouncedRefresh(
        async () => {
          const groups = touched;
          touched = [];
          await refreshGroups(db.db, (c) => currencyOf(c as CountryId), groups);
        },
        2000,
        (e) => console.error('[salaries] refreshing the aggregates failed:', e),
      );
      return createContributions(db.db, {
        stats: svc.stats,
        onNewReport: (groups) => {
          touched.push(...groups);
          aggregateRefresh!.schedule();
        },
      });
    }),
  ),
  /** Full rebuilds of the salary aggregates, off the serving path, and whether figures exist yet (/readyz). */
  salaryRebuilds: lazyService((): Promise<AggregateRunner> =>
    getDatabase().then((db) => createAggregateRunner({ db: db.db, currencyOf: (c) => currencyOf(c as CountryId) })),
  ),
  limiter: lazyService((): Promise<RateLimiter> =>
    getDatabase().then((db) => createRateLimiter(db, Date.now, getConfig().RATE_LIMIT_SCALE)),
  ),
  /**
   * The sitemap, built in the background by one process at a time and read by requests (decision 055):
   * rebuilt a few minutes after public pages change (the content version), and hourly. `build` is the app's
   * build: a new one lists its own routes. Checks start with the housekeeping or the first sitemap request.
   */
  sitemap: (build: { id: string; timestamp: number }) =>
    (sitemap ??= createSitemapStore({
      db: async () => (await getDatabase()).db,
      siteUrl: getConfig().SITE_URL,
      buildId: build.id,
      buildTime: build.timestamp > 0 ? new Date(build.timestamp) : null,
      contentVersion: () => services.contentVersion(),
      sources: {
        pages: async () => salarySitemapPages(await services.salaries()),
        offers: async (after, limit) => (await offerPages()).offers(after, limit),
        companies: async (after, limit) => (await offerPages()).companies(after, limit),
      },
    })),
  /** "Download my data": export jobs built in the background, their files in the upload store (decision 072). */
  dataExports: lazyService((): Promise<DataExportService> =>
    Promise.all([getDatabase(), services.uploads()]).then(([db, store]) => {
      const c = getConfig();
      setImmediate(startHousekeeping);
      return createDataExportService(db, {
        store,
        email: services.email,
        limiter: services.limiter,
        siteUrl: c.SITE_URL,
        brand: c.BRAND_NAME,
      });
    }),
  ),
  /** The database itself, for the HTTP layer's own tables (the API's idempotency keys). */
  database: async () => (await getDatabase()).db,
  trustProxy: getConfig().TRUST_PROXY,
  oauth: { providers: providersFromEnv(process.env), stateSecret: jwtSecret, config: getConfig() },
};

/** Let queued deliveries in flight finish (graceful shutdown). */
export async function stopServices(): Promise<void> {
  if (housekeepingTimer) clearInterval(housekeepingTimer);
  sitemap?.stop();
  // Only what was built (a failed build is not there to stop).
  const [flags, runner, email] = [services.flags.built(), services.salaryRebuilds.built(), services.email.built()];
  if (flags) (await flags).stop();
  if (aggregateRefresh) await aggregateRefresh.flush();
  if (runner) (await runner).stop();
  if (email) await (await email).stop();
}
