import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { axeViolations, freshEmail, openSessionMenu, signIn } from './fixtures';
import { E2E_INT_ORIGIN as BASE, E2E_INTAKE_PORT } from './env';
import { startIntake, type Intake } from './intake';

// Consent, analytics (RudderStack) and monitoring (Datadog) against the tests' own intake on 127.0.0.1
// (decision 023): nothing that tracks loads before consent; accepting sends page views, identity, logout and
// experiment exposures with their context; monitoring batches and forwarded request errors arrive.
let intake: Intake;
test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  intake = await startIntake(E2E_INTAKE_PORT);
});
test.afterAll(async () => intake.close());
test.beforeEach(() => intake.reset());

const SDK_CHUNK = /\/assets\/(rudderstack|datadog|index\.esm|browser-logs)[^/]*\.js/;
const pages = () => intake.analytics.filter((e) => e.type === 'page');
const consentCookie = async (context: BrowserContext) => (await context.cookies()).find((c) => c.name === 'tandem_consent')?.value;

async function watch(page: Page) {
  const urls: string[] = [];
  page.on('request', (r) => urls.push(r.url()));
  return urls;
}

test('before a choice nothing that tracks loads; rejecting keeps it that way and is remembered', async ({ page, context }) => {
  const urls = await watch(page);
  await page.goto(`${BASE}/`);
  const banner = page.getByTestId('consent-banner');
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('heading', { name: 'Tu privacidad' })).toBeVisible();
  await page.waitForTimeout(1000);
  expect(urls.filter((u) => u.includes(`:${E2E_INTAKE_PORT}`) || SDK_CHUNK.test(u))).toEqual([]);
  // The banner is a plain form: the choice is posted and the page comes back.
  await banner.getByRole('button', { name: 'Rechazar' }).click();
  await page.waitForLoadState('load');
  await expect(banner).toBeHidden();
  expect(await consentCookie(context)).toBe('v1.a0.m0');
  await page.goto(`${BASE}/trabajos`);
  await page.waitForTimeout(1500);
  await expect(page.getByTestId('consent-banner')).toBeHidden();
  expect(urls.filter((u) => u.includes(`:${E2E_INTAKE_PORT}`) || SDK_CHUNK.test(u))).toEqual([]);
  expect(intake.analytics).toEqual([]);
  expect(intake.monitoring).toEqual([]);
  expect((await context.cookies()).filter((c) => /^(rl_|_dd_s)/.test(c.name))).toEqual([]);
});

test('Global Privacy Control counts as a refusal: no banner, nothing loads', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'globalPrivacyControl', { get: () => true }));
  const urls = await watch(page);
  await page.goto(`${BASE}/en`);
  await page.waitForTimeout(1500);
  await expect(page.getByTestId('consent-banner')).toBeHidden();
  expect(urls.filter((u) => u.includes(`:${E2E_INTAKE_PORT}`) || SDK_CHUNK.test(u))).toEqual([]);
});

