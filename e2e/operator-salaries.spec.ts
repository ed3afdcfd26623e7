import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { href } from '../src/routes';
import { e2eDb } from './env';
import { axeViolations } from './fixtures';
import { enrolOperator, makeOperator } from './operator-fixtures';
import { register } from './product-api';

// The operators' salary-data section (decision 075): a survey row far above its group is imported with the
// command line (whose rebuild flags it), an operator signs in with password and TOTP code, opens the section
// from the dashboard, removes the flagged report with a reason and finds the removal in the audit log. At a
// phone's width, in both languages.
const run = (args: string[]) =>
  execFileSync('node_modules/.bin/tsx', ['--conditions=react-server', ...args], {
    env: { ...process.env, DATABASE_URL: `file:${e2eDb()}` },
    encoding: 'utf8',
  });

/** One aijobs.net-format row for a senior backend developer in Peru, paid `usdYear` a year. */
function importOutlier(usdYear: number) {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-outlier-'));
  const file = join(dir, 'salaries.csv');
  writeFileSync(
    file,
    'work_year,experience_level,employment_type,job_title,salary,salary_currency,salary_in_usd,employee_residence,remote_ratio,company_location,company_size\n' +
      `2025,SE,FT,Backend Engineer,${usdYear},USD,${usdYear},PE,0,PE,M\n`,
  );
  return run(['src/server/salaries/cli.ts', '--run', 'importCli', '--format', 'aijobs', file]);
}

for (const locale of ['es', 'en'] as const)
  test(`an operator removes a flagged salary report with a reason and finds it in the audit log (${locale}, 390 px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 390, height: 900 });
    // A unique amount (a re-run must not meet the tombstone of the last one): about US$ 50,000-58,000 a month, under the plausible maximum.
    const usdYear = 600_000 + (Date.now() % 100_000);
    expect(importOutlier(usdYear)).toContain('imported: 1');

    const { email } = await register(request, 'match');
    makeOperator(email);
    await enrolOperator(page, email, locale);
    await page.goto(href('operator', locale));
    await page.getByRole('link', { name: locale === 'es' ? 'Datos salariales' : 'Salary data' }).click();
    await expect(page).toHaveURL(new RegExp(`${href('operatorSalaries', locale)}$`));
    await expect(page.getByTestId('salary-sources')).toContainText('aijobs.net');

    const amount = usdYear.toLocaleString('en-US');
    const row = page.getByTestId('salary-outliers').locator('li', { hasText: `${amount} USD` });
    await expect(row).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    expect(await axeViolations(page, 'light')).toEqual([]);
    const id = (await row.getAttribute('data-testid'))!.replace('outlier-', '');
    const remove = row.getByTestId('remove-form');
    // A reason is required: too short, the form says so and the report stays.
    await remove.locator('textarea').fill('ab');
    await remove.locator('button[type=submit]').click();
    await expect(page.getByTestId('salary-outliers').locator('li', { hasText: `${amount} USD` })).toHaveCount(1);
    await expect(page.getByText(locale === 'es' ? 'Usa al menos 3 caracteres.' : 'Use at least 3 characters.').first()).toBeVisible();
    const again = page
      .getByTestId('salary-outliers')
      .locator('li', { hasText: `${amount} USD` })
      .getByTestId('remove-form');
    await again.locator('textarea').fill('A yearly figure typed as monthly');
    await again.locator('button[type=submit]').click();
    await expect(page.getByTestId('salaries-done')).toBeVisible();
    await expect(page.locator(`[data-testid="outlier-${id}"]`)).toHaveCount(0);

    await page.goto(href('operatorAudit', locale));
    const entry = page
      .getByTestId('audit-entry')
      .filter({ hasText: 'salary.remove' })
      .filter({ hasText: `salary-report ${id}` });
    await expect(entry).toContainText('salary.remove');
    await expect(entry).toContainText('A yearly figure typed as monthly');
  });
