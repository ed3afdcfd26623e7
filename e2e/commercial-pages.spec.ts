import { expect, test, type Page } from '@playwright/test';
import { activePromotion } from '../src/domain/pricing';
import type { Locale } from '../src/i18n/locales';
import { href, type RouteId } from '../src/routes';
import { axeViolations, collectErrors } from './fixtures';

// The commercial pages (decision 027): /hire, /match, /hire/pricing, /hire/staffing and the sections under
// the /hire/landing hero, in Spanish and English, with and without JavaScript. The test server is a demo
// install, so the salary figure says it is demo data.

type Spec = {
  id: RouteId;
  /** Section ids (each section is labelled by its h2 `#{id}-heading`). */
  sections: string[];
  /** Routes the page's calls to action must link to. */
  links: RouteId[];
  figures: boolean;
};

const SPECS: Spec[] = [
  {
    id: 'hire',
    sections: ['what', 'how', 'figures', 'areas', 'companies', 'services', 'faq', 'cta'],
    links: ['hireCreateOffer', 'hireRequestMeeting', 'hireSchedule', 'hirePricing', 'hireStaffing'],
    figures: true,
  },
  {
    id: 'match',
    sections: ['areas', 'learn', 'tools', 'how', 'figures', 'faq', 'cta'],
    links: ['jobs', 'signUp', 'matchCourses', 'freeCourse', 'tools', 'calculator'],
    figures: true,
  },
  {
    id: 'hirePricing',
    sections: ['plans', 'compare', 'taxes', 'faq', 'cta'],
    links: ['hireCreateOffer', 'hireRequestMeeting', 'hireSchedule', 'hireStaffing'],
    figures: false,
  },
  {
    id: 'hireStaffing',
    sections: ['what', 'process', 'timeline', 'guarantee', 'price', 'faq', 'cta'],
    links: ['hireRequestMeeting', 'hireSchedule', 'hirePricing'],
    figures: false,
  },
  {
    id: 'hireLanding',
    sections: ['what', 'how', 'figures', 'companies', 'services', 'faq', 'cta'],
    links: ['hireCreateOffer', 'hireRequestMeeting', 'hireSchedule', 'hireStaffing'],
    figures: true,
  },
];

const DEMO = { es: 'Datos de demostración', en: 'Demo data' } as const;
const promotion = () => activePromotion(new Date());
const main = (page: Page) => page.locator('main');
/** A link of the page's main content to a route (a query, such as the landing's currency, allowed). */
const linkTo = (page: Page, id: RouteId, locale: Locale) =>
  main(page)
    .locator(`a[href="${href(id, locale)}"], a[href^="${href(id, locale)}?"]`)
    .first();

async function expectLiveFigures(page: Page, locale: Locale) {
  const values = main(page).getByTestId('figure-value');
  expect(await values.count()).toBeGreaterThanOrEqual(4);
  for (const text of await values.allInnerTexts()) expect(text.trim()).toMatch(/^\d{1,3}([.,\s\u202f]?\d{3})*$/);
  // Demo install: the salary reports are demo data, and say so at the figure.
  await expect(main(page).locator('[data-figure="salaryReports"] .figure-badge')).toHaveText(DEMO[locale]);
}

async function expectFaqOpens(page: Page) {
  const item = main(page).locator('details.faq-item').first();
  const answer = item.locator('.faq-answer');
  await expect(answer).toBeHidden();
  await item.locator('summary').click();
  await expect(item).toHaveAttribute('open', '');
  await expect(answer).toBeVisible();
  await expect(answer).not.toBeEmpty();
}

