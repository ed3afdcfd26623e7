import { expect, test, type Page } from '@playwright/test';
import { e2eOrigin } from './env';
import { axeViolations, collectErrors, waitForHydration } from './fixtures';

// The candidate-side job search over the demo offers (400 seeded, about 250 of them open).
const resultsCount = async (page: Page) => Number((await page.locator('.jobs-results-title .muted').textContent())!.replace(/\D/g, ''));
const facet = (page: Page, name: string) => page.getByRole('region', { name, exact: true });
const cardTitles = (page: Page) => page.locator('.job-card .job-title').allTextContents();

test('facet chips filter with their counts, a country narrows the search and active filters come off', async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/trabajos');
  await waitForHydration(page);
  await expect(page.locator('h1')).toHaveText('Trabajos tech y digitales');
  const all = await resultsCount(page);
  expect(all).toBeGreaterThan(100);

  const remote = facet(page, 'Modalidad').getByRole('link', { name: /^Remoto global/ });
  const remoteCount = Number((await remote.locator('.facet-count').textContent())!.replace(/\D/g, ''));
  await remote.click();
  await expect(page).toHaveURL(/\/trabajos\/remote-global$/);
  await expect(page.locator('h1')).toHaveText('Trabajos remotos');
  expect(await resultsCount(page)).toBe(remoteCount);
  await expect(page.locator('.job-card .job-facts li:first-child')).toHaveText(Array(20).fill('Remoto global'));

  const peru = facet(page, 'País').getByRole('link', { name: /^Perú/ });
  const peruCount = Number((await peru.locator('.facet-count').textContent())!.replace(/\D/g, ''));
  await peru.click();
  await expect(page).toHaveURL(/\/peru\/trabajos\/remote-global$/);
  await expect(page.locator('h1')).toHaveText('Trabajos remotos en Perú');
  await expect(page).toHaveTitle('Trabajos remotos en Perú | Tandem');
  expect(await resultsCount(page)).toBe(peruCount);
  await expect(facet(page, 'País').getByRole('link', { name: /^Perú/ })).toHaveAttribute('aria-current', 'true');

  await page.getByRole('link', { name: 'Quitar filtro: Remoto global' }).first().click();
  await expect(page).toHaveURL(/\/peru\/trabajos$/);
  await expect(page.locator('h1')).toHaveText('Trabajos en Perú');
  expect(errors).toEqual([]);
});

test('a non-canonical order answers 301 to the canonical URL with the query; unknown segments and countries are 404', async ({
  request,
  page,
}) => {
  const moved = await request.get('/trabajos/remote-global/senior/react?q=node', { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers()['location']).toBe('/trabajos/react/senior/remote-global?q=node');
  const en = await request.get('/en/chile/trabajos/advanced/backend', { maxRedirects: 0 });
  expect(en.status()).toBe(301);
  expect(en.headers()['location']).toBe('/en/chile/trabajos/backend/advanced');

  for (const path of ['/trabajos/cobol', '/trabajos/junior/senior', '/narnia/trabajos', '/en/peru/trabajos/react/cobol']) {
    expect((await request.get(path, { maxRedirects: 0 })).status(), path).toBe(404);
  }
  await page.goto('/trabajos/react/cobol');
  await expect(page.locator('.error-screen .status')).toHaveText('404');

  await page.goto('/trabajos/remote-global/react');
  await expect(page).toHaveURL(/\/trabajos\/react\/remote-global$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${e2eOrigin()}/trabajos/react/remote-global`);
});

test('crawl budget: a search with more than two facets is noindex and names its two-facet parent as canonical', async ({ page }) => {
  await page.goto('/peru/trabajos/tech/react/senior');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${e2eOrigin()}/peru/trabajos/tech/react`);
  await page.goto('/peru/trabajos/tech/react');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${e2eOrigin()}/peru/trabajos/tech/react`);
});

test('a role implies its area: the area beside it answers 301, and the chips never link both', async ({ request, page }) => {
  const moved = await request.get('/peru/trabajos/tech/backend/senior?q=go', { maxRedirects: 0 });
  expect(moved.status()).toBe(301);
  expect(moved.headers()['location']).toBe('/peru/trabajos/backend/senior?q=go');
  const en = await request.get('/en/trabajos/tech/tech-lead', { maxRedirects: 0 });
  expect(en.status()).toBe(301);
  expect(en.headers()['location']).toBe('/en/trabajos/tech-lead');
  expect((await request.get('/trabajos/product/tech-lead', { maxRedirects: 0 })).status()).toBe(404);

  await page.goto('/trabajos/tech');
  const roleLinks = await facet(page, 'Rol')
    .locator('a')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
  expect(roleLinks).toContain('/trabajos/backend');
  expect(roleLinks.filter((h) => h?.startsWith('/trabajos/tech/'))).toEqual([]);
  await page.goto('/trabajos/backend');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${e2eOrigin()}/trabajos/backend`);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  const area = facet(page, 'Área').getByRole('link', { name: /^Tecnología/ });
  await expect(area).toHaveAttribute('aria-current', 'true');
  await expect(area).toHaveAttribute('href', '/trabajos');
});

