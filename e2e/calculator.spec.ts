import { expect, test } from '@playwright/test';
import { axeViolations, freshEmail, queryOne, signIn } from './fixtures';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('an anonymous visitor fills the calculator, signs up on the way (origin calculator) and sees the estimate', async ({ page }) => {
    await page.goto('/herramientas/salario/calculadora');
    await page.selectOption('#calc-country', 'peru');
    await page.selectOption('#calc-role', 'backend');
    await page.selectOption('#calc-seniority', 'mid');
    await page.selectOption('#calc-english', 'advanced');
    await page.getByLabel('Docker', { exact: true }).check();
    await page.getByRole('button', { name: 'Calcular mi salario' }).click();
    await expect(page).toHaveURL(/\/herramientas\/salario\/calculadora\/registro\?country=peru&role=backend&seniority=mid&english=advanced&skills=docker$/);
    await page.getByRole('link', { name: 'Crear mi cuenta y ver el resultado' }).click();
    const email = freshEmail('calc');
    await page.fill('#signup-form-name', 'Calcu');
    await page.fill('#signup-form-last_name', 'Ladora');
    await page.fill('#signup-form-email', email);
    await page.fill('#signup-form-password', 'clave-segura-7');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await expect(page).toHaveURL(/\/herramientas\/salario\/calculadora\/resultado\?country=peru&role=backend&seniority=mid&english=advanced&skills=docker$/);
    await expect(page.getByTestId('estimate-median')).toHaveText(/^[\d.]+\sPEN \([\d.]+\sUS\$\)$/);
    await expect(page.getByRole('heading', { name: 'Cómo influye cada dato' })).toBeVisible();
    expect((await queryOne<{ origin: string }>('select origin from users where email = ?', email))?.origin).toBe('calculator');
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
  await expect(page.getByText('Share this result:')).toBeVisible();
  for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(page, scheme)).toEqual([]);
  await page.goto('/en/tools/salary/calculator?country=chile');
  for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(page, scheme)).toEqual([]);
});