async function checkPage(page: Page, spec: Spec, locale: Locale) {
  const res = await page.goto(href(spec.id, locale));
  expect(res?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  for (const s of spec.sections) await expect(main(page).locator(`#${s}-heading`), `${spec.id} #${s}`).toBeVisible();
  for (const id of spec.links) await expect(linkTo(page, id, locale), `${spec.id} -> ${id}`).toBeAttached();
  if (spec.figures) await expectLiveFigures(page, locale);
  await expectFaqOpens(page);
}

for (const js of [true, false]) {
  test.describe(js ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled: js });
    for (const locale of ['es', 'en'] as const) {
      for (const spec of SPECS) {
        test(`${locale} ${spec.id} shows its sections, live figures, FAQ and calls to action`, async ({ page }) => {
          const errors = js ? collectErrors(page) : [];
          await checkPage(page, spec, locale);
          expect(errors).toEqual([]);
        });
      }

      test(`${locale} /hire: the companies hiring now link to their company pages`, async ({ page }) => {
        await page.goto(href('hire', locale));
        const cards = main(page).locator('#companies a.company-card');
        expect(await cards.count()).toBeGreaterThan(0);
        const first = cards.first();
        await expect(first.locator('.company-logo')).toBeVisible();
        await expect(first).toHaveAttribute('href', new RegExp(`^${href('company', locale, { slug: 'x' }).replace(/x$/, '')}[a-z0-9-]+$`));
        const name = (await first.locator('strong').innerText()).trim();
        await first.click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      });

      test(`${locale} /hire/pricing shows US dollars by default and a local currency when asked`, async ({ page }) => {
        const param = locale === 'es' ? 'moneda' : 'currency';
        await page.goto(href('hirePricing', locale));
        await expect(main(page).getByTestId('price-usd').first()).toContainText('US$');
        await expect(main(page).getByTestId('price-local')).toHaveCount(0);
        await expect(main(page).locator('#pricing-currency')).toHaveValue('usd');

        // The currency picker is a GET form: it works without JavaScript.
        await main(page).locator('#pricing-currency').selectOption('cop');
        await main(page).locator('.currency-form button[type=submit]').click();
        await expect(page).toHaveURL(new RegExp(`\\?${param}=cop$`));
        await expect(main(page).getByTestId('price-local').first()).toContainText('COP');
        await expect(main(page).locator('#pricing-currency')).toHaveValue('cop');
        await expect(main(page).getByTestId('fx-note')).toContainText(
          locale === 'es' ? /tipo de cambio del \d{1,2} de [a-z]+ de \d{4}/ : /exchange rate of [A-Z][a-z]+ \d{1,2}, \d{4}/,
        );
        await expect(main(page).getByTestId('fx-note')).not.toContainText(/\d{4}-\d{2}-\d{2}/);

        await page.goto(`${href('hirePricing', locale)}?${param}=PEN`);
        await expect(main(page).getByTestId('price-local').first()).toContainText('PEN');
      });

      test(`${locale} /hire/pricing answers bad currency input with the US dollar page`, async ({ page }) => {
        for (const q of [
          'moneda=xyz',
          'currency=%3Cscript%3Ealert(1)%3C%2Fscript%3E',
          'moneda=',
          'moneda=%E0%A4%A',
          `moneda=${'c'.repeat(1500)}`,
        ]) {
          const res = await page.goto(`${href('hirePricing', locale)}?${q}`);
          expect(res?.status(), q).toBe(200);
          await expect(main(page).getByTestId('price-usd').first(), q).toBeVisible();
          await expect(main(page).getByTestId('price-local'), q).toHaveCount(0);
        }
      });

      test(`${locale} /hire/pricing compares the plans in a table and shows the promotion only while it runs`, async ({ page }) => {
        await page.goto(href('hirePricing', locale));
        const table = main(page).locator('table.compare-table');
        await expect(table.locator('thead th[scope=col]')).toHaveCount(4);
        expect(await table.locator('tbody th[scope=row]').count()).toBeGreaterThanOrEqual(8);
        await expect(main(page).locator('[data-plan]')).toHaveCount(3);
        const promo = main(page).getByTestId('promo-banner');
        if (promotion()) {
          await expect(promo).toBeVisible();
          await expect(promo.locator(`a[href="${href('termsBlackNovember', locale)}"]`)).toBeVisible();
        } else await expect(promo).toHaveCount(0);
      });
    }
  });
}

test('the calls to action lead to their pages', async ({ page }) => {
  await page.goto('/hire');
  await main(page).locator('#cta').getByRole('link', { name: 'Publicar oferta gratis' }).click();
  await expect(page).toHaveURL(/\/hire\/crear-oferta$/);
  await page.goto('/en/hire/staffing');
  await main(page).locator('#cta').getByRole('link', { name: 'Book a call' }).click();
  await expect(page).toHaveURL(/\/en\/hire\/agendar$/);
  await page.goto('/match');
  await main(page).locator('#cta').getByRole('link', { name: 'Crear mi cuenta gratis' }).click();
  await expect(page).toHaveURL(/\/registro$/);
});

test('at 390 px nothing scrolls sideways; the comparison table scrolls inside its own box', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  for (const spec of SPECS)
    for (const locale of ['es', 'en'] as const) {
      await page.goto(`${href(spec.id, locale)}${spec.id === 'hirePricing' ? (locale === 'es' ? '?moneda=cop' : '?currency=clp') : ''}`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${locale} ${spec.id}`).toBeLessThanOrEqual(0);
    }
  await page.goto(`${href('hirePricing', 'es')}?moneda=cop`);
  const box = page.locator('.compare-scroll');
  expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
});

test('the pricing page in a local currency passes the accessibility scan, light and dark', async ({ page }) => {
  await page.goto('/hire/pricing?moneda=cop');
  for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(page, scheme)).toEqual([]);
});

test('the landing links the prices in the currency of the visitor country when it is known', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'es-CO' });
  const page = await context.newPage();
  await page.goto('/hire/landing');
  await expect(main(page).locator(`#services a[href="${href('hirePricing', 'es')}?moneda=cop"]`)).toBeVisible();
  await context.close();
});
