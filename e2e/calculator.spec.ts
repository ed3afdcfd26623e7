import { expect, test } from '@playwright/test';
import { axeViolations, freshEmail, queryOne, signIn } from './fixtures';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('an anonymous visitor fills the calculator, signs up on the way (origin calculator) and sees the estimate', async ({ page }) => {
    await page.goto('/herramientas/salario/calculadora');
    await page.selectOption('#calc-country', 'peru');
    await page.selectOption('#calc-role', 'backend');
    await page.selectOption('#calc-seniority', 'mid');
    // "¿Para quién trabajas?": the employer is one of the profile's answers.
    await page.getByLabel('¿Para quién trabajas?').selectOption('local');
    await page.selectOption('#calc-english', 'advanced');
    await page.getByLabel('Docker', { exact: true }).check();
    await page.getByRole('button', { name: 'Calcular mi salario' }).click();
    await expect(page).toHaveURL(
      /\/herramientas\/salario\/calculadora\/registro\?country=peru&role=backend&seniority=mid&employer=local&english=advanced&skills=docker$/,
    );
    const email = freshEmail('calc');
    await page.fill('#signup-form-name', 'Calcu');
    await page.fill('#signup-form-last_name', 'Ladora');
    await page.fill('#signup-form-email', email);
    await page.fill('#signup-form-password', 'clave-segura-7');
    // The optional salary, in soles: a typo first (a yearly figure), which the form takes but the data refuses.
    await page.fill('#signup-form-salary_amount', 'mucho');
    await page.getByRole('button', { name: 'Crear mi cuenta y ver el resultado' }).click();
    await expect(page.locator('#signup-form-salary_amount-error')).toHaveText(
      'Escribe el monto en números enteros, sin decimales (por ejemplo 2500).',
    );
    await expect(page.locator('#signup-form-email')).toHaveValue(email);
    await page.fill('#signup-form-password', 'clave-segura-7');
    await page.fill('#signup-form-salary_amount', '9.500');
    await page.getByRole('button', { name: 'Crear mi cuenta y ver el resultado' }).click();
    await expect(page).toHaveURL(
      /\/herramientas\/salario\/calculadora\/resultado\?country=peru&role=backend&seniority=mid&employer=local&english=advanced&skills=docker&contribution=accepted$/,
    );
    await expect(page.getByTestId('contribution-status')).toContainText('tu salario ya forma parte de los datos');
    await expect(page.getByTestId('estimate-median')).toHaveText(/^[\d.]+\sPEN \([\d.]+\sUS\$\)$/);
    // How sure, in words, with the reports behind it; and how the figure was worked out, step by step.
    await expect(page.getByTestId('confidence')).toHaveText(/^Confianza (alta|media|baja) · [\d.]+ reportes/);
    await expect(page.getByRole('heading', { name: 'Cómo lo calculamos' })).toBeVisible();
    await expect(page.getByTestId('estimate-steps').locator('li')).toHaveCount(5);
    await expect(page.getByTestId('estimate-steps').locator('li').nth(3)).toContainText('Empresa del país');
    await expect(page.getByText('Las habilidades no cambian la estimación')).toBeVisible();
    // The share link carries the inputs only, in a field that fits the screen.
    await expect(page.getByRole('textbox', { name: 'Enlace para compartir' })).toHaveValue(
      /\/herramientas\/salario\/calculadora\/resultado\?country=peru&role=backend&seniority=mid&employer=local&english=advanced&skills=docker$/,
    );
    const user = await queryOne<{ id: number; origin: string }>('select id, origin from users where email = ?', email);
    expect(user?.origin).toBe('calculator');
    const report = await queryOne<{ source: string; currency: string; local_month: number; seniority: string; employer: string }>(
      'select source, currency, local_month, seniority, employer from salary_reports where external_id = ?',
      `user:${user!.id}`,
    );
    expect(report).toEqual({ source: 'tandem-users', currency: 'PEN', local_month: 9500, seniority: 'mid', employer: 'local' });
    // Already contributed: the result page no longer asks.
    await expect(page.getByRole('heading', { name: 'Aporta tu salario (anónimo)' })).toHaveCount(0);
  });

  test('a signed-in candidate without a report shares a salary from the result; an outlier is refused with an explanation', async ({
    page,
  }) => {
    const email = freshEmail('contrib');
    await page.goto('/en/sign-up');
    await page.fill('#signup-form-name', 'Sal');
    await page.fill('#signup-form-last_name', 'Ario');
    await page.fill('#signup-form-email', email);
    await page.fill('#signup-form-password', 'clave-segura-7');
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page).toHaveURL(/\/en\/match\/plataforma$/);
    await page.goto('/en/tools/salary/calculator/result?country=mexico&role=frontend&seniority=senior');
    await expect(page.getByRole('heading', { name: 'Share your salary (anonymous)' })).toBeVisible();
    await page.fill('#contribute-form-salary_amount', '900000');
    await page.getByRole('button', { name: 'Share my salary' }).click();
    await expect(page.getByTestId('contribution-status')).toContainText('very far from the reports');
    await expect(page).toHaveURL(/result\?country=mexico&role=frontend&seniority=senior&contribution=outlier$/);
    await page.getByLabel('USD').check();
    await page.fill('#contribute-form-salary_amount', '4,800');
    await page.getByRole('button', { name: 'Share my salary' }).click();
    await expect(page.getByTestId('contribution-status')).toContainText('your salary is now part of the data');
    const user = await queryOne<{ id: number }>('select id from users where email = ?', email);
    const report = await queryOne<{ usd_month: number; currency: string }>(
      'select usd_month, currency from salary_reports where external_id = ?',
      `user:${user!.id}`,
    );
    expect(report).toEqual({ usd_month: 4800, currency: 'MXN' });
  });

  test('invalid inputs go back to the form with the problems marked and the valid choices kept', async ({ page }) => {
    await page.goto('/en/tools/salary/calculator/result?country=peru&role=astronaut&seniority=mid');
    await expect(page).toHaveURL(/\/en\/tools\/salary\/calculator\?country=peru&role=astronaut&seniority=mid&invalid=role$/);
    await expect(page.locator('#calc-role-error')).toHaveText('Choose an option from the list.');
    await expect(page.locator('#calc-country')).toHaveValue('peru');
    await expect(page.locator('#calc-seniority')).toHaveValue('mid');
  });
});

test('a signed-in user goes straight to the result, in English', async ({ page }) => {
  await signIn(page, '/en/login', 'candidata@demo.tandem.example', 'tandem-demo-2026');
  await expect(page).toHaveURL(/\/en\/match\/plataforma$/);
  await page.goto('/en/tools/salary/calculator/result?country=chile&role=frontend&seniority=senior');
  await expect(page.getByTestId('estimate-median')).toHaveText(/^CLP\s[\d,]+ \(\$[\d,]+\)$/);
  await expect(page.getByRole('heading', { name: 'Share this result' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Link to share' })).toHaveValue(
    /\/en\/tools\/salary\/calculator\/result\?country=chile&role=frontend&seniority=senior$/,
  );
  for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(page, scheme)).toEqual([]);
  await page.goto('/en/tools/salary/calculator?country=chile');
  for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(page, scheme)).toEqual([]);
});
