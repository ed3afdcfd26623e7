import { expect, test, type Page } from '@playwright/test';
import type { Locale } from '../src/i18n/locales';
import { href } from '../src/routes';
import { axeViolations, chooseOption, newPage, queryOne, signIn } from './fixtures';

// The company's screens (decision 088): the offer form's market check follows the form without a post, in
// both languages; each applicant card lists the profile's facts; the candidate search's filters group into
// a counted disclosure on a phone and stay one grid on a wide screen. No sideways scroll at 390 px; axe.
const COMPANY = { email: 'empresa@demo.tandem.example', password: 'tandem-demo-2026' };
const L = {
  es: { role: 'Desarrollador/a Backend', country: 'Perú', range: 'El mercado paga entre', live: 'Actualizado con lo que escribes.' },
  en: { role: 'Backend Developer', country: 'Peru', range: 'The market pays between', live: 'Updated as you type.' },
} as const;

async function company(browser: import('@playwright/test').Browser, locale: Locale, width = 1280): Promise<Page> {
  const page = await newPage(browser, locale, { width });
  await signIn(page, href('login', locale), COMPANY.email, COMPANY.password);
  await expect(page).toHaveURL(/\/hire\/site$/);
  return page;
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const locale of ['es', 'en'] as const) {
  test(`the offer form's market check follows the form as it changes, without a post (${locale})`, async ({ browser }) => {
    const page = await company(browser, locale);
    await page.goto(href('hireCreateOffer', locale));
    const live = page.getByTestId('market-live');
    await expect(live).toHaveAttribute('data-live', 'no');
    const url = page.url();
    await chooseOption(page, 'offer-role', 'role', L[locale].role, 'backend');
    await page.selectOption('#offer-seniority', 'senior');
    const asked = page.waitForResponse((r) => r.url().includes('/api/v3/hire/market') && r.request().method() === 'GET');
    await chooseOption(page, 'offer-country', 'country', L[locale].country, 'peru');
    expect((await asked).status()).toBe(200);
    await expect(live).toHaveAttribute('data-live', 'yes');
    await expect(live).toHaveAttribute('aria-live', 'polite');
    await expect(live.getByTestId('market-range')).toContainText(L[locale].range);
    // The source said at the figure: gross, reports, sources, period, currency, demo labelled.
    await expect(live.getByTestId('provenance')).toBeVisible();
    await expect(live.getByTestId('demo-badge')).toBeVisible();
    await expect(live).toContainText(L[locale].live);
    // A range typed: the verdict comes without "Vista previa".
    await page.fill('#offer-salary_min', '9000');
    await page.fill('#offer-salary_max', '12000');
    await page.selectOption('#offer-currency', 'PEN');
    await expect(live.getByTestId('market-verdict')).toBeVisible();
    expect(page.url()).toBe(url);
    expect(await axeViolations(page, 'light')).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await sideways(page)).toBe(0);
    await page.context().close();
  });
}

test('without JavaScript the preview post still checks the market', async ({ browser }) => {
  const js = await company(browser, 'es');
  const page = await newPage(browser, 'es', { js: false, storageState: await js.context().storageState() });
  await page.goto(href('hireCreateOffer', 'es'));
  await page.selectOption('#offer-role', 'backend');
  await page.selectOption('#offer-seniority', 'senior');
  await page.selectOption('#offer-country', 'peru');
  await page.locator('button[name=intent][value=preview]').click();
  await expect(page.getByTestId('market-check')).toContainText(L.es.range);
  await expect(page.getByTestId('market-live')).toHaveCount(0);
  await js.context().close();
  await page.context().close();
});

test('applicant cards list the profile facts and wrap at 390 px', async ({ browser }) => {
  // The demo company's seed has no applicants: the demo candidate (a profile with every fact) applies to its
  // last offer (the other specs' applicants go to its first).
  const offer = (await queryOne<{ id: number; slug: string }>(
    `select o.id, o.slug from offers o join company_users cu on cu.company_id = o.company_id join users u on u.id = cu.user_id
      where u.email = ? and o.status = 'published' and o.valid_through > ? order by o.id desc limit 1`,
    COMPANY.email,
    new Date().toISOString(),
  ))!;
  const cand = await newPage(browser, 'es');
  await signIn(cand, href('login', 'es'), 'candidata@demo.tandem.example', COMPANY.password);
  await expect(cand).not.toHaveURL(/ingresar/);
  await cand.goto(href('offer', 'es', { slug: offer.slug }));
  const apply = cand.getByRole('button', { name: 'Postular ahora' });
  if (await apply.isVisible()) await apply.click();
  await expect(cand.getByTestId('application-status')).toBeVisible();
  await cand.context().close();
  for (const locale of ['es', 'en'] as const) {
    const page = await company(browser, locale, 390);
    await page.goto(href('hireApplicants', locale, { id: String(offer.id) }));
    const facts = page.getByTestId('applicant-facts').first();
    await expect(facts).toBeVisible();
    await expect(facts.locator('li').first()).not.toBeEmpty();
    await expect(
      page
        .getByTestId('applicant-facts')
        .filter({ hasText: locale === 'es' ? 'años de experiencia' : 'years of experience' })
        .first(),
    ).toBeVisible();
    expect(await sideways(page)).toBe(0);
    // A demo certificate never claims to be verified.
    for (const text of await page.getByTestId('applicant-certificate').allTextContents()) expect(text).not.toMatch(/verificad|verified/i);
    expect(await axeViolations(page, 'light')).toEqual([]);
    await page.context().close();
  }
});

test('the candidate filters: a counted disclosure on a phone, one grid on a wide screen', async ({ browser }) => {
  const page = await company(browser, 'es', 390);
  await page.goto(`${href('hireSite', 'es')}?vista=candidatos&rol=backend&pais=peru`);
  const summary = page.getByTestId('filters-summary');
  await expect(summary).toHaveText('Filtros (2)');
  await expect(page.getByRole('heading', { name: 'Filtrar candidatos' })).toBeVisible();
  // Role and country in view, full width and a thumb's height; the rest behind the disclosure.
  for (const id of ['#cf-rol', '#cf-pais']) {
    const box = (await page.locator(id).boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThan(300);
  }
  await expect(page.locator('#cf-seniority')).toBeHidden();
  expect((await summary.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await summary.click();
  await expect(page.locator('#cf-seniority')).toBeVisible();
  expect((await page.locator('#cf-seniority').boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(await sideways(page)).toBe(0);
  expect(await axeViolations(page, 'light')).toEqual([]);
  // A filter inside the disclosure keeps it open, and is counted.
  await page.selectOption('#cf-seniority', 'senior');
  await page.getByRole('button', { name: 'Filtrar', exact: true }).click();
  await expect(page).toHaveURL(/seniority=senior/);
  await expect(summary).toHaveText('Filtros (3)');
  await expect(page.getByTestId('filters-more')).toHaveAttribute('open', '');
  // Wide: one compact grid, every filter shown without the disclosure.
  await page.goto(`${href('hireSite', 'es')}?vista=candidatos`);
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(summary).toBeHidden();
  await expect(page.locator('#cf-seniority')).toBeVisible();
  await expect(page.locator('#cf-ingles')).toBeVisible();
  await page.context().close();
  const en = await company(browser, 'en', 390);
  await en.goto(`${href('hireSite', 'en')}?vista=candidatos&rol=backend`);
  await expect(en.getByTestId('filters-summary')).toHaveText('Filters (1)');
  expect(await sideways(en)).toBe(0);
  await en.context().close();
});
