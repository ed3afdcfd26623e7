import { expect, test } from '@playwright/test';
import { canonicalOf, href, routes } from '../src/routes';
import { collectErrors, expectHreflang, routeWalk, waitForHydration } from './fixtures';

// Every route of the table, in both locales, with sample parameters.
for (const r of routeWalk) {
  test(`${r.locale} ${r.id} ${r.path}`, async ({ page, request }) => {
    if (r.expect.redirectTo) {
      const res = await request.get(r.path, { maxRedirects: 0 });
      expect(res.status()).toBe(r.expect.status);
      expect(res.headers().location).toContain(r.expect.redirectTo(r.locale));
      return;
    }
    const errors = collectErrors(page, r.expect.status === 200 ? undefined : r.expect.status);
    const res = await page.goto(r.path);
    expect(res?.status()).toBe(r.expect.status);
    await expect(page.locator('html')).toHaveAttribute('lang', r.locale);
    const title = await page.title();
    expect(title.length).toBeGreaterThan(3);
    await expect(page.locator('h1')).toHaveCount(1);
    if (r.expect.errorKind) {
      await expect(page.locator(`[data-error-kind="${r.expect.errorKind}"]`)).toBeVisible();
    } else {
      await expectHreflang(page);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{10,}/);
      // Itself, unless the table names the route it duplicates (the "developer" salary pages).
      const c = canonicalOf(r.id, routes[r.id].sample ?? {});
      const canonical = href(c.id, r.locale, c.params);
      expect(c.id === r.id || canonical !== r.path).toBe(true);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`${canonical.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
      );
    }
    await waitForHydration(page);
    expect(errors).toEqual([]);
  });
}