test('pagination: 20 per page by cursor, an honest pager, every offer once; old page numbers go to the first page', async ({
  page,
  request,
}) => {
  await page.goto('/en/trabajos/tech');
  const total = await resultsCount(page);
  expect(total).toBeGreaterThan(40);
  const first = await cardTitles(page);
  expect(first).toHaveLength(20);
  const nav = page.getByRole('navigation', { name: 'Pagination' });
  await expect(nav.locator('[aria-current="page"]')).toHaveText(`1–20 of ${total.toLocaleString('en')}`);
  await expect(nav.locator('a[rel="first"]')).toHaveCount(0);
  await expect(nav.locator('a[rel="next"]')).toHaveText('Next 20');
  await nav.locator('a[rel="next"]').click();
  await expect(page).toHaveURL(/\/en\/trabajos\/tech\?cursor=[A-Za-z0-9_-]+$/);
  await expect(nav.locator('[aria-current="page"]')).toHaveText(`21–40 of ${total.toLocaleString('en')}`);
  await expect(nav.locator('a[rel="first"]')).toHaveAttribute('href', '/en/trabajos/tech');
  const second = await cardTitles(page);
  expect(second).toHaveLength(20);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
  // A thumb's target on a phone: each pager link is at least 44 px tall.
  await page.setViewportSize({ width: 390, height: 844 });
  for (const link of await nav.locator('a').all()) expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  // Walk to the end: the last page has no next link, and every offer was shown once.
  const seen = [...first, ...second];
  while ((await nav.locator('a[rel="next"]').count()) > 0) {
    const next = (await nav.locator('a[rel="next"]').getAttribute('href'))!;
    await page.goto(next);
    seen.push(...(await cardTitles(page)));
  }
  expect(seen).toHaveLength(total);
  // A crawled page number goes to the first page (301), a broken cursor shows the first page.
  const old = await request.get('/en/trabajos/tech?pagina=3', { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers()['location']).toBe('/en/trabajos/tech');
  await page.goto('/en/trabajos/tech?cursor=not-a-cursor');
  expect(await cardTitles(page)).toEqual(first);
});

test('free text ignores accents and case, and an empty result suggests dropping each filter', async ({ page }) => {
  await page.goto('/trabajos');
  await page.getByRole('searchbox', { name: 'Buscar ofertas' }).fill('diseñador');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/\/trabajos\?q=dise%C3%B1ador$/);
  // The address can change before the results do (a client navigation): the title comes with them.
  await expect(page).toHaveTitle('Trabajos tech y digitales: «diseñador» | Tandem');
  const withAccent = await resultsCount(page);
  expect(withAccent).toBeGreaterThan(0);
  for (const title of await cardTitles(page)) expect(title).toMatch(/Diseñador/);
  await page.goto('/trabajos?q=DISENADOR');
  expect(await resultsCount(page)).toBe(withAccent);
  await expect(page).toHaveTitle('Trabajos tech y digitales: «DISENADOR» | Tandem');

  await page.goto('/peru/trabajos/rust/senior?q=zzzz&salario_min=7000');
  const empty = page.locator('.jobs-empty');
  await expect(empty).toContainText('No hay ofertas abiertas con estos filtros.');
  await expect(empty.getByRole('link')).toHaveText([
    'Quitar filtro: Perú',
    'Quitar filtro: Rust',
    'Quitar filtro: Senior (6+ años)',
    'Quitar la búsqueda «zzzz»',
    /^Quitar el salario mínimo \(7000\sUS\$\)$/,
    'Ver todas las ofertas',
    '¿Nada todavía? Crea una alerta y te avisamos cuando se publique una oferta así.',
  ]);
  await expect(empty.getByRole('link', { name: 'Quitar filtro: Perú' })).toHaveAttribute(
    'href',
    '/trabajos/rust/senior?q=zzzz&salario_min=7000',
  );
  await expect(empty.getByRole('link', { name: 'Quitar la búsqueda «zzzz»' })).toHaveAttribute(
    'href',
    '/peru/trabajos/rust/senior?salario_min=7000',
  );
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, follow');
});

