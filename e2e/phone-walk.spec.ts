import { expect, test } from '@playwright/test';
import { locales } from '../src/i18n/locales';
import { openPage, pagesFor, signInAs, visitors } from './page-walk';

// Phone first (decision 029): no page of the route table scrolls sideways on a phone, for a visitor, a
// candidate and a company, in both languages. Each page is measured at 390 px and again at 320 px (a
// resize re-lays it out without a second load).
const overflow = () => document.documentElement.scrollWidth - document.documentElement.clientWidth;

for (const who of visitors) {
  for (const locale of locales) {
    test(`no page scrolls sideways at 390 and 320 px: ${who}, ${locale}`, async ({ page }) => {
      test.setTimeout(240_000);
      await page.setViewportSize({ width: 390, height: 844 });
      await signInAs(page, who);
      const wide: string[] = [];
      for (const p of (await pagesFor(who)).filter((w) => w.locale === locale)) {
        await page.setViewportSize({ width: 390, height: 844 });
        await openPage(page, p.path);
        for (const width of [390, 320]) {
          if (width !== 390) await page.setViewportSize({ width, height: 844 });
          const extra = await page.evaluate(overflow);
          if (extra > 0) wide.push(`${p.path} at ${width} px: ${extra} px too wide`);
        }
      }
      expect(wide).toEqual([]);
    });
  }
}
