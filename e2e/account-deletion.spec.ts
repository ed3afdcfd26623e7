import { expect, test, type Browser, type Page } from '@playwright/test';
import { href } from '../src/routes';
import type { Locale } from '../src/i18n/locales';
import { freshEmail, queryOne } from './fixtures';

// Deleting one's own account (decision 073) on a phone, in Spanish with JavaScript and in English without:
// the public profile answers 404 at once (cached pages included), every session ends, and signing in again
// within the grace period cancels the deletion and says so. What the purge leaves after 30 days is the
// service test's (account-deletion.test.ts, with a test clock).
const PHONE = { viewport: { width: 390, height: 844 } };
const CONSENT = { name: 'tandem_consent', value: 'v1.a0.m0' };
const PASSWORD = 'clave-segura-1';

async function phone(browser: Browser, locale: Locale, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled, locale: locale === 'es' ? 'es-ES' : 'en-US' });
  await context.addCookies([{ ...CONSENT, url: test.info().project.use.baseURL ?? 'http://127.0.0.1' }]);
  return { context, page: await context.newPage() };
}

/** Fill and post a form whether or not its island has taken over (its fields are plain inputs either way). */
async function submit(page: Page, id: string, fields: Record<string, string>, js: boolean) {
  if (js) await page.locator(`form#${id}[data-enhanced="true"]`).waitFor();
  for (const [name, value] of Object.entries(fields)) await page.fill(`#${id}-${name}`, value);
  await page.locator(`#${id} button[type=submit]`).click();
}

for (const [locale, js] of [
  ['es', true],
  ['en', false],
] as const) {
  test(`a candidate deletes the account (${locale}, ${js ? 'with' : 'without'} JavaScript): profile 404 at once, a sign-in cancels it`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const email = freshEmail(`borrar-${locale}`);
    const { page } = await phone(browser, locale, js);
    const other = await phone(browser, locale, js);
    await page.goto(href('signUp', locale));
    await submit(page, 'signup-form', { name: 'Rosa', last_name: 'Vega', email, password: PASSWORD }, js);
    await expect(page).toHaveURL(new RegExp(`${href('matchPlatform', locale)}$`));
    const slug = (await queryOne<{ profile_slug: string }>('select profile_slug from users where email = ?', email))!.profile_slug;
    const profile = href('talentProfile', locale, { slug });

    // The profile made public: anyone sees it (and the page cache keeps it).
    await page.goto(profile);
    await page.locator('#profile-form input[name=is_public]').check();
    await page.locator('#profile-form button[type=submit]').click();
    await expect(page).toHaveURL(/saved=1/);
    expect((await request.get(profile)).status()).toBe(200);
    expect((await request.get(profile)).status()).toBe(200);

    // The account page links to the deletion; a wrong password is refused and deletes nothing.
    await page.goto(href('account', locale));
    await page.getByTestId('account-delete-link').click();
    await expect(page).toHaveURL(new RegExp(`${href('accountDelete', locale)}$`));
    await page.locator('#delete-form input[name=confirmDelete][value=yes]').check();
    await submit(page, 'delete-form', { currentPassword: 'no-es-la-clave' }, js);
    await expect(page.locator('#delete-form-currentPassword-error')).toBeVisible();
    expect((await request.get(profile)).status()).toBe(200);
    await page.locator('#delete-form input[name=confirmDelete][value=yes]').check();
    await submit(page, 'delete-form', { currentPassword: PASSWORD }, js);
    await expect(page).toHaveURL(/eliminada=1/);
    await expect(page.locator('.alert-success')).toBeVisible();

    // At once: the public profile is gone, and so is this session.
    expect((await request.get(profile)).status()).toBe(404);
    await page.goto(href('account', locale));
    await expect(page.getByTestId('account-delete-link')).toHaveCount(0);

    // Signing in again (another phone) cancels the deletion and the account page says so.
    await other.page.goto(href('login', locale));
    if (js) await other.page.locator('form#login-form[data-enhanced="true"]').waitFor();
    await submit(other.page, 'login-form', { email, password: PASSWORD }, false);
    await expect(other.page).toHaveURL(/hecho=recuperada$/);
    await expect(other.page.getByText(locale === 'es' ? /cancelamos/ : /cancelled/)).toBeVisible();
    expect((await request.get(profile)).status()).toBe(200);
  });
}
