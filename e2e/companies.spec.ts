import { expect, test } from '@playwright/test';
import { axeViolations, collectErrors, fitsPhone, newPage } from './fixtures';

// The companies directory (decision 087), which adds no JavaScript (the bad-input test runs without any): cards by name, a page at a
// time through "more", a search by part of the name ignoring case and accents, an empty search with its way
// back, a company opened from its card; both languages, light and dark (axe), 390 and 1280 px.
const T = {
  es: {
    path: '/empresas',
    more: 'Más empresas',
    all: 'Ver todas las empresas',
    company: /\/empresa\/[a-z0-9-]+$/,
    empty: 'Ninguna empresa',
  },
  en: {
    path: '/en/companies',
    more: 'More companies',
    all: 'See all companies',
    company: /\/en\/company\/[a-z0-9-]+$/,
    empty: 'No company',
  },
} as const;

for (const locale of ['es', 'en'] as const) {
  const L = T[locale];

  test(`${locale}: the directory pages through every company, searches by name and opens a company`, async ({ browser }) => {
    const page = await newPage(browser, locale);
    const errors = collectErrors(page);
    await page.goto(L.path);
    const cards = page.getByTestId('company-card');
    await expect(cards).toHaveCount(24);
    const first = await cards.allInnerTexts();
    // Each card is one link to a company page; demo companies say so.
    expect(await page.locator('[data-testid=company-card] a').count()).toBe(0);
    await expect(cards.locator('.badge').first()).toBeVisible();
    await fitsPhone(page, 'company-card');
    await fitsPhone(page, 'companies-more');
    expect(await axeViolations(page, 'light')).toEqual([]);
    expect(await axeViolations(page, 'dark')).toEqual([]);

    await page.getByRole('link', { name: L.more }).click();
    await expect(page).toHaveURL(/cursor=/);
    const second = await cards.allInnerTexts();
    expect(second.length).toBeGreaterThan(0);
    expect(second.filter((c) => first.includes(c))).toEqual([]);

    // A search ignores case and accents, and keeps to names that contain it.
    await page.goto(L.path);
    await page.getByRole('searchbox').fill('  ÁNDES ');
    await page.getByTestId('companies-search-submit').click();
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(cards.first()).toBeVisible();
    for (const text of await cards.locator('strong').allInnerTexts()) expect(text.toLowerCase()).toContain('andes');
    await fitsPhone(page, 'companies-search-submit');

    const name = (await cards.first().locator('strong').innerText()).trim();
    await cards.first().click();
    await expect(page).toHaveURL(L.company);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);

    // Nothing found: said so, with a way back to every company.
    await page.goto(`${L.path}?q=zzqqxx-no-such-company`);
    await expect(page.locator('.companies-empty')).toContainText(L.empty);
    await page.getByRole('link', { name: L.all }).click();
    await expect(cards).toHaveCount(24);
    expect(await axeViolations(page, 'light')).toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });
}

test('a bad cursor or a search too long shows the first page, never an error; the footer links the directory', async ({ browser }) => {
  const page = await newPage(browser, 'es', { js: false, width: 390 });
  expect((await page.goto('/empresas?cursor=%%%not-a-cursor'))?.status()).toBe(200);
  await expect(page.getByTestId('company-card')).toHaveCount(24);
  expect((await page.goto(`/empresas?q=${'x'.repeat(500)}`))?.status()).toBe(200);
  await expect(page.locator('#companies-q-error')).toContainText('80');
  await expect(page.getByTestId('company-card')).toHaveCount(24);
  await page.goto('/en/trabajos');
  await page.locator('.site-footer').getByRole('link', { name: 'Companies' }).click();
  await expect(page).toHaveURL(/\/en\/companies$/);
  await page.context().close();
});
