import { expect, test } from '@playwright/test';
import { axeViolations, routeWalk } from './fixtures';

// An accessibility scan of every route, in light and in dark mode (one load, both schemes).
test.describe('axe', () => {
  test.use({ colorScheme: 'light' });
  for (const r of routeWalk.filter((w) => !w.expect.redirectTo)) {
    test(`${r.locale} ${r.id}`, async ({ page }) => {
      await page.goto(r.path);
      // A page that forces a mode is scanned in that mode only.
      const forced = await page.locator('html').getAttribute('data-color-mode-forced');
      const schemes: ('light' | 'dark')[] = forced === 'light' || forced === 'dark' ? [forced] : ['light', 'dark'];
      for (const scheme of schemes) expect(await axeViolations(page, scheme)).toEqual([]);
    });
  }
});
