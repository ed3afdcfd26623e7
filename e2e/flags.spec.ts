import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { e2eDb } from './env';

// Feature flags on the server (decision 022): the company landing shows the variant the flag picks for each
// visitor, stable across visits and never cached; an operator's override reaches every visitor.
const variantOf = async (page: import('@playwright/test').Page, path = '/hire/landing') => {
  const res = await page.goto(path);
  expect(res?.headers()['cache-control']).toMatch(/private/);
  return page.locator('[data-variant]').getAttribute('data-variant');
};
const flags = (...args: string[]) =>
  execFileSync('npm', ['run', '--silent', 'flags', '--', ...args], { env: { ...process.env, DATABASE_URL: `file:${e2eDb()}` } });

test.describe.configure({ mode: 'serial' });

test('each visitor keeps the landing variant the flag gave them; both variants are served', async ({ browser }) => {
  const seen = new Set<string | null>();
  for (let i = 0; i < 12; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const first = await variantOf(page, i % 2 ? '/en/hire/landing' : '/hire/landing');
    const cookie = (await context.cookies()).find((c) => c.name === 'tandem_aid');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    expect(await variantOf(page)).toBe(first);
    expect(await variantOf(page, '/en/hire/landing')).toBe(first);
    seen.add(first);
    await context.close();
  }
  expect([...seen].sort()).toEqual(['calculator-first', 'control']);
});

test('the calculator-first variant leads with what the role pays', async ({ browser }) => {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'tandem_aid', value: 'a'.repeat(22), url: 'http://127.0.0.1' }]);
  const page = await context.newPage();
  flags('set', 'hire-landing-variant', '"calculator-first"');
  try {
    expect(await variantOf(page)).toBe('calculator-first');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('¿Cuánto pagar por tu próximo talento?');
    await expect(page.getByRole('link', { name: 'Ver cuánto paga el mercado' })).toBeVisible();
    flags('set', 'hire-landing-variant', '"control"');
    expect(await variantOf(page)).toBe('control');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tu próximo talento está aquí');
  } finally {
    flags('unset', 'hire-landing-variant');
    await context.close();
  }
});

test('a flag changed while the page is open reaches it through the stream, without a reload', async ({ browser }) => {
  const context = await browser.newContext();
  await context.addCookies([{ name: 'tandem_aid', value: 'b'.repeat(22), url: 'http://127.0.0.1' }]);
  const page = await context.newPage();
  flags('set', 'hire-landing-variant', '"control"');
  try {
    // The browser SDK starts from the server's payload and opens the stream.
    const stream = page.waitForRequest((r) => r.url().includes('/flags/sub/sdk-tandem-local'));
    expect(await variantOf(page)).toBe('control');
    await stream;
    const navigations = await page.evaluate(() => performance.getEntriesByType('navigation').length);
    flags('set', 'hire-landing-variant', '"calculator-first"');
    await expect(page.locator('[data-flag="hire-landing-variant"]')).toHaveAttribute('data-variant', 'calculator-first', {
      timeout: 15_000,
    });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('¿Cuánto pagar por tu próximo talento?');
    expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(navigations);
    expect(page.url()).toMatch(/\/hire\/landing$/);
  } finally {
    flags('unset', 'hire-landing-variant');
    await context.close();
  }
});
