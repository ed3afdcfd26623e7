import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { href } from '../src/routes';
import type { Locale } from '../src/i18n/locales';
import { queryOne, signIn } from './fixtures';
import { enrolOperator, makeOperator } from './operator-fixtures';
import { PASSWORD, register } from './product-api';

// The operators' sections (decisions 074 and 076), at a phone's width and a laptop's, in both languages: an
// operator blocks an account, which then cannot sign in (and is told why), unblocks it, and it can again;
// revokes a certificate, whose page then answers 410 with the reason; downloads the leads as CSV.

/** A fresh operator, signed in with the password and enrolled (the enrolment passes the second step). */
async function operatorSession(page: Page, request: Parameters<typeof register>[0], locale: Locale) {
  const { email } = await register(request, 'match');
  makeOperator(email);
  await enrolOperator(page, email, locale);
}

const SUSPENDED = { es: 'Esta cuenta está suspendida.', en: 'This account is suspended.' };

let combo = 0;
for (const width of [390, 1280])
  for (const locale of ['es', 'en'] as const) {
    const index = combo++;
    test(`an operator blocks and unblocks an account, revokes a certificate, downloads the leads (${locale}, ${width} px)`, async ({
      page,
      request,
      browser,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      await operatorSession(page, request, locale);

      // Block an account: it cannot sign in, and the sign-in says why.
      const target = await register(request, 'match');
      const { id } = (await queryOne<{ id: number }>('select id from users where email = ?', target.email))!;
      await page.goto(href('operatorAccount', locale, { id: String(id) }));
      await page.fill('#account-reason', 'Cuenta de prueba bloqueada');
      await page.getByTestId('block-form').locator('button[type=submit]').click();
      await expect(page.getByTestId('unblock-form')).toBeVisible();
      const other = await browser.newContext({ viewport: { width, height: 900 } });
      const visitor = await other.newPage();
      await signIn(visitor, href('login', locale), target.email, PASSWORD);
      await expect(visitor.locator('#login-form')).toContainText(SUSPENDED[locale]);

      // Unblock: the same sign-in works again.
      await page.fill('#account-reason', 'Revisado');
      await page.getByTestId('unblock-form').locator('button[type=submit]').click();
      await expect(page.getByTestId('block-form')).toBeVisible();
      await signIn(visitor, href('login', locale), target.email, PASSWORD);
      await expect(visitor).toHaveURL(/\/match\/plataforma$/);
      await other.close();

      // Revoke a certificate of the demo world (a different one per run): its page answers 410 with the reason.
      const cert = await queryOne<{ slug: string }>(
        'select slug from certifications where revoked_at is null order by id desc limit 1 offset ?',
        index,
      );
      expect(cert?.slug).toMatch(/^[a-z0-9-]+$/);
      const reason = `Respuestas copiadas ${locale} ${width}`;
      await page.goto(href('operatorCertificates', locale));
      await page.fill('#certificate-ref', cert!.slug);
      await page.fill('#certificate-reason', reason);
      await page.getByTestId('revoke-form').locator('button[type=submit]').click();
      // (The revoked list leaves demo certificates out: the page's answer is what counts.)
      const page410 = href('certification', locale, { slug: cert!.slug });
      await expect.poll(async () => (await request.get(page410)).status(), { timeout: 10_000, intervals: [250] }).toBe(410);
      expect(await (await request.get(page410)).text()).toContain(reason);

      // The leads as CSV: a download an operator gets, that parses, with its header.
      await page.goto(href('operatorLeads', locale));
      const csv = await page.request.get(`${href('operatorLeads', locale)}?csv=leads`);
      expect(csv.status()).toBe(200);
      expect(csv.headers()['content-type']).toContain('text/csv');
      const rows: string[][] = parse((await csv.text()).replace(/^\uFEFF/, ''));
      expect(rows[0]).toEqual([
        'id',
        'created_at',
        'state',
        'name',
        'email',
        'company',
        'phone',
        'country',
        'company_size',
        'roles',
        'message',
        'locale',
      ]);
      // Anyone else gets the area's 404.
      expect((await request.get(`${href('operatorLeads', locale)}?csv=leads`)).status()).toBe(404);
    });
  }
