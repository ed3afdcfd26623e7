import { expect, test } from '@playwright/test';

// React puts a server-rendered <textarea> back to its default text when it hydrates it: what a visitor typed
// before the page's script ran was lost (src/components/forms/textarea.tsx keeps it). The page's scripts are
// held back here until the text is typed, so the typing always comes first.
test('text typed into a prefilled textarea before the page hydrates is kept, and is what gets posted', async ({ page }) => {
  await page.goto('/hire/solicitar-reunion');
  const field = page.locator('textarea[name=message]');
  await field.fill('primera versión');
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/**/*.js', async (route) => {
    await held;
    await route.continue();
  });
  // Refused (the other fields are empty): the answer is the form again, with the message prefilled.
  await page.getByRole('button', { name: 'Solicitar reunión' }).click();
  await expect(field).toHaveValue('primera versión');
  const hydrated = () => field.evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber')));
  expect(await hydrated()).toBe(false);
  await field.fill('escrito antes de que cargue la página');
  release();
  await expect.poll(hydrated, { timeout: 15_000 }).toBe(true);
  await expect(field).toHaveValue('escrito antes de que cargue la página');
  await page.unroute('**/assets/**/*.js');
  await page.getByRole('button', { name: 'Solicitar reunión' }).click();
  await expect(field).toHaveValue('escrito antes de que cargue la página');
});
