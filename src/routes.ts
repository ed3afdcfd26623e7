// THE route table (decision 001, docs/product-rules.md). Pages, links, the language switcher, hreflang alternates, the
// sitemap and the route tests all derive from it; no path string is typed anywhere else.
// Neutral module: imported by server code, client islands and tests.
import { isCountry, isRole, isSkill } from './domain/catalog';
import { parseFilterSegments } from './domain/job-facets';
import { defaultLocale, localeOfPath, locales, type Locale } from './i18n/locales';
import { comparePatterns, fillPattern, matchSegments, pathSegments, type Params } from './route-patterns';
import { operatorSectionRoutes } from './routes-operator-sections';
export type Layout = 'default' | 'clean' | 'tools';
/** default: anyone; guest-only: signed-in users go home; match-only / hire-only: the workspaces of each account
 * type; signed-in: any account (its notifications); operator: the operator area, whose pages answer 404 to
 * anyone but an operator past the second step (decision 070). */
type Access = 'default' | 'guest-only' | 'match-only' | 'hire-only' | 'signed-in' | 'operator';
type ColorModeForce = 'light' | 'dark' | 'system';
export type { Params } from './route-patterns';
export { fillPattern, matchPattern, paramNames, parsePattern } from './route-patterns';

export type RouteDef = {
  readonly es: string;
  readonly en: string;
  readonly layout: Layout;
  readonly access: Access;
  /** Anything but true makes the page a fatal 404 'Page Not Found: {path}'. */
  readonly validate?: (params: Params) => boolean;
  /** Listed in the sitemap and open to search engines. */
  readonly indexable: boolean;
  /** Route middleware run before the page (the courses pages, decision 021). */
  readonly middleware?: 'courses';
  /** A page may force a colour mode; forcing 'system' is refused with a warning. */
  readonly colorMode?: ColorModeForce;
  /** The content varies per visitor (feature-flag variants): never cached, an anonymous-id cookie is set. */
  readonly personalised?: boolean;
  /** The HTML depends on who is signed in (their progress, their profile, a redirect): rendered per visitor
   * for a signed-in visitor. Every other page with default access is one HTML for everyone (decision 002). */
  readonly perVisitor?: boolean;
  /** Only the calculator iframe may be embedded by other sites. */
  readonly frameable?: boolean;
  /** The page posts a form to itself: its route module has an action (others answer a POST with 405). */
  readonly form?: boolean;
  /** Sample parameters for tests, the route walk and the benchmark. */
  readonly sample?: Params;
  /** The page is the same as another route's: its canonical URL (and hreflang) name that route, and only
   * that route is in the sitemap. */
  readonly canonical?: (params: Params) => { id: string; params: Params };
};

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const TOKEN = /^[A-Za-z0-9_-]{16,256}$/;
const str = (v: Params[string] | undefined): v is string => typeof v === 'string';
const isSlug = (v: unknown): v is string => typeof v === 'string' && v.length <= 120 && SLUG.test(v);
const slugParam = (name: string) => (p: Params) => isSlug(p[name]);
const offerSlug = { validate: slugParam('slug'), sample: { slug: 'frontend-react-lima' } };
const tokenParam = (p: Params) => str(p.token) && TOKEN.test(p.token);
// A signed token (a compact JWS: three base64url parts).
const signedTokenParam = (p: Params) =>
  str(p.token) && p.token.length <= 512 && /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(p.token);
// A row id in plain digits (a conversation): what parseId (src/domain/ids.ts) accepts.
const idParam = (p: Params) => str(p.id) && /^[1-9][0-9]{0,9}$/.test(p.id) && Number(p.id) <= 2_147_483_647;
// A workspace page about one row (a conversation, an application, an offer): a signed-in form page by its id.
const workspaceRow = (access: 'hire-only' | 'match-only') =>
  ({ form: true, access, indexable: false, validate: idParam, sample: { id: '1' } }) as const;
// Job search segments: known facet values only, one per facet (any order: the HTTP layer redirects a
// non-canonical order to the canonical URL).
const filtersParam = (p: Params) => {
  const f = p.filters ?? [];
  return Array.isArray(f) && f.length <= 8 && f.every(isSlug) && parseFilterSegments(f).ok;
};

