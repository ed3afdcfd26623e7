import { expect, type Page } from '@playwright/test';
import { locales, type Locale } from '../src/i18n/locales';
import { href, routeIds, routes, type RouteId } from '../src/routes';

// What each route answers an anonymous visitor with its sample parameters. Record pages answer their
// not-found screens until their data exists; the guarded and action routes redirect.
export type Expectation = { status: number; redirectTo?: (l: Locale) => string; errorKind?: string };

const expectations: Partial<Record<RouteId, Expectation>> = {
  logout: { status: 303, redirectTo: (l) => href('home', l) },
  matchCourse: { status: 307, redirectTo: (l) => href('login', l) },
  calculatorResult: { status: 307, redirectTo: (l) => href('calculator', l) },
  offer: { status: 404, errorKind: 'offer' },
  talentProfile: { status: 404, errorKind: 'talent' },
  certification: { status: 404, errorKind: 'certification' },
};

export const routeWalk = routeIds.flatMap((id) =>
  locales.map((locale) => ({
    id,
    locale,
    path: href(id, locale, routes[id].sample ?? {}),
    expect: expectations[id] ?? { status: 200 },
  })),
);

/** Console errors and uncaught exceptions of a page, minus the browser's own line for an expected 4xx. */
export function collectErrors(page: Page, allowStatus?: number) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    if (allowStatus && m.text().includes(`status of ${allowStatus}`)) return;
    errors.push(m.text());
  });
  return errors;
}

export async function waitForHydration(page: Page) {
  // The colour-mode button is an island in every layout: once it has a React fiber, the page is hydrated.
  await page.waitForFunction(() => {
    const el = document.querySelector('.dropdown button');
    return !!el && Object.keys(el).some((k) => k.startsWith('__reactFiber'));
  });
}

export async function expectHreflang(page: Page) {
  const langs = await page.locator('head link[rel="alternate"][hreflang]').evaluateAll((els) => els.map((e) => e.getAttribute('hreflang')));
  expect(langs.sort()).toEqual(['en', 'es', 'x-default']);
}
