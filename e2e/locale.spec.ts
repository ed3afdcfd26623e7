import { expect, test } from '@playwright/test';
import { waitForHydration } from './fixtures';

test.describe('locale negotiation on "/"', () => {
  test('English browsers get a 302 to /en with the query kept and a 365-day cookie', async ({ request }) => {
    const res = await request.get('/?utm_source=news', { headers: { 'accept-language': 'en-US,en;q=0.9' }, maxRedirects: 0 });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe('/en?utm_source=news');
    expect(res.headers()['set-cookie']).toBe('i18n_redirected=en; Max-Age=31536000; Path=/; SameSite=Lax');
  });

  test('the cookie wins over the browser language, and only "/" redirects', async ({ request }) => {
    const es = await request.get('/', { headers: { 'accept-language': 'en', cookie: 'i18n_redirected=es' }, maxRedirects: 0 });
    expect(es.status()).toBe(200);
    const deep = await request.get('/hire', { headers: { 'accept-language': 'en' }, maxRedirects: 0 });
    expect(deep.status()).toBe(200);
    const fr = await request.get('/', { headers: { 'accept-language': 'fr-FR' }, maxRedirects: 0 });
    expect(fr.status()).toBe(200);
  });
});

test.describe('in the browser', () => {
  test.use({ locale: 'en-US' });

  test('an English browser lands on /en; visiting a Spanish page switches the cookie', async ({ page, context }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/en$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.goto('/herramientas');
    await waitForHydration(page);
    await expect.poll(async () => (await context.cookies()).find((c) => c.name === 'i18n_redirected')?.value).toBe('es');
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
  });

  test('the switcher lands on the translated page with the same parameters and query, and <html lang> follows', async ({ page }) => {
    await page.goto('/herramientas/peru/backend?ref=test');
    await waitForHydration(page);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await page.getByTestId('language-switcher').click();
    await expect(page).toHaveURL(/\/en\/tools\/peru\/backend\?ref=test$/);
    await expect(page.locator('h1')).toContainText('Backend Developer salary in Peru');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByTestId('language-switcher').click();
    await expect(page).toHaveURL(/\/herramientas\/peru\/backend\?ref=test$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    expect(await page.title()).toContain('Salario de Desarrollador/a Backend en Perú');
  });

  test('client navigation keeps the previous URL under "app" in local storage', async ({ page }) => {
    await page.goto('/en/hire');
    await waitForHydration(page);
    await page.locator('header').getByRole('link', { name: 'Salary tools' }).first().click();
    await expect(page).toHaveURL(/\/en\/tools$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('tandem:app'))).toBe(JSON.stringify({ previous_url: '/en/hire' }));
  });
});
