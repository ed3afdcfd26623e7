import { expect, test, type Page } from '@playwright/test';

// An enhanced part is swapped for its live version when its chunk arrives. A press that began on the
// server-rendered part before then and ends after must still count: the swap waits for the press's click,
// and a press on an inert stand-in button goes on to the live control drawn in its place.
test.use({ viewport: { width: 1280, height: 800 }, timezoneId: 'America/Bogota' });

/** Holds the chunk back; returns when the page asked for it (hydrated) and a function that lets it through. */
async function holdChunk(page: Page, name: string) {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  let asked!: () => void;
  const requested = new Promise<void>((r) => (asked = r));
  await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), async (route) => {
    asked();
    await gate;
    await route.continue();
  });
  // The requests in flight: once the chunk is through, the chunks it imports follow, and on a busy machine
  // they can take longer than any fixed pause.
  let inFlight = 0;
  page.on('request', () => inFlight++);
  page.on('requestfinished', () => inFlight--);
  page.on('requestfailed', () => inFlight--);
  return {
    requested,
    /** Lets the chunk through and waits until it and what it imports have been run (the moment the old code swapped). */
    async letThrough() {
      const loaded = page.waitForResponse(new RegExp(`/assets/${name}-[\\w-]+\\.js$`));
      release();
      await (await loaded).finished();
      // Quiet for 300 ms: a chunk's imports are asked for only once it has been read.
      for (let quiet = 0; quiet < 3; quiet = inFlight ? 0 : quiet + 1) await page.waitForTimeout(100);
      // Two frames and a task: the modules have run and the swap (or its wait for the press) is set.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 100)))));
    },
  };
}

async function pressAcross(page: Page, target: import('@playwright/test').Locator, chunk: { letThrough: () => Promise<void> }) {
  const box = (await target.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await chunk.letThrough();
  await page.mouse.up();
}

test('a press on the colour-mode button held while its menu arrives opens the menu', async ({ page }) => {
  const chunk = await holdChunk(page, 'color-mode-switch-impl');
  await page.goto('/en');
  await chunk.requested;
  await pressAcross(page, page.getByRole('button', { name: /Colour theme/ }), chunk);
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(page.getByRole('menuitemradio')).toHaveCount(3);
});

test('a time pressed while the booking picker goes live stays chosen in the live picker', async ({ page }) => {
  const chunk = await holdChunk(page, 'booking-picker-impl');
  await page.goto('/hire/agendar');
  await chunk.requested;
  const slot = page.locator('label.slot').first();
  const key = (await slot.locator('input').getAttribute('value'))!;
  await pressAcross(page, slot, chunk);
  await expect(page.locator('.booking-picker[data-live]')).toBeVisible();
  await expect(page.locator(`label.slot input[value="${key}"]`)).toBeChecked();
});
