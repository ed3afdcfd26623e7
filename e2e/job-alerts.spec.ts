import { expect, test } from '@playwright/test';
import { axeViolations, freshEmail, latestEmail, linkPath, signIn } from './fixtures';

// Job alerts end to end: from a job search to the alert page, the confirmation email (the outbox) and its
// link to an active alert, in Spanish and English; a signed-in candidate saves in one click and finds the
// alert in the workspace. The alert page at phone width: no sideways scroll, axe clean in both modes.
const CASES = [
  {
    locale: 'es',
    search: '/peru/trabajos/backend',
    cta: 'Avísame de ofertas como estas',
    submit: 'Crear alerta',
    check: /Revisa tu correo/,
    confirm: 'Activar alerta',
    on: /Alerta activada/,
  },
  {
    locale: 'en',
    search: '/en/peru/trabajos/backend',
    cta: 'Alert me about offers like these',
    submit: 'Create alert',
    check: /Check your email/,
    confirm: 'Turn alert on',
    on: /Alert on/,
  },
] as const;

for (const c of CASES) {
  test(`${c.locale}: a visitor asks for an alert from a search and turns it on from the email`, async ({ page }) => {
    await page.goto(c.search);
    await page.getByRole('link', { name: c.cta }).click();
    await expect(page).toHaveURL(/\/(alertas\/nueva|en\/alerts\/new)\?pais=peru&filtros=backend/);
    const email = freshEmail(`alert-${c.locale}`);
    await page.locator('#alert-email').fill(email);
    await page.locator('#alert-frequency').selectOption('weekly');
    await page.getByRole('button', { name: c.submit }).click();
    await expect(page.getByRole('status')).toHaveText(c.check);

    const mail = await latestEmail(email);
    expect(mail).toMatchObject({ kind: 'alert-confirm', locale: c.locale });
    await page.goto(linkPath(mail.text));
    await page.getByRole('button', { name: c.confirm }).click();
    await expect(page).toHaveURL(/\/(alertas\/gestionar|en\/alerts\/manage)\/[A-Za-z0-9_-]+\?hecho=activada$/);
    await expect(page.getByRole('status')).toHaveText(c.on);
    await expect(page.locator('.alert-item')).toHaveCount(1);
  });
}

test('a signed-in candidate saves an alert in one click and sees it in the workspace', async ({ page }) => {
  await signIn(page, '/ingresar', 'candidata@demo.tandem.example', 'tandem-demo-2026');
  await page.waitForURL((u) => !u.pathname.startsWith('/ingresar'));
  await page.goto('/trabajos/react?q=senior');
  await page.getByRole('link', { name: 'Avísame de ofertas como estas' }).click();
  await expect(page.locator('#alert-email')).toHaveCount(0);
  await page.getByRole('button', { name: 'Guardar alerta' }).click();
  await expect(page.getByRole('status')).toHaveText(/tu alerta está activa/);
  // The same search again is said, not made twice.
  await page.goto('/alertas/nueva?filtros=react&q=senior');
  await page.getByRole('button', { name: 'Guardar alerta' }).click();
  await expect(page.getByRole('status')).toHaveText(/Ya tienes una alerta/);
  await page.goto('/match/plataforma#alerts');
  await expect(page.locator('#alerts .alert-item')).toHaveCount(1);
  await expect(page.locator('#alerts .alert-item')).toContainText('React');
});

test('the alert page fits a phone and passes axe in light and dark', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/alertas/nueva?pais=peru&filtros=backend,remote-global&q=node');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const target of await page.locator('.alert-page button, .alert-page a, .alert-page select, .alert-page input').all()) {
    const box = await target.boundingBox();
    if (box) expect(box.height, await target.evaluate((e) => e.outerHTML.slice(0, 80))).toBeGreaterThanOrEqual(44);
  }
  expect([...(await axeViolations(page, 'light')), ...(await axeViolations(page, 'dark'))]).toEqual([]);
});
