import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { locales, type Locale } from '../src/i18n/locales';
import { href, routeIds, routes, type RouteId } from '../src/routes';

// What each route answers an anonymous visitor with its sample parameters. Record pages answer their
// not-found screens until their data exists; the guarded and action routes redirect.
type Expectation = { status: number; redirectTo?: (l: Locale) => string; errorKind?: string };

const expectations: Partial<Record<RouteId, Expectation>> = {
  matchCourses: { status: 307, redirectTo: (l) => href('login', l) },
  matchCourse: { status: 307, redirectTo: (l) => href('login', l) },
  matchPlatform: {
    status: 307,
    redirectTo: (l) => `${href('login', l)}?redirect=${encodeURIComponent(href('matchPlatform', l))}`,
  },
  hireSite: { status: 307, redirectTo: (l) => `${href('login', l)}?redirect=${encodeURIComponent(href('hireSite', l))}` },
  notifications: { status: 307, redirectTo: (l) => `${href('login', l)}?redirect=${encodeURIComponent(href('notifications', l))}` },
  notificationOpen: {
    status: 307,
    redirectTo: (l) => `${href('login', l)}?redirect=${encodeURIComponent(href('notificationOpen', l, { id: '1' }))}`,
  },
  notificationPreferences: {
    status: 307,
    redirectTo: (l) => `${href('login', l)}?redirect=${encodeURIComponent(href('notificationPreferences', l))}`,
  },
  // A token that does not verify: the "link not valid" page.
  emailUnsubscribe: { status: 404 },
  account: { status: 307, redirectTo: (l) => `${href('login', l)}?redirect=${encodeURIComponent(href('account', l))}` },
  accountDelete: { status: 307, redirectTo: (l) => `${href('login', l)}?redirect=${encodeURIComponent(href('accountDelete', l))}` },
  // Email change links that were never issued: the "link not valid" page.
  accountEmailConfirm: { status: 404 },
  accountEmailUndo: { status: 404 },
  hireInbox: { status: 307, redirectTo: (l) => `${href('login', l)}?redirect=${encodeURIComponent(href('hireInbox', l))}` },
  hireInterview: {
    status: 307,
    redirectTo: (l) => `${href('login', l)}?redirect=${encodeURIComponent(href('hireInterview', l, { id: '1' }))}`,
  },
  hireApplicants: {
    status: 307,
    redirectTo: (l) => `${href('login', l)}?redirect=${encodeURIComponent(href('hireApplicants', l, { id: '1' }))}`,
  },
  hireApplication: {
    status: 307,
    redirectTo: (l) => `${href('login', l)}?redirect=${encodeURIComponent(href('hireApplication', l, { id: '1' }))}`,
  },
  hireConversation: {
    status: 307,
    redirectTo: (l) => `${href('login', l)}?redirect=${encodeURIComponent(href('hireConversation', l, { id: '1' }))}`,
  },
  matchInbox: { status: 307, redirectTo: (l) => `${href('login', l)}?redirect=${encodeURIComponent(href('matchInbox', l))}` },
  matchConversation: {
    status: 307,
    redirectTo: (l) => `${href('login', l)}?redirect=${encodeURIComponent(href('matchConversation', l, { id: '1' }))}`,
  },
  talentCv: {
    status: 307,
    redirectTo: (l) => `${href('login', l)}?redirect=${encodeURIComponent(href('talentCv', l, { slug: 'ana-garcia' }))}`,
  },
  hireTeam: { status: 307, redirectTo: (l) => `${href('login', l)}?redirect=${encodeURIComponent(href('hireTeam', l))}` },
  // An invitation token that does not verify: the "link not valid" page.
  hireJoin: { status: 404 },
  // Decision 049: applying with questions and saving an offer are for candidates; a visitor signs in first.
  offerApply: {
    status: 307,
    redirectTo: (l) => `${href('login', l)}?redirect=${encodeURIComponent(href('offerApply', l, { slug: 'frontend-react-lima' }))}`,
  },
  offerSave: {
    status: 307,
    redirectTo: (l) => `${href('login', l)}?redirect=${encodeURIComponent(href('offerSave', l, { slug: 'frontend-react-lima' }))}`,
  },
  calculatorResult: { status: 307, redirectTo: (l) => href('calculator', l) },
  calculatorRegister: { status: 307, redirectTo: (l) => `${href('calculator', l)}?invalid=country%2Crole%2Cseniority` },
  offer: { status: 404, errorKind: 'offer' },
  talentProfile: { status: 404, errorKind: 'talent' },
  certification: { status: 404, errorKind: 'certification' },
  // A booking link that was never issued: the "link not available" page.
  hireScheduleManage: { status: 410 },
  // Job alert links that were never issued: a used-or-expired confirmation (410), unknown manage and
  // unsubscribe links (404).
  alertConfirm: { status: 410 },
  alertManage: { status: 404 },
  alertUnsubscribe: { status: 404 },
};