const page = (es: string, en: string, opts: Partial<Omit<RouteDef, 'es' | 'en'>> = {}): RouteDef => ({
  es,
  en,
  layout: 'default',
  access: 'default',
  indexable: true,
  ...opts,
});
const tools = (es: string, en: string, opts: Partial<Omit<RouteDef, 'es' | 'en'>> = {}) => page(es, en, { layout: 'tools', ...opts });

export const routes = {
  home: page('/', '/en'),
  logout: page('/logout', '/en/logout', { form: true, indexable: false, perVisitor: true }),
  login: page('/ingresar', '/en/login', { form: true, access: 'guest-only', indexable: false }),
  signUp: page('/registro', '/en/sign-up', { form: true, access: 'guest-only' }),
  forgotPassword: page('/recuperar-contrasena', '/en/forgot-password', { form: true, access: 'guest-only', indexable: false }),
  resetPassword: page('/restablecer-contrasena/[token]', '/en/reset-password/[token]', {
    form: true,
    validate: tokenParam,
    indexable: false,
    sample: { token: 'sample-reset-token-0001' },
  }),
  confirmEmail: page('/confirmar-email/[token]', '/en/confirm-email/[token]', {
    form: true,
    layout: 'clean',
    validate: tokenParam,
    indexable: false,
    sample: { token: 'sample-confirm-token-01' },
  }),

  hire: page('/hire', '/en/hire'),
  hireSite: page('/hire/site', '/en/hire/site', { form: true, access: 'hire-only', indexable: false }),
  hireLanding: page('/hire/landing', '/en/hire/landing', { personalised: true }),
  hirePricing: page('/hire/pricing', '/en/hire/pricing'),
  hireStaffing: page('/hire/staffing', '/en/hire/staffing'),
  hireSchedule: page('/hire/agendar', '/en/hire/agendar', { form: true }),
  hireCreateOffer: page('/hire/crear-oferta', '/en/hire/create-offer', { form: true, perVisitor: true }),
  hireStartNow: page('/hire/empezar-ahora', '/en/hire/empezar-ahora', { form: true, access: 'guest-only' }),
  hireRequestMeeting: page('/hire/solicitar-reunion', '/en/hire/solicitar-reunion', { form: true }),
  hireScheduleManage: page('/hire/agendar/reserva/[token]', '/en/hire/agendar/booking/[token]', {
    form: true,
    validate: tokenParam,
    indexable: false,
    sample: { token: 'sample-booking-token-0001' },
  }),
  hireInbox: page('/hire/site/mensajes', '/en/hire/site/messages', { access: 'hire-only', indexable: false }),
  hireConversation: page('/hire/site/mensajes/[id]', '/en/hire/site/messages/[id]', workspaceRow('hire-only')),
  /** Proposing interview times for one application (its id), or moving or cancelling its open interview. */
  hireInterview: page('/hire/site/entrevista/[id]', '/en/hire/site/interview/[id]', workspaceRow('hire-only')),
  /** The applicant tracker (decision 048): one offer's applicants (a list on phones, a board by stage on wide
   * screens) and one application (history, private notes and ratings, moves, the rejection). */
  hireApplicants: page('/hire/site/oferta/[id]', '/en/hire/site/offer/[id]', workspaceRow('hire-only')),
  hireApplication: page('/hire/site/candidatura/[id]', '/en/hire/site/application/[id]', workspaceRow('hire-only')),
  /** The company's team (decision 047): members, roles, invitations, leaving and deleting the company. */
  hireTeam: page('/hire/site/equipo', '/en/hire/site/team', { form: true, access: 'hire-only', indexable: false }),
  /** Accepting a team invitation (its signed token): join as a signed-in company account, or sign up here. */
  hireJoin: page('/hire/unirse/[token]', '/en/hire/join/[token]', {
    form: true,
    perVisitor: true,
    validate: signedTokenParam,
    indexable: false,
    sample: { token: 'eyJhbGciOiJIUzI1NiJ9.eyJjIjoxfQ.c2FtcGxlLXNpZ25hdHVyZQ' },
  }),
  company: page('/empresa/[slug]', '/en/company/[slug]', { validate: slugParam('slug'), sample: { slug: 'andes-digital-demo-1' } }),
  companies: page('/empresas', '/en/companies'), // the directory of companies (decision 087)

  match: page('/match', '/en/match'),
  matchPlatform: page('/match/plataforma', '/en/match/plataforma', { form: true, access: 'match-only', indexable: false }),
  matchInbox: page('/match/plataforma/mensajes', '/en/match/plataforma/messages', { access: 'match-only', indexable: false }),
  matchConversation: page('/match/plataforma/mensajes/[id]', '/en/match/plataforma/messages/[id]', workspaceRow('match-only')),
  matchCourses: page('/match/cursos', '/en/match/cursos', { middleware: 'courses', indexable: false, perVisitor: true }),
  matchCourse: page('/match/cursos/[idCurso]', '/en/match/cursos/[idCurso]', {
    form: true,
    middleware: 'courses',
    perVisitor: true,
    validate: slugParam('idCurso'),
    indexable: false,
    sample: { idCurso: 'react-desde-cero' },
  }),
  freeCourse: page('/freecourse', '/en/freecourse', { perVisitor: true }),
  talentProfile: page('/ly/[slug]', '/en/ly/[slug]', {
    form: true,
    perVisitor: true,
    validate: slugParam('slug'),
    indexable: false,
    sample: { slug: 'ana-garcia' },
  }),
  /** A candidate's CV (a PDF answered by the route's GET): its owner and the companies they applied to. */
  talentCv: page('/ly/[slug]/cv', '/en/ly/[slug]/cv', {
    access: 'signed-in',
    validate: slugParam('slug'),
    indexable: false,
    sample: { slug: 'ana-garcia' },
  }),
  offer: page('/oferta/[slug]', '/en/oferta/[slug]', { form: true, validate: slugParam('slug'), sample: { slug: 'frontend-react-lima' } }),
  /** Applying with a cover note and the offer's screening questions (decision 049). */
  offerApply: page('/oferta/[slug]/postular', '/en/oferta/[slug]/apply', {
    form: true,
    access: 'match-only',
    indexable: false,
    validate: slugParam('slug'),
    sample: { slug: 'frontend-react-lima' },
  }),
  /** Saving an offer: the cards' and offer pages' plain POST; its page asks a visitor back from signing in. */
  offerSave: page('/oferta/[slug]/guardar', '/en/oferta/[slug]/save', { form: true, access: 'match-only', indexable: false, ...offerSlug }),
  /** Reporting an offer (decision 071): the offer pages' plain POST; its answer is private. */
  offerReport: page('/oferta/[slug]/reportar', '/en/oferta/[slug]/report', { form: true, indexable: false, ...offerSlug }),
  certification: page('/certification/[slug]', '/en/certification/[slug]', {
    validate: slugParam('slug'),
    indexable: false,
    sample: { slug: 'react-senior-ana-garcia' },
  }),
  interviewIntro: page('/entrevista/[slug]/intro', '/en/entrevista/[slug]/intro', {
    form: true,
    perVisitor: true,
    validate: slugParam('slug'),
    indexable: false,
    sample: { slug: 'frontend-react' },
  }),
  jobs: page('/trabajos/[...filters]', '/en/trabajos/[...filters]', {
    validate: filtersParam,
    sample: { filters: ['tech', 'react'] },
  }),
  countryJobs: page('/[country]/trabajos/[...filters]', '/en/[country]/trabajos/[...filters]', {
    validate: (p) => isCountry(p.country) && filtersParam(p),
    sample: { country: 'peru', filters: ['remote-global'] },
  }),

  notifications: page('/notificaciones', '/en/notifications', { form: true, access: 'signed-in', indexable: false }),
  notificationOpen: page('/notificaciones/[id]', '/en/notifications/[id]', {
    access: 'signed-in',
    indexable: false,
    validate: idParam,
    sample: { id: '1' },
  }),
  /** The account's settings (decision 069): change the password and the email, for both account types. */
  account: page('/cuenta', '/en/account', { form: true, access: 'signed-in', indexable: false }),
  accountDelete: page('/cuenta/eliminar', '/en/account/delete', { form: true, access: 'signed-in', indexable: false }), // decision 073
  /** A new address's confirmation link, and the old address's undo link: a GET asks, the button does it. */
  accountEmailConfirm: page('/cuenta/confirmar-correo/[token]', '/en/account/confirm-email/[token]', {
    form: true,
    layout: 'clean',
    validate: tokenParam,
    indexable: false,
    sample: { token: 'sample-email-change-0001' },
  }),
  accountEmailUndo: page('/cuenta/deshacer-correo/[token]', '/en/account/undo-email/[token]', {
    form: true,
    layout: 'clean',
    validate: tokenParam,
    indexable: false,
    sample: { token: 'sample-email-undo-00001' },
  }),
  notificationPreferences: page('/notificaciones/preferencias', '/en/notifications/preferences', {
    form: true,
    access: 'signed-in',
    indexable: false,
  }),
  emailUnsubscribe: page('/email/baja/[token]', '/en/email/unsubscribe/[token]', {
    form: true,
    layout: 'clean',
    indexable: false,
    validate: signedTokenParam,
    sample: { token: 'eyJhbGciOiJIUzI1NiJ9.e30.sample-signature' },
  }),
  // Job alerts: the search travels in the query string; the tokened pages work without signing in.
  alertNew: page('/alertas/nueva', '/en/alerts/new', { form: true, perVisitor: true, indexable: false }),
  alertConfirm: page('/alertas/confirmar/[token]', '/en/alerts/confirm/[token]', {
    form: true,
    validate: tokenParam,
    indexable: false,
    sample: { token: 'sample-alert-confirm-0001' },
  }),
  alertManage: page('/alertas/gestionar/[token]', '/en/alerts/manage/[token]', {
    form: true,
    validate: tokenParam,
    indexable: false,
    sample: { token: 'sample-alert-manage-0001' },
  }),
  alertUnsubscribe: page('/alertas/baja/[token]', '/en/alerts/unsubscribe/[token]', {
    form: true,
    validate: tokenParam,
    indexable: false,
    sample: { token: 'sample-alert-unsubscribe-01' },
  }),

  // The operator area (decision 070): never indexed, never cached, 404 for anyone but an operator.
  operator: page('/operador', '/en/operator', { form: true, access: 'operator', indexable: false }),
  /** The second step of an operator's sign-in (and the enrolment of the second factor). */
  operatorVerify: page('/operador/verificar', '/en/operator/verify', { form: true, access: 'operator', indexable: false }),
  operatorAudit: page('/operador/auditoria', '/en/operator/audit-log', { access: 'operator', indexable: false }),
  ...operatorSectionRoutes,
  privacy: page('/politica-de-privacidad', '/en/politica-de-privacidad', { layout: 'clean' }),
  terms: page('/terminos-y-condiciones', '/en/terminos-y-condiciones', { layout: 'clean' }),
  termsB2c: page('/terminos-y-condiciones-b2c', '/en/terminos-y-condiciones-b2c', { layout: 'clean' }),
  termsBlackNovember: page('/terminos-y-condiciones-black-november', '/en/terminos-y-condiciones-black-november', {
    layout: 'clean',
  }),

  tools: tools('/herramientas', '/en/tools'),
  toolsCountry: tools('/herramientas/[country]', '/en/tools/[country]', {
    validate: (p) => isCountry(p.country),
    sample: { country: 'peru' },
  }),
  toolsCountrySalary: tools('/herramientas/[country]/salario', '/en/tools/[country]/salary', {
    validate: (p) => isCountry(p.country),
    sample: { country: 'mexico' },
  }),
  toolsCountryRole: tools('/herramientas/[country]/[rol]', '/en/tools/[country]/[rol]', {
    validate: (p) => isCountry(p.country) && isRole(p.rol),
    sample: { country: 'colombia', rol: 'backend' },
  }),
  toolsSkill: tools('/herramientas/salario/skill/[skill]', '/en/tools/salary/skill/[skill]', {
    validate: (p) => isSkill(p.skill),
    sample: { skill: 'react' },
  }),
  toolsDeveloper: tools('/herramientas/salario/developer/[developer]', '/en/tools/salary/developer/[developer]', {
    validate: (p) => isRole(p.developer),
    sample: { developer: 'frontend' },
  }),
  toolsCountrySkill: tools('/herramientas/[country]/salario/skill/[skill]', '/en/tools/[country]/salary/skill/[skill]', {
    validate: (p) => isCountry(p.country) && isSkill(p.skill),
    sample: { country: 'chile', skill: 'python' },
  }),
  toolsCountryDeveloper: tools(
    '/herramientas/[country]/salario/developer/[developer]',
    '/en/tools/[country]/salary/developer/[developer]',
    {
      validate: (p) => isCountry(p.country) && isRole(p.developer),
      sample: { country: 'argentina', developer: 'devops' },
      // The same figures as /herramientas/{country}/{rol}: one URL for search engines.
      canonical: (p) => ({ id: 'toolsCountryRole', params: { country: p.country!, rol: p.developer! } }),
    },
  ),
  calculator: tools('/herramientas/salario/calculadora', '/en/tools/salary/calculator'),
  calculatorIframe: tools('/herramientas/salario/calculadora/iframe', '/en/tools/salary/calculator/iframe', {
    layout: 'clean',
    frameable: true,
    indexable: false,
    colorMode: 'light',
  }),
  calculatorRegister: tools('/herramientas/salario/calculadora/registro', '/en/tools/salary/calculator/register', {
    form: true,
    perVisitor: true,
    indexable: false,
  }),
  calculatorResult: tools('/herramientas/salario/calculadora/resultado', '/en/tools/salary/calculator/result', {
    form: true,
    perVisitor: true,
    indexable: false,
  }),
} as const satisfies Record<string, RouteDef>;

