import { expect, test, type Page } from '@playwright/test';
import { isPreloadablePath } from '../src/client/route-preload';
import { waitForHydration } from './fixtures';

// Route payload preloading (decision 068): about 1 s after load the RSC payloads of the links in view are
// fetched, 4 at a time at most, and a click on one of them commits without a request.

/** The page path of an RSC request (`/RSC/R/en/hire.txt?query=` -> /en/hire), or null for anything else. */
const pageOfRsc = (url: string): string | null => {
  const u = new URL(url);
  if (!u.pathname.startsWith('/RSC/R/')) return null;
  const p = u.pathname.slice('/RSC/R'.length).replace(/\.txt$/, '');
  return p === '/_root' ? '/' : p;
};

/** Every RSC GET the page sends, with the most that were in flight at once (start to last byte). */
function watchRsc(page: Page) {
  const seen: { url: string; path: string; setCookie: boolean; cacheControl: string }[] = [];
  const open = new Set<object>();
  let max = 0;
  page.on('request', (r) => {
    const path = r.method() === 'GET' ? pageOfRsc(r.url()) : null;
    if (!path) return;
    seen.push({ url: r.url(), path, setCookie: false, cacheControl: '' });
    open.add(r);
    max = Math.max(max, open.size);
  });
  const done = (r: import('@playwright/test').Request) => open.delete(r);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  page.on('response', async (res) => {
    const s = seen.find((x) => x.url === res.url());
    if (!s) return;
    // A response still arriving when the test ends has no headers to read: it is not counted.
    const headers = await res.allHeaders().catch(() => null);
    if (!headers) return;
    s.setCookie = 'set-cookie' in headers;
    s.cacheControl = headers['cache-control'] ?? '';
  });
  return { seen, inFlight: () => open.size, max: () => max };
}

const SAVE_DATA = () => {
  Object.defineProperty(navigator, 'connection', { configurable: true, get: () => ({ saveData: true, effectiveType: '4g' }) });
};

test('the links in view are preloaded about 1 s after load, at most 4 at a time, each once, public pages only', async ({ page }) => {
  const rsc = watchRsc(page);
  // A slower server (300 ms a payload) so that the queue, not the server's speed, decides how many overlap.
  await page.route('**/RSC/R/**', async (route) => {
    await new Promise((r) => setTimeout(r, 300));
    await route.continue();
  });
  // The salary page has the most links (its tables, the tools menu, the header and footer).
  await page.goto('/herramientas/peru/backend');
  await waitForHydration(page);
  await page.waitForTimeout(1500);
  await expect.poll(() => rsc.seen.length, { timeout: 5000 }).toBeGreaterThan(4);
  await expect.poll(() => rsc.inFlight(), { timeout: 15_000 }).toBe(0);
  const paths = rsc.seen.map((s) => s.path);
  expect(rsc.max()).toBeLessThanOrEqual(4);
  expect(rsc.max()).toBeGreaterThanOrEqual(2);
  expect(new Set(rsc.seen.map((s) => s.url)).size).toBe(rsc.seen.length);
  expect(paths.filter((p) => !isPreloadablePath(p))).toEqual([]);
  expect(paths).not.toContain('/logout');
  // The payloads of public pages are one answer for everyone: no cookie, cacheable.
  expect(rsc.seen.filter((s) => s.setCookie)).toEqual([]);
  expect(rsc.seen.filter((s) => !/public/.test(s.cacheControl))).toEqual([]);
  // Every one of them is a link that is on the page.
  const hrefs = await page.locator('a[href]').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(paths.filter((p) => !hrefs.includes(p))).toEqual([]);
  // No session came of it.
  expect((await page.context().cookies()).filter((c) => /session|token/i.test(c.name))).toEqual([]);
});

test('nothing is preloaded when the visitor saves data', async ({ page }) => {
  await page.addInitScript(SAVE_DATA);
  const rsc = watchRsc(page);
  const chunk = page.waitForRequest(/\/assets\/after-load-impl-[\w-]+\.js$/);
  await page.goto('/en/hire');
  await waitForHydration(page);
  await chunk; // the island is there
  await page.waitForTimeout(2500);
  await page
    .locator('main')
    .getByRole('link', { name: /Pricing/ })
    .first()
    .hover();
  await page.waitForTimeout(300);
  expect(rsc.seen).toEqual([]);
});

