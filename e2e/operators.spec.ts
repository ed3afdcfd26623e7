import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { href } from '../src/routes';
import { signIn } from './fixtures';
import { makeOperator, pageIsSound } from './operator-fixtures';
import { PASSWORD, register } from './product-api';

// Operators (decision 070): an account made operator with `npm run operators -- add`, which enrols its
// second factor from the code of the page's key, signs in again with password and code, and reads the
// audit log; a candidate gets the area's 404. At a phone's width and a laptop's, in both languages.
const DEMO_CANDIDATE = 'candidata@demo.tandem.example';
const DEMO_PASSWORD = 'tandem-demo-2026';

/** The current code of a key, from a time step later than the last one used (each step's code works once). */
async function freshCode(secret: string, after: number | null): Promise<{ code: string; step: number }> {
  let step = TOTP.counter();
  while (after !== null && step <= after) {
    await new Promise((r) => setTimeout(r, TOTP.remaining() + 50));
    step = TOTP.counter();
  }
  return { code: TOTP.generate({ secret: Secret.fromBase32(secret) }), step };
}

for (const width of [390, 1280])
  for (const locale of ['es', 'en'] as const) {
    test(`an operator enrols the second factor, signs in with password and code, reads the audit log (${locale}, ${width} px)`, async ({
      page,
      request,
      browser,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      const { email } = await register(request, 'match');
      expect(makeOperator(email)).toContain(href('operatorVerify', 'es'));

      // The password first: the sign-in goes on to the second step, where the key is shown to enrol.
      await signIn(page, href('login', locale), email, PASSWORD);
      await expect(page).toHaveURL(new RegExp(`${href('operatorVerify', locale)}$`));
      const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
      await expect(page.getByTestId('totp-uri')).toContainText('otpauth://totp/');
      await expect(page.locator('svg.operator-qr')).toBeVisible();
      await pageIsSound(page);
      // Until the code, the area is closed to this session.
      expect((await page.request.get(href('operator', locale))).status()).toBe(404);
      const first = await freshCode(secret, null);
      await page.fill('#operator-code', first.code);
      await page.locator('form button[type=submit]').last().click();
      await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
      await page.getByRole('link', { name: locale === 'es' ? 'Ir al área de operación' : 'Go to the operator area' }).click();
      await expect(page.getByTestId('operator-dashboard')).toBeVisible();

      // A new browser: the password, then a code of a later step.
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const again = await context.newPage();
      await signIn(again, href('login', locale), email, PASSWORD);
      await expect(again).toHaveURL(new RegExp(`${href('operatorVerify', locale)}$`));
      await expect(again.getByTestId('totp-secret')).toHaveCount(0);
      const second = await freshCode(secret, first.step);
      await again.fill('#operator-code', second.code);
      await again.locator('form button[type=submit]').last().click();
      await expect(again).toHaveURL(new RegExp(`${href('operator', locale)}$`));
      const dashboard = await again.request.get(href('operator', locale));
      expect(dashboard.status()).toBe(200);
      expect(dashboard.headers()['cache-control']).toBe('private, no-store');
      expect(await again.locator('meta[name=robots]').getAttribute('content')).toContain('noindex');
      await pageIsSound(again);
      await again.getByRole('link', { name: locale === 'es' ? 'Registro de auditoría' : 'Audit log' }).click();
      await expect(again).toHaveURL(new RegExp(`${href('operatorAudit', locale)}$`));
      const entries = again.getByTestId('audit-entry');
      await expect(entries.first()).toContainText('operator.sign-in');
      await expect(again.getByTestId('audit-log')).toContainText('operator.enrol');
      await expect(again.getByTestId('audit-log')).toContainText('operator.add');
      await pageIsSound(again);
      await context.close();
    });
  }

test('a candidate gets the same 404 as an anonymous visitor on every operator page', async ({ page }) => {
  for (const id of ['operator', 'operatorVerify', 'operatorAudit'] as const)
    for (const locale of ['es', 'en'] as const) expect((await page.request.get(href(id, locale))).status(), `${id} ${locale}`).toBe(404);
  await signIn(page, '/ingresar', DEMO_CANDIDATE, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/match\/plataforma$/);
  for (const id of ['operator', 'operatorVerify', 'operatorAudit'] as const)
    for (const locale of ['es', 'en'] as const) {
      const res = await page.request.get(href(id, locale));
      expect(res.status(), `${id} ${locale}`).toBe(404);
      expect(res.headers()['cache-control']).toBe('private, no-store');
    }
  const res = await page.goto(href('operator', 'es'));
  expect(res?.status()).toBe(404);
});
