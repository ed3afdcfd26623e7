import { expect, test, type Locator, type Page } from '@playwright/test';
import { chooseOption, queryOne, signIn } from './fixtures';

// Decision 025: every salary figure says where it comes from where it is shown: gross monthly pay, n, the
// sources with licence links, when the reports were collected, the currencies with the FX date in the
// locale's words, and "demo data" (the test server is a demo install: every figure is demo). Decision 053: a local
// figure says the rate it was converted at beside the rate's date; a table of several currencies, the date.
const words = {
  es: {
    gross: 'Sueldo bruto mensual',
    reports: /\d+ reportes/,
    source: /Fuentes?: Demo Tandem/,
    period: /recogidos (entre|en) [a-z]+ de \d{4}/,
    fx: /convertidos a [\d.,]+\s[A-Z]{3} por US\$ \(tasa del \d{1,2} de [a-z]+ de \d{4}\)/,
    fxDate: /tipo de cambio del \d{1,2} de [a-z]+ de \d{4}/,
    demo: 'Datos de demostración',
  },
  en: {
    gross: 'Gross monthly pay',
    reports: /\d+ reports/,
    source: /Sources?: Tandem demo/,
    period: /collected (in )?[A-Z][a-z]+ \d{4}/,
    fx: /converted at [A-Z]{3}\s[\d.,]+ per US\$ \(rate of [A-Z][a-z]+ \d{1,2}, \d{4}\)/,
    fxDate: /exchange rate of [A-Z][a-z]+ \d{1,2}, \d{4}/,
    demo: 'Demo data',
  },
} as const;
type Lang = keyof typeof words;

/** `fx`: local figures at the FX table's date, or US$ only, or either (a table by country, a cross-country basis). */
async function expectProvenance(line: Locator, lang: Lang, { n = true, fx = true }: { n?: boolean; fx?: boolean | 'any' } = {}) {
  const w = words[lang];
  await expect(line).toContainText(w.gross);
  if (n) await expect(line).toContainText(w.reports);
  await expect(line).toContainText(w.source);
  await expect(line).toContainText(w.period);
  // No ISO date anywhere: the FX date is written out in the reader's language.
  await expect(line).not.toContainText(/\d{4}-\d{2}-\d{2}/);
  const usd = lang === 'es' ? /en US\$/ : /in US\$/;
  if (fx === 'any') await expect(line).toContainText(new RegExp(`${w.fx.source}|${w.fxDate.source}|${usd.source}`));
  else await expect(line).toContainText(fx ? w.fx : usd);
  await expect(line.getByTestId('demo-badge')).toHaveText(w.demo);
}

/** The answer card's full line (its n stands beside the median), each block's short line, and the source of every
 * table row; the sources section says the rest once. */
async function expectSalaryPage(page: Page, path: string, lang: Lang, fx: boolean) {
  await page.goto(path);
  await expect(page.getByTestId('salary-answer').getByTestId('salary-n')).toHaveText(/^\d[\d.,]*$/);
  await expectProvenance(page.getByTestId('salary-answer').getByTestId('provenance'), lang, { fx, n: false });
  const blocks = page.locator('.salary-block');
  expect(await blocks.count(), path).toBeGreaterThan(0);
  for (const block of await blocks.all()) {
    // Decision 082: a block's own line is short (gross, sources, the demo label, the way to the full note).
    const cue = block.getByTestId('block-cue');
    await expect(cue).toContainText(words[lang].gross);
    await expect(cue).toContainText(words[lang].source);
    await expect(cue.getByTestId('demo-badge')).toHaveText(words[lang].demo);
    await expect(cue.locator('a[href="#salary-sources"]')).toHaveCount(1);
    await expect(block.getByTestId('provenance')).toHaveCount(0);
    const cells = block.locator('tbody td.row-source');
    expect(await cells.count()).toBe(await block.locator('tbody tr').count());
    for (const cell of await cells.all()) await expect(cell).toHaveText(/(Demo Tandem|Tandem demo) · \d{4}(–\d{4})?/);
  }
}

