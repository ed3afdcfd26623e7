import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { expect, request as playwrightRequest, test } from '@playwright/test';
import { collectErrors, openSessionMenu, signIn, waitForHydration } from './fixtures';
import { startInstance, type Instance } from './instance';
import { PASSWORD, publishOffer as publish, register } from './product-api';

// One page for every visitor (decision 002): a signed-in visitor gets the cached public page, the
// header keeps the account area's space until the session island fills it, the offer's apply box shows the
// visitor's own state, and a write purges the cached pages it changed.
test('a signed-in candidate gets the cached search page, with no sign-in link first and their menu in the kept space', async ({
  page,
  request,
}) => {
  const { email } = await register(request, 'match');
  await signIn(page, '/ingresar', email, PASSWORD);
  await expect(page).toHaveURL(/\/match\/plataforma$/);
  const path = `/trabajos?q=${Date.now().toString(36)}`;
  // Filled by an anonymous visitor, then served from the cache to the signed-in one.
  expect((await request.get(path)).headers()['x-cache']).toBe('MISS');
  const res = await page.goto(path, { waitUntil: 'domcontentloaded' });
  expect(res?.headers()['x-cache']).toBe('HIT');
  expect(res?.headers()['cache-control']).toContain('public');
  // Before any island ran: the hint hid the sign-in link and kept the account area's space.
  const header = page.locator('header.site-header');
  await expect(page.locator('html')).toHaveAttribute('data-session', 'match');
  await expect(header.locator('.header-actions .when-guest')).toBeHidden();
  await expect(header.getByTestId('session-placeholder').or(header.getByTestId('session-menu'))).toBeVisible();
  const heightBefore = (await header.boundingBox())!.height;
  await openSessionMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Mi plataforma' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(header.getByTestId('session-placeholder')).toHaveCount(0);
  expect((await header.boundingBox())!.height).toBe(heightBefore);
});

test('the offer page is one HTML for all; the candidate applies and sees the status, the bar is gone; the company sees its note', async ({
  page,
  request,
  browser,
}) => {
  const company = await register(request, 'hire', { company_name: `Compartida ${Date.now().toString(36)}` });
  const title = `Backend compartido ${Date.now().toString(36)}`;
  const created = await publish(request, company.token, { title });
  expect(created.status(), await created.text()).toBe(201);
  const { slug } = ((await created.json()) as { result: { slug: string } }).result;
  const offerPath = `/oferta/${slug}`;
  const anonymous = await request.get(offerPath);
  expect(anonymous.status()).toBe(200);

  const candidate = await register(request, 'match');
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, '/ingresar', candidate.email, PASSWORD);
  await expect(page).toHaveURL(/\/match\/plataforma$/);
  const res = await page.goto(offerPath);
  expect(res?.headers()['x-cache']).toBe('HIT');
  const apply = page.locator('#apply');
  await expect(apply.getByRole('button', { name: 'Postular ahora' })).toBeVisible();
  await expect(apply.getByRole('link', { name: 'Crear cuenta y postular' })).toBeHidden();
  await expect(page.getByTestId('apply-bar')).toBeVisible();
  await apply.getByRole('button', { name: 'Postular ahora' }).click();
  await expect(page.getByTestId('applied-notice')).toBeVisible();
  await expect(page.getByTestId('application-status')).toContainText('Enviada');
  await expect(page.getByTestId('apply-bar')).toBeHidden();
  // Coming back later, from the cache: the island still says so.
  await page.goto(offerPath);
  await expect(page.getByTestId('application-status')).toContainText('Postulaste el');

  // The company that owns it: its own note, from the same cached HTML.
  const context = await browser.newContext({ locale: 'es-ES' });
  const owner = await context.newPage();
  await signIn(owner, '/ingresar', company.email, PASSWORD);
  await expect(owner).toHaveURL(/\/hire\/site/);
  const ownerRes = await owner.goto(offerPath);
  expect(ownerRes?.headers()['x-cache']).toBe('HIT');
  await expect(owner.locator('#apply')).toContainText('Esta es una oferta de tu empresa');
  await context.close();
});

test('a new offer is on the cached search pages within 2 s of publishing', async ({ request }) => {
  const company = await register(request, 'hire', { company_name: `Purga ${Date.now().toString(36)}` });
  const word = `Purgatest${Date.now().toString(36)}`;
  const search = `/trabajos?q=${word}`;
  expect(await (await request.get(search)).text()).not.toContain(word + ' Go');
  expect((await request.get(search)).headers()['x-cache']).toBe('HIT');
  const created = await publish(request, company.token, {
    title: `${word} Go`,
    country: 'chile',
    salary_min: 2000000,
    salary_max: 2600000,
    currency: 'CLP',
  });
  expect(created.status(), await created.text()).toBe(201);
  const published = Date.now();
  await expect.poll(async () => (await request.get(search)).text(), { timeout: 20_000, intervals: [100] }).toContain(`${word} Go`);
  console.log(`[purge] the new offer was on the search page ${Date.now() - published} ms after publishing`);
});

