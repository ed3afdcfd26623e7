import { expect, test } from '@playwright/test';
import { axeViolations } from './fixtures';

// The salary pages read the aggregates of the demo reports (20,000 on a fresh install) and any imports.
test('the country hub shows what each role earns, in local currency and USD, with sources, the demo label and links onwards', async ({
  page,
}) => {
  await page.goto('/herramientas/peru');
  await expect(page.getByTestId('salary-headline')).toHaveText(
    /^Mediana: [\d.]+\sPEN \([\d.]+\sUS\$\) brutos al mes, según [\d.]+ reportes\.$/,
  );
  // A demo install: every figure says it is demo data (decision 024), the headline and each block.
  await expect(page.locator('.salary-answer').getByTestId('demo-badge')).toHaveText('Datos de demostración');
  await expect(page.locator('.salary-block').first().getByTestId('demo-badge')).toBeVisible();
  const byRole = page.getByRole('table').first();
  await expect(byRole.locator('caption')).toContainText('Sueldo bruto mensual');
  expect(await byRole.locator('tbody tr').count()).toBeGreaterThan(10);
  await expect(byRole.getByRole('link', { name: 'Desarrollador/a Backend' })).toHaveAttribute('href', '/herramientas/peru/backend');
  await expect(page.getByRole('complementary', { name: 'Fuentes y licencias' })).toContainText('datos de demostración de Tandem');
  await expect(page.locator('.demo-note')).toContainText('datos de demostración');
  await expect(page.locator('a[href="/herramientas/salario/calculadora?country=peru"]')).toHaveText('Calculadora de salario');
  await expect(page.getByRole('link', { name: '¿Cuánto gana un developer en Perú?' })).toHaveAttribute(
    'href',
    '/herramientas/peru/salario',
  );
  await expect(page.getByRole('heading', { name: 'Salarios por skill en este país' })).toBeVisible();
  await expect(page.locator('a[href="/herramientas/peru/salario/developer/devops"]')).toBeVisible();
});

test('"how much does a developer earn" answers with seniority, developer roles, and the effects of modality, English and skills', async ({
  page,
}) => {
  await page.goto('/herramientas/mexico/salario');
  await expect(page.getByTestId('salary-headline')).toBeVisible();
  const headings = page.locator('.salary-block h2');
  await expect(headings).toHaveText([
    'Por seniority',
    'Developers por rol',
    'Por modalidad',
    'Por nivel de inglés',
    'Skills mejor pagadas',
  ]);
  const devRoles = page.getByRole('group', { name: 'Developers por rol' }).getByRole('table');
  await expect(devRoles.getByRole('link', { name: 'Marketing Digital' })).toHaveCount(0);
  const modality = page.getByRole('group', { name: 'Por modalidad' }).getByRole('table');
  await expect(modality.locator('thead th').nth(3)).toHaveText('Frente a la mediana');
  await expect(modality.locator('tbody td').nth(2)).toHaveText(/^[+−±]\d+ %$/);
  expect(await page.getByRole('group', { name: 'Skills mejor pagadas' }).locator('tbody tr').count()).toBeLessThanOrEqual(10);
});

test('a role in a country in English: by seniority, work mode, English and skills; the chart has a table twin', async ({ page }) => {
  await page.goto('/en/tools/peru/backend');
  await expect(page.getByTestId('salary-headline')).toHaveText(/^Median: PEN\s[\d,]+ \(\$[\d,]+\) gross per month, from \d+ reports\.$/);
  for (const h of ['By seniority', 'By work mode', 'By English level', 'Best-paid skills'])
    await expect(page.getByRole('heading', { name: h })).toBeVisible();
  const seniority = page.getByRole('group', { name: 'By seniority' }).getByRole('table');
  await expect(seniority.locator('tbody th')).toHaveText(['Senior (6+ years)', 'Mid-level (3-5 years)', 'Junior (0-2 years)']);
  await expect(page.locator('svg.salary-chart').first()).toHaveAttribute('aria-hidden', 'true');
  // Demo figures are never published to search engines (decision 024; the real-data case is a unit test).
  await expect(page.locator('script[type="application/ld+json"]')).toHaveCount(0);
  // Similar roles: the other tech roles in Peru, linking to their pages.
  const similar = page.getByRole('group', { name: 'Similar roles' }).getByRole('table');
  await expect(similar.getByRole('link', { name: 'Frontend Developer' })).toHaveAttribute('href', '/en/tools/peru/frontend');
  await expect(similar.getByRole('link', { name: 'Backend Developer' })).toHaveCount(0);
});

test('a group without enough reports says so instead of showing numbers, and where the data does reach', async ({ page }) => {
  await page.goto('/herramientas/bolivia/salario/skill/rust');
  const none = page.getByTestId('no-salary-data');
  await expect(none).toContainText('Todavía no tenemos suficientes reportes para este grupo.');
  await expect(none).toContainText('Hay cifras para:');
  await expect(none.getByRole('link', { name: 'Perú' })).toHaveAttribute('href', '/herramientas/peru');
  // And the roles that do have figures in this country.
  await expect(none.getByTestId('covered-roles')).toContainText('En Bolivia hay cifras de estos roles:');
  await expect(none.getByTestId('covered-roles').getByRole('link').first()).toHaveAttribute('href', /^\/herramientas\/bolivia\/[a-z-]+$/);
});

test('salary pages pass the accessibility scan with their charts and tables, light and dark', async ({ page }) => {
  for (const path of ['/herramientas/salario/skill/react', '/en/tools/colombia/salary']) {
    await page.goto(path);
    for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(page, scheme), path).toEqual([]);
  }
});
