import { expect, test } from '@playwright/test';
import { signIn, waitForHydration } from './fixtures';

test('a new build shows the update banner and the next navigation is a full load', async ({ page }) => {
  await page.route('**/builds/latest.json*', (route) => route.fulfill({ json: { id: 'a-newer-build', timestamp: Date.now() } }));
  await page.goto('/en/hire');
  await waitForHydration(page);
  await expect(page.getByRole('status').filter({ hasText: 'A new version of Tandem is available.' })).toBeVisible({ timeout: 5000 });
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
  await page.locator('header').getByRole('link', { name: 'Jobs' }).first().click();
  await expect(page).toHaveURL(/\/en\/trabajos$/);
  // A full load starts a new document: the marker is gone.
  await expect.poll(() => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument ?? false)).toBe(false);
});

test('a chunk that fails to load reloads the page: once by Waku, then at most once per path every 10 s', async ({ page }) => {
  let loads = 0;
  page.on('load', () => loads++);
  // Ready when our listener is on the window beside Waku's inline one: the banner's chunk having loaded is
  // not enough, its effect adds the listener a moment later (an event sent in between reloads nothing).
  const cdp = await page.context().newCDPSession(page);
  const preloadErrorListeners = async () => {
    const { result } = await cdp.send('Runtime.evaluate', { expression: 'window' });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
    return listeners.filter((l) => l.type === 'vite:preloadError').length;
  };
  const ready = () => expect.poll(preloadErrorListeners).toBe(2);
  const fail = () => page.evaluate(() => window.dispatchEvent(new Event('vite:preloadError', { cancelable: true })));
  await page.goto('/en/hire');
  await ready();
  // The first failure of this build: Waku's own recovery reloads.
  await fail();
  await expect.poll(() => loads).toBe(2);
  await ready();
  // The next one: ours reloads and notes the path...
  await fail();
  await expect.poll(() => loads).toBe(3);
  await ready();
  // ...so a third within 10 s does not loop.
  await fail();
  await page.waitForTimeout(1500);
  expect(loads).toBe(3);
  await expect(page).toHaveURL(/\/en\/hire$/);
});

test('tooltips wait 200 ms and stay inside the viewport, at 1280 and 390 px', async ({ page }) => {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/en');
    await waitForHydration(page);
    await page.getByRole('button', { name: /Colour theme/ }).hover();
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await expect(page.getByRole('tooltip')).toHaveText('Colour theme: System');
    // The header is at the top of the screen: its tooltip opens below the button, whole.
    await expect(page.getByRole('tooltip')).toBeInViewport({ ratio: 1 });
    await page.mouse.move(5, 700);
  }
});

test('the dropdown opens below its button and hides 400 ms after the pointer leaves', async ({ page }) => {
  await page.goto('/');
  await waitForHydration(page);
  const button = page.getByRole('button', { name: /Tema de color/ });
  await button.click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const [b, m] = [await button.boundingBox(), await menu.boundingBox()];
  expect(m!.y).toBeGreaterThanOrEqual(b!.y + b!.height);
  await page.mouse.move(5, 600);
  await expect(menu).toBeVisible();
  await expect(menu).toBeHidden({ timeout: 2000 });
});

for (const width of [320, 768, 1280]) {
  test(`no horizontal scrolling at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/', '/en/tools/peru/backend', '/hire/pricing', '/trabajos']) {
      await page.goto(path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
}

test('the mobile menu opens without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 }, locale: 'es-ES' });
  const page = await context.newPage();
  await page.goto('/hire');
  await page.locator('.mobile-menu .menu-button').click();
  await expect(page.locator('.mobile-menu .panel').getByRole('link', { name: 'Empleos' })).toBeVisible();
  await context.close();
});

test('the phone menu closes on Esc and gives the focus back to its button; signed out, both doors are in sight', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/trabajos');
  await expect(page.locator('.guest-doors').getByRole('link', { name: 'Ingresar' })).toBeVisible();
  await expect(page.locator('.guest-doors').getByRole('link', { name: 'Crear cuenta' })).toBeVisible();
  // One entry for jobs in the menu.
  const button = page.locator('.mobile-menu .menu-button');
  await button.click();
  const panel = page.locator('.mobile-menu .panel');
  await expect(panel.getByRole('link', { name: 'Empleos' })).toBeVisible();
  await expect(panel.getByRole('link', { name: 'Buscar empleo' })).toHaveCount(0);
  await panel.getByRole('link', { name: 'Empleos' }).focus();
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();
});

test('the desktop account menu keeps each item on one line', async ({ page }) => {
  await signIn(page, '/ingresar', 'empresa@demo.tandem.example', 'tandem-demo-2026');
  await page.waitForURL((u) => !u.pathname.startsWith('/ingresar'));
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await waitForHydration(page);
  await page.getByTestId('session-menu').click();
  const items = page.locator('.dropdown-menu .dropdown-item');
  await expect(items.first()).toBeVisible();
  for (const box of await items.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().height))) expect(box).toBeLessThan(48);
  await expect(page.locator('.dropdown-menu')).toBeInViewport({ ratio: 1 });
});

test('client components receive only the strings they render', async ({ request }) => {
  const html = await (await request.get('/en/hire')).text();
  // A translation table would carry keys of pages that are not on screen.
  expect(html).not.toContain('toolsCountryDeveloper');
  expect(html).not.toContain('termsBlackNovember');
});