test('accepting loads both SDKs after the page is idle: page views with campaign, Meta ids and IP; RUM batches', async ({
  page,
  context,
}) => {
  await context.addCookies([
    { name: '_fbp', value: 'fb.1.1700000000000.123456', url: BASE },
    { name: '_fbc', value: 'fb.1.1700000000000.AbCdEf', url: BASE },
  ]);
  await page.goto(`${BASE}/?utm_source=newsletter&utm_campaign=lanzamiento`);
  await page.getByTestId('consent-banner').getByRole('button', { name: 'Aceptar todo' }).click();
  await page.waitForLoadState('load');
  await expect.poll(() => consentCookie(context)).toBe('v1.a1.m1');
  await expect(page.getByTestId('consent-banner')).toBeHidden();
  // The page view emitted before the SDK loaded is replayed once it has.
  await expect.poll(() => pages().length).toBe(1);
  const first = pages()[0]!;
  expect(first.userId ?? '').toBe('');
  // RudderStack's anonymous id is a UUID it keeps in its rl_anonymous_id cookie.
  expect(first.anonymousId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  expect(first.context.page.path).toBe('/');
  expect(first.context).toMatchObject({
    fbp: 'fb.1.1700000000000.123456',
    fbc: 'fb.1.1700000000000.AbCdEf',
    campaign: { source: 'newsletter', name: 'lanzamiento' },
    ip: '127.0.0.1',
  });
  expect(intake.configRequests[0]?.searchParams.get('writeKey')).toBe('wk-e2e');
  // A client-side route change is one more page view.
  await page.locator('header').getByRole('link', { name: 'Empleos' }).click();
  await expect(page).toHaveURL(/\/trabajos/);
  await expect.poll(() => pages().map((e) => e.context.page.path)).toEqual(['/', '/trabajos']);
  // RUM sends its batch when the page is left.
  await page.goto(`${BASE}/herramientas`);
  await expect.poll(() => intake.monitoring.some((m) => m.track === 'rum' && m.body.type === 'view')).toBe(true);
  const view = intake.monitoring.find((m) => m.track === 'rum' && m.body.type === 'view')!.body;
  expect(view.application.id).toBe('app-e2e');
  expect(view.service).toBe('tandem-web');
});

test('a failed request is forwarded to the log service as a Fetch error with method and URL', async ({ page, context }) => {
  await context.addCookies([{ name: 'tandem_consent', value: 'v1.a0.m1', url: BASE }]);
  const message = `Fetch error GET http://127.0.0.1:${E2E_INTAKE_PORT}/fail`;
  const logged = () => intake.monitoring.filter((m) => m.track === 'logs').map((m) => m.body.message as string);
  // The Logs SDK loads after RUM (its own chunk) and logs a failed fetch only once it has read a copy of the
  // response body; leaving the page sends its batch. So a try fails a request once RUM is up, reads the body,
  // lets the event loop turn, and leaves; a try that was too early (the Logs SDK not yet there) is repeated.
  for (let attempt = 0; attempt < 3 && !logged().includes(message); attempt++) {
    await page.goto(`${BASE}/`);
    await expect(page.getByTestId('consent-banner')).toBeHidden();
    await expect.poll(() => page.evaluate(() => document.cookie.includes('_dd_s='))).toBe(true);
    await page.evaluate(
      async ({ url, delay }) => {
        await new Promise((resolve) => setTimeout(resolve, delay));
        await fetch(url)
          .then((r) => r.text())
          .catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 500));
      },
      { url: `http://127.0.0.1:${E2E_INTAKE_PORT}/fail`, delay: 500 * attempt },
    );
    await page.goto(`${BASE}/en`);
    await expect
      .poll(logged, { timeout: 5_000 })
      .toContain(message)
      .catch(() => undefined);
  }
  expect(logged()).toContain(message);
  // Analytics was not consented: none of it.
  expect(intake.analytics).toEqual([]);
});

test('sign-in identifies with the email and the profile traits; sign-out sends logout and resets the identity', async ({
  page,
  context,
  request,
}) => {
  const email = freshEmail('rs');
  const res = await request.post(`${BASE}/api/v3/match/register`, {
    data: { name: 'Lucía', last_name: 'Pérez', email, password: 'una-clave-larga', origin: 'regular' },
  });
  expect(res.ok()).toBe(true);
  await context.addCookies([{ name: 'tandem_consent', value: 'v1.a1.m0', url: BASE }]);
  await signIn(page, `${BASE}/ingresar`, email, 'una-clave-larga');
  await expect.poll(() => intake.analytics.find((e) => e.type === 'identify')?.userId).toBe(email);
  const identify = intake.analytics.find((e) => e.type === 'identify')!;
  expect(identify.context.traits).toMatchObject({ email, firstName: 'Lucía', lastName: 'Pérez', name: 'Lucía Pérez' });
  expect(identify.context.traits).toHaveProperty('user_status');
  await expect.poll(() => pages().at(-1)?.userId).toBe(email);
  const anonymousBefore = identify.anonymousId;
  // The sign-in page's own view was anonymous too: only page views sent after signing out count below.
  const seenBefore = pages().length;

  await openSessionMenu(page);
  await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
  await expect.poll(() => intake.analytics.find((e) => e.type === 'track' && e.event === 'logout')?.userId).toBe(email);
  // After the reset the visitor is a new anonymous one.
  const afterSignOut = () =>
    pages()
      .slice(seenBefore)
      .filter((e) => !e.userId);
  await expect.poll(() => afterSignOut().length).toBeGreaterThan(0);
  const after = afterSignOut().at(-1)!;
  expect(after.anonymousId).not.toBe(anonymousBefore);
  expect(intake.analytics.filter((e) => e.type === 'identify')).toHaveLength(1);
});

test('the landing exposure reaches analytics as a lowercased track event', async ({ page, context }) => {
  await context.addCookies([{ name: 'tandem_consent', value: 'v1.a1.m0', url: BASE }]);
  await page.goto(`${BASE}/hire/landing`);
  const variant = await page.locator('[data-flag="hire-landing-variant"]').getAttribute('data-variant');
  await expect.poll(() => intake.analytics.find((e) => e.type === 'track')?.event).toBe('experiment viewed');
  expect(intake.analytics.find((e) => e.type === 'track')!.properties).toEqual({
    experiment_id: 'hire-landing-2026',
    variation_id: variant,
    flag: 'hire-landing-variant',
  });
});

