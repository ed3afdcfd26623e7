import { expect, test, type Locator, type Page } from '@playwright/test';
import { axeViolations } from './fixtures';

const box = async (l: Locator) => (await l.boundingBox())!;
const amount = (s: string | null) => Number((s ?? '').replace(/[^\d]/g, ''));
const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

// The salary pages read the aggregates of the demo reports (20,000 on a fresh install) and any imports.

/** Opens the blocks a salary page shows closed behind their headings (decision 082). */
async function openBlocks(page: Page) {
  const closed = page.locator('details.block-more:not([open]) > summary');
  while ((await closed.count()) > 0) await closed.first().click();
}

test('the country hub shows what each role earns, in local currency and USD, with sources, the demo label and links onwards', async ({
  page,
}) => {
  await page.goto('/herramientas/peru');
  await openBlocks(page);
  // The answer right under the H1 (decision 029): the median in soles and US$, the 25–75 % range, n.
  const answer = page.locator('h1 + .salary-answer');
  await expect(answer.getByRole('heading', { name: 'Mediana del sueldo bruto mensual' })).toBeVisible();
  await expect(answer.locator('.answer-main')).toHaveText(/^[\d.]+\sPEN$/);
  await expect(answer.locator('.answer-usd')).toHaveText(/^[\d.]+\sUS\$$/);
  await expect(answer.getByTestId('salary-range')).toHaveText(/^[\d.]+\sPEN – [\d.]+\sPEN[\d.]+\sUS\$ – [\d.]+\sUS\$$/);
  expect(amount(await answer.getByTestId('salary-n').textContent())).toBeGreaterThan(50);
  // A demo install: every figure says it is demo data (decision 024), the answer and each block.
  await expect(answer.getByTestId('demo-badge')).toHaveText('Datos de demostración');
  await expect(page.locator('.salary-block').first().getByTestId('demo-badge')).toBeVisible();
  const byRole = page.getByRole('table').first();
  await expect(byRole.locator('caption')).toContainText('Sueldo bruto mensual');
  expect(await byRole.locator('tbody tr').count()).toBeGreaterThan(10);
  await expect(byRole.getByRole('link', { name: 'Desarrollador/a Backend' })).toHaveAttribute('href', '/herramientas/peru/backend');
  await expect(page.getByRole('complementary', { name: 'Fuentes y licencias' })).toContainText('datos de demostración de Tandem');
  await expect(page.locator('.demo-note')).toContainText('datos de demostración');
  await expect(page.locator('a.btn-primary[href="/herramientas/salario/calculadora?country=peru"]')).toHaveText('Calculadora de salario');
  // The call to add one's salary leads into the calculator's flow, with the page's country (decision 082).
  await expect(page.getByTestId('add-salary').getByRole('link', { name: 'Añade tu salario' })).toHaveAttribute(
    'href',
    '/herramientas/salario/calculadora?country=peru',
  );
  await expect(page.getByRole('link', { name: '¿Cuánto gana un developer en Perú?' })).toHaveAttribute(
    'href',
    '/herramientas/peru/salario',
  );
  await expect(page.getByRole('heading', { name: 'Salarios por skill en este país' })).toBeVisible();
  await expect(page.locator('a[href="/herramientas/peru/salario/developer/devops"]')).toBeVisible();
  // Each list once (decision 029): the role table links the role pages, no chips repeat them; one method note.
  await expect(page.locator('main a[href="/herramientas/peru/backend"]')).toHaveCount(1);
  await expect(page.locator('main').getByText(/Los grupos con menos de 10 reportes no se muestran/)).toHaveCount(1);
  // The method says how each source's reports get their role (decision 053).
  await expect(page.getByTestId('salary-method')).toContainText('lo deducimos del lenguaje de programación principal');
  // A page with figures is indexed.
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
});

test('a page across countries shows its countries first, and names no single country when several are behind it', async ({ page }) => {
  for (const [path, first] of [
    ['/herramientas/salario/developer/frontend', ['Por país', 'Por seniority']],
    ['/herramientas/salario/skill/react', ['Por país', 'Por rol']],
    ['/en/tools/salary/developer/data-analyst', ['By country', 'By seniority']],
  ] as const) {
    await page.goto(path);
    await openBlocks(page);
    await expect(page.getByTestId('salary-median')).toBeVisible();
    expect((await page.locator('.salary-block h2').allTextContents()).slice(0, 2), path).toEqual(first);
    // Demo reports cover every country: no "all figures come from …".
    await expect(page.getByTestId('salary-one-country')).toHaveCount(0);
  }
});