test('a link out of view is preloaded when it is focused or hovered', async ({ page }) => {
  const rsc = watchRsc(page);
  await page.goto('/en/hire');
  await waitForHydration(page);
  await expect.poll(() => rsc.seen.length, { timeout: 5000 }).toBeGreaterThan(0);
  await expect.poll(() => rsc.inFlight(), { timeout: 10_000 }).toBe(0);
  const fetched = () => rsc.seen.map((s) => s.path);
  expect(fetched()).not.toContain('/en/hire/staffing');
  expect(fetched()).not.toContain('/en/politica-de-privacidad');
  // Focused without scrolling (keyboard users reach links the page has not shown), then a hover.
  await page.evaluate(() => document.querySelector<HTMLElement>('main a[href="/en/hire/staffing"]')!.focus({ preventScroll: true }));
  await expect.poll(fetched).toContain('/en/hire/staffing');
  await page.evaluate(() =>
    document.querySelector('footer a[href="/en/politica-de-privacidad"]')!.dispatchEvent(new MouseEvent('mouseover', { bubbles: true })),
  );
  await expect.poll(fetched).toContain('/en/politica-de-privacidad');
  expect(new Set(fetched()).size).toBe(fetched().length);
});

/** Opens /en/hire, clicks its Pricing link, and answers the ms from the click to the pricing heading on
 * screen and how many RSC requests for the pricing page the click made. */
async function clickToPricing(page: Page, preload: boolean): Promise<{ ms: number; requests: number }> {
  if (!preload) await page.addInitScript(SAVE_DATA);
  const rsc = watchRsc(page);
  await page.goto('/en/hire');
  await waitForHydration(page);
  const link = page
    .locator('main')
    .getByRole('link', { name: /Pricing/ })
    .first();
  await expect(link).toHaveAttribute('href', '/en/hire/pricing');
  // Below the fold: scrolled to (it is fetched when it comes into view), after the idle start.
  await page.waitForTimeout(1200);
  await link.scrollIntoViewIfNeeded();
  if (preload) {
    await expect.poll(() => rsc.seen.some((s) => s.path === '/en/hire/pricing'), { timeout: 5000 }).toBe(true);
    await expect.poll(() => rsc.inFlight(), { timeout: 10_000 }).toBe(0);
  } else await page.waitForTimeout(1000);
  const before = rsc.seen.length;
  const heading = (await page.getByRole('heading', { level: 1 }).first().textContent()) ?? '';
  // Measured in the page: from the click event to a frame showing the next page's heading.
  await page.evaluate((old) => {
    const w = window as unknown as { __ms?: number };
    document.addEventListener(
      'click',
      () => {
        const t0 = performance.now();
        const tick = () => {
          const h1 = document.querySelector('h1');
          if (location.pathname === '/en/hire/pricing' && h1 && h1.textContent !== old) w.__ms = performance.now() - t0;
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      },
      { capture: true, once: true },
    );
  }, heading);
  await link.click();
  await expect(page).toHaveURL(/\/en\/hire\/pricing$/);
  const ms = await page.waitForFunction(() => (window as unknown as { __ms?: number }).__ms).then((h) => h.jsonValue() as Promise<number>);
  // A full load would have started a new document; the router's navigation keeps it.
  // Requests for the page clicked (the links of the new page in view are preloaded in turn: not counted).
  return { ms, requests: rsc.seen.slice(before).filter((s) => s.path === '/en/hire/pricing').length };
}

test('a click on a preloaded link shows the next page without a request; timings with and without', async ({ browser }) => {
  const runs = { preloaded: [] as number[], cold: [] as number[] };
  for (let i = 0; i < 3; i++) {
    for (const preload of [true, false]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const { ms, requests } = await clickToPricing(page, preload);
      if (preload) expect(requests, 'the click reused the preloaded payload').toBe(0);
      else expect(requests).toBe(1);
      runs[preload ? 'preloaded' : 'cold'].push(Math.round(ms));
      await context.close();
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const line = `click to heading, /en/hire -> /en/hire/pricing: preloaded ${runs.preloaded.join('/')} ms (median ${median(runs.preloaded)}), without ${runs.cold.join('/')} ms (median ${median(runs.cold)})`;
  console.log(line);
  test.info().annotations.push({ type: 'timing', description: line });
});
