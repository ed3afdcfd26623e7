import { expect, test } from '@playwright/test';
import { waitForHydration } from './fixtures';

// Records every phase and whether the bar was visible, from the page itself. The whole document is watched:
// the bar's code replaces its server-rendered stand-in after hydration.
const watchBar = () => {
  const seen: { phase: string; opacity: string }[] = [];
  (window as unknown as { __bar: typeof seen }).__bar = seen;
  new MutationObserver((records) => {
    for (const r of records) {
      const bar = r.target as HTMLElement;
      if (bar.dataset?.testid === 'loading-bar') seen.push({ phase: bar.dataset.phase ?? '', opacity: bar.style.opacity });
    }
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-phase', 'style'] });
};
const barLog = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as unknown as { __bar: { phase: string; opacity: string }[] }).__bar);

test('a slow navigation shows the bar, completes on commit, then hides', async ({ page }) => {
  await page.addInitScript(watchBar);
  await page.goto('/en/hire');
  await waitForHydration(page);
  await page.route('**/RSC/R/en/hire/pricing.txt*', async (route) => {
    await new Promise((r) => setTimeout(r, 2000));
    await route.continue();
  });
  await page
    .locator('main')
    .getByRole('link', { name: /Pricing/ })
    .first()
    .click();
  await expect(page.getByTestId('loading-bar')).toHaveCSS('opacity', '1', { timeout: 1000 });
  await expect(page.getByTestId('loading-bar')).toHaveAttribute('data-phase', 'loading');
  await expect(page).toHaveURL(/\/en\/hire\/pricing$/);
  await expect(page.getByTestId('loading-bar')).toHaveAttribute('data-phase', 'idle', { timeout: 3000 });
  const log = await barLog(page);
  expect(log.some((e) => e.phase === 'loading' && e.opacity === '1')).toBe(true);
  expect(log.some((e) => e.phase === 'done')).toBe(true);
});

// The page's clock is paused during the click, so "fast" means "committed before the 200 ms throttle
// elapsed" on any machine, however slow; then time runs on to prove the throttle timer was cancelled.
test('a navigation that commits within the throttle never shows the bar', async ({ page }) => {
  await page.clock.install();
  await page.addInitScript(watchBar);
  await page.goto('/en/hire');
  await waitForHydration(page);
  await page.clock.pauseAt(Date.now() + 60_000);
  await page
    .locator('main')
    .getByRole('link', { name: /Staffing/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/en\/hire\/staffing$/);
  await expect(page.getByTestId('loading-bar')).toHaveAttribute('data-phase', 'done');
  await page.clock.runFor(3000);
  await expect(page.getByTestId('loading-bar')).toHaveAttribute('data-phase', 'idle');
  const log = await barLog(page);
  expect(log.map((e) => e.phase)).toContain('loading');
  expect(log.every((e) => e.opacity !== '1')).toBe(true);
});

test('a failed navigation turns the bar red', async ({ page }) => {
  await page.goto('/en/hire');
  await waitForHydration(page);
  await page.route('**/RSC/R/en/hire/pricing.txt*', (route) => route.abort('failed'));
  await page
    .locator('main')
    .getByRole('link', { name: /Pricing/ })
    .first()
    .click();
  await expect(page.getByTestId('loading-bar')).toHaveClass(/error/, { timeout: 5000 });
});