test('"how much does a developer earn" answers with seniority, who pays, developer roles, and the effects of modality, English and skills', async ({
  page,
}) => {
  await page.goto('/herramientas/mexico/salario');
  await openBlocks(page);
  await expect(page.getByTestId('salary-median')).toBeVisible();
  const headings = page.locator('.salary-block h2');
  await expect(headings).toHaveText([
    'Por seniority',
    // Demo reports are all paid in local currency: no pay-currency block, one value compares with nothing.
    '¿Quién paga?',
    'Tipo de contrato',
    'Developers por rol',
    'Por modalidad',
    'Por nivel de inglés',
    'Skills mejor pagadas',
  ]);
  const devRoles = page.getByRole('region', { name: 'Developers por rol', exact: true }).getByRole('table');
  await expect(devRoles.getByRole('link', { name: 'Marketing Digital' })).toHaveCount(0);
  const modality = page.getByRole('region', { name: 'Por modalidad', exact: true }).getByRole('table');
  await expect(modality.locator('thead th').nth(3)).toHaveText('Frente a la mediana');
  await expect(modality.locator('tbody td').nth(2)).toHaveText(/^[+−±]\d+ %$/);
  expect(await page.getByRole('region', { name: 'Skills mejor pagadas', exact: true }).locator('tbody tr').count()).toBeLessThanOrEqual(10);
  // Who pays, against the page's median; and the sample's mix under the median (demo: remote-global is foreign).
  const employer = page.getByRole('region', { name: '¿Quién paga?', exact: true });
  await expect(employer.locator('tbody th', { hasText: 'Empresa del exterior' })).toHaveCount(1);
  await expect(employer.locator('tbody td').nth(2)).toHaveText(/^[+−±]\d+ %$/);
  await expect(page.getByTestId('salary-mix')).toHaveText(/^El \d+\s% de estos reportes trabaja para empresas del exterior\.$/);
});

test('a role in a country in English: by seniority, work mode, English and skills; the chart has a table twin', async ({ page }) => {
  await page.goto('/en/tools/peru/backend');
  await openBlocks(page);
  await expect(page.getByTestId('salary-median')).toHaveText(/^PEN\s[\d,]+US\$[\d,]+$/);
  await expect(page.getByTestId('salary-n')).toHaveText(/^\d+$/);
  for (const h of ['By seniority', 'By work mode', 'By English level', 'Best-paid skills'])
    await expect(page.getByRole('heading', { name: h })).toBeVisible();
  const seniority = page.getByRole('region', { name: 'By seniority', exact: true }).getByRole('table');
  await expect(seniority.locator('tbody th')).toHaveText(['Senior (6+ years)', 'Mid-level (3-5 years)', 'Junior (0-2 years)']);
  // The chart is one image to assistive technology, named, pointing at its table twin.
  await expect(
    page.getByRole('img', { name: /^Chart “By seniority”: median and 25–75% range .* The table below gives the same figures\.$/ }),
  ).toBeVisible();
  // Demo figures are never published to search engines (decision 024; the real-data case is a unit test).
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
  // Similar roles: the other tech roles in Peru, linking to their pages.
  const similar = page.getByRole('region', { name: 'Similar roles', exact: true }).getByRole('table');
  await expect(similar.getByRole('link', { name: 'Frontend Developer' })).toHaveAttribute('href', '/en/tools/peru/frontend');
  await expect(similar.getByRole('link', { name: 'Backend Developer' })).toHaveCount(0);
});