export type RouteId = keyof typeof routes;
export const routeIds = Object.keys(routes) as RouteId[];
export const routeDef = (id: RouteId): RouteDef => routes[id];

/** One HTML for every visitor, signed in or not: what depends on the session comes from islands after load
 * (decision 002). Account pages, guest-only pages, personalised and per-visitor pages are not. */
export function isSharedPage(id: RouteId): boolean {
  const def = routeDef(id);
  return def.access === 'default' && !def.personalised && !def.perVisitor;
}

// ---- matching ------------------------------------------------------------------------------------------

const orderedPatterns = routeIds
  .flatMap((id) => locales.map((locale) => ({ id, locale, pattern: routes[id][locale] })))
  .sort((a, b) => comparePatterns(a.pattern, b.pattern));

export type RouteMatch = { id: RouteId; locale: Locale; params: Params };

/** The route a pathname belongs to (validation not applied), or null when nothing matches. */
export function matchRoute(pathname: string): RouteMatch | null {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const parts = pathSegments(clean); // split once: most patterns then fail on their first segment
  for (const { id, locale, pattern } of orderedPatterns) {
    const params = matchSegments(pattern, parts);
    if (params && localeOfPath(clean) === locale) return { id, locale, params };
  }
  return null;
}

/** Every route's params: printable and of a sane length (a NUL byte would reach the database). */
const saneParam = (v: string) => v.length <= 200 && !/[\u0000-\u001f\u007f]/.test(v);