test('the search forgives typos and abbreviations, says how it read them, and reads a place as the country filter', async ({
  page,
  request,
}) => {
  await page.goto('/trabajos?q=desarrollador');
  const right = await resultsCount(page);
  expect(right).toBeGreaterThan(0);
  await expect(page.locator('.jobs-understood')).toHaveCount(0);
  await page.goto('/trabajos?q=desarollador');
  await expect(page.locator('.jobs-understood')).toContainText('Mostrando resultados para «desarrollador».');
  expect(await resultsCount(page)).toBe(right);
  // The words as typed, one link away.
  await page.getByRole('link', { name: 'Buscar exactamente «desarollador»' }).click();
  await expect(page).toHaveURL(/\/trabajos\?q=desarollador&exacto=1$/);
  await expect(page.locator('.jobs-empty')).toContainText('No hay ofertas abiertas con estos filtros.');
  await expect(page.locator('.jobs-understood')).toHaveCount(0);

  await page.goto('/en/trabajos?q=js');
  await expect(page.locator('.jobs-understood')).toContainText('Showing results for “JavaScript”.');
  expect(await resultsCount(page)).toBeGreaterThan(0);

  // A country or a city, with or without accents, in either language: the country's search, the same offers.
  await page.goto('/trabajos');
  const peru = facet(page, 'País').getByRole('link', { name: /^Perú/ });
  const peruCount = Number((await peru.locator('.facet-count').textContent())!.replace(/\D/g, ''));
  for (const [q, to] of [
    ['peru', '/peru/trabajos'],
    ['Perú', '/peru/trabajos'],
    ['Lima', '/peru/trabajos'],
  ]) {
    const res = await request.get(`/trabajos?q=${encodeURIComponent(q!)}`, { maxRedirects: 0 });
    expect(res.status(), q).toBe(301);
    expect(res.headers()['location'], q).toBe(to);
  }
  await page.getByRole('searchbox', { name: 'Buscar ofertas' }).fill('peru');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page).toHaveURL(/\/peru\/trabajos$/);
  await expect(page.locator('h1')).toHaveText('Trabajos en Perú');
  expect(await resultsCount(page)).toBe(peruCount);
  await page.goto('/en/trabajos?q=developer+in+Lima');
  await expect(page).toHaveURL(/\/en\/peru\/trabajos\?q=developer$/);
});