test('every figure says its confidence grade; thin groups come apart, after the others; the page explains the grades once', async ({
  page,
}) => {
  await page.goto('/en/tools/peru/backend');
  await openBlocks(page);
  await expect(page.getByTestId('salary-confidence')).toHaveText(/^(High|Medium|Low) confidence$/);
  // Each table row says its n and grade, each bar too.
  const grade = '(high|medium|low)';
  for (const cell of await page.locator('.salary-table td.row-n').all()) await expect(cell).toHaveText(new RegExp(`^\\d+ · ${grade}$`));
  for (const note of await page.locator('.range-chart .rc-n').all()) await expect(note).toHaveText(new RegExp(`^n=\\d+ · ${grade}$`));
  expect(await page.locator('.range-chart .rc-n').count()).toBe(await page.locator('.range-chart .rc-row').count());
  // The demo data has thin work-mode groups in Peru (under 25 reports): listed under "Few reports", after the others.
  const modality = page.getByRole('region', { name: 'By work mode', exact: true });
  const few = modality.getByTestId('few-reports');
  await expect(few.getByRole('heading', { level: 3, name: 'Few reports' })).toBeVisible();
  for (const cell of await few.locator('td.row-n').all()) await expect(cell).toHaveText(/ · low$/);
  const ranked = modality.getByRole('region', { name: 'Table: By work mode', exact: true });
  for (const cell of await ranked.locator('td.row-n').all()) await expect(cell).toHaveText(/ · (high|medium)$/);
  // Behind the sources' one summary (decision 082, opened with the blocks above), said once.
  await expect(page.getByTestId('sources-more')).toHaveAttribute('open', '');
  await expect(page.getByRole('heading', { name: 'What does the confidence mean?' })).toHaveCount(1);
  await expect(page.getByTestId('grade-help')).toContainText('With fewer than 10 reports we give no figure');
});

test('a group without enough reports says so instead of showing numbers, and where the data does reach', async ({ page }) => {
  await page.goto('/herramientas/bolivia/salario/skill/rust');
  await openBlocks(page);
  // No figure, no search engine: noindex here, and left out of the sitemap (decision 053).
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /^noindex/);
  await expect(page.getByTestId('salary-answer')).toHaveCount(0);
  const none = page.getByTestId('no-salary-data');
  await expect(none).toContainText('Todavía no tenemos suficientes reportes para este grupo.');
  await expect(none).toContainText('Hay cifras para:');
  await expect(none.getByRole('link', { name: 'Perú' })).toHaveAttribute('href', '/herramientas/peru');
  // And the roles that do have figures in this country.
  await expect(none.getByTestId('covered-roles')).toContainText('En Bolivia hay cifras de estos roles:');
  await expect(none.getByTestId('covered-roles').getByRole('link').first()).toHaveAttribute('href', /^\/herramientas\/bolivia\/[a-z-]+$/);
  await expect(none).not.toContainText(/README|npm run|importa una encuesta/);
  await expect(page.getByTestId('salary-method')).toContainText('La Plaza Devs');
  // The sitemap is built in the background (decision 055): on a fresh server the first build may be under way.
  await expect.poll(async () => (await page.request.get('/sitemaps/salaries.xml')).status()).toBe(200);
  const sitemap = await (await page.request.get('/sitemaps/salaries.xml')).text();
  expect(sitemap).toContain('/herramientas/peru/backend</loc>');
  expect(sitemap).not.toContain('/herramientas/bolivia/salario/skill/rust<');
});

test('salary pages pass the accessibility scan with their charts and tables, light and dark, wide and on a phone', async ({ page }) => {
  for (const path of ['/herramientas/salario/skill/react', '/en/tools/colombia/salary', '/herramientas/bolivia/salario/skill/rust']) {
    await page.goto(path);
    for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(page, scheme), path).toEqual([]);
  }
  // The phone layout: the navigation disclosure (opened) and the scroll hints.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/herramientas/peru/backend');
  await page.getByTestId('tools-nav-compact').locator('summary').click();
  for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(page, scheme), 'phone').toEqual([]);
});

