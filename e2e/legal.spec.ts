import { expect, test, type Page } from '@playwright/test';
import { legalTexts, type LegalId } from '../src/areas/content/legal';
import { formatLongDate } from '../src/i18n/format';
import { locales, type Locale } from '../src/i18n/locales';
import { href, type RouteId } from '../src/routes';

// The legal texts (decision 026) and the forms that name them: every legal page shows its heading, version and
// effective date in both languages, fits a phone, and every sign-up form links the terms and the privacy
// policy that apply, next to its submit button, to pages that answer 200.
const LEGAL: LegalId[] = ['privacy', 'terms', 'termsB2c', 'termsBlackNovember'];
const VERSION_LABEL: Record<Locale, string> = { es: 'Versión', en: 'Version' };
const HEADINGS: Record<LegalId, Record<Locale, string>> = {
  privacy: { es: 'Política de privacidad', en: 'Privacy policy' },
  terms: { es: 'Términos y condiciones', en: 'Terms and conditions' },
  termsB2c: { es: 'Términos y condiciones para candidatos', en: 'Terms and conditions for candidates' },
  termsBlackNovember: { es: 'Términos de la campaña Black November', en: 'Black November campaign terms' },
};

for (const id of LEGAL) {
  for (const locale of locales) {
    test(`${locale} ${id}: heading, version, effective date and contents`, async ({ page }) => {
      const text = legalTexts[id][locale];
      const res = await page.goto(href(id, locale));
      expect(res?.status()).toBe(200);
      await expect(page.locator('h1')).toHaveText(HEADINGS[id][locale]);
      const meta = page.getByTestId('legal-meta');
      await expect(meta).toContainText(`${VERSION_LABEL[locale]} ${text.version}`);
      await expect(meta).toContainText(formatLongDate(text.effective, locale));
      await expect(meta.locator('time')).toHaveAttribute('datetime', text.effective);
      // Each entry of the contents leads to a section of the page.
      const targets = await page.locator('.legal-toc a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(targets.length).toBeGreaterThanOrEqual(6);
      for (const target of targets) await expect(page.locator(`section${target!}`)).toHaveCount(1);
      await page.locator('.legal-toc a').nth(1).click();
      await expect(page).toHaveURL(new RegExp(`${targets[1]}$`));
    });
  }
}

test('the legal pages fit a phone in both languages', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  for (const id of LEGAL)
    for (const locale of locales) {
      await page.goto(href(id, locale));
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
        `${locale} ${id}`,
      ).toBe(0);
    }
  await context.close();
});

test('the privacy policy keeps its cookie section where the footer sends people', async ({ page }) => {
  await page.goto(href('privacy', 'es'));
  await expect(page.locator('.legal-toc a[href="#cookies"]')).toHaveCount(1);
  await expect(page.locator('section#cookies h2')).toHaveText('Cookies y herramientas de medición');
  await expect(page.locator('section#cookies')).toContainText('Global Privacy Control');
});

/** The terms and privacy links next to the form's submit button: present, right, and answering 200. */
async function expectLegalLinks(page: Page, path: string, formId: string, terms: 'terms' | 'termsB2c', locale: Locale) {
  const res = await page.goto(path);
  expect(res?.status(), path).toBe(200);
  const note = page.locator(`form#${formId} ~ .legal-note`).first();
  await expect(note, path).toBeVisible();
  for (const id of [terms, 'privacy'] as RouteId[]) {
    const link = note.locator(`a[data-legal="${id}"]`);
    await expect(link, `${path} ${id}`).toHaveAttribute('href', href(id, locale));
    const target = await page.request.get(href(id, locale));
    expect(target.status(), `${path} -> ${id}`).toBe(200);
  }
}

test.describe('sign-up forms link the texts that apply', () => {
  for (const locale of locales) {
    test(`${locale} candidate sign-up: candidate terms and privacy policy`, async ({ page }) => {
      await expectLegalLinks(page, href('signUp', locale), 'signup-form', 'termsB2c', locale);
    });

    test(`${locale} company sign-up: company terms and privacy policy`, async ({ page }) => {
      await expectLegalLinks(page, href('hireStartNow', locale), 'hire-signup-form', 'terms', locale);
    });

    test(`${locale} calculator registration step: candidate terms and privacy policy`, async ({ page }) => {
      const path = `${href('calculatorRegister', locale)}?country=peru&role=backend&seniority=mid`;
      await expectLegalLinks(page, path, 'signup-form', 'termsB2c', locale);
    });
  }

  test('the links open the text in a new tab, so nothing typed is lost', async ({ page }) => {
    await page.goto(href('signUp', 'es'));
    await page.fill('#signup-form-name', 'Valeria');
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.locator('.legal-note a[data-legal="termsB2c"]').first().click()]);
    await expect(popup.locator('h1')).toHaveText(HEADINGS.termsB2c.es);
    await expect(page.locator('#signup-form-name')).toHaveValue('Valeria');
  });
});
