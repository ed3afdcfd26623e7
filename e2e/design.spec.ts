import { expect, test } from '@playwright/test';
import { WEB_FONT_KEY } from '../src/domain/web-font';
import { queryOne, signIn, waitForHydration } from './fixtures';

// Decision 029, phone first: the home page answers at a glance, the offer page keeps applying in reach on a
// phone, share links copy, the signed-in header fits a 320 px phone, and the typeface is our own file.
const openOffer = () =>
  queryOne<{ slug: string; title: string }>(
    "select slug, title from offers where status = 'published' and valid_through > ? order by id limit 1",
    new Date().toISOString(),
  );

test('the home page searches jobs, shows live counts and a live salary with its provenance', async ({ page }) => {
  await page.goto('/');
  const counts = page.locator('.home-counts [data-figure]');
  await expect(counts).toHaveCount(3);
  const open = await queryOne<{ n: number }>(
    "select count(*) as n from offers where status = 'published' and valid_through > ?",
    new Date().toISOString(),
  );
  await expect(page.locator('[data-figure="openOffers"] strong')).toContainText(new Intl.NumberFormat('es-ES').format(open!.n));
  // Demo figures are marked as such.
  await expect(page.locator('.home-counts-note')).toContainText('Incluye datos de demostración');
  const salary = page.getByTestId('home-salary');
  await expect(salary).toContainText(/Sueldo mediano · .+ en .+/);
  await expect(salary.getByTestId('demo-badge')).toBeVisible();
  await expect(salary).toContainText(/\d+ reportes/);
  await expect(page.getByTestId('latest-offers').locator('.job-card')).toHaveCount(4);

  await page.getByRole('searchbox', { name: 'Buscar empleo' }).fill('react');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await expect(page).toHaveURL(/\/trabajos\?q=react$/);
  await expect(page.locator('#jobs-q')).toHaveValue('react');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the offer page puts applying before the description and keeps a bar with the salary and "Postular"', async ({ page }) => {
    const offer = (await openOffer())!;
    await page.goto(`/oferta/${offer.slug}`);
    const apply = await page.locator('#apply').boundingBox();
    const description = await page.getByRole('heading', { name: 'Descripción' }).boundingBox();
    expect(apply!.y).toBeLessThan(description!.y);
    // The whole column in reading order, the report box last: a box without its place would sit above the
    // facts, and a page streamed in slowly would paint the facts and then push them down when it arrived.
    const column = [
      '.facts',
      '.offer-skills',
      '#apply',
      '.offer-description',
      '.offer-verdict',
      '.offer-related',
      '.offer-share',
      '.offer-report',
    ];
    const tops = await Promise.all(column.map(async (selector) => (await page.locator(selector).first().boundingBox())!.y));
    expect(column.toSorted((a, b) => tops[column.indexOf(a)]! - tops[column.indexOf(b)]!)).toEqual(column);
    const bar = page.getByTestId('apply-bar');
    await expect(bar).toBeVisible();
    await expect(bar).toContainText(/al (mes|año)/);
    // Fixed to the bottom of the screen while the page scrolls.
    const box = (await bar.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(844);
    await bar.getByRole('link', { name: 'Postular ahora' }).click();
    await expect(page).toHaveURL(/#apply$/);
    await expect(page.locator('#apply')).toBeInViewport();
  });

  test('the signed-in header fits 320 px: the avatar in the bar, the name in the menu', async ({ page }) => {
    await signIn(page, '/ingresar', 'candidata@demo.tandem.example', 'tandem-demo-2026');
    await page.waitForURL((u) => !u.pathname.startsWith('/ingresar'));
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto('/');
    await waitForHydration(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await expect(page.locator('.header-actions .session-name')).toBeHidden();
    await expect(page.locator('.mobile-menu .menu-button')).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('session-menu')).toBeInViewport({ ratio: 1 });
    await page.locator('.mobile-menu .menu-button').click();
    await expect(page.getByTestId('menu-user')).toContainText('Ana');
  });
});

test('a share link is a field with a "Copiar enlace" button that copies it', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const offer = (await openOffer())!;
  await page.goto(`/oferta/${offer.slug}`);
  await waitForHydration(page);
  const share = page.getByTestId('share-link');
  await expect(share.getByRole('textbox', { name: 'Enlace para compartir' })).toHaveValue(new RegExp(`/oferta/${offer.slug}$`));
  await share.getByRole('button', { name: 'Copiar enlace' }).click();
  await expect(share.getByRole('status')).toHaveText('Enlace copiado');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/oferta/${offer.slug}$`));
});

// Not preloaded (decision 031): Chromium holds the first paint up to 100 ms for a preloaded font. A first visit
// loads it once the page is idle (decision 093).
test('the typeface is one file of our own, not preloaded, and the styles are in the page', async ({ page }) => {
  const fonts: string[] = [];
  const styles: string[] = [];
  page.on('request', (r) => r.resourceType() === 'font' && fonts.push(r.url()));
  page.on('request', (r) => r.resourceType() === 'stylesheet' && styles.push(r.url()));
  await page.goto('/herramientas/peru');
  expect(await page.locator('head link[rel="preload"]').count()).toBe(0);
  // Loaded once the page is idle, for the next page loads (decision 093).
  await page.waitForFunction((key) => localStorage.getItem(key), WEB_FONT_KEY);
  expect([...new Set(fonts)]).toHaveLength(1);
  expect(new URL(fonts[0]!).origin).toBe(new URL(page.url()).origin);
  expect(new URL(fonts[0]!).pathname).toMatch(/^\/assets\/inter-latin-wght-normal-[\w-]+\.woff2$/);
  // The build's stylesheet is inline; its link stays, inert (a type that is no styling language, and
  // disabled: never fetched nor applied), for React to find.
  await expect(page.locator('head style[data-href^="/assets/"]')).toHaveCount(1);
  await expect(page.locator('head link[rel="stylesheet"]')).toHaveCount(1);
  await expect(page.locator('head link[rel="stylesheet"][type="text/x-inlined"][disabled]')).toHaveCount(1);
  expect(styles, 'stylesheets fetched by the page load').toEqual([]);
  // The app's JavaScript waits for the page's paint: no module preload in the served head, and the
  // framework's bootstrap import rewritten (a Waku upgrade that changes the bootstrap would show here).
  const html = await (await page.request.get('/herramientas/peru')).text();
  expect(html.slice(0, html.indexOf('</head>'))).not.toContain('modulepreload');
  expect(html).toMatch(/\/\*after-paint\*\/\["\/assets\/[^\]]*\]\.forEach/);
  expect(html).not.toMatch(/[^(]import\("\/assets\//);
  await waitForHydration(page);
  // A client navigation keeps the styles and asks for no stylesheet either.
  await page.locator('main a[href^="/herramientas/peru/"]').first().click();
  await expect(page).toHaveURL(/\/herramientas\/peru\/./);
  await expect(page.locator('h1')).toBeVisible();
  expect(await page.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--text-muted'))).not.toBe('');
  expect(styles, 'stylesheets fetched by the page load or the navigation').toEqual([]);
  // The next page load names Inter first, and it covers Spanish.
  await page.reload();
  await page.evaluate(() => document.fonts.ready);
  expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"', 'ñáéíóú¿¡'))).toBe(true);
});
