import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { DEMO_COMPANY, collectErrors, queryOne, signIn } from './fixtures';

// Company pages (decision 028): reached from job cards and offer pages, with the company's open offers; the
// logo uploaded in the workspace shows there (its offer cards leave it out), a generated mark stands in until then.

for (const locale of ['es', 'en'] as const) {
  test(`${locale}: a job card leads to its company's page, which lists the company's open offers`, async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto(locale === 'es' ? '/trabajos' : '/en/trabajos');
    // A demo company's card: other specs publish real companies' offers, which may come first.
    const demo = (await queryOne<{ names: string }>(
      "select group_concat(name, '|') as names from companies where is_demo = 1",
    ))!.names.split('|');
    const cards = page.locator('.job-card');
    let card = cards.first();
    for (let i = 0; i < (await cards.count()); i++) {
      if (demo.includes((await cards.nth(i).locator('.job-company').innerText()).trim())) {
        card = cards.nth(i);
        break;
      }
    }
    const title = (await card.locator('.job-title').innerText()).trim();
    const company = (await card.locator('.job-company').innerText()).trim();
    await expect(card.locator('.company-logo')).toBeVisible();
    await card.locator('.job-company a').click();
    await expect(page).toHaveURL(locale === 'es' ? /\/empresa\/[a-z0-9-]+$/ : /\/en\/company\/[a-z0-9-]+$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(company);
    await expect(page.locator('.company-page .job-title', { hasText: title }).first()).toBeVisible();
    // Demo companies are labelled and never published as structured data.
    await expect(page.locator('.company-page-head .badge')).toBeVisible();
    await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
    // The offer page links back to the company too.
    await page.locator('.company-page .job-title a').first().click();
    await page.locator('.offer-company a').click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(company);
    expect(errors).toEqual([]);
  });
}

test('an unknown company is a 404', async ({ page }) => {
  const es = await page.goto('/empresa/no-existe-esta-empresa');
  expect(es?.status()).toBe(404);
  const en = await page.goto('/en/company/no-such-company');
  expect(en?.status()).toBe(404);
});

test('the logo uploaded in the workspace replaces the generated mark on the company page, whose cards do not repeat it', async ({
  page,
}) => {
  const row = await queryOne<{ slug: string; name: string }>(
    `select c.slug, c.name from companies c join company_users cu on cu.company_id = c.id join users u on u.id = cu.user_id where u.email = ?`,
    DEMO_COMPANY.email,
  );
  await page.goto(`/empresa/${row!.slug}`);
  await expect(page.locator('.company-page-head svg.company-mark')).toBeVisible();

  await signIn(page, '/ingresar?redirect=/hire/site', DEMO_COMPANY.email, DEMO_COMPANY.password);
  await page.waitForURL(/\/hire\/site/);
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#7e22ce' } })
    .png()
    .toBuffer();
  await page.locator('#company-logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await page.locator('#company-location').fill('Lima');
  await page.getByRole('button', { name: 'Guardar empresa' }).click();
  await expect(page).toHaveURL(/saved=1/);

  await page.goto(`/empresa/${row!.slug}`);
  const logo = page.locator('.company-page-head img.company-logo');
  await expect(logo).toBeVisible();
  expect(await logo.getAttribute('src')).toMatch(/^\/uploads\/logos\//);
  await expect(page.locator('.company-page-head')).toContainText('Lima');
  const cards = page.locator('.company-page .job-card');
  // Its own page does not repeat the logo on every card (the head shows it).
  if ((await cards.count()) > 0) await expect(cards.first().locator('.company-logo')).toHaveCount(0);
});
