import { expect, test, type Browser, type Page } from '@playwright/test';
import { href } from '../src/routes';
import type { Locale } from '../src/i18n/locales';
import { E2E_INT_ORIGIN } from './env';
import { freshEmail } from './fixtures';
import { waitForMail } from './mail';

// The account page (decision 069) on a phone, in Spanish and English, with and without JavaScript: a new
// password signs the other devices out; a new email changes once its link is confirmed, signs in, and the
// old address's link undoes it. Run on the server that delivers email by SMTP (e2e/mail.ts reads it).
const CONSENT = { name: 'tandem_consent', value: 'v1.a0.m0' };
const PHONE = { viewport: { width: 390, height: 844 } };
const PASSWORD = 'clave-segura-1';
const url = (path: string) => `${E2E_INT_ORIGIN}${path}`;
const linkTo = (text: string, prefix: string) =>
  new URL(new RegExp(`https?://\\S+${prefix.replace(/\//g, '\\/')}[A-Za-z0-9_-]+`).exec(text)![0]).pathname;

async function phone(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext({ ...PHONE, javaScriptEnabled, locale: 'es-ES' });
  await context.addCookies([{ ...CONSENT, url: E2E_INT_ORIGIN }]);
  return { context, page: await context.newPage() };
}

/** Posting a page's form whether or not the island has taken it over (its fields are plain inputs either way). */
async function submit(page: Page, id: string, fields: Record<string, string>, js: boolean) {
  if (js) await page.locator(`form#${id}[data-enhanced="true"]`).waitFor();
  for (const [name, value] of Object.entries(fields)) await page.fill(`#${id}-${name}`, value);
  await page.locator(`#${id} button[type=submit]`).click();
}

async function signUp(page: Page, type: 'match' | 'hire', locale: Locale, email: string, js: boolean) {
  const id = type === 'hire' ? 'hire-signup-form' : 'signup-form';
  await page.goto(url(href(type === 'hire' ? 'hireStartNow' : 'signUp', locale)));
  await submit(
    page,
    id,
    { name: 'Rosa', last_name: 'Vega', ...(type === 'hire' ? { company_name: 'Vega SAC' } : {}), email, password: PASSWORD },
    js,
  );
  await expect(page).toHaveURL(new RegExp(`${href(type === 'hire' ? 'hireSite' : 'matchPlatform', locale)}$`));
}

async function signIn(page: Page, locale: Locale, email: string, password: string, js: boolean) {
  await page.goto(url(href('login', locale)));
  if (js) await page.locator('form#login-form[data-enhanced="true"]').waitFor();
  await submit(page, 'login-form', { email, password }, false);
}

