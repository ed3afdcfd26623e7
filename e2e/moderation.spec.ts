import { expect, request as apiRequest, test, type Browser } from '@playwright/test';
import { href } from '../src/routes';
import type { Locale } from '../src/i18n/locales';
import { E2E_INT_DB, E2E_INT_ORIGIN } from './env';
import { freshEmail } from './fixtures';
import { waitForMail } from './mail';
import { enrolOperator, makeOperator, pageIsSound } from './operator-fixtures';
import { PASSWORD, publishOffer } from './product-api';

// Offer moderation (decision 071), on the server that delivers email by SMTP (e2e/mail.ts reads it): an
// anonymous visitor reports an offer from its page, the offer appears in the operators' queue, an operator
// hides it, the offer is gone from search and its page answers 404, and the company's owner gets the
// email in the language of their account. At a phone's width and a laptop's, in both languages.
const CONSENT = { name: 'tandem_consent', value: 'v1.a0.m0' };
const url = (path: string) => `${E2E_INT_ORIGIN}${path}`;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function contextAt(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.addCookies([{ ...CONSENT, url: E2E_INT_ORIGIN }]);
  return { context, page: await context.newPage() };
}

for (const width of [390, 1280])
  for (const locale of ['es', 'en'] as const) {
    test(`a reported offer is hidden by an operator and its company is told (${locale}, ${width} px)`, async ({ browser }) => {
      test.setTimeout(150_000);
      const api = await apiRequest.newContext({ baseURL: E2E_INT_ORIGIN });

      // A company (its emails in `locale`) publishes an offer.
      const owner = freshEmail('moderated-company');
      const reg = await api.post('/api/v3/hire/register', {
        headers: { lang: locale },
        data: { name: 'Sol', last_name: 'Vega', email: owner, password: PASSWORD, origin: 'regular', company_name: 'Vega SAC' },
      });
      expect(reg.ok()).toBe(true);
      const token = ((await reg.json()) as { result: { access_token: string } }).result.access_token;
      const title = `Asistente remoto ${unique()}`;
      const created = await publishOffer(api, token, { title });
      expect(created.status()).toBe(201);
      const { result: offer } = (await created.json()) as { result: { id: number; slug: string } };
      const offerPath = href('offer', locale, { slug: offer.slug });
      const search = `${href('jobs', locale)}?q=${encodeURIComponent(title)}`;
      const listed = async () => (await (await api.get(search)).text()).includes(`>${title}</a>`);
      expect(await listed()).toBe(true);

      // An anonymous visitor reports it from the offer page, without an account.
      const visitor = await contextAt(browser, width);
      await visitor.page.goto(url(offerPath));
      await visitor.page.getByTestId('report-offer').locator('summary').click();
      await visitor.page.selectOption('#report-reason', 'scam');
      await visitor.page.fill('#report-text', 'Piden un pago por adelantado por WhatsApp.');
      const [answer] = await Promise.all([
        visitor.page.waitForResponse(
          (r) => r.request().method() === 'POST' && r.url().endsWith(href('offerReport', locale, { slug: offer.slug })),
        ),
        visitor.page.getByTestId('report-offer-submit').click(),
      ]);
      expect(answer.headers()['cache-control']).toBe('private, no-store');
      await expect(visitor.page.getByTestId('report-sent')).toBeVisible();
      await pageIsSound(visitor.page);
      await visitor.context.close();

      // An operator (enrolled on the way) finds it in the queue and hides it with a reason.
      const opEmail = freshEmail('moderator');
      const opReg = await api.post('/api/v3/match/register', {
        data: { name: 'Olga', last_name: 'Mora', email: opEmail, password: PASSWORD, origin: 'regular' },
      });
      expect(opReg.ok()).toBe(true);
      makeOperator(opEmail, E2E_INT_DB);
      const op = await contextAt(browser, width);
      await enrolOperator(op.page, opEmail, locale, E2E_INT_ORIGIN);
      await op.page.goto(url(href('operator', locale)));
      await op.page
        .getByRole('link', { name: locale === 'es' ? 'Moderación de ofertas y mensajes' : 'Offer and message moderation' })
        .click();
      await expect(op.page).toHaveURL(new RegExp(`${href('operatorModeration', locale)}$`));
      const item = op.page.locator(`[data-testid=moderation-item][data-offer="${offer.slug}"]`);
      await expect(item).toContainText(title);
      await expect(item).toContainText(locale === 'es' ? 'Parece una estafa' : 'Looks like a scam');
      await expect(item).toContainText('Piden un pago por adelantado por WhatsApp.');
      await pageIsSound(op.page);
      await item.locator('textarea[name=reason]').fill('Pide un pago a los candidatos.');
      await item.getByTestId('moderation-hide').click();
      await expect(op.page.getByTestId('moderation-done')).toBeVisible();
      await expect(
        op.page.locator(`[data-testid=moderation-item][data-offer="${offer.slug}"] [data-testid=moderation-state]`),
      ).toBeVisible();

      // Gone from search, and its page is a 404 (the page cache forgot both).
      await expect.poll(listed, { timeout: 5_000, intervals: [200] }).toBe(false);
      await expect.poll(async () => (await api.get(offerPath)).status(), { timeout: 5_000, intervals: [200] }).toBe(404);

      // The company's owner is told why, in the language of their account.
      const [mail] = await waitForMail([owner], (m) => m.subject.includes(title));
      expect(mail!.subject).toContain(locale === 'es' ? 'Ocultamos tu oferta' : 'We hid your offer');
      expect(mail!.text).toContain('Pide un pago a los candidatos.');
      await op.context.close();
      await api.dispose();
    });
  }

test('the moderation queue is the same 404 as the rest of the operator area for anyone else', async ({ request }) => {
  for (const locale of ['es', 'en'] as const) {
    const res = await request.get(href('operatorModeration', locale));
    expect(res.status()).toBe(404);
    expect(res.headers()['cache-control']).toBe('private, no-store');
  }
});

// A report without JavaScript: the plain form posts and the private answer confirms it.
test('an offer can be reported without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
  await context.addCookies([{ ...CONSENT, url: E2E_INT_ORIGIN }]);
  const api = await apiRequest.newContext({ baseURL: E2E_INT_ORIGIN });
  const reg = await api.post('/api/v3/hire/register', {
    data: {
      name: 'Sol',
      last_name: 'Vega',
      email: freshEmail('nojs-company'),
      password: PASSWORD,
      origin: 'regular',
      company_name: 'Vega SAC',
    },
  });
  const token = ((await reg.json()) as { result: { access_token: string } }).result.access_token;
  const created = await publishOffer(api, token, { title: `Backend sin JS ${unique()}` });
  const { result } = (await created.json()) as { result: { slug: string } };
  const page = await context.newPage();
  const locale: Locale = 'es';
  await page.goto(url(href('offer', locale, { slug: result.slug })));
  await page.getByTestId('report-offer').locator('summary').click();
  await page.getByTestId('report-offer-submit').click();
  // No reason chosen: the form again with the error, what was typed kept.
  await expect(page.locator('.field-error[data-field=reason]')).toBeVisible();
  await page.selectOption('#report-reason', 'duplicate');
  await page.getByTestId('report-offer-submit').click();
  await expect(page.getByTestId('report-sent')).toBeVisible();
  await context.close();
  await api.dispose();
});