test('salary pages of every kind say where each figure comes from, in Spanish', async ({ page }) => {
  await expectSalaryPage(page, '/herramientas/peru', 'es', true);
  await expectSalaryPage(page, '/herramientas/mexico/salario', 'es', true);
  await expectSalaryPage(page, '/herramientas/peru/backend', 'es', true);
  await expectSalaryPage(page, '/herramientas/salario/skill/react', 'es', false);
});

test('salary pages of every kind say where each figure comes from, in English', async ({ page }) => {
  await expectSalaryPage(page, '/en/tools/chile', 'en', true);
  await expectSalaryPage(page, '/en/tools/colombia/salary', 'en', true);
  await expectSalaryPage(page, '/en/tools/salary/developer/frontend', 'en', false);
  await expectSalaryPage(page, '/en/tools/peru/salary/skill/react', 'en', true);
});

test('"how much does a developer earn" counts developer roles only, not sales, marketing or support', async ({ page }) => {
  const n = async (path: string) => {
    await page.goto(path);
    return Number(((await page.getByTestId('salary-n').textContent()) ?? '').replace(/\./g, ''));
  };
  const all = await n('/herramientas/mexico');
  const developers = await n('/herramientas/mexico/salario');
  const tech = await queryOne<{ n: number }>(
    `select count(*) as n from salary_reports where country = 'mexico' and is_demo = 1 and role in
       ('frontend','backend','fullstack','mobile','devops','qa-engineer','data-engineer','data-scientist','data-analyst','software-architect','tech-lead')`,
  );
  expect(developers).toBe(Number(tech!.n));
  expect(developers).toBeLessThan(all);
});

test('the calculator result says where its estimate comes from, in both languages', async ({ page }) => {
  await signIn(page, '/ingresar', 'candidata@demo.tandem.example', 'tandem-demo-2026');
  await expect(page).toHaveURL(/\/match\/plataforma$/);
  await page.goto('/herramientas/salario/calculadora/resultado?country=peru&role=backend&seniority=mid');
  await expectProvenance(page.locator('.result-card').getByTestId('provenance'), 'es');
  await page.goto('/en/tools/salary/calculator/result?country=chile&role=frontend&seniority=senior');
  await expectProvenance(page.locator('.result-card').getByTestId('provenance'), 'en');
});

test("an offer's market verdict says where its range comes from, in both languages", async ({ page }) => {
  const offer = (await queryOne<{ slug: string }>(
    `select slug from offers where status = 'published' and valid_through > ? and role = 'backend' order by id limit 1`,
    new Date().toISOString(),
  ))!;
  await page.goto(`/oferta/${offer.slug}`);
  await expect(page.getByTestId('offer-verdict')).toContainText('brutos al mes');
  await expectProvenance(page.getByTestId('offer-verdict').getByTestId('provenance'), 'es', { fx: 'any' });
  await page.goto(`/en/oferta/${offer.slug}`);
  await expect(page.getByTestId('offer-verdict')).toContainText('gross a month');
  await expectProvenance(page.getByTestId('offer-verdict').getByTestId('provenance'), 'en', { fx: 'any' });
});

test("the offer form's market check says where its range comes from, in both languages", async ({ page }) => {
  for (const [path, lang, button] of [
    ['/hire/crear-oferta', 'es', 'Vista previa'],
    ['/en/hire/create-offer', 'en', 'Preview'],
  ] as const) {
    await page.goto(path);
    await page.fill('#offer-title', 'Backend Go');
    await page.selectOption('#offer-area', 'tech');
    await chooseOption(page, 'offer-role', 'role', lang === 'es' ? 'Desarrollador/a Backend' : 'Backend Developer', 'backend');
    await page.selectOption('#offer-seniority', 'senior');
    await chooseOption(page, 'offer-country', 'country', lang === 'es' ? 'Perú' : 'Peru', 'peru');
    await page.fill('#offer-salary_min', '12000');
    await page.fill('#offer-salary_max', '16000');
    await page.selectOption('#offer-currency', 'PEN');
    await page.getByRole('button', { name: button, exact: true }).click();
    await expectProvenance(page.getByTestId('market-check').getByTestId('provenance'), lang);
  }
});
