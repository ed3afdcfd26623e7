import { expect, test } from '@playwright/test';
import { waitForHydration } from './fixtures';

// The class on <html> at the moment <body> is inserted: what the first paint uses.
const recordFirstPaintClass = () => {
  new MutationObserver((_, obs) => {
    if (document.body) {
      (window as unknown as { __firstClass: string }).__firstClass = document.documentElement.className;
      obs.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
};
const firstClass = (page: import('@playwright/test').Page) =>
  page.evaluate(() => (window as unknown as { __firstClass: string }).__firstClass);

test('system is the default and follows the device setting', async ({ page }) => {
  await page.addInitScript(recordFirstPaintClass);
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/hire');
  expect(await firstClass(page)).toContain('dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/hire');
  expect(await firstClass(page)).toContain('light');
});

test('a chosen mode persists across reloads and is applied before first paint', async ({ page }) => {
  await page.addInitScript(recordFirstPaintClass);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/en/match');
  await waitForHydration(page);
  await page.getByRole('button', { name: /Colour theme/ }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem('tandem-color-mode'))).toBe('dark');
  await page.reload();
  expect(await firstClass(page)).toContain('dark');
  await page.goto('/herramientas');
  expect(await firstClass(page)).toContain('dark');
});

test('the menu works from the keyboard', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/en');
  await waitForHydration(page);
  const button = page.getByRole('button', { name: /Colour theme/ });
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  // Opening moves focus to the first item on the next frame: wait for it, or ArrowDown lands on the button.
  await expect(page.getByRole('menuitemradio').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.locator('html')).toHaveClass(/light/);
  await expect(page.getByRole('menu')).toBeHidden();
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
  await expect(button).toBeFocused();
});

test('a page may force a mode', async ({ page }) => {
  await page.addInitScript(recordFirstPaintClass);
  await page.addInitScript(() => localStorage.setItem('tandem-color-mode', 'dark'));
  await page.goto('/herramientas/salario/calculadora/iframe');
  await expect(page.locator('html')).toHaveAttribute('data-color-mode-forced', 'light');
  expect(await firstClass(page)).toContain('light');
});

// Without JavaScript the head's script never marks <html>: the stylesheet's own copy of the dark rules
// follows the device setting, except on a page that forces light.
test('without JavaScript a page follows the device setting, and a forced page keeps its mode', async ({ browser }) => {
  const background = async (scheme: 'light' | 'dark', path: string) => {
    const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: scheme });
    const page = await context.newPage();
    await page.goto(path);
    expect(await page.locator('html').getAttribute('class')).toBeNull();
    const colours = await page.evaluate(() => ({
      bg: getComputedStyle(document.body).backgroundColor,
      scheme: getComputedStyle(document.documentElement).colorScheme,
    }));
    await context.close();
    return colours;
  };
  // The same colours the script would give: gray 900 in dark, white in light.
  expect(await background('dark', '/hire')).toEqual({ bg: 'rgb(15, 23, 42)', scheme: 'dark' });
  expect(await background('light', '/hire')).toEqual({ bg: 'rgb(255, 255, 255)', scheme: 'light' });
  expect((await background('dark', '/herramientas/salario/calculadora/iframe')).scheme).toBe('light');
});