test('the range chart has a value axis with money ticks and writes low, median and high at each bar, as the table says', async ({
  page,
}) => {
  await page.goto('/en/tools/peru/backend');
  await openBlocks(page);
  const chart = page.getByRole('img', { name: /^Chart “By seniority”/ });
  // The axis: round US$ values from 0, increasing, at least three.
  const ticks = (await chart.getByTestId('chart-axis').locator('.rc-tick').allTextContents()).map(amount);
  expect(ticks.length).toBeGreaterThanOrEqual(3);
  expect(ticks[0]).toBe(0);
  for (let i = 1; i < ticks.length; i++) expect(ticks[i]).toBeGreaterThan(ticks[i - 1]!);
  const rows = chart.locator('.rc-row');
  await expect(rows.locator('.rc-label')).toHaveText(['Senior (6+ years)', 'Mid-level (3-5 years)', 'Junior (0-2 years)']);
  const table = page.getByRole('region', { name: 'By seniority', exact: true }).getByRole('table');
  for (let i = 0; i < 3; i++) {
    const row = rows.nth(i);
    const [low, mid, high] = await Promise.all(
      ['.rc-low', '.rc-mid', '.rc-high'].map(async (c) => amount(await row.locator(c).textContent())),
    );
    expect(low).toBeLessThanOrEqual(mid!);
    expect(mid).toBeLessThanOrEqual(high!);
    expect(high).toBeLessThanOrEqual(ticks[ticks.length - 1]!);
    // The same figures as the table's US$ median and range.
    const cells = table.locator('tbody tr').nth(i).locator('td .money-usd');
    expect(amount(await cells.nth(0).textContent())).toBe(mid);
    expect(await cells.nth(1).textContent()).toMatch(new RegExp(`^\\$${low!.toLocaleString('en')} – \\$${high!.toLocaleString('en')}$`));
    // The median marker stands inside its bar.
    const bar = await box(row.locator('.rc-bar'));
    const marker = await box(row.locator('.rc-median'));
    expect(marker.x + marker.width / 2).toBeGreaterThanOrEqual(bar.x - 1);
    expect(marker.x + marker.width / 2).toBeLessThanOrEqual(bar.x + bar.width + 1);
  }
});

test('on a phone the answer comes first, the tools navigation follows it closed, tables say they scroll, nothing scrolls sideways', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/herramientas/peru/backend');
  const h1 = await box(page.getByRole('heading', { level: 1 }));
  const answer = await box(page.getByTestId('salary-answer'));
  expect(answer.y).toBeGreaterThanOrEqual(h1.y + h1.height);
  // The answer fits the first screen, under the header.
  expect(answer.y + answer.height).toBeLessThan(844);
  // The sidebar is not shown; its links come as a closed disclosure after the answer.
  await expect(page.locator('.tools-sidebar')).toBeHidden();
  const nav = page.getByTestId('tools-nav-compact');
  await expect(nav).toBeVisible();
  expect((await box(nav)).y).toBeGreaterThan(answer.y + answer.height);
  const mexico = nav.getByRole('link', { name: 'México' });
  await expect(mexico).toBeHidden();
  await nav.getByText('Otros países, roles y skills').click();
  await expect(mexico).toBeVisible();
  // A table scrolls in its own box, focusable, named, with the hint shown (the table one tap away, decision 082).
  await page.locator('label[for="by-seniority-view-table"]').click();
  const region = page.getByRole('region', { name: 'Tabla: Por seniority' });
  await expect(region).toHaveAttribute('tabindex', '0');
  await expect(page.locator('#by-seniority-hint')).toBeVisible();
  await expect(page.locator('#by-seniority-hint')).toHaveText('Desliza para ver más');
  await region.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((e) => e.scrollLeft)).toBeGreaterThan(0);
  // Chart text keeps a readable size (the old SVG shrank it to ~7 px).
  const sizes = await page
    .locator('.range-chart')
    .first()
    .evaluate((c) =>
      [...c.querySelectorAll('*')].filter((e) => e.childNodes.length && e.textContent).map((e) => parseFloat(getComputedStyle(e).fontSize)),
    );
  expect(sizes.length).toBeGreaterThan(10);
  expect(Math.min(...sizes)).toBeGreaterThanOrEqual(12);
  // No page scrolls sideways at 390 or 320 px.
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of [
      '/herramientas/peru/backend',
      '/herramientas/colombia',
      '/en/tools/salary/developer/frontend',
      '/herramientas/chile/salario',
      '/herramientas/bolivia/salario/skill/rust',
    ]) {
      await page.goto(path);
      expect(await fitsWidth(page), `${path} at ${width} px`).toBe(true);
    }
  }
});

test('on a wide screen the navigation is the sidebar, the phone disclosure and scroll hints are hidden', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/en/tools/colombia/salary');
  await expect(page.locator('.tools-sidebar').getByRole('link', { name: 'Mexico' })).toBeVisible();
  await expect(page.getByTestId('tools-nav-compact')).toBeHidden();
  await expect(page.getByTestId('scroll-hint').first()).toBeHidden();
  expect(await fitsWidth(page)).toBe(true);
});
