import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { href } from '../src/routes';
import { DEMO_COMPANY, freshEmail, latestEmail, openApplicantConversation, queryOne, waitForHydration } from './fixtures';

// "Download my data" (decision 072) on a phone, in Spanish with JavaScript and in English without: a
// candidate applies and gets a message from the company, asks for their data on the account page, the email
// arrives with a link, the link downloads a ZIP that holds their application and the message.
const PHONE = { width: 390, height: 844 };
const companyOffer = () =>
  queryOne<{ slug: string; id: number; title: string }>(
    `select o.slug, o.id, o.title from offers o join company_users cu on cu.company_id = o.company_id join users u on u.id = cu.user_id
      where u.email = ? and o.status = 'published' and o.valid_through > ? order by o.id limit 1`,
    DEMO_COMPANY.email,
    new Date().toISOString(),
  );

for (const [locale, js] of [
  ['es', true],
  ['en', false],
] as const) {
  test(`a candidate downloads their data (${locale}, ${js ? 'with' : 'without'} JavaScript)`, async ({ browser }) => {
    test.setTimeout(180_000);
    const offer = (await companyOffer())!;
    const last = `Datos${Date.now().toString(36)}`;
    const email = freshEmail(`datos-${locale}`);

    // A candidate signs up and applies (the apply button works without JavaScript too).
    const candidate = await browser.newContext({ viewport: PHONE, locale: locale === 'es' ? 'es-ES' : 'en-US', javaScriptEnabled: js });
    const cand = await candidate.newPage();
    await cand.goto(href('signUp', locale));
    if (js) await cand.locator('form#signup-form[data-enhanced="true"]').waitFor();
    await cand.fill('#signup-form-name', 'Nora');
    await cand.fill('#signup-form-last_name', last);
    await cand.fill('#signup-form-email', email);
    await cand.fill('#signup-form-password', 'clave-segura-7');
    await cand.locator('#signup-form button[type=submit]').click();
    await expect(cand).toHaveURL(new RegExp(`${href('matchPlatform', locale)}$`));
    await cand.goto(href('offer', locale, { slug: offer.slug }));
    await cand.getByRole('button', { name: locale === 'es' ? 'Postular ahora' : 'Apply now' }).click();
    // With JavaScript the offer's island shows the status; without, the post comes back to the offer.
    if (js) await expect(cand.getByTestId('application-status')).toBeVisible();
    else await expect(cand).toHaveURL(/applied=1/);

    // The company writes to the applicant.
    const { company, co } = await openApplicantConversation(browser, offer.id, last);
    await waitForHydration(co);
    await expect(co.locator('#message-form[data-live]')).toBeVisible();
    const text = `Hola Nora ${last}, ¿hablamos?`;
    await co.fill('#message-body', text);
    await co.getByTestId('send-message').click();
    await expect(co.getByTestId('message')).toHaveCount(1);
    await company.close();

    // The candidate asks for their data on the account page; the page says it is being prepared (its
    // section may already say it is ready: a small account is built within a moment).
    await cand.goto(href('account', locale));
    await cand.getByTestId('data-export-request').click();
    await expect(cand).toHaveURL(/hecho=datos$/);
    await expect(
      cand.getByText(locale === 'es' ? 'Listo: estamos preparando tu archivo' : 'Done: we are preparing your file'),
    ).toBeVisible();
    await expect(cand.getByTestId('data-export-request')).toHaveCount(0);
    expect(await cand.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

    // The email arrives (built in the background) with the link.
    let mail = { kind: '', text: '', locale: '' };
    await expect
      .poll(
        async () => {
          mail = await latestEmail(email).catch(() => mail);
          return mail.kind;
        },
        { timeout: 30_000 },
      )
      .toBe('data-export-ready');
    expect(mail.locale).toBe(locale);
    const link = new URL(/https?:\/\/\S+descarga=[A-Za-z0-9_-]+/.exec(mail.text)![0]);

    // Another browser (not signed in) is sent to sign in first; the owner's browser gets the ZIP.
    const stranger = await browser.newContext({ viewport: PHONE });
    const s = await stranger.newPage();
    await s.goto(link.pathname + link.search);
    await expect(s).toHaveURL(new RegExp(`${href('login', locale)}\\?redirect=`));
    await stranger.close();
    const res = await candidate.request.get(link.pathname + link.search);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('application/zip');
    expect(res.headers()['content-disposition']).toMatch(/^attachment; filename="tandem-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = unzipSync(new Uint8Array(await res.body()));
    const data = JSON.parse(strFromU8(files['data.json']!)) as {
      account: { email: string };
      applications: { offer_title: string }[];
      conversations: { messages: { body: string }[] }[];
    };
    expect(data.account.email).toBe(email);
    expect(data.applications.map((a) => a.offer_title)).toEqual([offer.title]);
    expect(data.conversations.flatMap((c) => c.messages.map((m) => m.body))).toEqual([text]);

    // The account page now says until when the file is ready.
    await cand.goto(href('account', locale));
    await expect(cand.getByTestId('data-export')).toContainText(locale === 'es' ? 'Tu archivo está listo' : 'Your file is ready');
    await candidate.close();
  });
}
