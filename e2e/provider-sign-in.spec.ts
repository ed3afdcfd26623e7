import { expect, test } from '@playwright/test';
import { startFakeProvider, type FakeProvider } from '../src/testing/oauth-provider';
import { e2eOauthPort } from './env';
import { queryOne } from './fixtures';

// The server is configured with GitHub pointing at this provider (e2e/env.ts); Google is not configured.
let fp: FakeProvider;
test.beforeAll(async () => {
  fp = await startFakeProvider(e2eOauthPort());
});
test.afterAll(async () => fp?.close());

test('a configured provider gets a button; signing in with it creates the account and lands on the platform', async ({ page }) => {
  const email = `gh-${Date.now()}@example.com`;
  fp.user = { id: String(Date.now()), name: 'Lucía Fernández', email, verified: true };
  await page.goto('/ingresar');
  const github = page.getByRole('link', { name: 'Continuar con GitHub' });
  await expect(github).toHaveAttribute('href', '/cms/connect/github?lang=es');
  await expect(page.getByRole('link', { name: /Google/ })).toHaveCount(0);
  await github.click();
  await expect(page).toHaveURL(/\/match\/plataforma$/);
  await expect(page.getByTestId('session-menu')).toContainText('Lucía');
  expect((await queryOne<{ user_status: string }>('select user_status from users where email = ?', email))?.user_status).toBe('active');
});

test('cancelling at the provider returns to sign-in with an explanation, keeping the return path', async ({ page }) => {
  fp.deny = true;
  await page.goto('/en/login?redirect=%2Fen%2Ftools');
  await page.getByRole('link', { name: 'Continue with GitHub' }).click();
  await expect(page).toHaveURL(/\/en\/login\?error=oauth-cancelled&redirect=%2Fen%2Ftools$/);
  await expect(page.getByRole('alert')).toHaveText('You cancelled signing in with the provider. You can try again or use your email.');
  fp.deny = false;
});
