import { expect, test, type Page } from '@playwright/test';
import { href } from '../src/routes';
import { DEMO_COMPANY, axeViolations, pickSkills, queryOne, signIn, waitForHydration } from './fixtures';

// A company's perks and tech stack (decision 086): the demo company edits them in its workspace (a perk too
// long is refused with the text kept), then they show on its public page (whose offer cards leave out its
// logo) and in the company box of its offer page, in both languages, at 390 and 1280 px, light and dark.
const TEXT = {
  es: { perks: 'Beneficios', stack: 'Tecnologías', more: 'Ver la empresa y sus ofertas' },
  en: { perks: 'Perks', stack: 'Tech stack', more: 'See the company and its offers' },
} as const;

const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('the demo company edits its perks and stack; its page and its offers show them (es and en, 390 and 1280 px)', async ({ page }) => {
  test.setTimeout(180_000);
  const row = (await queryOne<{ slug: string; name: string; offer: string }>(
    `select c.slug, c.name, (select o.slug from offers o where o.company_id = c.id and o.status = 'published' order by o.id limit 1) as offer
       from companies c join company_users cu on cu.company_id = c.id join users u on u.id = cu.user_id where u.email = ?`,
    DEMO_COMPANY.email,
  ))!;
  const perk = `Almuerzo de equipo ${Date.now().toString(36)}`;

  await signIn(page, '/ingresar?redirect=/hire/site', DEMO_COMPANY.email, DEMO_COMPANY.password);
  await page.waitForURL(/\/hire\/site/);
  await waitForHydration(page);
  // The form's skill picker swaps in as a chunk after hydration: typing before that could be lost.
  await page.locator('#company-form .skill-picker').waitFor();
  // A perk over 80 characters: refused in Spanish, and what was typed is still there.
  const tooLong = `${perk}\n${'Un beneficio muy largo '.repeat(5)}`;
  await page.locator('#company-perks').fill(tooLong);
  await expect(page.locator('#company-perks')).toHaveValue(tooLong);
  await page.getByRole('button', { name: 'Guardar empresa' }).click();
  await expect(page.locator('#company-perks-error')).toContainText('hasta 80 caracteres');
  await expect(page.locator('#company-perks')).toHaveValue(tooLong);

  // The refusal is a new render of the form: its picker swaps in again before the next typing.
  await page.locator('#company-form .skill-picker').waitFor();
  await pickSkills(page, '#company-form', ['Rust']);
  await page.locator('#company-perks').fill(`${perk}\nHorario flexible`);
  await expect(page.locator('#company-perks')).toHaveValue(`${perk}\nHorario flexible`);
  await page.getByRole('button', { name: 'Guardar empresa' }).click();
  await expect(page).toHaveURL(/saved=1/);
  await expect(page.locator('#company-perks')).toHaveValue(`${perk}\nHorario flexible`);

  for (const locale of ['es', 'en'] as const) {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(href('company', locale, { slug: row.slug }));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(row.name);
      const perks = page.locator('section[aria-labelledby="company-perks"]');
      await expect(perks.getByRole('heading')).toHaveText(TEXT[locale].perks);
      await expect(perks.getByRole('listitem').first()).toHaveText(perk);
      const stack = page.locator('section[aria-labelledby="company-stack"]');
      await expect(stack.getByRole('heading')).toHaveText(TEXT[locale].stack);
      await expect(stack.getByRole('listitem').filter({ hasText: /^Rust$/ })).toHaveCount(1);
      // The head shows the company's logo (or its generated mark); its offer cards do not repeat it.
      await expect(page.locator('.company-page-head .company-logo')).toBeVisible();
      await expect(page.locator('.company-page .job-card').first()).toBeVisible();
      await expect(page.locator('.company-page .job-card .company-logo')).toHaveCount(0);
      expect(await noSideways(page)).toBe(0);
      if (width === 390) for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(page, scheme)).toEqual([]);

      await page.goto(href('offer', locale, { slug: row.offer }));
      const box = page.getByTestId('company-box');
      await expect(box.getByRole('heading', { level: 2 })).toContainText(row.name);
      await expect(box.getByRole('listitem').filter({ hasText: perk })).toHaveCount(1);
      await expect(box.getByRole('listitem').filter({ hasText: /^Rust$/ })).toHaveCount(1);
      const more = box.getByRole('link', { name: TEXT[locale].more });
      expect(await more.getAttribute('href')).toBe(href('company', locale, { slug: row.slug }));
      expect((await more.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      expect(await noSideways(page)).toBe(0);
      if (width === 390) for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(page, scheme)).toEqual([]);
    }
  }
});