test('the footer leads to the choice; withdrawing stops the SDK and deletes what it stored', async ({ page, context }) => {
  await context.addCookies([{ name: 'tandem_consent', value: 'v1.a1.m1', url: BASE }]);
  await page.goto(`${BASE}/en`);
  await expect.poll(async () => (await context.cookies()).some((c) => c.name.startsWith('rl_'))).toBe(true);
  await page.locator('footer').getByRole('link', { name: 'Cookie settings' }).click();
  await expect(page).toHaveURL(`${BASE}/en/politica-de-privacidad#cookies`);
  const form = page.locator('#consent-inline');
  await form.getByRole('checkbox', { name: /Monitoring/ }).check();
  await form.getByRole('button', { name: 'Save my choice' }).click();
  await page.waitForLoadState('load');
  await expect.poll(() => consentCookie(context)).toBe('v1.a0.m1');
  // The server deleted RudderStack's cookies, and the next page what the SDK wrote after that; that page
  // left their storage behind, not their SDK.
  const rlCookies = async () => (await context.cookies()).filter((c) => c.name.startsWith('rl_')).map((c) => c.name);
  await expect.poll(rlCookies).toEqual([]);
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('rl_')))).toEqual([]);
  const urls = await watch(page);
  // One written late (an SDK still running on the page that posted the choice) goes on the next load.
  await context.addCookies([{ name: 'rl_session', value: 'late', url: BASE }]);
  await page.goto(`${BASE}/en`);
  await expect.poll(rlCookies).toEqual([]);
  // The same once nothing is consented any more (no SDK to start, only the cookie to delete).
  await context.addCookies([
    { name: 'tandem_consent', value: 'v1.a0.m0', url: BASE },
    { name: 'rl_session', value: 'late', url: BASE },
  ]);
  await page.goto(`${BASE}/en`);
  await expect.poll(rlCookies).toEqual([]);
  await page.waitForTimeout(1500);
  expect(urls.filter((u) => /\/assets\/rudderstack/.test(u))).toEqual([]);
});

test('the banner is accessible and fits a phone, in both languages and colour modes', async ({ browser }) => {
  for (const scheme of ['light', 'dark'] as const) {
    for (const path of ['/', '/en']) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 }, colorScheme: scheme });
      const page = await context.newPage();
      await page.goto(`${BASE}${path}`);
      await expect(page.getByTestId('consent-banner')).toBeVisible();
      await page.getByTestId('consent-banner').locator('summary').click();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
      expect(await axeViolations(page, scheme)).toEqual([]);
      await context.close();
    }
  }
});

test('the privacy policy names what each choice turns on and that both are on here', async ({ page }) => {
  await page.goto(`${BASE}/politica-de-privacidad#cookies`);
  const section = page.locator('#cookies');
  await expect(section.getByRole('heading', { name: 'Analítica (RudderStack)' })).toBeVisible();
  await expect(section.getByText('Activa en este sitio')).toHaveCount(2);
  await expect(section).toContainText('Global Privacy Control');
  // The policy carries the form itself: no banner over it.
  await expect(page.getByTestId('consent-banner')).toHaveCount(0);
  await expect(page.locator('#consent-inline').getByRole('button', { name: 'Aceptar todo' })).toBeVisible();
});

test('without JavaScript nothing can track, so no banner; the policy still records a choice', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${BASE}/trabajos`);
  await expect(page.getByTestId('consent-banner')).toBeHidden();
  await page.goto(`${BASE}/politica-de-privacidad`);
  const form = page.locator('#consent-inline');
  await form.getByRole('checkbox', { name: /Monitorización/ }).check();
  await form.getByRole('button', { name: 'Guardar selección' }).click();
  await expect(page).toHaveURL(`${BASE}/politica-de-privacidad#cookies`);
  expect(await consentCookie(context)).toBe('v1.a0.m1');
  await context.close();
});

test('a consent post from another site is refused', async ({ request }) => {
  const res = await request.post(`${BASE}/consent`, {
    form: { choice: 'accept', back: '/' },
    headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    maxRedirects: 0,
  });
  expect(res.status()).toBe(403);
  const ok = await request.post(`${BASE}/consent`, { form: { choice: 'accept', back: 'https://evil.example/' }, maxRedirects: 0 });
  expect(ok.status()).toBe(303);
  expect(ok.headers().location).toBe('/');
});
