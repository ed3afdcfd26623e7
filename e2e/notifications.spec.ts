import { expect, test, type Browser, type Page } from '@playwright/test';
import { DatabaseSync } from 'node:sqlite';
import type { Locale } from '../src/i18n/locales';
import { href } from '../src/routes';
import { E2E_INT_DB, E2E_INT_ORIGIN } from './env';
import { axeViolations, freshEmail, signIn, waitForForm, waitForHydration } from './fixtures';
import { waitForMail } from './mail';

// People are told (decision 045), as they would live it, on the integrations server, which delivers email
// through a real SMTP server: a candidate applies, the company's email arrives (HTML and text, one-click
// unsubscribe) and its bell counts it; the company opens it and moves the application; the candidate's
// email and bell follow; one POST from "the mail provider" unsubscribes. In both languages.
const CONSENT = { name: 'tandem_consent', value: 'v1.a0.m0' };
const COMPANY = 'empresa@demo.tandem.example';
const PASSWORD = 'tandem-demo-2026';

const L = {
  es: {
    createAccount: 'Crear cuenta',
    apply: 'Postular ahora',
    approved: 'Pasó el filtro',
    newMessage: 'Nuevo mensaje de',
    unread: '1 sin leer',
    none: 'Ninguno',
  },
  en: {
    createAccount: 'Create account',
    apply: 'Apply now',
    approved: 'Passed screening',
    newMessage: 'New message from',
    unread: '1 unread',
    none: 'None',
  },
} as const;

/** A row of the integrations server's database (opened, migrated and seeded on first use: /readyz does that). */
async function intDb<R>(sql: string, ...params: (string | number)[]): Promise<R | undefined> {
  await fetch(`${E2E_INT_ORIGIN}/readyz`);
  const db = new DatabaseSync(E2E_INT_DB, { readOnly: true });
  try {
    return db.prepare(sql).get(...params) as R | undefined;
  } finally {
    db.close();
  }
}

async function newPage(browser: Browser, locale: Locale): Promise<Page> {
  const context = await browser.newContext({ baseURL: E2E_INT_ORIGIN, locale: locale === 'es' ? 'es-ES' : 'en-US' });
  await context.addCookies([{ ...CONSENT, url: E2E_INT_ORIGIN }]);
  return context.newPage();
}

async function signUpCandidate(page: Page, locale: Locale, email: string) {
  await page.goto(href('signUp', locale));
  await waitForForm(page, 'signup-form');
  await page.fill('#signup-form-name', 'Noa');
  await page.fill('#signup-form-last_name', `Avisos ${locale}`);
  await page.fill('#signup-form-email', email);
  await page.fill('#signup-form-password', 'clave-segura-7');
  await page.getByRole('button', { name: L[locale].createAccount }).click();
  await page.waitForURL((u) => !u.pathname.startsWith(href('signUp', locale)));
}

/** The bell's number once the session island has it. */
async function bellCount(page: Page): Promise<number> {
  await waitForHydration(page);
  const bell = page.getByTestId('notification-bell');
  await expect(bell).toHaveAttribute('data-ready', 'true');
  const count = page.getByTestId('notification-count');
  return (await count.count()) ? Number((await count.textContent())!.replace('+', '')) : 0;
}

