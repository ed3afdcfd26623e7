import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from '@playwright/test';
import type { Locale } from '../../src/i18n/locales';
import { routes } from '../../src/routes';
import { openPage, pagesFor, signInAs, type Visitor } from '../page-walk';

// Each page type full length at 390 and 1280 px, light and dark, into shots/ (or SHOTS_DIR). Pages of a
// workspace are taken signed in as its demo account; the rest as a visitor, the calculator's result as the
// demo candidate. SHOTS_LOCALES=es,en adds English; SHOTS_ONLY=regex picks route ids.
const dir = process.env.SHOTS_DIR ?? 'shots';
const shotLocales = (process.env.SHOTS_LOCALES ?? 'es').split(',') as Locale[];
const only = process.env.SHOTS_ONLY ? new RegExp(process.env.SHOTS_ONLY) : undefined;

const ownerOf = (id: keyof typeof routes): Visitor =>
  routes[id].access === 'match-only' ||
  routes[id].access === 'signed-in' ||
  id === 'calculatorResult' ||
  id === 'matchCourses' ||
  id === 'matchCourse'
    ? 'candidate'
    : routes[id].access === 'hire-only'
      ? 'company'
      : 'visitor';

for (const who of ['visitor', 'candidate', 'company'] as const) {
  test(`screenshots as ${who}`, async ({ browser }) => {
    mkdirSync(dir, { recursive: true });
    for (const scheme of ['light', 'dark'] as const) {
      for (const width of [390, 1280]) {
        const context = await browser.newContext({ viewport: { width, height: 900 }, colorScheme: scheme, locale: 'es-ES' });
        const page = await context.newPage();
        await signInAs(page, who);
        const pages = (await pagesFor(who, only)).filter((p) => ownerOf(p.id) === who && shotLocales.includes(p.locale));
        for (const p of pages) {
          await openPage(page, p.path);
          // The enhanced parts (skill picker, selects) load as chunks after hydration and change the page's
          // height: a full-page shot taken before they swap in shows the no-JS form, or blank space.
          await page.waitForLoadState('networkidle');
          await page.screenshot({ path: join(dir, `${p.id}-${p.locale}-${width}-${scheme}.png`), fullPage: true });
        }
        await context.close();
      }
    }
  });
}
