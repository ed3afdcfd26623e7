import { execFileSync } from 'node:child_process';
import { expect, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { href } from '../src/routes';
import type { Locale } from '../src/i18n/locales';
import { e2eDb } from './env';
import { axeViolations, signIn } from './fixtures';
import { PASSWORD } from './product-api';

// Operator set-up shared by the operator specs: the command line that grants the role, and the first sign-in
// that enrols the second factor (password, then the code of the key the page shows, then the recovery codes).

/** `npm run operators -- add <email>` against a test server's database (the main one unless told). */
export function makeOperator(email: string, db: string = e2eDb()): string {
  return execFileSync('node_modules/.bin/tsx', ['--conditions=react-server', 'src/server/accounts/operators/cli.ts', 'add', email], {
    env: { ...process.env, DATABASE_URL: `file:${db}` },
    encoding: 'utf8',
  });
}

/**
 * Signs a freshly made operator in with the password and enrols its key; `origin` is the server's origin when
 * it is not the page's base URL. Returns the key, for later codes.
 */
export async function enrolOperator(page: Page, email: string, locale: Locale, origin = ''): Promise<string> {
  await signIn(page, `${origin}${href('login', locale)}`, email, PASSWORD);
  await expect(page).toHaveURL(new RegExp(`${href('operatorVerify', locale)}$`));
  const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
  await page.fill('#operator-code', TOTP.generate({ secret: Secret.fromBase32(secret) }));
  await page.locator(`form[action="${href('operatorVerify', locale)}"] button[type=submit]`).click();
  await expect(page.getByTestId('recovery-codes').locator('li')).toHaveCount(10);
  return secret;
}

/** No sideways scroll at the page's width, and no accessibility violation in light or dark mode. */
export async function pageIsSound(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(page, scheme)).toEqual([]);
}