test('without JavaScript a signed-in candidate reads the public page as a guest and can still apply', async ({ browser, request }) => {
  const candidate = await register(request, 'match');
  const context = await browser.newContext({ javaScriptEnabled: false, locale: 'es-ES' });
  const page = await context.newPage();
  await page.goto('/ingresar');
  await page.fill('#login-form-email', candidate.email);
  await page.fill('#login-form-password', PASSWORD);
  await page.locator('#login-form button[type=submit]').click();
  await expect(page).toHaveURL(/\/match\/plataforma$/);
  await page.goto('/trabajos');
  const first = page.locator('a[href^="/oferta/"]').first();
  const href = (await first.getAttribute('href'))!;
  await page.goto(href);
  await page.locator('#apply form.apply-noscript button[type=submit]').click();
  await expect(page).toHaveURL(new RegExp(`${href}\\?applied=1$`));
  await expect(page.getByTestId('applied-notice')).toContainText('Postulación enviada');
  await context.close();
});

// Decision 063: a page whose HTML depends on the session is private even for an anonymous visitor, so a CDN
// never hands the anonymous copy to a signed-in candidate ("Crear mi cuenta gratis" instead of their course).
test('the free course and the offer form are private for everyone; a signed-in candidate sees their own course', async ({
  page,
  request,
}) => {
  for (const path of ['/freecourse', '/hire/crear-oferta', '/']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    if (path === '/') {
      expect(res.headers()['cache-control'], path).toContain('public');
      expect(res.headers().vary, path).toMatch(/Accept-Language/);
    } else expect(res.headers()['cache-control'], path).toBe('private, no-store');
  }
  const { email } = await register(request, 'match');
  await signIn(page, '/ingresar', email, PASSWORD);
  await expect(page).toHaveURL(/\/match\/plataforma$/);
  const res = await page.goto('/freecourse');
  expect(res?.headers()['cache-control']).toBe('private, no-store');
  await expect(page.getByRole('link', { name: 'Continuar mi curso' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Crear mi cuenta gratis' })).toHaveCount(0);
});

// A page every visitor gets carries no nonce (decision 064): its inline scripts are allowed by hash, so a
// copy from the cache runs them, and any worker answers another's ETag with a 304.
test('a public page from the cache runs its scripts with no CSP violation', async ({ page, request }) => {
  const path = `/herramientas/colombia/backend?v=${Date.now().toString(36)}`;
  expect((await request.get(path)).headers()['x-cache']).toBe('MISS');
  const violations: string[] = [];
  await page.exposeFunction('reportViolation', (v: string) => violations.push(v));
  await page.addInitScript(() =>
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { reportViolation: (v: string) => void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`),
    ),
  );
  const errors = collectErrors(page);
  const res = await page.goto(path);
  expect(res?.headers()['x-cache']).toBe('HIT');
  expect(res?.headers()['content-security-policy']).not.toContain("'nonce-");
  expect(await res?.text()).not.toContain('nonce=');
  await waitForHydration(page);
  // The head's script ran (it sets the colour mode before the first paint).
  await expect(page.locator('html')).toHaveClass(/\b(light|dark)\b/);
  expect(violations).toEqual([]);
  expect(errors.filter((e) => /Content Security Policy/i.test(e))).toEqual([]);
});

test.describe('two workers', () => {
  test.describe.configure({ timeout: 300_000 });
  let server: Instance | undefined;
  const db = `data/e2e-two-workers-${process.pid}.db`;
  test.afterAll(async () => {
    await server?.stop();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${db}${suffix}`, { force: true });
  });

  test('any worker answers the ETag of another with a 304; a private page gets a nonce per response', async ({ request }) => {
    server = await startInstance({ WORKERS: '2', DATABASE_URL: `file:${db}` });
    expect(server.workerPids()).toHaveLength(2);
    for (const path of ['/herramientas/colombia/backend', '/trabajos', '/en', '/en/trabajos', '/RSC/R/trabajos.txt']) {
      const first = await request.get(`${server.origin}${path}`);
      expect(first.status(), path).toBe(200);
      const etag = first.headers()['etag']!;
      const csp = first.headers()['content-security-policy'];
      // A strong tag of the body (22 characters of its hash), with the encoding's suffix when compressed.
      expect(etag, path).toMatch(/^"[A-Za-z0-9_-]{22}(-(br|gz))?"$/);
      const answers: number[] = [];
      for (let i = 0; i < 4; i++) {
        const again = await request.get(`${server.origin}${path}`, { headers: { 'if-none-match': etag } });
        answers.push(again.status());
        expect(again.headers()['content-security-policy']).toBe(csp);
      }
      expect(answers, path).toEqual([304, 304, 304, 304]);
      const html = await first.text();
      expect(html).not.toContain('nonce');
      // Every inline script of the page is allowed by a hash in its policy.
      for (const [, attrs, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
        if (/\bsrc=|application\/ld\+json/.test(attrs!)) continue;
        expect(csp, path).toContain(`'sha256-${createHash('sha256').update(text!).digest('base64')}'`);
      }
    }
    // A candidate's own page: a fresh nonce on each response.
    const own = await playwrightRequest.newContext({ baseURL: server.origin });
    const { token } = await register(own, 'match');
    await own.dispose();
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await request.get(`${server.origin}/match/plataforma`, {
        headers: { cookie: `tandem_token=${token}; tandem_type=match` },
      });
      expect(res.status()).toBe(200);
      nonces.push(/'nonce-([^']+)'/.exec(res.headers()['content-security-policy']!)![1]!);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });
});
