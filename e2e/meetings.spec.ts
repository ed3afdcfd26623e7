import { expect, test, type Page } from '@playwright/test';
import { E2E_INT_ORIGIN } from './env';
import { chooseOption, collectErrors, freshEmail, queryOne } from './fixtures';
import { calendarOf, waitForMail } from './mail';

// The company side's meeting request and booking (decision 028), as visitors use them: with JavaScript (the
// timezone is detected) and without (a select), in both languages. The main test server keeps email in its
// outbox (read from its database); the integrations server delivers through a real SMTP server, where the
// tests read both messages and parse the calendar invite.
const SALES = 'ventas@tandem.example';
// A visitor who already answered the consent banner (the integrations server shows it).
const CONSENT = { name: 'tandem_consent', value: 'v1.a0.m0' };

async function fillLead(page: Page, email: string, labels: 'es' | 'en', js = true) {
  const L =
    labels === 'es'
      ? {
          name: 'Nombre y apellido',
          company: 'Empresa',
          email: 'Correo de trabajo',
          country: 'País',
          size: 'Tamaño de la empresa (personas)',
          roles: 'Roles que buscas',
        }
      : {
          name: 'Full name',
          company: 'Company',
          email: 'Work email',
          country: 'Country',
          size: 'Company size (people)',
          roles: 'Roles you are hiring for',
        };
  await page.getByLabel(L.name, { exact: true }).fill('Lucía Rojas');
  await page.getByLabel(L.company, { exact: true }).fill('Acme SAC');
  await page.getByLabel(L.email, { exact: true }).fill(email);
  // A long choice: the searchable combobox once it has taken over its select (with JavaScript).
  if (js) await chooseOption(page, 'lead-country', 'country', labels === 'es' ? 'Perú' : 'Peru', 'peru');
  else await page.getByLabel(L.country, { exact: true }).selectOption('peru');
  await page.getByLabel(L.size, { exact: true }).selectOption('51-200');
  await page.getByLabel(L.roles, { exact: true }).fill('2 backend, 1 QA');
}

/** Pick the first free slot on the booking page; returns its key (the slot's UTC minute). */
async function pickFirstSlot(page: Page): Promise<string> {
  const slot = page.locator('a.slot').first();
  const key = (await slot.getAttribute('data-slot'))!;
  await slot.click();
  await expect(page).toHaveURL(/slot=/);
  return key;
}

async function book(page: Page, email: string, submit: string) {
  await page.locator('#booking-name').fill('Lucía Rojas');
  await page.locator('#booking-email').fill(email);
  await page.locator('#booking-company').fill('Acme SAC');
  await page.getByRole('button', { name: submit }).click();
}

const manageLinkOf = (text: string) =>
  new URL(/https?:\/\/\S+\/hire\/agendar\/(?:reserva|booking)\/[A-Za-z0-9_-]{44}/.exec(text)![0]).pathname;
const confirmLinkOf = (text: string) => {
  const u = new URL(/https?:\/\/\S+/.exec(text)![0]);
  return u.pathname + u.search;
};

/** The newest email of a kind the main server queued for an address (its outbox keeps the links). */
const queued = (email: string, kind: string) =>
  queryOne<{ text: string }>('select text_body as text from email_outbox where to_email = ? and kind = ? order by id desc', email, kind);

/** Opens the confirmation link of the newest email of a kind and presses the page's button. */
async function confirmFromEmail(page: Page, email: string, kind: 'booking-confirm' | 'lead-confirm', button: string) {
  await page.goto(confirmLinkOf((await queued(email, kind))!.text));
  await page.getByRole('button', { name: button }).click();
}