export const routeWalk = routeIds.flatMap((id) =>
  locales.map((locale) => ({
    id,
    locale,
    path: href(id, locale, routes[id].sample ?? {}),
    // The operator area answers its plain 404 to anyone but an operator (decision 070).
    expect: expectations[id] ?? (routes[id].access === 'operator' ? { status: 404, errorKind: 'generic' } : { status: 200 }),
  })),
);

/** Console errors and uncaught exceptions of a page, minus the browser's own line for an expected 4xx. */
export function collectErrors(page: Page, allowStatus?: number) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    if (allowStatus && m.text().includes(`status of ${allowStatus}`)) return;
    errors.push(m.text());
  });
  return errors;
}

export async function waitForHydration(page: Page) {
  // The language switcher (a client Link) is in every layout's header, including pages that force a colour
  // mode and so have no colour-mode button: once it has a React fiber, the page is hydrated.
  await page.waitForFunction(() => {
    const el = document.querySelector('[data-testid="language-switcher"]');
    // The colour-mode menu loads as its own chunk right after hydration (when the page has one), and so do
    // the loading bar and the route tracker (the bar replaces its idle stand-in).
    const colorMode = document.querySelector('.color-mode');
    return (
      !!el &&
      Object.keys(el).some((k) => k.startsWith('__reactFiber')) &&
      (!colorMode || colorMode.hasAttribute('data-ready')) &&
      !!document.querySelector('[data-testid="loading-bar"][data-ready]')
    );
  });
}

export async function expectHreflang(page: Page) {
  const langs = await page.locator('head link[rel="alternate"][hreflang]').evaluateAll((els) => els.map((e) => e.getAttribute('hreflang')));
  expect(langs.sort()).toEqual(['en', 'es', 'x-default']);
}

/** The newest email the server queued for an address (the embedded default keeps them in the outbox). */
export async function latestEmail(to: string): Promise<{ subject: string; text: string; locale: string; kind: string }> {
  const row = await queryOne<{ subject: string; text: string; locale: string; kind: string }>(
    'select subject, text_body as text, locale, kind from email_outbox where lower(to_email) = lower(?) order by id desc limit 1',
    to,
  );
  if (!row) throw new Error(`no email to ${to}`);
  return row;
}

/** The path of the first link in an email, to open it on the test server. */
export const linkPath = (text: string): string => new URL(/https?:\/\/\S+/.exec(text)![0]).pathname;

/** A fresh address per test run, so runs never collide. */
export const freshEmail = (tag: string) => `${tag}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** A row of the server's database (for checks a browser cannot make, such as what a sign-up stored). */
const databaseReady = new Map<string, Promise<unknown>>();
export async function queryOne<R>(sql: string, ...params: (string | number)[]): Promise<R | undefined> {
  const { DatabaseSync } = await import('node:sqlite');
  const { currentLane } = await import('./env');
  const lane = currentLane();
  // The server opens (creates, migrates, seeds) its database on first use; /readyz makes that happen.
  if (!databaseReady.has(lane.origin)) databaseReady.set(lane.origin, fetch(`${lane.origin}/readyz`));
  await databaseReady.get(lane.origin);
  const db = new DatabaseSync(lane.db, { readOnly: true });
  try {
    return db.prepare(sql).get(...params) as R | undefined;
  } finally {
    db.close();
  }
}

/** Wait until a form island has taken over its server-rendered form (the account forms load their code lazily). */
export async function waitForForm(page: Page, id: string) {
  await page.locator(`form#${id}[data-enhanced="true"]`).waitFor();
}

/** Open the header's user menu once its code has loaded (before that, the chip is a link to the workspace). */
export async function openSessionMenu(page: Page) {
  const chip = page.locator('.dropdown [data-testid="session-menu"]');
  await chip.waitFor();
  await chip.click();
}

/** What one axe scan may add to its test's time bound: a scan of a long page takes 2-10 s alone and several
 * times that while other lanes load the machine, so each scan brings its own budget instead of every test
 * with several scans guessing a bound of its own. */