export function isValidRoute(id: RouteId, params: Params): boolean {
  if (!Object.values(params).every((v) => (Array.isArray(v) ? v.every(saneParam) : typeof v !== 'string' || saneParam(v)))) return false;
  const v = routeDef(id).validate;
  return v ? v(params) === true : true;
}

// ---- links ---------------------------------------------------------------------------------------------

export type Query = Record<string, string | number | undefined> | string;

function queryString(query?: Query): string {
  if (!query) return '';
  if (typeof query === 'string') return query ? `?${query.replace(/^\?/, '')}` : '';
  const sp = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== '') sp.set(k, String(v));
  const s = sp.toString();
  return s ? `?${s}` : '';
}

/** The path of a route in a locale: href('offer', 'en', { slug }) -> '/en/oferta/slug'. */
export function href(id: RouteId, locale: Locale = defaultLocale, params?: Params, query?: Query): string {
  return fillPattern(routes[id][locale], params) + queryString(query);
}

/** The same page in another locale (translated path, same params and query); home when nothing matches. */
export function switchLocalePath(pathname: string, target: Locale, search = ''): string {
  const m = matchRoute(pathname);
  const path = m ? fillPattern(routes[m.id][target], m.params) : fillPattern(routes.home[target]);
  return path + (search && search !== '?' ? (search.startsWith('?') ? search : `?${search}`) : '');
}

/** hreflang alternates of a page: es, en and x-default (the default locale). */
export function alternates(id: RouteId, params?: Params): { hreflang: string; path: string }[] {
  return [
    ...locales.map((locale) => ({ hreflang: locale, path: href(id, locale, params) })),
    { hreflang: 'x-default', path: href(id, defaultLocale, params) },
  ];
}

/** The route and parameters whose URL is a page's canonical one (itself unless the table says otherwise). */
export function canonicalOf(id: RouteId, params: Params): { id: RouteId; params: Params } {
  const target = routes[id].canonical?.(params);
  return target && target.id in routes ? { id: target.id as RouteId, params: target.params } : { id, params };
}