test('on a phone: filters in a sheet behind one button, a sideways chip row, whole-card links and relative dates', async ({ page }) => {
  const errors = collectErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/peru/trabajos/remote-global');
  const open = page.getByRole('link', { name: 'Filtros (2)' });
  await expect(open).toBeVisible();
  // Right under the search box.
  const form = (await page.locator('form.job-search').boundingBox())!;
  const button = (await open.boundingBox())!;
  expect(button.y).toBeGreaterThanOrEqual(form.y + form.height);
  expect(button.y - (form.y + form.height)).toBeLessThan(32);
  // One row of chips that scrolls sideways; the page does not.
  const row = page.locator('.jobs-chip-row');
  await expect(row.getByRole('link', { name: 'Quitar filtro: Perú' })).toBeVisible();
  expect(await row.evaluate((e) => e.scrollWidth > e.clientWidth && getComputedStyle(e).overflowX === 'auto')).toBe(true);
  const rowBox = (await row.boundingBox())!;
  for (const chip of await row.locator('.chip').all()) expect((await chip.boundingBox())!.y).toBeCloseTo(rowBox.y + 3.2, -1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

  // The sheet: closed, then open with the salary and sort, and a search from it.
  const sheet = page.locator('#jobs-filters');
  await expect(sheet).toBeHidden();
  await open.click();
  await expect(sheet).toBeVisible();
  await expect(sheet.getByRole('heading', { name: 'Filtros' })).toBeVisible();
  await expect(sheet.getByRole('region', { name: 'Rol', exact: true })).toBeVisible();
  await sheet.getByLabel('Salario mínimo', { exact: true }).selectOption('2000');
  await sheet.getByLabel('Ordenar por').selectOption('salario');
  await sheet.getByRole('button', { name: 'Aplicar' }).click();
  await expect(page).toHaveURL(/\/peru\/trabajos\/remote-global\?salario_min=2000&orden=salario$/);
  await expect(page.getByRole('link', { name: 'Filtros (3)' })).toBeVisible();
  await expect(sheet).toBeHidden();
  await page.getByRole('link', { name: 'Filtros (3)' }).click();
  await sheet.getByRole('link', { name: 'Cerrar' }).click();
  await expect(sheet).toBeHidden();

  // A card's date in words, the date itself in its title; a tap anywhere on the card opens the offer.
  const card = page.locator('.job-card').first();
  await expect(card.locator('time')).toHaveText(/^Publicada (hoy|ayer|hace \d+ (días|meses?))$/);
  await expect(card.locator('time')).toHaveAttribute('title', /^\d{2}\/\d{2}\/\d{4}$/);
  const offer = (await card.locator('.job-title a').getAttribute('href'))!;
  // A tap on the salary line (no link of its own) lands on the card's link.
  const salary = (await card.locator('.job-salary').boundingBox())!;
  await page.mouse.click(salary.x + 5, salary.y + salary.height / 2);
  await expect(page).toHaveURL(new RegExp(`${offer}$`));
  // The company link inside the card still goes to the company.
  await page.goBack();
  const company = (await card.locator('.job-company a').getAttribute('href'))!;
  await card.locator('.job-company a').click();
  await expect(page).toHaveURL(new RegExp(`${company}$`));
  expect(errors).toEqual([]);
});

test('an empty search offers the nearest searches with offers and an alert, with no empty filters card', async ({ page }) => {
  await page.goto('/peru/trabajos/senior?q=zzzz');
  const empty = page.locator('.jobs-empty');
  await expect(empty).toContainText('Búsquedas parecidas con ofertas:');
  const near = empty.getByRole('link', { name: /^Sin «zzzz»: ver \d+ ofertas?$/ });
  await expect(near).toHaveAttribute('href', '/peru/trabajos/senior');
  const n = Number((await near.textContent())!.replace(/\D/g, ''));
  await near.click();
  await expect(page).toHaveURL(/\/peru\/trabajos\/senior$/);
  await expect.poll(() => resultsCount(page)).toBe(n);
  await page.goBack();
  await expect(empty.getByRole('link', { name: /Crea una alerta/ })).toHaveAttribute('href', /^\/alertas\/nueva\?/);
  // The filters column still holds the salary and sort, and the chosen filters.
  await expect(page.locator('#jobs-filters').getByLabel('Salario mínimo', { exact: true })).toBeVisible();
  await expect(facet(page, 'País').getByRole('link', { name: /^Perú/ })).toHaveAttribute('aria-current', 'true');
});

test('every search is an RSS feed of the same results, linked from the head', async ({ page, request }) => {
  await page.goto('/en/peru/trabajos/remote-global?orden=salario');
  const feedLink = page.locator('head link[rel="alternate"][type="application/rss+xml"]');
  await expect(feedLink).toHaveAttribute('href', `${e2eOrigin()}/en/peru/trabajos/remote-global?orden=salario&format=rss`);
  const res = await request.get((await feedLink.getAttribute('href'))!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/rss+xml; charset=utf-8');
  const xml = await res.text();
  expect(xml).toContain('<rss version="2.0"');
  expect(xml).toContain('<title>Remote jobs in Peru | Tandem</title>');
  const titles = [...xml.matchAll(/<item>\s*<title>([^<]*)<\/title>/g)].map((m) => m[1]!.replace(/ · [^·]*$/, '').replace(/&amp;/g, '&'));
  expect(titles).toEqual(await cardTitles(page));
  const links = [...xml.matchAll(/<item>[\s\S]*?<link>([^<]*)<\/link>/g)].map((m) => m[1]);
  const pageLinks = await page.locator('.job-card .job-title a').evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
  expect(links).toEqual(pageLinks);
  expect(links[0]).toMatch(new RegExp(`^${e2eOrigin()}/en/oferta/[a-z0-9-]+$`));
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false, locale: 'en-US' });

  test('the search form filters by text, minimum salary and sort', async ({ page }) => {
    await page.goto('/en/trabajos/tech');
    await page.getByRole('searchbox', { name: 'Search offers' }).fill('senior');
    await page.getByLabel('Minimum salary', { exact: true }).selectOption('3000');
    await page.getByLabel('Sort by').selectOption('salario');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/en\/trabajos\/tech\?q=senior&salario_min=3000&orden=salario$/);
    await expect(page.getByRole('searchbox', { name: 'Search offers' })).toHaveValue('senior');
    await expect(page.getByLabel('Minimum salary', { exact: true })).toHaveValue('3000');
    const usd = await page.locator('.job-card .job-salary').evaluateAll((els) =>
      els.map((e) => {
        const text = (e.querySelector('.job-salary-usd') ?? e).textContent;
        return Math.max(...[...text.matchAll(/\$([\d,]+)/g)].map((m) => Number(m[1]!.replace(/,/g, ''))));
      }),
    );
    expect(usd.length).toBeGreaterThan(0);
    for (const v of usd) expect(v).toBeGreaterThanOrEqual(3000);
    expect(usd).toEqual([...usd].sort((a, b) => b - a));
    for (const title of await cardTitles(page)) expect(title).toMatch(/Senior/);
    await page.getByRole('link', { name: 'Remove the search “senior”' }).click();
    await expect(page).toHaveURL(/\/en\/trabajos\/tech\?salario_min=3000&orden=salario$/);
  });
});

test('the search pages pass the accessibility scan, light and dark, in both languages, with no sideways scrolling on a phone', async ({
  page,
}) => {
  for (const path of ['/trabajos/tech', '/en/peru/trabajos/react?q=dev', '/bolivia/trabajos/rust/senior?q=zzzz']) {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(path);
    for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(page, scheme), path).toEqual([]);
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto(path);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
      path,
    ).toBeLessThanOrEqual(0);
  }
});