const AXE_SCAN_BUDGET_MS = 30_000;

/** Axe violations of the page in a colour scheme, measured at rest (transitions off). Dark mode changes
 * colours only, so its pass checks contrast; the light pass checks everything. */
export async function axeViolations(page: Page, scheme: 'light' | 'dark'): Promise<string[]> {
  const info = test.info();
  if (info.timeout > 0) info.setTimeout(info.timeout + AXE_SCAN_BUDGET_MS);
  await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
  await page.emulateMedia({ colorScheme: scheme });
  await page.evaluate((s) => {
    document.documentElement.classList.remove('light', 'dark');
    document.documentElement.classList.add(s);
  }, scheme);
  await expect(page.locator('html')).toHaveClass(new RegExp(scheme));
  const builder = new AxeBuilder({ page });
  const results = await (scheme === 'dark' ? builder.withRules(['color-contrast']) : builder).analyze();
  return results.violations.map(
    (v) =>
      `${scheme} ${v.id}: ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}

/** Sign in through the sign-in form at `path` (its query is kept), once the form's code has loaded. */
export async function signIn(page: Page, path: string, email: string, password: string) {
  await page.goto(path);
  await waitForForm(page, 'login-form');
  await page.fill('#login-form-email', email);
  await page.fill('#login-form-password', password);
  await page.locator('#login-form button[type=submit]').click();
}

/** The demo world's company account (every fresh database has it). */
export const DEMO_COMPANY = { email: 'empresa@demo.tandem.example', password: 'tandem-demo-2026' };

/** The demo company, signed in in a context of its own, opens its conversation with the applicant whose last
 * name is `last` from the offer's applicant row (the first message creates nothing: the page is the thread). */
export async function openApplicantConversation(browser: Browser, offerId: number, last: string) {
  const company = await browser.newContext({ locale: 'es-ES' });
  const co = await company.newPage();
  await signIn(co, '/ingresar', DEMO_COMPANY.email, DEMO_COMPANY.password);
  await co.waitForURL((u) => !u.pathname.startsWith('/ingresar'));
  await co.goto(`/hire/site/oferta/${offerId}`);
  await co.getByTestId('applicant').filter({ hasText: last }).getByTestId('applicant-messages').click();
  await expect(co).toHaveURL(/\/hire\/site\/mensajes\/\d+$/);
  return { company, co };
}

/** A long choice (a country, a role): the searchable combobox once it has taken over its native select. */
export async function chooseOption(page: Page, id: string, name: string, label: string, value: string) {
  const box = page.locator(`#${id}[role=combobox]`);
  await box.fill(label);
  await box.press('Tab');
  await expect(page.locator(`input[type=hidden][name=${name}]`)).toHaveValue(value);
}

/** Skills in the searchable multi-select inside `scope` (once it has taken over its checkboxes). */
export async function pickSkills(page: Page, scope: string, labels: string[]) {
  const root = page.locator(`${scope} .skill-picker`);
  await root.waitFor();
  for (const label of labels) {
    await root.getByRole('combobox').fill(label);
    await root.getByRole('option', { name: label, exact: true }).click();
    await expect(root.locator('.chip-removable', { hasText: label })).toBeVisible();
  }
}

/** The consent cookie a visitor who answered the banner has (so no banner covers the page). */
const CONSENT = { name: 'tandem_consent', value: 'v1.a0.m0' };

/** A page in a fresh browser context in the locale's language, consent given; optionally without JavaScript,
 * signed in as another page's context (its storage state) or at another width. */
export async function newPage(
  browser: Browser,
  locale: Locale,
  o: { js?: boolean; storageState?: BrowserContextOptions['storageState']; width?: number } = {},
): Promise<Page> {
  const { e2eOrigin } = await import('./env');
  const context = await browser.newContext({
    locale: locale === 'es' ? 'es-ES' : 'en-US',
    javaScriptEnabled: o.js ?? true,
    storageState: o.storageState,
    viewport: { width: o.width ?? 1280, height: 900 },
  });
  await context.addCookies([{ ...CONSENT, url: e2eOrigin() }]);
  return context.newPage();
}

/** At 390 px nothing scrolls sideways and the control `testId` is a thumb's height (44 px); then back to 1280 px. */
export async function fitsPhone(page: Page, testId: string) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  const box = await page.getByTestId(testId).first().boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await page.setViewportSize({ width: 1280, height: 800 });
}