for (const [type, locale, js] of [
  ['match', 'es', true],
  ['hire', 'en', false],
] as const) {
  test(`${type === 'hire' ? 'a company' : 'a candidate'} changes the password (${locale}, ${js ? 'with' : 'without'} JavaScript): signed out elsewhere`, async ({
    browser,
  }) => {
    const email = freshEmail(`clave-${locale}`);
    const here = await phone(browser, js);
    const there = await phone(browser, js);
    await signUp(here.page, type, locale, email, js);
    await signIn(there.page, locale, email, PASSWORD, js);
    await expect(there.page).toHaveURL(new RegExp(`${href(type === 'hire' ? 'hireSite' : 'matchPlatform', locale)}$`));

    // The workspace links to the account page.
    await here.page.getByTestId('account-link').click();
    await expect(here.page).toHaveURL(new RegExp(`${href('account', locale)}$`));
    await submit(
      here.page,
      'password-form',
      { currentPassword: 'no-es-la-clave', password: 'nueva-clave-7', passwordConfirmation: 'nueva-clave-7' },
      js,
    );
    await expect(here.page.locator('#password-form-currentPassword-error')).toBeVisible();
    await submit(
      here.page,
      'password-form',
      { currentPassword: PASSWORD, password: 'nueva-clave-7', passwordConfirmation: 'nueva-clave-7' },
      js,
    );
    await expect(here.page).toHaveURL(/hecho=contrasena$/);
    await expect(here.page.getByRole('status')).toContainText(locale === 'es' ? 'cambiaste tu contraseña' : 'your password is changed');

    // This browser goes on; the other one is signed out.
    await here.page.goto(url(href('account', locale)));
    await expect(here.page).toHaveURL(new RegExp(`${href('account', locale)}$`));
    await there.page.goto(url(href('account', locale)));
    await expect(there.page).toHaveURL(new RegExp(`${href('login', locale)}\\?`));
    const [notice] = await waitForMail([email], (m) => /password/i.test(m.subject) || /contraseña/.test(m.subject));
    expect(notice!.text).toContain(href('forgotPassword', locale));
    await here.context.close();
    await there.context.close();
  });

  test(`${type === 'hire' ? 'a company' : 'a candidate'} changes the email (${locale}, ${js ? 'with' : 'without'} JavaScript) and the old address undoes it`, async ({
    browser,
  }) => {
    const old = freshEmail(`viejo-${locale}`);
    const next = freshEmail(`nuevo-${locale}`);
    const me = await phone(browser, js);
    await signUp(me.page, type, locale, old, js);
    await me.page.goto(url(href('account', locale)));
    await submit(me.page, 'email-form', { email: next, currentPassword: PASSWORD }, js);
    await expect(me.page).toHaveURL(/hecho=correo$/);
    // Nothing changes until the new address confirms.
    expect((await queryOneInt('select email from users where lower(email) = lower(?)', old))?.email).toBe(old);

    const [confirm] = await waitForMail([next]);
    await me.page.goto(url(linkTo(confirm!.text, href('accountEmailConfirm', locale, { token: 'X' }).replace('X', ''))));
    await me.page.getByTestId('link-confirm').click();
    await expect(me.page).toHaveURL(/hecho=1$/);

    // The new email signs in (another phone); the old one no longer does.
    const other = await phone(browser, js);
    await signIn(other.page, locale, next, PASSWORD, js);
    await expect(other.page).toHaveURL(new RegExp(`${href(type === 'hire' ? 'hireSite' : 'matchPlatform', locale)}$`));

    // The old address's undo link: the old email is back, every session ends, a new password is set.
    const [undo] = await waitForMail([old], (m) => m.text.includes(href('accountEmailUndo', locale, { token: 'X' }).replace('X', '')));
    expect(undo!.text).toContain(next);
    await me.page.goto(url(linkTo(undo!.text, href('accountEmailUndo', locale, { token: 'X' }).replace('X', ''))));
    await me.page.getByTestId('link-confirm').click();
    await expect(me.page).toHaveURL(new RegExp(href('resetPassword', locale, { token: 'X' }).replace('X', '')));
    await other.page.goto(url(href('account', locale)));
    await expect(other.page).toHaveURL(new RegExp(`${href('login', locale)}\\?`));
    await submit(me.page, 'reset-form', { password: 'otra-clave-8', passwordConfirmation: 'otra-clave-8' }, js);
    await expect(me.page).toHaveURL(new RegExp(`${href(type === 'hire' ? 'hireSite' : 'matchPlatform', locale)}$`));
    await signIn(other.page, locale, old, 'otra-clave-8', js);
    await expect(other.page).toHaveURL(new RegExp(`${href(type === 'hire' ? 'hireSite' : 'matchPlatform', locale)}$`));
    await me.context.close();
    await other.context.close();
  });
}

/** A row of the SMTP-delivering server's own database. */
async function queryOneInt(sql: string, ...params: string[]) {
  const { DatabaseSync } = await import('node:sqlite');
  const { E2E_INT_DB } = await import('./env');
  const db = new DatabaseSync(E2E_INT_DB, { readOnly: true });
  try {
    return db.prepare(sql).get(...params) as { email: string } | undefined;
  } finally {
    db.close();
  }
}
