import { expect, test } from '@playwright/test';
import { waitForHydration } from './fixtures';

test('a failed validation rule is a 404 "Page Not Found: {path}"', async ({ page }) => {
  const res = await page.goto('/herramientas/narnia/salario');
  expect(res?.status()).toBe(404);
  await expect(page.locator('.error-screen .message')).toHaveText('Page Not Found: /herramientas/narnia/salario');
  await expect(page.locator('.error-screen .status')).toHaveText('404');
});

test('a path that matches nothing is a 404 "Page not found: {path}" in the path\'s locale', async ({ page }) => {
  const res = await page.goto('/en/no/such/page');
  expect(res?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  // Still right once the islands have run (the router calls this page '/404').
  await waitForHydration(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('.error-screen .message')).toHaveText('Page not found: /en/no/such/page');
  await page.getByRole('link', { name: 'Go to home' }).click();
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.locator('.error-screen')).toHaveCount(0);
});

test('"Ir al inicio" goes home from a Spanish error screen', async ({ page }) => {
  await page.goto('/no-existe');
  await page.getByRole('link', { name: 'Ir al inicio' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('h1')).toContainText('Encuentra empleo tech y digital');
});

for (const [path, kind, heading] of [
  ['/ly/nadie', 'talent', 'Perfil no encontrado'],
  ['/oferta/no-existe', 'offer', 'Oferta no encontrada'],
  ['/en/certification/unknown-code', 'certification', 'Certification not found'],
] as const) {
  test(`dedicated ${kind} not-found screen`, async ({ page }) => {
    const res = await page.goto(path);
    expect(res?.status()).toBe(404);
    await expect(page.locator(`[data-error-kind="${kind}"] h1`)).toContainText(heading);
  });
}

test('search-engine bots get the status without the error page', async ({ request }) => {
  const res = await request.get('/oferta/no-existe', {
    headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
  });
  expect(res.status()).toBe(404);
  expect(await res.text()).toBe('');
});

test('the result page without a query redirects to the calculator', async ({ page }) => {
  await page.goto('/en/tools/salary/calculator/result');
  await expect(page).toHaveURL(/\/en\/tools\/salary\/calculator$/);
});

test('trailing slashes are removed with a 301 keeping the query', async ({ request }) => {
  const res = await request.get('/hire/pricing/?a=1', { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers().location).toBe('/hire/pricing?a=1');
});

test('security and caching headers', async ({ request }) => {
  const page = await request.get('/hire');
  // A public page allows its inline scripts by hash, no nonce (decision 064).
  expect(page.headers()['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
  expect(page.headers()['x-content-type-options']).toBe('nosniff');
  expect(page.headers()['cache-control']).toBe('public, s-maxage=60, stale-while-revalidate=600');
  const iframe = await request.get('/herramientas/salario/calculadora/iframe');
  expect(iframe.headers()['content-security-policy']).toContain('frame-ancestors *');
  const health = await request.get('/healthz');
  expect(health.status()).toBe(200);
  const sitemap = await request.get('/sitemap.xml');
  expect(await sitemap.text()).toContain('/sitemaps/pages.xml</loc>');
  const pages = await request.get('/sitemaps/pages.xml', { headers: { 'accept-encoding': 'gzip' } });
  expect(await pages.text()).toContain('/en/tools/salary/calculator');
  const tag = pages.headers()['etag']!;
  expect(tag).toMatch(/-gz"$/);
  const again = await request.get('/sitemaps/pages.xml', { headers: { 'accept-encoding': 'gzip', 'if-none-match': tag } });
  expect(again.status()).toBe(304);
  expect((await request.get('/robots.txt')).ok()).toBe(true);
  // A built asset, precompressed: its own tag per encoding, 304 when the browser has it.
  const asset = /\/assets\/[^"']+\.js/.exec(await page.text())?.[0] ?? '';
  expect(asset).toMatch(/^\/assets\/[\w.-]+\.js$/);
  const tags: string[] = [];
  for (const encoding of ['br', 'identity']) {
    const first = await request.get(asset, { headers: { 'accept-encoding': encoding } });
    expect(first.headers()['etag']).toMatch(/^(W\/)?"[^"]+"$/);
    tags.push(first.headers()['etag']!);
    expect(first.headers()['vary']).toContain('Accept-Encoding');
    const cached = await request.get(asset, { headers: { 'accept-encoding': encoding, 'if-none-match': first.headers()['etag']! } });
    expect(cached.status()).toBe(304);
    expect(cached.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  }
  // The brotli file and the plain one are different bytes: never the same tag.
  expect(tags[0]).not.toBe(tags[1]);
});
