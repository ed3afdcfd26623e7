// Fuzz suite of the pages' form posts (decision 017): the production HTTP layer with the production set of form
// handlers (createFormHandlers) over real services, a real session loader, and a stub page renderer. Every
// route that has a form handler gets, in both locales and as anonymous, candidate and company sessions,
// each hostile value in each field its handler reads (form fields, route parameters, query parameters,
// the cookies it reads), urlencoded and (for the picture and logo forms) multipart, and must answer below
// 500 on SQLite and on PostgreSQL. Failures are collected and reported in one message per route, grouped
// by the error the server logged. FUZZ_SEED replays the random part of the corpus.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales, type Locale } from '../i18n/locales';
import { parseOfferInput } from '../domain/offer-input';
import { OFFER, OFFER_LIST_FIELDS } from '../testing/fixtures/offer';
import { PROFILE } from '../testing/fixtures/profile';
import { href, routeDef, type Params, type RouteId } from '../routes';
import { testDatabases, type TestDb } from '../testing/databases';
import {
  FUZZ_SEED,
  fuzzNames,
  ID_VALUES,
  PROTOTYPE_NAMES,
  STRING_VALUES,
  createCollector,
  headerSafe,
  show,
  textValues,
  urlEncode,
  type Collector,
  type Hostile,
  type Tier,
} from '../testing/fuzz';
import { parseConfig } from '../server/config';
import { createHttpApp } from '../server/http/app';
import { createContributions } from '../server/salaries/contributions';
import { setFxRate } from '../server/salaries/data/salary-data';
import { createApplicationService, type ApplicationService } from '../server/offers/application-service';
import { createInterviewService, type InterviewService } from '../server/interviews/interview-service';
import { zonedParts } from '../domain/scheduling';

/** A datetime-local value two days ahead in Lima (a proposal's slot in the future). */
const inTwoDays = () => {
  const z = zonedParts(new Date(Date.now() + 2 * 86_400_000), 'America/Lima');
  return `${z.date}T10:00`;
};
import { createAuthService, type AuthService } from '../server/accounts/auth-service';
import { createEmailService } from '../server/email/email-service';
import { createHiringService, type HiringService } from '../server/offers/hiring-service';
import { createProfileHistoryService, type ProfileHistoryService } from '../server/accounts/profile-history-service';
import { pdfFile, tinyPdf } from '../testing/fixtures/pdf';
import { createScreeningService, type ScreeningService } from '../server/offers/screening-service';
import { createSavedOffersService, type SavedOffersService } from '../server/offers/saved-offers-service';
import { createProfileService, type ProfileService } from '../server/accounts/profile-service';
import { createIdentityGuard, createRateLimiter, type RateLimiter } from '../server/limits/rate-limit';
import { createSalaryService } from '../server/salaries/salary-service';
import { createJobSearchService } from '../server/offers/job-search-service';
import { createDataExportService, type DataExportService } from '../server/exports/data-export-service';
import { createDatabaseStore } from '../server/uploads/data/database-store';
import { createImageStore } from '../server/uploads/image-store';
import { userLoaderOf } from '../server/accounts/session';
import { createRegistry } from './registry';
import { areaDeps } from '../testing/area-deps';
import { createLearningService } from '../server/learning/learning-service';
import { testSigningKey } from '../testing/signing-key';
import { TEST_RULES, testMeetingService } from '../testing/meetings';
import { testAlertService } from '../testing/alerts';
import { candidateSlots, slotKey } from '../domain/scheduling';
import { fileURLToPath } from 'node:url';
import { loadContentInto } from '../server/learning/content-load';
import { createNotificationService, type NotificationService } from '../server/notifications/notification-service';
import { signUnsubscribe } from '../server/notifications/unsubscribe-token';
import { createMessagingService, type MessagingService } from '../server/messages/messaging-service';
import { createTeamService, type TeamService } from '../server/accounts/team-service';
import { createOperatorService, type OperatorService } from '../server/accounts/operators/operator-service';
import { createModerationService } from '../server/offers/moderation-service';

const LEARNING_FIXTURES = fileURLToPath(new URL('../testing/fixtures/learning', import.meta.url));

const SECRET = 'g'.repeat(40);
/** The extra field names each cheap form gets (see fuzzNames). */
const EXTRA_NAMES = fuzzNames(16);
const PASSWORD = 'una-clave-larga';
const HOST = 'localhost';
const config = parseConfig({ SITE_URL: `http://${HOST}` });
const CALCULATOR_QUERY = {
  country: 'peru',
  role: 'backend',
  seniority: 'mid',
  english: 'advanced',
  modality: 'remote-global',
  skills: 'go,docker',
};

type Session = 'anon' | 'candidate' | 'company';
const SESSIONS: Session[] = ['anon', 'candidate', 'company'];
/** A value for a field: text (encoded as a browser would), a raw piece of the encoded body, or the field left out / given twice. */
type Sub = { label: string; value?: string; raw?: string; missing?: true; twice?: true };
type Fields = Record<string, string | string[]>;

/** What a form reads, and a post that its deepest session gets through. */
type FormCase = {
  name: string;
  route: RouteId;
  params?: () => Params;
  query?: () => Record<string, string>;
  fields: () => Fields;
  /** The session that gets furthest; the full corpus is posted as this one. */
  session: Session;
  /** What the valid post as `session` answers (checked, so that the fuzz is known to reach the services). */
  ok?: number;
  /** Each valid-shaped post costs an argon2 hash: the tiny list of strings, fewer query values, cookies and sessions. */
  expensive?: boolean;
  /** Multipart, with this file field. */
  file?: string;
  /** The file of the valid post (default: the first hostile file, a valid PNG). */
  validFile?: () => File;
  /** Cookies the handler reads besides the session. */
  cookies?: string[];
  /** Fields that take the same value together. */
  groups?: string[][];
  /** Runs after the case (signing out ends the sessions the other cases post with: sign in again). */
  after?: () => Promise<void>;
  /** Fields and query parameters to fuzz (default: all); fewer for the sign-up variants that share one handler. */
  fuzzFields?: string[];
  fuzzQuery?: string[];
  /** Fields (and query parameters) fuzzed with the short list: enum-like ones, or all fields ('all') on a second variant of one code path. */
  short?: string[] | 'all';
};

const fromHostile = (list: Hostile[]): Sub[] => list.map((x) => ({ label: show(x.value), value: x.value }));
/** Pieces of an urlencoded body that a browser would not produce. */
const RAW: Sub[] = ['%00', '%ff', '%', '%zz', '%ED%A0%80', '+%2B+', '%0d%0a'].map((r) => ({ label: `raw ${r}`, raw: r }));
/** Values for one form field of a tier (see Tier); numbers-like fields in full also get every id. */
const fieldSubs = (valid: string, tier: Tier): Sub[] => [
  ...fromHostile(textValues(valid, tier)),
  ...(tier === 'full' ? fromHostile(ID_VALUES.slice(3)) : []),
  ...(tier === 'full' ? RAW : tier === 'short' ? RAW.slice(0, 3) : RAW.slice(0, 1)),
  { label: '(missing)', missing: true },
  { label: '(given twice, hostile second)', twice: true, value: '\u0000' },
];
const paramSubs = (expensive: boolean): Sub[] =>
  expensive
    ? fieldSubs('x', 'tiny').filter((s) => !s.missing && !s.twice && s.value !== '')
    : [...fromHostile(ID_VALUES), ...fromHostile(STRING_VALUES).filter((s) => s.value !== ''), ...RAW];
