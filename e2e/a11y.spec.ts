import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { routeWalk } from './fixtures';

// An accessibility scan of every route, in light and in dark mode (one load, both schemes).
test.describe('axe', () => {
  test.use({ colorScheme: 'light' });
  for (const r of routeWalk.filter((w) => !w.expect.redirectTo)) {
    test(`${r.locale} ${r.id}`, async ({ page }) => {
      await page.goto(r.path);
      // Colours must be measured at rest, not in the middle of a colour transition.
      await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; animation: none !important; }' });
      // A page that forces a mode is scanned in that mode only.
      const forced = await page.locator('html').getAttribute('data-color-mode-forced');
      const schemes: ('light' | 'dark')[] = forced === 'light' || forced === 'dark' ? [forced] : ['light', 'dark'];
      for (const scheme of schemes) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.evaluate((s) => {
          document.documentElement.classList.remove('light', 'dark');
          document.documentElement.classList.add(s);
        }, scheme);
        await expect(page.locator('html')).toHaveClass(new RegExp(scheme));
        // Dark mode changes colours only: the second pass checks contrast, the first checks everything.
        const builder = new AxeBuilder({ page });
        const results = await (scheme === 'dark' ? builder.withRules(['color-contrast']) : builder).analyze();
        const summary = results.violations.map((v) => `${scheme} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
        expect(summary).toEqual([]);
      }
    });
  }
});