test.describe('with JavaScript', () => {
  test.use({ timezoneId: 'America/Bogota' });

  test('a company asks for a meeting: the lead is stored and both emails are queued', async ({ page }) => {
    const errors = collectErrors(page);
    const email = freshEmail('lead');
    await page.goto('/hire/solicitar-reunion');
    await fillLead(page, email, 'es');
    await page.getByRole('button', { name: 'Solicitar reunión' }).click();
    // Nothing reaches sales before the address is confirmed from the email.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Revisa tu correo');
    expect(await queryOne('select count(*) as n from email_outbox where to_email = ? and text_body like ?', SALES, `%${email}%`)).toEqual({
      n: 0,
    });
    await confirmFromEmail(page, email, 'lead-confirm', 'Confirmar solicitud');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('¡Gracias! Recibimos tu solicitud');
    const lead = await queryOne<{ roles: string; company_size: string }>('select roles, company_size from leads where email = ?', email);
    expect(lead).toEqual({ roles: '2 backend, 1 QA', company_size: '51-200' });
    expect(await queryOne('select subject, locale from email_outbox where to_email = ? and kind = ?', email, 'lead-confirmation')).toEqual({
      subject: 'Recibimos tu solicitud de reunión con Tandem',
      locale: 'es',
    });
    expect(
      await queryOne<{ text: string }>(
        'select text_body as text from email_outbox where to_email = ? and kind = ? order by id desc',
        SALES,
        'lead-sales',
      ),
    ).toMatchObject({ text: expect.stringContaining(email) });
    expect(errors).toEqual([]);
  });

  test('a visitor books a slot in their own timezone; it is gone for the next visitor; the link cancels it and frees it', async ({
    page,
    browser,
  }) => {
    // The used link answers 410 at the end, on purpose.
    const errors = collectErrors(page, 410);
    const email = freshEmail('booking');
    await page.goto('/hire/agendar');
    // The island reloads the page with the browser's timezone.
    await expect(page).toHaveURL(/tz=America%2FBogota/);
    await expect(page.locator('#tz')).toHaveValue('America/Bogota');
    const key = await pickFirstSlot(page);
    await book(page, email, 'Solicitar este horario');
    // Asked for, not booked: the time stays free until the email's link confirms it.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Revisa tu correo');
    expect(await queryOne('select status from bookings where slot_key = ?', key)).toBeUndefined();
    const next = await browser.newPage({ timezoneId: 'Europe/Madrid' });
    await next.goto('/en/hire/agendar');
    await expect(next).toHaveURL(/tz=Europe%2FMadrid/);
    await expect(next.locator(`a[data-slot="${key}"]`)).toHaveCount(1);

    await confirmFromEmail(page, email, 'booking-confirm', 'Confirmar la reunión');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reunión confirmada');
    await expect(page.getByText('(America/Bogota)')).toBeVisible();
    expect(await queryOne('select status from bookings where slot_key = ?', key)).toEqual({ status: 'confirmed' });
    await next.reload();
    await expect(next.locator('a.slot').first()).toBeVisible();
    await expect(next.locator(`a[data-slot="${key}"]`)).toHaveCount(0);

    const mail = await queryOne<{ text: string }>(
      'select text_body as text from email_outbox where to_email = ? and kind = ? order by id desc',
      email,
      'booking-booked',
    );
    const manage = manageLinkOf(mail!.text);
    await page.goto(manage);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tu reunión');
    await page.getByRole('button', { name: 'Cancelar la reunión' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reunión cancelada');
    expect(await queryOne('select status, slot_key from bookings where email = ?', email)).toEqual({ status: 'cancelled', slot_key: null });

    await next.reload();
    await expect(next.locator(`a[data-slot="${key}"]`)).toHaveCount(1);
    // The link worked once.
    const again = await page.goto(manage);
    expect(again?.status()).toBe(410);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Enlace no disponible');
    await next.close();
    expect(errors).toEqual([]);
  });

  test('a booking is moved to another slot through its link, and the old slot is free again', async ({ page }) => {
    const email = freshEmail('move');
    await page.goto('/en/hire/agendar?tz=America%2FLima');
    const first = await pickFirstSlot(page);
    await book(page, email, 'Request this time');
    await confirmFromEmail(page, email, 'booking-confirm', 'Confirm the meeting');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meeting confirmed');
    const mail = await queryOne<{ text: string }>(
      'select text_body as text from email_outbox where to_email = ? and kind = ?',
      email,
      'booking-booked',
    );
    await page.goto(manageLinkOf(mail!.text));
    const second = await pickFirstSlot(page);
    expect(second).not.toBe(first);
    await page.getByRole('button', { name: 'Move to this time' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meeting rescheduled');
    expect(await queryOne('select count(*) as n from bookings where email = ? and status = ?', email, 'confirmed')).toEqual({ n: 1 });
    expect(await queryOne('select status from bookings where slot_key = ?', second)).toEqual({ status: 'confirmed' });
    expect(await queryOne('select status from bookings where slot_key = ?', first)).toBeUndefined();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the meeting request names what is missing, keeps what was typed, then thanks', async ({ page }) => {
    const email = freshEmail('lead-nojs');
    await page.goto('/en/hire/solicitar-reunion');
    await page.getByLabel('Full name', { exact: true }).fill('Lucía Rojas');
    await page.getByRole('button', { name: 'Request a meeting' }).click();
    await expect(page.getByRole('alert')).toContainText('Check the highlighted fields.');
    await expect(page.getByLabel('Full name', { exact: true })).toHaveValue('Lucía Rojas');
    await fillLead(page, email, 'en', false);
    await page.getByRole('button', { name: 'Request a meeting' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your email');
    await confirmFromEmail(page, email, 'lead-confirm', 'Confirm request');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you! We received your request');
    expect(await queryOne('select locale from leads where email = ?', email)).toEqual({ locale: 'en' });
  });

  test('the timezone is picked in a select, a slot is booked with plain posts', async ({ page }) => {
    const email = freshEmail('booking-nojs');
    await page.goto('/en/hire/agendar');
    await page.locator('#tz').selectOption('Europe/Madrid');
    await page.getByRole('button', { name: 'Show times' }).click();
    await expect(page).toHaveURL(/tz=Europe%2FMadrid/);
    await pickFirstSlot(page);
    await book(page, email, 'Request this time');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your email');
    await confirmFromEmail(page, email, 'booking-confirm', 'Confirm the meeting');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meeting confirmed');
    await expect(page.getByText('(Europe/Madrid)')).toBeVisible();
    expect(await queryOne('select time_zone, locale from bookings where email = ?', email)).toEqual({
      time_zone: 'Europe/Madrid',
      locale: 'en',
    });
  });
});

test.describe('delivered by SMTP', () => {
  test('the lead and sales receive their emails', async ({ page, context }) => {
    await context.addCookies([{ ...CONSENT, url: E2E_INT_ORIGIN }]);
    const email = freshEmail('lead-smtp');
    await page.goto(`${E2E_INT_ORIGIN}/en/hire/solicitar-reunion`);
    await fillLead(page, email, 'en');
    await page.getByRole('button', { name: 'Request a meeting' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your email');
    const [ask] = await waitForMail([email], (m) => /Confirm your meeting request/.test(m.subject));
    await page.goto(`${E2E_INT_ORIGIN}${confirmLinkOf(ask!.text)}`);
    await page.getByRole('button', { name: 'Confirm request' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you! We received your request');
    const [toLead, toSales] = await waitForMail(
      [email, SALES],
      (m) => /We received|Nueva solicitud/.test(m.subject) && (m.to.includes(email) || m.text.includes(email)),
    );
    expect(toLead!.subject).toBe('We received your meeting request with Tandem');
    expect(toSales!.text).toContain(email);
  });

  test('a booking sends both sides an invite that a calendar parser reads', async ({ page, context }) => {
    await context.addCookies([{ ...CONSENT, url: E2E_INT_ORIGIN }]);
    const email = freshEmail('booking-smtp');
    await page.goto(`${E2E_INT_ORIGIN}/hire/agendar?tz=America%2FLima`);
    const key = await pickFirstSlot(page);
    await book(page, email, 'Solicitar este horario');
    const [ask] = await waitForMail([email], (m) => /Confirma tu reunión/.test(m.subject));
    expect(ask!.raw).not.toContain('text/calendar');
    await page.goto(`${E2E_INT_ORIGIN}${confirmLinkOf(ask!.text)}`);
    await page.getByRole('button', { name: 'Confirmar la reunión' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reunión confirmada');
    const mails = await waitForMail(
      [email, SALES],
      (m) => m.raw.includes('text/calendar') && (m.to.includes(email) || m.text.includes(email)),
    );
    for (const m of mails) {
      const invite = calendarOf(m.raw);
      expect(invite.method).toBe('REQUEST');
      expect(invite.event.startDate.toJSDate().toISOString().slice(0, 16) + 'Z').toBe(key);
      expect(invite.ics).toContain(`mailto:${email}`);
    }
  });
});
