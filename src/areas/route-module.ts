import 'server-only';
import type { RouteId } from '../routes';
import type { ServerConfig } from '../server/config';
import type { RouteGet, RouteViewer } from '../server/http/app';
import type { FormHandler } from '../server/http/forms';
import type { Page } from '../server/render/page-types';
import type { AlertService } from '../server/alerts/alert-service';
import type { ApplicationService } from '../server/offers/application-service';
import type { AuthService } from '../server/accounts/auth-service';
import type { HiringService } from '../server/offers/hiring-service';
import type { ScreeningService } from '../server/offers/screening-service';
import type { SavedOffersService } from '../server/offers/saved-offers-service';
import type { JobSearchService } from '../server/offers/job-search-service';
import type { LearningService } from '../server/learning/learning-service';
import type { MeetingService } from '../server/meetings/meeting-service';
import type { MessagingService } from '../server/messages/messaging-service';
import type { InterviewService } from '../server/interviews/interview-service';
import type { SigningKey } from '../server/learning/credentials';
import type { ProfileService } from '../server/accounts/profile-service';
import type { ProfileHistoryService } from '../server/accounts/profile-history-service';
import type { TeamService } from '../server/accounts/team-service';
import type { OperatorService } from '../server/accounts/operators/operator-service';
import type { DataExportService } from '../server/exports/data-export-service';
import type { ModerationService } from '../server/offers/moderation-service';
import type { Contributions } from '../server/salaries/contributions';
import type { SalaryService } from '../server/salaries/salary-service';
import type { MarketplaceService } from '../server/offers/marketplace-service';
import type { NotificationService } from '../server/notifications/notification-service';
import type { EvaluatedFlags, FlagAttributes } from '../server/flags/evaluate';
import type { OAuthProviders } from '../views/account-forms/account-form-kit';

// A route module (the route-module idea of Remix and the Epic Stack): what one route id does. Its page
// renders GETs; its action takes the page's form posts (one per route: several forms on a page tell
// themselves apart by an `intent` field); its get may answer a GET before the page (a redirect, a feed); its
// viewer answers, as JSON for the page's islands, what a shared page shows only to the signed-in visitor; its
// post may answer a POST before the form action (a mail provider's one-click unsubscribe wants a plain 200,
// not the form's redirect; it reads the body from request.clone(), so the form can still read it).
export type RouteModule = { page: Page; action?: FormHandler; get?: RouteGet; post?: RouteGet; viewer?: RouteViewer };
export type AreaRoutes = Partial<Record<RouteId, RouteModule>>;

/**
 * What the areas' pages, actions and GET handlers are built from: lazy services and the configuration they
 * read. The entry passes the process's services (src/server/container.ts); tests pass fakes. Each page
 * module takes the few it reads (a Pick of these), so a test builds a page from what it needs.
 */
export type AreaDeps = {
  auth: () => Promise<AuthService>;
  profiles: () => Promise<ProfileService>;
  /** A candidate's work history, education, links and CV (decision 050). */
  profileHistory: () => Promise<ProfileHistoryService>;
  hiring: () => Promise<HiringService>;
  applications: () => Promise<ApplicationService>;
  /** Screening questions, the apply form, withdrawals and what applicants sent (decision 049). */
  screening: () => Promise<ScreeningService>;
  /** Candidates' saved offers (decision 049). */
  savedOffers: () => Promise<SavedOffersService>;
  contributions: () => Promise<Contributions>;
  jobs: () => Promise<JobSearchService>;
  learning: () => Promise<LearningService>;
  meetings: () => Promise<MeetingService>;
  /** Conversations and invitations between companies and candidates. */
  messages: () => Promise<MessagingService>;
  /** Interviews between companies and candidates (decision 046). */
  interviews: () => Promise<InterviewService>;
  /** Company teams: members, roles and invitations (decision 047). */
  team: () => Promise<TeamService>;
  /** Job alerts: saved searches emailed daily or weekly. */
  alerts: () => Promise<AlertService>;
  salaries: () => Promise<SalaryService>;
  /** The commercial pages' live figures, the companies hiring now and the FX table of the prices. */
  marketplace: () => Promise<MarketplaceService>;
  /** The bell, its page, email preferences and unsubscribe links. */
  notifications: () => Promise<NotificationService>;
  /** The operator role, its second factor and the audit log (decision 070). */
  operators: () => Promise<OperatorService>;
  /** "Download my data": export requests, their status and downloads (decision 072). */
  dataExports: () => Promise<DataExportService>;
  /** Offer reports, flags and the operators' moderation queue (decision 071). */
  moderation: () => Promise<ModerationService>;
  /** Feature flags for one request, evaluated on the server. */
  evaluateFlags: <T extends Record<string, unknown>>(attributes: FlagAttributes, wanted: T) => Promise<EvaluatedFlags<T>>;
  /** The sign-in providers configured (their buttons on the account forms). */
  oauth: { providers: OAuthProviders };
  signingKey: () => SigningKey;
  config: Pick<ServerConfig, 'SITE_URL' | 'BRAND_NAME' | 'AUTH_COOKIE_TOKEN' | 'AUTH_COOKIE_TYPE' | 'AUTH_COOKIE_DOMAIN'>;
};
