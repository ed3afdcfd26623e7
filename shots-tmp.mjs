import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
const shots = JSON.parse(process.argv[2]);
for (const s of shots) {
  const ctx = await browser.newContext({ viewport: { width: s.w ?? 1280, height: s.h ?? 900 }, colorScheme: s.scheme ?? 'light', locale: s.locale ?? 'es-ES' });
  const page = await ctx.newPage();
  await page.goto('http://127.0.0.1:8320' + s.path);
  await page.waitForTimeout(400);
  await page.screenshot({ path: s.out, fullPage: !!s.full });
  await ctx.close();
}
await browser.close();