/** Query parameters of the forms whose valid posts cost a password hash: a few values only. */
const cheapQuerySubs = (valid: string): Sub[] => [
  { label: show('\u0000'), value: '\u0000' },
  { label: 'valid + NUL', value: `${valid}\u0000` },
  RAW[0]!,
  { label: '(missing)', missing: true },
  { label: '(given twice)', twice: true, value: valid },
];
const cookieSubs: Sub[] = [
  ...fromHostile([...ID_VALUES.slice(0, 4), ...STRING_VALUES]).filter((s) => headerSafe(s.value!)),
  { label: 'percent', value: '%' },
  { label: 'bad percent', value: '%E0%A4%A' },
  { label: 'json with escaped NUL', value: '{"utm_source":"a\\u0000b","utm_campaign":"\\u0000"}' },
  { label: 'json null', value: 'null' },
  { label: 'json array', value: '[1,2]' },
  { label: 'json string', value: '"x"' },
];
const CHEAP_COOKIES = ['bad percent', 'json with escaped NUL'];

/** Files for the picture and logo fields. */
async function hostileFiles(): Promise<{ label: string; file: File }[]> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#4a4' } })
    .png()
    .toBuffer();
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#44a' } })
    .jpeg()
    .toBuffer();
  const f = (label: string, bytes: Uint8Array | string, name = 'x.png', type = 'image/png') => ({
    label,
    file: new File([bytes as BlobPart], name, { type }),
  });
  const huge = new Uint8Array(2 * 1024 * 1024 + 1);
  huge.set([0xff, 0xd8, 0xff]);
  return [
    f('valid png', png),
    f('valid jpeg named .gif', jpeg, 'x.gif', 'image/gif'),
    f('text', '#!/bin/sh\nrm -rf /', 'x.sh', 'text/x-shellscript'),
    f('svg', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'x.svg', 'image/svg+xml'),
    f('png magic only', png.subarray(0, 8)),
    f('truncated jpeg', jpeg.subarray(0, jpeg.length / 2), 'x.jpg', 'image/jpeg'),
    f('riff webp header, no image', 'RIFF\u0000\u0000\u0000\u0000WEBPVP8 ', 'x.webp', 'image/webp'),
    f('one byte over 2 MB', huge, 'x.jpg', 'image/jpeg'),
    f('hostile file name', png, '../../etc/passwd\u0000.png'),
    f('empty file name', png, ''),
    f('valid pdf', tinyPdf(), 'cv.pdf', 'application/pdf'),
    f('pdf header only', '%PDF-1.7\n', 'cv.pdf', 'application/pdf'),
    f('html named pdf', '<html><script>alert(1)</script></html>', 'cv.pdf', 'application/pdf'),
  ];
}

