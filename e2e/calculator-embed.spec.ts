import { expect, test, type Page } from '@playwright/test';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { href } from '../src/routes';
import { e2eOrigin } from './env';
import { axeViolations, freshEmail, queryOne, waitForForm } from './fixtures';

/** A page on another origin (another port of 127.0.0.1) that embeds the calculator, as a partner site would. */
async function hostSite(iframePath: string) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      `<!doctype html><html lang="es"><head><title>Sitio asociado</title></head><body><h1>Sitio asociado</h1>` +
        `<iframe src="${e2eOrigin()}${iframePath}" width="360" height="520" style="border:0" title="Calculadora de salario"></iframe></body></html>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

test('the embedded calculator works inside another site and opens the result on Tandem in a new tab, tagged utm_source=iframe', async ({
  page,
  context,
}) => {
  const host = await hostSite(href('calculatorIframe', 'es'));
  try {
    const arrivals: string[] = [];
    context.on('request', (r) => r.isNavigationRequest() && r.url().startsWith(e2eOrigin()) && arrivals.push(r.url()));
    await page.goto(host.url);
    const frame = page.frameLocator('iframe');
    await expect(frame.getByRole('heading', { level: 1, name: 'Calculadora de salario' })).toBeVisible();

    // An empty form opens nothing: the browser's own check stops it (no JavaScript of ours involved).
    let opened = false;
    context.once('page', () => (opened = true));
    await frame.getByRole('button', { name: 'Calcular mi salario' }).click();
    await expect(frame.locator('#embed-country:invalid')).toHaveCount(1);
    await page.waitForTimeout(300);
    expect(opened).toBe(false);

    await frame.getByLabel('País').selectOption('peru');
    await frame.getByLabel('Rol').selectOption('backend');
    await frame.getByLabel('Seniority').selectOption('senior');
    const popupOpened = context.waitForEvent('page');
    await frame.getByRole('button', { name: 'Calcular mi salario' }).click();
    const tab = await popupOpened;
    // Anonymous visitors pass through the registration step; the campaign tags travel along.
    await tab.waitForURL(
      /\/herramientas\/salario\/calculadora\/registro\?country=peru&role=backend&seniority=senior&utm_source=iframe&utm_medium=embed$/,
    );
    expect(arrivals.some((u) => u.includes('/herramientas/salario/calculadora/resultado?') && u.includes('utm_source=iframe'))).toBe(true);
    expect(page.url()).toBe(host.url);
    const utm = (await context.cookies(e2eOrigin())).find((c) => c.name === 'tandem_utm');
    expect(decodeURIComponent(utm?.value ?? '')).toContain('"utm_source":"iframe"');

    // The sign-up on the way is attributed to the embed.
    await waitForForm(tab, 'signup-form');
    const email = freshEmail('embed');
    await tab.fill('#signup-form-name', 'Embe');
    await tab.fill('#signup-form-last_name', 'Bida');
    await tab.fill('#signup-form-email', email);
    await tab.fill('#signup-form-password', 'clave-segura-7');
    await tab.getByRole('button', { name: 'Crear mi cuenta y ver el resultado' }).click();
    await expect(tab).toHaveURL(/\/herramientas\/salario\/calculadora\/resultado\?country=peru&role=backend&seniority=senior$/);
    await expect(tab.getByTestId('estimate-median')).toBeVisible();
    const user = await queryOne<{ origin: string; utm_source: string; utm_medium: string }>(
      'select origin, utm_source, utm_medium from users where email = ?',
      email,
    );
    expect(user).toEqual({ origin: 'calculator', utm_source: 'iframe', utm_medium: 'embed' });
  } finally {
    await host.close();
  }
});

test('the iframe page is compact, light and clean in both languages', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 520 });
  for (const locale of ['es', 'en'] as const) {
    await page.goto(href('calculatorIframe', locale));
    await expect(page.locator('html')).toHaveAttribute('data-color-mode-forced', 'light');
    // Everything, the submit button and its note included, fits the 360 x 520 frame without scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(520);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expect(page.locator('form')).toHaveAttribute('target', '_blank');
    await expect(page.locator('form')).toHaveAttribute('action', href('calculatorResult', locale));
    expect(await axeViolations(page, 'light')).toEqual([]);
  }
});

test('the calculator page shows a copy-paste embed snippet with the absolute iframe URL', async ({ page, request }) => {
  for (const locale of ['es', 'en'] as const) {
    await page.goto(href('calculator', locale));
    const code = page.getByTestId('embed-code');
    await expect(
      page.getByRole('heading', { name: locale === 'es' ? 'Inserta esta calculadora en tu sitio' : 'Embed this calculator on your site' }),
    ).toBeVisible();
    await expect(code).toHaveAttribute('readonly', '');
    const snippet = await code.inputValue();
    const src = `${e2eOrigin()}${href('calculatorIframe', locale)}`;
    expect(snippet).toBe(
      `<iframe src="${src}" width="360" height="520" style="border:0;max-width:100%" loading="lazy" title="${locale === 'es' ? 'Calculadora de salario de Tandem' : 'Tandem salary calculator'}"></iframe>`,
    );
    const res = await request.get(src);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-security-policy']).toContain('frame-ancestors *');
    expect(res.headers()['x-frame-options']).toBeUndefined();
  }
});

async function enhanced(page: Page, path: string) {
  await page.goto(path);
  await waitForForm(page, 'calculator-form');
}

test.describe('with JavaScript', () => {
  test('empty submit marks the fields like the server does, without a page load, and focuses the first one', async ({ page }) => {
    await enhanced(page, href('calculator', 'es'));
    await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
    await page.getByRole('button', { name: 'Calcular mi salario' }).click();
    await expect(page.getByRole('alert')).toHaveText('Revisa los campos marcados.');
    for (const f of ['country', 'role', 'seniority']) {
      await expect(page.locator(`#calculator-form-${f}`)).toHaveAttribute('aria-invalid', 'true');
      await expect(page.locator(`#calculator-form-${f}-error`)).toHaveText('Elige una opción de la lista.');
    }
    await expect(page.locator('#calculator-form-english')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByRole('combobox', { name: 'País' })).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
    await expect(page).toHaveURL(/\/herramientas\/salario\/calculadora$/);
  });

  test('type to filter (accents aside), pick with the keyboard, and land on the result URL', async ({ page }) => {
    await enhanced(page, href('calculator', 'es'));
    const country = page.getByRole('combobox', { name: 'País' });
    await country.click();
    await country.pressSequentially('espana');
    const countries = page.getByRole('listbox', { name: 'País' });
    await expect(countries.getByRole('option')).toHaveText(['España']);
    await country.fill('');
    await country.pressSequentially('peru');
    await expect(country).toHaveAttribute('aria-expanded', 'true');
    await expect(countries.getByRole('option')).toHaveText(['Perú']);
    await country.press('ArrowDown');
    await expect(country).toHaveAttribute('aria-activedescendant', 'calculator-form-country-opt-peru');
    await country.press('Enter');
    await expect(country).toHaveValue('Perú');
    await expect(country).toHaveAttribute('aria-expanded', 'false');

    const role = page.getByRole('combobox', { name: 'Rol' });
    await role.focus();
    await role.pressSequentially('desarrollador');
    const roles = page.getByRole('listbox', { name: 'Rol' }).getByRole('option');
    await expect(roles).toHaveText([
      'Desarrollador/a Frontend',
      'Desarrollador/a Backend',
      'Desarrollador/a Fullstack',
      'Desarrollador/a Mobile',
    ]);
    await role.press('ArrowDown');
    await expect(page.getByRole('option', { name: 'Desarrollador/a Backend' })).toHaveAttribute('aria-selected', 'true');
    await role.press('Enter');
    await expect(role).toHaveValue('Desarrollador/a Backend');
    // Escape closes an open list and keeps the choice.
    await role.press('ArrowDown');
    await expect(role).toHaveAttribute('aria-expanded', 'true');
    await role.press('Escape');
    await expect(role).toHaveAttribute('aria-expanded', 'false');
    await expect(role).toHaveValue('Desarrollador/a Backend');

    await page.getByLabel('Seniority').selectOption('mid');
    // Skills: the searchable multi-select filters as one types (accents and case aside) and adds a chip.
    await page.getByRole('combobox', { name: 'Buscar skills' }).fill('dock');
    await expect(page.getByRole('listbox', { name: 'Buscar skills' }).getByRole('option')).toHaveText(['Docker']);
    await page.getByRole('combobox', { name: 'Buscar skills' }).press('Enter');
    await expect(page.getByRole('button', { name: 'Quitar Docker' })).toBeVisible();
    await expect(page.getByText('Elegidas: 1 de 10.')).toBeVisible();
    await page.getByRole('button', { name: 'Calcular mi salario' }).click();
    await expect(page).toHaveURL(/\/herramientas\/salario\/calculadora\/registro\?country=peru&role=backend&seniority=mid&skills=docker$/);
  });

  test('the enhanced form keeps the values and marks the server sent back, in English', async ({ page }) => {
    await enhanced(page, `${href('calculator', 'en')}?country=peru&role=astronaut&seniority=mid&invalid=role`);
    await expect(page.getByRole('combobox', { name: 'Country' })).toHaveValue('Peru');
    await expect(page.getByRole('combobox', { name: 'Role' })).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('#calculator-form-role-error')).toHaveText('Choose an option from the list.');
    await expect(page.getByLabel('Seniority')).toHaveValue('mid');
    // Fixing the field clears its mark.
    const role = page.getByRole('combobox', { name: 'Role' });
    await role.pressSequentially('tech lead');
    await role.press('Enter');
    await expect(role).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Calculate my salary' }).click();
    await expect(page).toHaveURL(/\/en\/tools\/salary\/calculator\/register\?country=peru&role=tech-lead&seniority=mid$/);
  });

  test('axe: the enhanced calculator (list open) in light and dark', async ({ page }) => {
    await enhanced(page, href('calculator', 'es'));
    await page.getByRole('combobox', { name: 'País' }).click();
    await expect(page.getByRole('listbox', { name: 'País' })).toBeVisible();
    for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(page, scheme)).toEqual([]);
    await page.getByRole('button', { name: 'Calcular mi salario' }).click();
    for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(page, scheme)).toEqual([]);
  });
});