for (const locale of ['es', 'en'] as const) {
  test(`the whole loop: a candidate applies, the company is told (email, bell), moves it and writes, the candidate is told and answers, unread counts move on both sides, and one POST unsubscribes (${locale})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const t = L[locale];
    // An open offer of the demo company.
    const offer = (await intDb<{ id: number; slug: string; title: string }>(
      `select o.id, o.slug, o.title from offers o join company_users cu on cu.company_id = o.company_id join users u on u.id = cu.user_id
        where u.email = ? and o.status = 'published' and o.valid_through > ? order by o.id limit 1 offset ?`,
      COMPANY,
      new Date().toISOString(),
      locale === 'es' ? 0 : 1,
    ))!;

    // The company reads its email in this language (its preferences page).
    const company = await newPage(browser, locale);
    await signIn(company, href('login', locale), COMPANY, PASSWORD);
    await company.waitForURL((u) => !u.pathname.startsWith(href('login', locale)));
    await company.goto(href('notificationPreferences', locale));
    await company.locator(`input[name=locale][value=${locale}]`).check();
    await company.locator('input[name=mode-application-new][value=instant]').check();
    await company.locator('form.form button[type=submit]').click();
    await expect(company).toHaveURL(/guardado=1/);
    await company.goto(href('hireSite', locale));
    const before = await bellCount(company);

    // A new candidate applies.
    const email = freshEmail(`notify-${locale}`);
    const candidate = await newPage(browser, locale);
    await signUpCandidate(candidate, locale, email);
    await candidate.goto(href('offer', locale, { slug: offer.slug }));
    await candidate.getByRole('button', { name: t.apply }).click();
    await expect(candidate.getByTestId('application-status')).toBeVisible();

    // The company's email: its language, HTML and text, one action, one-click unsubscribe.
    const [toCompany] = await waitForMail([COMPANY], (m) => m.text.includes(`Noa Avisos ${locale}`));
    expect(toCompany!.subject).toBe(locale === 'es' ? `Nueva postulación a ${offer.title}` : `New application to ${offer.title}`);
    expect((toCompany as { html?: string }).html).toContain(`lang="${locale}"`);
    expect(toCompany!.headers['list-unsubscribe']).toMatch(
      new RegExp(`^<${E2E_INT_ORIGIN}${href('emailUnsubscribe', locale, { token: 'T' }).replace('T', '')}[\\w.-]+>$`),
    );
    expect(toCompany!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    // The bell counts it; the notification leads to the applicants and is read once opened.
    await company.reload();
    await expect.poll(() => bellCount(company)).toBe(before + 1);
    // The bell with a number passes axe in both modes (its badge keeps its contrast in dark mode).
    for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(company, scheme)).toEqual([]);
    await company.getByTestId('notification-bell').click();
    await expect(company).toHaveURL(new RegExp(`${href('notifications', locale)}$`));
    // Signed-in pages are outside the anonymous route scan: checked here, with something in them.
    for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(company, scheme)).toEqual([]);
    const item = company.getByTestId('notification').filter({ hasText: `Noa Avisos ${locale}` });
    await item.getByRole('link').click();
    await expect(company).toHaveURL(new RegExp(`${href('hireApplicants', locale, { id: String(offer.id) })}$`));
    expect(await bellCount(company)).toBe(before);

    // The company moves the application; the candidate is told by email and by the bell.
    const applicant = company.getByTestId('applicant').filter({ hasText: `Noa Avisos ${locale}` });
    await applicant.getByTestId('move-next').click();
    const [toCandidate] = await waitForMail([email], (m) => m.subject.includes(t.approved));
    expect(toCandidate!.subject).toContain(t.approved);
    await candidate.goto(href('matchPlatform', locale));
    await expect.poll(() => bellCount(candidate)).toBe(1);
    await candidate.goto(href('notifications', locale));
    await candidate.getByTestId('notification').first().getByRole('link').click();
    await expect(candidate).toHaveURL(new RegExp(`${href('matchPlatform', locale)}#applications$`));
    expect(await bellCount(candidate)).toBe(0);

    // The company writes from the applicant row; the candidate is told by email and bell, and answers.
    await company.goto(href('hireApplicants', locale, { id: String(offer.id) }));
    await company
      .getByTestId('applicant')
      .filter({ hasText: `Noa Avisos ${locale}` })
      .getByTestId('applicant-messages')
      .click();
    await waitForHydration(company);
    await expect(company.locator('#message-form[data-live]')).toBeVisible();
    await company.fill('#message-body', `Hola Noa: ¿hablamos el jueves? (${locale})`);
    await company.getByTestId('send-message').click();
    await expect(company.getByTestId('message')).toHaveCount(1);
    const [messageMail] = await waitForMail([email], (m) => m.subject.startsWith(t.newMessage));
    expect(messageMail!.text).toContain(`> Hola Noa: ¿hablamos el jueves? (${locale})`);
    expect(messageMail!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    await candidate.goto(href('matchPlatform', locale));
    await expect(candidate.getByTestId('application-row').filter({ hasText: offer.title }).getByTestId('unread')).toHaveText(t.unread);
    await expect.poll(() => bellCount(candidate)).toBe(1);
    // The email's action opens the notification, which leads into the conversation and reads it.
    await candidate.goto(new URL(/https?:\/\/\S+\/(?:notificaciones|en\/notifications)\/\d+/.exec(messageMail!.text)![0]).pathname);
    await expect(candidate).toHaveURL(/\/match\/plataforma\/(?:mensajes|messages)\/\d+$|\/en\/match\/plataforma\/messages\/\d+$/);
    await waitForHydration(candidate);
    expect(await bellCount(candidate)).toBe(0);
    await expect(candidate.locator('#message-form[data-live]')).toBeVisible();
    await candidate.fill('#message-body', `Sí, el jueves me viene bien (${locale})`);
    await candidate.getByTestId('send-message').click();
    await expect(candidate.getByTestId('message')).toHaveCount(2);
    const [reply] = await waitForMail([COMPANY], (m) => m.text.includes(`Sí, el jueves me viene bien (${locale})`));
    expect(reply!.subject.startsWith(t.newMessage)).toBe(true);
    await company.goto(href('hireApplicants', locale, { id: String(offer.id) }));
    await expect(
      company
        .getByTestId('applicant')
        .filter({ hasText: `Noa Avisos ${locale}` })
        .getByTestId('unread'),
    ).toHaveText(t.unread);
    expect(await bellCount(company)).toBeGreaterThanOrEqual(1);

    // The mail provider's one-click POST (no cookies): 200, and that kind of email is off.
    const url = /<([^>]+)>/.exec(toCandidate!.headers['list-unsubscribe']!)![1]!;
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
      redirect: 'manual',
    });
    expect(res.status).toBe(200);
    await candidate.goto(href('notificationPreferences', locale));
    await expect(candidate.locator('input[name=mode-application-status][value=off]')).toBeChecked();
    for (const scheme of ['light', 'dark'] as const) expect(await axeViolations(candidate, scheme)).toEqual([]);
    await company.context().close();
    await candidate.context().close();
  });
}