describe.each(testDatabases)('form posts fuzz on %s', (dbName, open) => {
  let t: TestDb;
  const svc = {} as {
    auth: AuthService;
    limiter: RateLimiter;
    profiles: ProfileService;
    profileHistory: ProfileHistoryService;
    hiring: HiringService;
    applications: ApplicationService;
    notifications: NotificationService;
    messages: MessagingService;
    interviews: InterviewService;
    team: TeamService;
    screening: ScreeningService;
    savedOffers: SavedOffersService;
    operators: OperatorService;
    dataExports: DataExportService;
  };
  // The production registry of form actions; the services behind them are built in beforeAll.
  const routes = createRegistry(
    areaDeps({
      auth: async () => svc.auth,
      profiles: async () => svc.profiles,
      profileHistory: async () => svc.profileHistory,
      hiring: async () => svc.hiring,
      applications: async () => svc.applications,
      screening: async () => svc.screening,
      savedOffers: async () => svc.savedOffers,
      contributions: async () => createContributions(t.db, { stats: createSalaryService(t).stats, onNewReport: () => {} }),
      jobs: async () => createJobSearchService(t),
      learning: async () => createLearningService(t, { retakeDays: 30 }),
      meetings: async () => testMeetingService(t, { email: createEmailService(t, { log: () => {} }), limiter: svc.limiter }),
      notifications: async () => svc.notifications,
      messages: async () => svc.messages,
      interviews: async () => svc.interviews,
      team: async () => svc.team,
      operators: async () => svc.operators,
      dataExports: async () => svc.dataExports,
      moderation: async () =>
        createModerationService(t, {
          limiter: async () => svc.limiter,
          audit: (e) => svc.operators.record(e),
          siteUrl: config.SITE_URL,
          brand: 'Tandem',
        }),
      alerts: async () => testAlertService(t, { email: createEmailService(t, { log: () => {} }), limiter: svc.limiter }),
      signingKey: () => testSigningKey,
      config,
    }),
  );
  const loadUser = userLoaderOf(async () => svc.auth);
  const inner = async () => new Response('<p>page</p>', { headers: { 'content-type': 'text/html' } });
  let app: ReturnType<typeof createHttpApp>['app'];
  const tokens: Record<Exclude<Session, 'anon'>, string> = { candidate: '', company: '' };
  const world = {
    candidateEmail: 'ana@example.com',
    candidateSlug: '',
    offerId: 0,
    offerSlug: '',
    applicationId: 0,
    conversationId: 0,
    invitationId: 0,
    anaApplicationId: 0,
    interviewId: 0,
    questionsOfferSlug: '',
    withdrawApplicationId: 0,
    unsubscribe: '',
    companyUserId: 0,
    teamInvitationId: 0,
    joinToken: '',
    acceptToken: '',
  };
  let files: Awaited<ReturnType<typeof hostileFiles>> = [];
  let seq = 0;
  const freshEmail = () => `form-fuzz-${++seq}@example.com`;

  beforeAll(async () => {
    t = await open();
    await setFxRate(t, 'PEN', 3.75, '2026-11-01');
    await loadContentInto(t, LEARNING_FIXTURES, () => {});
    // RATE_LIMIT_SCALE at its maximum: every fuzzed post reaches the service instead of the limiter.
    svc.limiter = createRateLimiter(t, Date.now, 1000);
    svc.auth = createAuthService(t, SECRET, {
      email: createEmailService(t, { log: () => {} }),
      siteUrl: config.SITE_URL,
      guard: createIdentityGuard(async () => svc.limiter),
    });
    svc.operators = createOperatorService(t, { secret: SECRET, guard: createIdentityGuard(async () => svc.limiter) });
    const uploads = createDatabaseStore(t);
    svc.dataExports = createDataExportService(t, {
      store: uploads,
      email: async () => createEmailService(t, { log: () => {} }),
      limiter: async () => svc.limiter,
      siteUrl: config.SITE_URL,
      brand: 'Tandem',
      schedule: () => {},
      log: () => {},
    });
    svc.profiles = createProfileService(t, createImageStore(uploads));
    svc.profileHistory = createProfileHistoryService(t, { store: uploads, limiter: async () => svc.limiter });
    svc.hiring = createHiringService(t, { salaries: async () => createSalaryService(t) });
    svc.notifications = createNotificationService(t, {
      email: async () => createEmailService(t, { log: () => {} }),
      secret: SECRET,
      siteUrl: config.SITE_URL,
      brand: 'Tandem',
      log: () => {},
    });
    svc.applications = createApplicationService(t, { notify: (e) => svc.notifications.notify(e) });
    app = createHttpApp({ inner, config, prod: false, build: { id: 'fuzz', timestamp: 0 }, routes, loadUser, uploads: () => uploads }).app;

    const candidate = await svc.auth.register(
      'match',
      { name: 'Ana', last_name: 'García', email: world.candidateEmail, password: PASSWORD },
      { ip: 'setup' },
    );
    tokens.candidate = candidate.access_token;
    // A candidate who confirmed their address (interviews are only for them).
    await t.db.updateTable('users').set({ email_confirmed_at: new Date() }).where('id', '=', candidate.user.id).execute();
    world.candidateSlug = candidate.user.profile_slug!;
    // Ana holds the operator role without its second factor (decision 070): the operator forms' cases post
    // as her, the enrolment step reaches the code check, the area itself refuses her.
    await svc.operators.add(world.candidateEmail);
    world.unsubscribe = await signUnsubscribe(Number(candidate.user.id), 'application-status', SECRET);
    const company = await svc.auth.register(
      'hire',
      { name: 'Eva', last_name: 'Ruiz', email: 'eva@acme.example', password: PASSWORD, company_name: 'Acme' },
      { ip: 'setup' },
    );
    tokens.company = company.access_token;
    const parsed = parseOfferInput(OFFER);
    if (!parsed.ok) throw new Error(`fixture offer invalid: ${JSON.stringify(parsed.errors)}`);
    const offer = await svc.hiring.save({ id: company.user.id, type: 'hire' }, parsed.value, { publish: true });
    world.offerId = offer.id;
    world.offerSlug = offer.slug;
    const applicant = await svc.auth.register(
      'match',
      { name: 'Leo', last_name: 'Paz', email: 'leo@example.com', password: PASSWORD },
      { ip: 'setup' },
    );
    world.applicationId = (await svc.applications.apply(offer.slug, { id: applicant.user.id, type: 'match' })).id;
    // Decision 049: an offer with screening questions to apply to, and an application of Ana's to withdraw.
    svc.screening = createScreeningService(t, { notify: (e) => svc.notifications.notify(e) });
    svc.savedOffers = createSavedOffersService(t);
    const eva = { id: company.user.id, type: 'hire' as const };
    const asked = await svc.hiring.save(eva, { ...parsed.value, title: 'Diseñadora UX' }, { publish: true });
    await svc.screening.saveQuestions(eva, asked.id, [
      { kind: 'yes-no', label: '¿Vives en Lima?', required: true },
      { kind: 'number', label: 'Años de experiencia', required: true },
      { kind: 'text', label: 'Portafolio', required: false },
    ]);
    world.questionsOfferSlug = asked.slug;
    const other = await svc.hiring.save(eva, { ...parsed.value, title: 'Analista QA' }, { publish: true });
    world.withdrawApplicationId = (await svc.screening.apply(other.slug, { id: candidate.user.id, type: 'match' }, {})).id;
    // Ana's own application and its conversation (both sessions are its parties); an invitation for her
    // from another company, and her profile public so that the company may invite her.
    svc.messages = createMessagingService(t, { limiter: async () => svc.limiter });
    const ana = { id: candidate.user.id, type: 'match' as const };
    const anaApplication = (await svc.applications.apply(offer.slug, ana)).id;
    world.conversationId = (await svc.messages.forApplications(ana, [anaApplication])).get(anaApplication)!.id;
    // An interview proposed to Ana (decision 046): the company's page moves it, her workspace answers it.
    svc.interviews = createInterviewService(t, {
      limiter: async () => svc.limiter,
      notify: (e) => svc.notifications.notify(e),
      brand: 'Tandem',
    });
    world.anaApplicationId = anaApplication;
    world.interviewId = await svc.interviews.propose({ id: company.user.id, type: 'hire' }, anaApplication, {
      slots: [inTwoDays()],
      duration: 30,
      timeZone: 'America/Lima',
      videoUrl: '',
    });
    await t.db.updateTable('candidate_profiles').set({ is_public: 1 }).where('user_id', '=', candidate.user.id).execute();
    const otherCompany = await svc.auth.register(
      'hire',
      { name: 'Iris', last_name: 'Sol', email: 'iris@otra.example', password: PASSWORD, company_name: 'Otra' },
      { ip: 'setup' },
    );
    world.invitationId = (
      await svc.messages.invite({ id: otherCompany.user.id, type: 'hire' }, { candidateSlug: world.candidateSlug, text: 'Hola Ana' })
    ).id;
    // Team invitations (decision 047): one to sign up with, one to accept, one pending to revoke.
    svc.team = createTeamService(t, {
      auth: async () => svc.auth,
      email: async () => createEmailService(t, { log: () => {} }),
      limiter: async () => svc.limiter,
      secret: SECRET,
      siteUrl: config.SITE_URL,
      brand: 'Tandem',
    });
    world.companyUserId = company.user.id;
    const invited = async (email: string) => {
      await svc.team.invite({ id: company.user.id, type: 'hire' }, { email, role: 'recruiter', locale: 'es' });
      const row = await t.db.selectFrom('email_outbox').select('text_body').where('to_email', '=', email).executeTakeFirstOrThrow();
      return /\/hire\/unirse\/([\w.-]+)/.exec(row.text_body)![1]!;
    };
    world.joinToken = await invited('new-member@acme.example');
    world.acceptToken = await invited('eva@acme.example'.replace('eva', 'otro'));
    await invited('pending@acme.example');
    world.teamInvitationId = (await svc.team.team({ id: company.user.id, type: 'hire' })).invitations[0]!.id;
    files = await hostileFiles();
  }, 60_000);
  afterAll(async () => {
    await t?.cleanup();
  });

  // ---- what each form reads ------------------------------------------------------------------------------

  /** Fresh sessions for the candidate and the company (after the logout case ended theirs). */
  const signInAgain = async () => {
    tokens.candidate = (await svc.auth.login('match', world.candidateEmail, PASSWORD, { ip: 'setup' })).access_token;
    tokens.company = (await svc.auth.login('hire', 'eva@acme.example', PASSWORD, { ip: 'setup' })).access_token;
  };

  /** The fuzzed history forms add entries: clear them so the 20-entry cap never turns a valid post away. */
  const clearHistory = async () => {
    await t.db.deleteFrom('profile_experience').execute();
    await t.db.deleteFrom('profile_education').execute();
  };

  const known: FormCase[] = [
    {
      name: 'login',
      route: 'login',
      session: 'anon',
      ok: 303,
      expensive: true,
      query: () => ({ redirect: '/match/plataforma' }),
      fields: () => ({ email: world.candidateEmail, password: PASSWORD }),
    },
    {
      name: 'signUp',
      route: 'signUp',
      session: 'anon',
      ok: 303,
      expensive: true,
      fuzzFields: ['name', 'last_name', 'email', 'password'],
      cookies: ['tandem_utm'],
      query: () => ({ redirect: '/match/plataforma', origin: 'free-course' }),
      fields: () => ({ name: 'Fuzz', last_name: 'Tester', email: freshEmail(), password: PASSWORD }),
    },
    {
      name: 'hireStartNow',
      route: 'hireStartNow',
      session: 'anon',
      ok: 303,
      expensive: true,
      fuzzFields: ['company_name', 'email'],
      query: () => ({ redirect: '/hire/crear-oferta', draft: '1' }),
      fields: () => ({ name: 'Fuzz', last_name: 'Tester', company_name: 'Fuzz Co', email: freshEmail(), password: PASSWORD }),
    },
    {
      name: 'logout',
      route: 'logout',
      session: 'candidate',
      ok: 303,
      short: ['intent'],
      fields: () => ({ intent: 'everywhere' }),
      after: signInAgain,
    },
    { name: 'forgotPassword', route: 'forgotPassword', session: 'anon', ok: 303, fields: () => ({ email: world.candidateEmail }) },
    {
      name: 'resetPassword',
      route: 'resetPassword',
      session: 'anon',
      ok: 422,
      expensive: true,
      groups: [['password', 'passwordConfirmation']],
      params: () => ({ token: 'x'.repeat(43) }),
      fields: () => ({ password: 'nueva-clave-1', passwordConfirmation: 'nueva-clave-1' }),
    },
    {
      name: 'confirmEmail',
      route: 'confirmEmail',
      session: 'candidate',
      ok: 303,
      params: () => ({ token: 'y'.repeat(43) }),
      fields: () => ({ email: world.candidateEmail }),
    },
    {
      name: 'talentProfile',
      route: 'talentProfile',
      session: 'candidate',
      ok: 303,
      file: 'picture',
      short: ['country', 'role', 'seniority', 'english', 'availability', 'is_public', 'skills'],
      params: () => ({ slug: world.candidateSlug }),
      fields: () => ({ ...PROFILE }),
    },
    {
      name: 'talentProfile (experience)',
      route: 'talentProfile',
      session: 'candidate',
      ok: 303,
      short: ['intent', 'current'],
      params: () => ({ slug: world.candidateSlug }),
      fields: () => ({
        intent: 'experience-add',
        company: 'Acme',
        title: 'Backend',
        start_month: '2020-01',
        end_month: '2021-02',
        description: 'Go',
      }),
      after: clearHistory,
    },
    {
      name: 'talentProfile (education)',
      route: 'talentProfile',
      session: 'candidate',
      ok: 303,
      short: ['intent'],
      params: () => ({ slug: world.candidateSlug }),
      fields: () => ({ intent: 'education-add', school: 'UBA', degree: 'Sistemas', start_year: '2015', end_year: '2020' }),
      after: clearHistory,
    },
    {
      name: 'talentProfile (entry save/remove)',
      route: 'talentProfile',
      session: 'candidate',
      short: ['intent'],
      params: () => ({ slug: world.candidateSlug }),
      fields: () => ({ intent: 'education-save', id: '1', school: 'UBA', degree: 'Sistemas', start_year: '2015', end_year: '' }),
    },
    {
      name: 'talentProfile (links)',
      route: 'talentProfile',
      session: 'candidate',
      ok: 303,
      short: ['intent'],
      params: () => ({ slug: world.candidateSlug }),
      fields: () => ({
        intent: 'links-save',
        linkedin_url: 'https://www.linkedin.com/in/ana',
        github_url: 'https://github.com/ana',
        portfolio_url: '',
      }),
    },
    {
      name: 'talentProfile (cv)',
      route: 'talentProfile',
      session: 'candidate',
      ok: 303,
      file: 'cv',
      validFile: () => pdfFile(),
      short: ['intent'],
      params: () => ({ slug: world.candidateSlug }),
      fields: () => ({ intent: 'cv-upload' }),
    },
    {
      name: 'talentProfile (invite)',
      route: 'talentProfile',
      session: 'company',
      short: ['intent', 'offer'],
      params: () => ({ slug: world.candidateSlug }),
      fields: () => ({ intent: 'invite', body: 'Hola Ana, ¿hablamos?', offer: String(world.offerId) }),
    },
    {
      name: 'hireConversation (send)',
      route: 'hireConversation',
      session: 'company',
      ok: 303,
      short: ['intent'],
      params: () => ({ id: String(world.conversationId) }),
      fields: () => ({ intent: 'send', body: 'Hola Ana' }),
    },
    {
      name: 'matchConversation (send)',
      route: 'matchConversation',
      session: 'candidate',
      ok: 303,
      short: ['intent'],
      params: () => ({ id: String(world.conversationId) }),
      fields: () => ({ intent: 'send', body: 'Hola Eva' }),
    },
    {
      name: 'matchConversation (report)',
      route: 'matchConversation',
      session: 'candidate',
      short: ['intent', 'reason'],
      params: () => ({ id: String(world.conversationId) }),
      fields: () => ({ intent: 'report', reason: 'spam', details: 'Publicidad' }),
    },
    {
      name: 'hireInterview (propose)',
      route: 'hireInterview',
      session: 'company',
      ok: 303,
      short: ['intent'],
      params: () => ({ id: String(world.anaApplicationId) }),
      fields: () => ({
        intent: 'propose',
        slot: inTwoDays(),
        duration: '45',
        timeZone: 'America/Lima',
        videoUrl: 'https://meet.example/x',
      }),
    },
    {
      name: 'hireTeam (invite)',
      route: 'hireTeam',
      session: 'company',
      ok: 303,
      short: ['intent', 'role', 'language'],
      fields: () => ({ intent: 'invite', email: freshEmail(), role: 'recruiter', language: 'en' }),
    },
    {
      name: 'hireTeam (revoke)',
      route: 'hireTeam',
      session: 'company',
      ok: 303,
      short: ['intent'],
      fields: () => ({ intent: 'revoke', invitation: String(world.teamInvitationId) }),
    },
    {
      name: 'hireTeam (role and remove: the last owner stays)',
      route: 'hireTeam',
      session: 'company',
      ok: 409,
      short: ['intent', 'role'],
      fields: () => ({ intent: 'role', member: String(world.companyUserId), role: 'recruiter' }),
    },
    {
      // Never the company's name: the other cases need the company.
      name: "hireTeam (delete, a name that is not the company's)",
      route: 'hireTeam',
      session: 'company',
      ok: 422,
      short: ['intent'],
      fields: () => ({ intent: 'delete', confirm: 'Otra empresa' }),
    },
    {
      name: 'hireJoin (sign up and join)',
      route: 'hireJoin',
      session: 'anon',
      ok: 303,
      expensive: true,
      short: ['intent'],
      params: () => ({ token: world.joinToken }),
      fields: () => ({ intent: 'signup', name: 'Rita', last_name: 'Reyes', password: PASSWORD }),
    },
    {
      name: 'hireJoin (accept: a company account that has a company)',
      route: 'hireJoin',
      session: 'company',
      ok: 409,
      short: 'all',
      params: () => ({ token: world.acceptToken }),
      fields: () => ({ intent: 'accept' }),
    },
    {
      name: 'hireInterview (cancel)',
      route: 'hireInterview',
      session: 'company',
      short: ['intent'],
      params: () => ({ id: String(world.anaApplicationId) }),
      fields: () => ({ intent: 'cancel', interview: String(world.interviewId) }),
    },
    {
      name: 'matchPlatform (interview answer)',
      route: 'matchPlatform',
      session: 'candidate',
      short: ['intent'],
      fields: () => ({ intent: 'interview-pick', interview: String(world.interviewId), slot: 'x' }),
    },
    {
      name: 'matchPlatform (invitation answer)',
      route: 'matchPlatform',
      session: 'candidate',
      short: ['intent'],
      fields: () => ({ intent: 'decline', invitation: String(world.invitationId) }),
    },
    {
      name: 'hireSite (company profile)',
      route: 'hireSite',
      session: 'company',
      ok: 303,
      file: 'logo',
      short: ['size', 'country'],
      fields: () => ({ name: 'Acme', website: 'https://acme.example', size: '11-50', country: 'peru' }),
    },
    {
      name: 'hireSite (offer action)',
      route: 'hireSite',
      session: 'company',
      ok: 303,
      short: ['intent', 'action'],
      fields: () => ({ intent: 'offer-action', action: 'renew', offer: String(world.offerId) }),
    },
    {
      name: 'hireSite (pipeline move)',
      route: 'hireSite',
      session: 'company',
      ok: 303,
      short: ['intent', 'status'],
      fields: () => ({ intent: 'application-status', application: String(world.applicationId), status: 'approved' }),
    },
    {
      name: 'hireApplicants (move)',
      route: 'hireApplicants',
      session: 'company',
      ok: 303,
      short: ['intent', 'status'],
      params: () => ({ id: String(world.offerId) }),
      fields: () => ({ intent: 'move', application: String(world.applicationId), status: 'approved' }),
    },
    {
      name: 'hireApplicants (bulk)',
      route: 'hireApplicants',
      session: 'company',
      ok: 200,
      short: ['intent', 'status', 'confirm'],
      params: () => ({ id: String(world.offerId) }),
      fields: () => ({ intent: 'bulk', status: 'approved', application: String(world.applicationId) }),
    },
    {
      name: 'hireApplicants (bulk confirmed)',
      route: 'hireApplicants',
      session: 'company',
      ok: 303,
      short: ['intent', 'status', 'confirm'],
      params: () => ({ id: String(world.offerId) }),
      fields: () => ({ intent: 'bulk', confirm: '1', status: 'approved', item: `${world.applicationId}:approved` }),
    },
    {
      name: 'hireApplication (note)',
      route: 'hireApplication',
      session: 'company',
      ok: 303,
      short: ['intent'],
      params: () => ({ id: String(world.applicationId) }),
      fields: () => ({ intent: 'note', note: 'Buen perfil' }),
    },
    {
      name: 'hireApplication (rating)',
      route: 'hireApplication',
      session: 'company',
      ok: 303,
      short: ['intent', 'rating'],
      params: () => ({ id: String(world.applicationId) }),
      fields: () => ({ intent: 'rating', rating: '4' }),
    },
    {
      name: 'hireApplication (move)',
      route: 'hireApplication',
      session: 'company',
      ok: 303,
      short: ['intent', 'status', 'from'],
      params: () => ({ id: String(world.applicationId) }),
      fields: () => ({ intent: 'move', status: 'approved' }),
    },
    {
      name: 'hireApplication (reject)',
      route: 'hireApplication',
      session: 'company',
      short: ['intent', 'reason', 'from'],
      params: () => ({ id: String(world.applicationId) }),
      fields: () => ({ intent: 'reject', reason: 'skills', message: 'Gracias por postular.' }),
    },
    {
      name: 'hireSite (close, confirmed)',
      route: 'hireSite',
      session: 'company',
      short: ['intent', 'action', 'confirm'],
      fields: () => ({ intent: 'offer-action', action: 'close', offer: String(world.offerId) }),
    },
    {
      name: 'hireCreateOffer (new)',
      route: 'hireCreateOffer',
      session: 'company',
      ok: 303,
      short: [...OFFER_LIST_FIELDS, 'intent'],
      cookies: ['tandem_offer_draft'],
      fields: () => ({ ...OFFER, intent: 'draft' }),
    },
    {
      name: 'hireCreateOffer (edit)',
      route: 'hireCreateOffer',
      session: 'company',
      ok: 303,
      short: 'all',
      query: () => ({ oferta: String(world.offerId) }),
      fields: () => ({ ...OFFER, intent: 'publish' }),
    },
    {
      name: 'hireCreateOffer (screening questions)',
      route: 'hireCreateOffer',
      session: 'company',
      ok: 303,
      short: [...OFFER_LIST_FIELDS, 'intent', 'q1_required', 'q2_required', 'q1_kind', 'q2_kind'],
      fields: () => ({
        ...OFFER,
        intent: 'draft',
        q1_label: '¿Vives en Lima?',
        q1_kind: 'yes-no',
        q1_required: '1',
        q2_label: 'Años de experiencia',
        q2_kind: 'number',
      }),
    },
    {
      name: 'hireRequestMeeting',
      route: 'hireRequestMeeting',
      session: 'anon',
      ok: 303,
      short: ['country', 'company_size'],
      fields: () => ({
        name: 'Lucía Rojas',
        company: 'Acme',
        email: 'lucia@acme.example',
        phone: '+51 987 654 321',
        country: 'peru',
        company_size: '11-50',
        roles: '2 backend',
        message: 'Hola',
        website: '',
      }),
    },
    {
      name: 'hireSchedule (book)',
      route: 'hireSchedule',
      session: 'anon',
      ok: 303,
      short: ['slot', 'tz'],
      fields: () => ({
        slot: slotKey(candidateSlots(TEST_RULES, new Date()).at(-1)!),
        tz: 'America/Lima',
        name: 'Lucía',
        email: 'lucia@acme.example',
        company: 'Acme',
        message: '',
      }),
    },
    { name: 'notifications', route: 'notifications', session: 'candidate', ok: 303, short: 'all', fields: () => ({ intent: 'read-all' }) },
    {
      name: 'notificationPreferences',
      route: 'notificationPreferences',
      session: 'candidate',
      ok: 303,
      short: 'all',
      fields: () => ({
        'mode-application-status': 'digest',
        'mode-message': 'instant',
        'mode-invitation': 'off',
        'mode-interview': 'instant',
        'mode-interview-reminder': 'off',
        locale: 'en',
      }),
    },
    {
      name: 'emailUnsubscribe (the button of an email link)',
      route: 'emailUnsubscribe',
      session: 'anon',
      ok: 303,
      short: 'all',
      params: () => ({ token: world.unsubscribe }),
      fields: () => ({ confirm: '1' }),
    },
    {
      name: 'hireScheduleManage (a link that is not one)',
      route: 'hireScheduleManage',
      session: 'anon',
      ok: 410,
      short: 'all',
      params: () => ({ token: 'A'.repeat(44) }),
      fields: () => ({ intent: 'cancel', slot: '', tz: '' }),
    },
    {
      name: 'hireScheduleManage (confirming a request that is not one)',
      route: 'hireScheduleManage',
      session: 'anon',
      ok: 410,
      short: 'all',
      params: () => ({ token: 'B'.repeat(44) }),
      fields: () => ({ intent: 'confirm', slot: '', tz: 'America/Lima' }),
    },
    {
      name: 'hireRequestMeeting (confirming a link that is not one)',
      route: 'hireRequestMeeting',
      session: 'anon',
      ok: 410,
      short: 'all',
      fields: () => ({ intent: 'confirm', token: 'C'.repeat(44) }),
    },
    {
      name: 'alertNew (a visitor asks by email)',
      route: 'alertNew',
      session: 'anon',
      ok: 303,
      fields: () => ({
        intent: 'save',
        email: freshEmail(),
        frequency: 'daily',
        pais: 'peru',
        filtros: 'backend,remote-global',
        q: 'node',
        salario_min: '2000',
      }),
    },
    {
      name: 'alertNew (a candidate saves in one click)',
      route: 'alertNew',
      session: 'candidate',
      ok: 303,
      short: 'all',
      fields: () => ({ intent: 'save', frequency: 'weekly', pais: '', filtros: 'react', q: '', salario_min: '' }),
    },
    {
      name: 'alertNew (the workspace deletes an alert that is not theirs)',
      route: 'alertNew',
      session: 'candidate',
      ok: 404,
      short: 'all',
      fields: () => ({ intent: 'delete', alert: '999999', frequency: '' }),
    },
    {
      name: 'alertConfirm (a link that is not one)',
      route: 'alertConfirm',
      session: 'anon',
      ok: 410,
      short: 'all',
      params: () => ({ token: 'D'.repeat(43) }),
      fields: () => ({ intent: 'confirm' }),
    },
    {
      name: 'alertManage (a link that is not one)',
      route: 'alertManage',
      session: 'anon',
      ok: 404,
      short: 'all',
      params: () => ({ token: 'E'.repeat(43) }),
      fields: () => ({ intent: 'frequency', alert: '1', frequency: 'weekly' }),
    },
    {
      name: 'alertUnsubscribe (a link that is not one)',
      route: 'alertUnsubscribe',
      session: 'anon',
      ok: 404,
      short: 'all',
      params: () => ({ token: 'F'.repeat(43) }),
      fields: () => ({ intent: 'unsubscribe' }),
    },
    {
      // A wrong current password: the post reaches the password check and changes nothing (the fuzz's sessions live on).
      name: 'account (new password)',
      route: 'account',
      session: 'candidate',
      ok: 422,
      expensive: true,
      groups: [['password', 'passwordConfirmation']],
      fields: () => ({ currentPassword: 'no-es-la-clave', password: 'nueva-clave-1', passwordConfirmation: 'nueva-clave-1' }),
    },
    {
      name: 'account (new email)',
      route: 'account',
      session: 'company',
      ok: 303,
      expensive: true,
      fields: () => ({ email: freshEmail(), currentPassword: PASSWORD }),
    },
    {
      name: 'account (download my data)',
      route: 'account',
      session: 'candidate',
      ok: 303,
      fields: () => ({ intent: 'dataExport' }),
    },
    {
      name: 'accountEmailConfirm (a link that is not one)',
      route: 'accountEmailConfirm',
      session: 'anon',
      ok: 422,
      short: 'all',
      params: () => ({ token: 'G'.repeat(43) }),
      fields: () => ({}),
    },
    {
      name: 'accountEmailUndo (a link that is not one)',
      route: 'accountEmailUndo',
      session: 'anon',
      ok: 422,
      short: 'all',
      params: () => ({ token: 'H'.repeat(43) }),
      fields: () => ({}),
    },
    {
      // A wrong current password: the post reaches the password check and deletes nothing (the fuzz's sessions live on).
      name: 'accountDelete (a wrong password)',
      route: 'accountDelete',
      session: 'candidate',
      ok: 422,
      expensive: true,
      fields: () => ({ currentPassword: 'no-es-la-clave', confirmDelete: 'yes' }),
    },
    { name: 'offer (apply)', route: 'offer', session: 'candidate', params: () => ({ slug: world.offerSlug }), fields: () => ({}) },
    {
      name: 'offerApply',
      route: 'offerApply',
      session: 'candidate',
      params: () => ({ slug: world.questionsOfferSlug }),
      fields: () => ({ cover_note: 'Hola, me interesa mucho.', answer_1: 'yes', answer_2: '3,5', answer_3: 'https://ana.example' }),
    },
    { name: 'offerSave', route: 'offerSave', session: 'candidate', ok: 303, params: () => ({ slug: world.offerSlug }), fields: () => ({}) },
    {
      name: "offerReport (the confirmation is the post's own private page)",
      route: 'offerReport',
      session: 'anon',
      ok: 200,
      short: ['reason'],
      params: () => ({ slug: world.offerSlug }),
      fields: () => ({ reason: 'scam', text: 'Pide un pago por adelantado.' }),
    },
    {
      name: 'matchPlatform (withdraw)',
      route: 'matchPlatform',
      session: 'candidate',
      short: ['intent'],
      fields: () => ({ intent: 'withdraw', application: String(world.withdrawApplicationId) }),
    },
    {
      name: 'matchPlatform (unsave)',
      route: 'matchPlatform',
      session: 'candidate',
      ok: 303,
      short: ['intent'],
      fields: () => ({ intent: 'unsave', offer: String(world.offerId) }),
    },
    {
      name: 'calculatorRegister',
      route: 'calculatorRegister',
      session: 'anon',
      ok: 303,
      expensive: true,
      fuzzFields: ['salary_amount', 'salary_currency', 'email'],
      query: () => CALCULATOR_QUERY,
      fuzzQuery: ['country', 'role', 'skills'],
      fields: () => ({
        name: 'Fuzz',
        last_name: 'Tester',
        email: freshEmail(),
        password: PASSWORD,
        salary_amount: '9000',
        salary_currency: 'local',
      }),
    },
    {
      name: 'matchCourse (mark a lesson done)',
      route: 'matchCourse',
      session: 'candidate',
      ok: 303,
      short: ['intent'],
      params: () => ({ idCurso: 'curso-de-prueba' }),
      fields: () => ({ intent: 'complete', lesson: 'leccion-1' }),
    },
    {
      name: 'interviewIntro (start)',
      route: 'interviewIntro',
      session: 'candidate',
      ok: 303,
      short: 'all',
      params: () => ({ slug: 'entrevista-prueba' }),
      fields: () => ({ intent: 'start' }),
    },
    {
      name: 'interviewIntro (submit)',
      route: 'interviewIntro',
      session: 'candidate',
      params: () => ({ slug: 'entrevista-prueba' }),
      fields: () => ({ intent: 'submit', attempt: '1', q1: '0', q2: '3' }),
    },
    {
      name: 'operatorVerify (enrolment code)',
      route: 'operatorVerify',
      session: 'candidate',
      ok: 422,
      fields: () => ({ code: '000000' }),
    },
    {
      name: 'operatorModeration (hide an offer, refused before the second step)',
      route: 'operatorModeration',
      session: 'candidate',
      ok: 404,
      short: ['intent'],
      fields: () => ({ offer: String(world.offerId), intent: 'hide', reason: 'Parece una estafa.' }),
    },
    {
      name: 'operator (leave operator mode, refused before the second step)',
      route: 'operator',
      session: 'candidate',
      ok: 404,
      short: ['intent'],
      fields: () => ({ intent: 'leave' }),
    },
    // The operators' sections (decision 074): refused (404) before the second step, whatever is posted.
    {
      name: 'operatorAccount (block, refused before the second step)',
      route: 'operatorAccount',
      session: 'candidate',
      ok: 404,
      short: ['intent', 'reason'],
      params: () => ({ id: '1' }),
      fields: () => ({ intent: 'block', reason: 'Spam' }),
    },
    {
      name: 'operatorCertificates (revoke, refused before the second step)',
      route: 'operatorCertificates',
      session: 'candidate',
      ok: 404,
      short: ['certificate', 'reason'],
      fields: () => ({ certificate: 'cert-1', reason: 'Shared answers' }),
    },
    {
      name: 'operatorSalaries (remove a report, refused before the second step)',
      route: 'operatorSalaries',
      session: 'candidate',
      ok: 404,
      short: ['intent', 'report', 'reason'],
      fields: () => ({ intent: 'remove', report: '1', reason: 'A yearly figure typed as monthly' }),
    },
    {
      name: 'calculatorResult',
      route: 'calculatorResult',
      session: 'candidate',
      ok: 303,
      short: ['salary_currency', ...Object.keys(CALCULATOR_QUERY)],
      query: () => CALCULATOR_QUERY,
      fields: () => ({ salary_amount: '9.000', salary_currency: 'local' }),
    },
  ];
  const CASES: FormCase[] = [];
  // A form added later without a case here is still fuzzed, with every field name the other forms read.
  const allFieldNames = [
    ...new Set(known.flatMap((k) => Object.keys(k.fields())).concat(['intent', 'action', 'offer', 'application', 'status'])),
  ];
  const handlerIds = (Object.keys(routes) as RouteId[]).filter((id) => routes[id].action);
  for (const id of handlerIds) {
    const cases = known.filter((k) => k.route === id);
    if (cases.length) CASES.push(...cases);
    else {
      CASES.push({
        name: `${id} (no case written: generic fields)`,
        route: id,
        session: 'candidate',
        expensive: true,
        params: () => routeDef(id).sample ?? {},
        fields: () => Object.fromEntries(allFieldNames.map((f) => [f, 'x'])),
      });
    }
  }

  // ---- sending -------------------------------------------------------------------------------------------

  const sessionCookie = (s: Session) =>
    s === 'anon' ? '' : `${config.AUTH_COOKIE_TOKEN}=${tokens[s]}; ${config.AUTH_COOKIE_TYPE}=${s === 'company' ? 'hire' : 'match'}`;

  const encodeField = (name: string, v: string) => `${urlEncode(name)}=${urlEncode(v).replace(/%20/g, '+')}`;

  type Post = {
    fc: FormCase;
    session: Session;
    locale: Locale;
    field: string;
    label: string;
    fields?: Fields;
    sub?: { name: string; sub: Sub };
    params?: Record<string, Sub>;
    query?: Record<string, Sub>;
    cookies?: string;
    file?: File | null;
    multipart?: boolean;
    json?: boolean;
    body?: { type: string | null; text: string };
  };
  async function post(c: Collector, p: Post): Promise<number> {
    const { fc } = p;
    // Hostile route parameters go in as the client sends them (lone surrogates as their invalid UTF-8, raw pieces as they are).
    const params: Params = { ...(fc.params?.() ?? {}) };
    for (const k of Object.keys(p.params ?? {})) params[k] = `__FUZZ_${k}__`;
    let path = href(fc.route, p.locale, params);
    for (const [k, s] of Object.entries(p.params ?? {})) path = path.replace(`__FUZZ_${k}__`, s.raw ?? urlEncode(s.value ?? ''));
    const query = Object.entries({ ...(fc.query?.() ?? {}) }).map(([k, v]) => encodeField(k, v));
    for (const [k, s] of Object.entries(p.query ?? {})) {
      const rest = query.filter((q) => !q.startsWith(`${urlEncode(k)}=`));
      if (!s.missing) rest.push(s.raw ? `${urlEncode(k)}=${s.raw}` : encodeField(k, s.value!));
      if (s.twice) rest.push(encodeField(k, 'again'));
      query.splice(0, query.length, ...rest);
    }
    const url = path + (query.length ? `?${query.join('&')}` : '');
    const headers: Record<string, string> = { host: HOST, origin: `http://${HOST}`, ...(p.json ? { accept: 'application/json' } : {}) };
    const cookie = [sessionCookie(p.session), p.cookies].filter(Boolean).join('; ');
    if (cookie) headers.cookie = cookie;

    let body: BodyInit;
    if (p.body) {
      body = p.body.text;
      if (p.body.type) headers['content-type'] = p.body.type;
    } else {
      const fields = p.fields ?? fc.fields();
      const target = p.sub ? (fc.groups?.find((g) => g.includes(p.sub!.name)) ?? [p.sub.name]) : [];
      if (p.multipart || (fc.file && p.multipart !== false)) {
        const form = new FormData();
        for (const [k, v] of Object.entries(fields)) {
          if (target.includes(k)) continue;
          for (const x of Array.isArray(v) ? v : [v]) form.append(k, x);
        }
        for (const k of target) {
          const s = p.sub!.sub;
          if (s.missing) continue;
          // FormData cannot carry raw bytes in a text field: raw pieces go in decoded as the server would read them.
          const v = s.raw ? decodeURIComponentSafe(s.raw) : s.value!;
          if (s.twice) form.append(k, String(fields[k] ?? ''));
          form.append(k, v);
        }
        if (fc.file && p.file) form.append(fc.file, p.file);
        body = form;
      } else {
        const parts: string[] = [];
        for (const [k, v] of Object.entries(fields)) {
          if (target.includes(k)) continue;
          for (const x of Array.isArray(v) ? v : [v]) parts.push(encodeField(k, x));
        }
        for (const k of target) {
          const s = p.sub!.sub;
          if (s.missing) continue;
          if (s.twice) for (const x of [fields[k] ?? ''].flat()) parts.push(encodeField(k, x));
          parts.push(s.raw ? `${urlEncode(k)}=${s.raw}` : encodeField(k, s.value!));
        }
        body = parts.join('&');
        headers['content-type'] = 'application/x-www-form-urlencoded';
      }
    }

    c.begin();
    let status: number;
    try {
      const res = await app.request(url, { method: 'POST', headers, body });
      status = res.status;
      await res.arrayBuffer();
    } catch (err) {
      console.error('[fuzz] request threw', err);
      status = 599;
    }
    c.check({
      method: 'POST',
      path: `${routeDef(fc.route)[p.locale]} (${fc.name})`,
      field: p.field,
      value: p.label,
      who: `${p.session}, ${p.locale}`,
      status,
    });
    return status;
  }

  const decodeURIComponentSafe = (s: string) => {
    try {
      return decodeURIComponent(s);
    } catch {
      return s;
    }
  };

  /** Alternate the locale and the answer format (page or JSON) from one post to the next, deterministically. */
  let turn = 0;
  const variant = () => {
    const n = turn++;
    return { locale: locales[n % locales.length]!, json: Math.floor(n / locales.length) % 2 === 1 };
  };

  async function fuzzCase(c: Collector, fc: FormCase) {
    turn = 0; // each case alternates the same way however the tests are filtered
    // The valid post as every session, in both locales; the deepest one must get through.
    for (const session of SESSIONS) {
      for (const locale of session === fc.session || !fc.expensive ? locales : locales.slice(0, 1)) {
        const status = await post(c, { fc, session, locale, field: '(valid post)', label: '-', file: fc.validFile?.() ?? files[0]!.file });
        if (session === fc.session && locale === 'es' && fc.ok) expect(status, `${fc.name}: valid post as ${session}`).toBe(fc.ok);
      }
    }
    // Route parameters, as every session.
    for (const name of Object.keys(fc.params?.() ?? {})) {
      for (const session of SESSIONS) {
        if (session !== fc.session && fc.expensive) continue;
        for (const sub of session === fc.session ? paramSubs(!!fc.expensive) : fromHostile(ID_VALUES)) {
          await post(c, {
            fc,
            session,
            ...variant(),
            field: `route :${name}`,
            label: sub.raw ? sub.label : show(sub.value),
            params: { [name]: sub },
          });
        }
      }
    }
    // Query parameters.
    for (const name of fc.fuzzQuery ?? Object.keys(fc.query?.() ?? {})) {
      const valid = fc.query!()[name]!;
      for (const sub of fc.expensive
        ? cheapQuerySubs(valid)
        : fieldSubs(valid, Array.isArray(fc.short) && fc.short.includes(name) ? 'short' : 'full')) {
        await post(c, { fc, session: fc.session, ...variant(), field: `query ${name}`, label: sub.label, query: { [name]: sub } });
      }
    }
    // Form fields (groups of fields take one value together); ids also as the other sessions.
    const fields = fc.fields();
    const grouped = new Set((fc.groups ?? []).flat());
    const targets = [...(fc.fuzzFields ?? Object.keys(fields)).filter((f) => !grouped.has(f)), ...(fc.groups ?? []).map((g) => g[0]!)];
    const idFields = new Set(['offer', 'application', 'intent', 'action', 'status', 'type']);
    for (const name of targets) {
      const valid = [fields[name] ?? ''].flat()[0] ?? '';
      const label = fc.groups?.find((g) => g.includes(name))?.join('+') ?? name;
      for (const session of idFields.has(name) ? SESSIONS : [fc.session]) {
        const tier: Tier = fc.expensive ? 'tiny' : fc.short === 'all' || fc.short?.includes(name) ? 'short' : 'full';
        const subs = session !== fc.session ? fromHostile(ID_VALUES) : fieldSubs(valid, tier);
        for (const sub of subs) await post(c, { fc, session, ...variant(), field: `field ${label}`, label: sub.label, sub: { name, sub } });
      }
    }
    // A field the form does not read.
    await post(c, {
      fc,
      session: fc.session,
      ...variant(),
      field: 'field (unknown)',
      label: 'NUL',
      fields: { ...fields, ['x\u0000y']: '\u0000' },
    });
    // Fields named like what every object has (`constructor`, `__proto__`...) and generated names, beside the
    // valid ones, each sent twice; the expensive forms (a password hash per post) get the prototype names only.
    for (const name of fc.expensive ? PROTOTYPE_NAMES : EXTRA_NAMES) {
      await post(c, {
        fc,
        session: fc.session,
        ...variant(),
        field: 'field (named)',
        label: show(name),
        fields: { ...fields, [name]: ['x', 'y'] },
      });
    }
    // Cookies the handler reads, and a hostile session cookie.
    for (const name of [...(fc.cookies ?? []), ...(fc.expensive ? [] : ['session'])]) {
      for (const sub of fc.expensive ? cookieSubs.filter((x) => CHEAP_COOKIES.includes(x.label)) : cookieSubs) {
        const v = sub.value!;
        const cookies = name === 'session' ? `${config.AUTH_COOKIE_TOKEN}=${v}; ${config.AUTH_COOKIE_TYPE}=${v}` : `${name}=${v}`;
        await post(c, {
          fc,
          session: name === 'session' ? 'anon' : fc.session,
          ...variant(),
          field: `cookie ${name}`,
          label: sub.label,
          cookies,
        });
      }
    }
    // Files, for the multipart forms; the same fields urlencoded too.
    if (fc.file) {
      for (const f of files)
        await post(c, { fc, session: fc.session, ...variant(), field: `file ${fc.file}`, label: f.label, file: f.file });
      await post(c, { fc, session: fc.session, ...variant(), field: '(urlencoded)', label: '-', multipart: false });
    }
    // Bodies that are not a form.
    const bodies: { label: string; type: string | null; text: string }[] = [
      { label: 'json', type: 'application/json', text: JSON.stringify(fields) },
      { label: 'no content type', type: null, text: 'a=1' },
      { label: 'text/plain', type: 'text/plain', text: 'intent=offer-action' },
      { label: 'multipart without boundary', type: 'multipart/form-data', text: 'x' },
      {
        label: 'multipart with a broken body',
        type: 'multipart/form-data; boundary=zzz',
        text: '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nb',
      },
      {
        label: 'multipart with a NUL field name',
        type: 'multipart/form-data; boundary=zzz',
        text: '--zzz\r\nContent-Disposition: form-data; name="a\u0000"\r\n\r\nb\r\n--zzz--\r\n',
      },
      { label: 'urlencoded with bad escapes', type: 'application/x-www-form-urlencoded', text: '%=%&&=&%zz=%ff&intent=%' },
      { label: 'empty urlencoded', type: 'application/x-www-form-urlencoded', text: '' },
      { label: 'body over the limit', type: 'application/x-www-form-urlencoded', text: `a=${'x'.repeat(3 * 1024 * 1024)}` },
    ];
    for (const b of bodies) await post(c, { fc, session: fc.session, ...variant(), field: 'body', label: b.label, body: b });
    await fc.after?.();
  }

  const byRoute = () => {
    const out = new Map<RouteId, FormCase[]>();
    for (const fc of CASES) out.set(fc.route, [...(out.get(fc.route) ?? []), fc]);
    return out;
  };

  it('has a form handler for every route in the production set, and a case for each', () => {
    expect(handlerIds.length).toBeGreaterThan(0);
    expect(
      CASES.filter((fc) => fc.name.includes('no case written')).map((fc) => fc.route),
      'forms without a written fuzz case (fuzzed with generic fields)',
    ).toEqual([]);
  });

  it.each(handlerIds)(
    'answers every hostile post to the %s form below 500',
    async (id) => {
      const cases = byRoute().get(id) ?? [];
      const c = createCollector(`form ${id} on ${dbName}`);
      const started = performance.now();
      try {
        for (const fc of cases) await fuzzCase(c, fc);
      } finally {
        c.restore();
      }
      console.info(
        `[fuzz] form ${id} on ${dbName}: ${c.sent} posts in ${((performance.now() - started) / 1000).toFixed(1)} s, ${c.failures.length} >= 500 (FUZZ_SEED=${FUZZ_SEED})`,
      );
      expect(c.failures.length, c.report()).toBe(0);
    },
    120_000,
  );

  // ---- named regressions ---------------------------------------------------------------------------------

  const simple = async (path: string, session: Session, fields: Record<string, string>, multipart = false) => {
    let body: BodyInit;
    const headers: Record<string, string> = { host: HOST, origin: `http://${HOST}`, accept: 'application/json' };
    if (multipart) {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.append(k, v);
      body = form;
    } else {
      body = new URLSearchParams(fields).toString();
      headers['content-type'] = 'application/x-www-form-urlencoded';
    }
    if (session !== 'anon') headers.cookie = sessionCookie(session);
    const res = await app.request(path, { method: 'POST', headers, body });
    const text = await res.text();
    let json: { ok?: boolean; errors?: Record<string, string>; message?: string } = {};
    try {
      json = JSON.parse(text);
    } catch {
      json = { message: text.slice(0, 200) };
    }
    return { status: res.status, json };
  };

  it.each(['abc', 'NaN', '1.5', '1e400', '99999999999999999999'])(
    'refuses a workspace offer action on offer=%s with a 4xx',
    async (value) => {
      for (const locale of locales) {
        const r = await simple(href('hireSite', locale), 'company', { intent: 'offer-action', action: 'pause', offer: value });
        expect(r.status, `${locale}: ${JSON.stringify(r.json)}`).toBeGreaterThanOrEqual(400);
        expect(r.status, `${locale}: ${JSON.stringify(r.json)}`).toBeLessThan(500);
      }
    },
  );

  it.each(['abc', 'NaN', '1.5', '1e400', '99999999999999999999'])(
    'refuses a workspace pipeline move on application=%s with a 4xx',
    async (value) => {
      for (const locale of locales) {
        const r = await simple(href('hireSite', locale), 'company', {
          intent: 'application-status',
          application: value,
          status: 'approved',
        });
        expect(r.status, `${locale}: ${JSON.stringify(r.json)}`).toBeGreaterThanOrEqual(400);
        expect(r.status, `${locale}: ${JSON.stringify(r.json)}`).toBeLessThan(500);
      }
    },
  );

  it('refuses a NUL byte in the profile headline with 422 naming the field', async () => {
    const r = await simple(
      href('talentProfile', 'en', { slug: world.candidateSlug }),
      'candidate',
      { headline: 'Backend\u0000Go', availability: 'open-to-offers' },
      true,
    );
    expect(r.status, JSON.stringify(r.json)).toBe(422);
    expect(r.json.errors?.headline, JSON.stringify(r.json)).toEqual(expect.any(String));
  });

  it('refuses a NUL byte in the company name with 422 naming the field', async () => {
    const r = await simple(href('hireSite', 'en'), 'company', { name: 'Acme\u0000Corp', website: '', size: '', country: '' }, true);
    expect(r.status, JSON.stringify(r.json)).toBe(422);
    expect(r.json.errors?.name, JSON.stringify(r.json)).toEqual(expect.any(String));
  });
});
