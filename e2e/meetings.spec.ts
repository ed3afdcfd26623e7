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

/** Pick the first free time of the day shown on the booking page; returns its key (the slot's UTC minute). */
async function pickFirstTime(page: Page, index = 0, { live = true } = {}): Promise<string> {
  // With JavaScript the picker is swapped for its live version once its chunk is there: a press before then
  // may land on a node replaced before the release (no click). A person would press again; the test waits.
  if (live) await expect(page.locator('.booking-picker[data-live]')).toBeVisible();
  const slot = page.locator('label.slot').nth(index);
  const key = (await slot.locator('input').getAttribute('value'))!;
  await slot.click();
  await expect(slot.locator('input')).toBeChecked();
  return key;
}

/** The calendar day of a slot in a zone, as the day chips name it ('2026-12-01'). */
const dayIn = (key: string, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(key.replace('Z', ':00Z')));

/** A slot's clock time in a zone, as the page shows it. */
const clockIn = (key: string, timeZone: string, language: string) =>
  new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone }).format(
    new Date(key.replace('Z', ':00Z')),
  );

/** Pick the first free slot on a manage page (links); returns its key. */
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
    let loads = 0;
    page.on('framenavigated', (f) => {
      if (f === page.mainFrame()) loads++;
    });
    await page.goto('/hire/agendar');
    // The island puts the browser's zone in the form: no reload, no ?tz=.
    await expect(page.locator('#tz')).toHaveValue('America/Bogota');
    await expect(page.locator('#tz option:checked')).toHaveText('Hora de Colombia (GMT-5)');
    expect(loads).toBe(1);
    expect(page.url()).not.toContain('tz=');
    const key = await pickFirstTime(page);
    await book(page, email, 'Solicitar este horario');
    // Asked for, not booked: the time stays free until the email's link confirms it.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Revisa tu correo');
    expect(await queryOne('select status from bookings where slot_key = ?', key)).toBeUndefined();
    const next = await browser.newPage({ timezoneId: 'Europe/Madrid' });
    await next.goto('/en/hire/agendar');
    await expect(next.locator('#tz')).toHaveValue('Europe/Madrid');
    // The day chips and the times follow at once.
    const madridDay = next.locator(`input[name="day"][value="${dayIn(key, 'Europe/Madrid')}"]`);
    await next.locator('label.chip', { has: madridDay }).click();
    await expect(next.locator(`input[data-slot="${key}"]`)).toHaveCount(1);

    await confirmFromEmail(page, email, 'booking-confirm', 'Confirmar la reunión');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reunión confirmada');
    await expect(page.getByText('Hora de Colombia (GMT-5)')).toBeVisible();
    expect(await queryOne('select status from bookings where slot_key = ?', key)).toEqual({ status: 'confirmed' });
    await next.reload();
    await next.locator('label.chip', { has: madridDay }).click();
    await expect(next.locator('label.slot').first()).toBeVisible();
    await expect(next.locator(`input[data-slot="${key}"]`)).toHaveCount(0);

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
    await next.locator('label.chip', { has: madridDay }).click();
    await expect(next.locator(`input[data-slot="${key}"]`)).toHaveCount(1);
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
    await expect(page.locator('#tz')).toHaveValue('America/Lima');
    const first = await pickFirstTime(page);
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

// A refused booking from outside the sales team's zone: everything comes back as it was sent, the time
// in the visitor's own clock; fixed, the same form books.
for (const [timeZone, locale, zoneName] of [
  ['America/Bogota', 'es', 'Hora de Colombia (GMT-5)'],
  ['America/Mexico_City', 'en', 'Central time, Mexico City (GMT-6)'],
  ['Europe/Madrid', 'es', 'Hora de Europa central (GMT+1)'],
] as const) {
  test.describe(`a refused booking from ${timeZone}`, () => {
    test.use({ timezoneId: timeZone });

    test('keeps the zone, the day, the time and the details, then books', async ({ page }) => {
      const errors = collectErrors(page, 422);
      const es = locale === 'es';
      await page.goto(es ? '/hire/agendar' : '/en/hire/agendar');
      await expect(page.locator('#tz')).toHaveValue(timeZone);
      await expect(page.locator('#tz option:checked')).toHaveText(zoneName);
      await page.locator('label.chip').nth(1).click();
      const key = await pickFirstTime(page, 1);
      const clock = clockIn(key, timeZone, es ? 'es-ES' : 'en-US');
      await page.locator('#booking-name').fill('Ana Pérez');
      await page.locator('#booking-email').fill('ana@');
      await page.locator('#booking-company').fill('Acme SAC');
      await page.locator('#booking-message').fill('Somos 40 personas');
      await page.getByRole('button', { name: es ? 'Solicitar este horario' : 'Request this time' }).click();

      await expect(page.getByRole('alert')).toContainText(es ? 'Revisa los campos marcados' : 'Check the highlighted fields');
      await expect(page.locator('#tz')).toHaveValue(timeZone);
      await expect(page.locator(`input[data-slot="${key}"]`)).toBeChecked();
      await expect(page.locator('label.slot', { has: page.locator(`input[data-slot="${key}"]`) })).toHaveText(clock);
      await expect(page.locator('.booking-chosen')).toContainText(clock);
      await expect(page.locator('#booking-name')).toHaveValue('Ana Pérez');
      await expect(page.locator('#booking-email')).toHaveValue('ana@');
      await expect(page.locator('#booking-company')).toHaveValue('Acme SAC');
      await expect(page.locator('#booking-message')).toHaveValue('Somos 40 personas');

      await page.locator('#booking-email').fill(freshEmail('booking-again'));
      await page.getByRole('button', { name: es ? 'Solicitar este horario' : 'Request this time' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(es ? 'Revisa tu correo' : 'Check your email');
      // The zone's name alone (no other zone to tell it from there).
      await expect(page.getByText(zoneName.replace(', Mexico City', ''))).toBeVisible();
      expect(errors).toEqual([]);
    });
  });
}

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
    const show = page.getByRole('button', { name: 'Show times' });
    expect((await show.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await show.click();
    await expect(page.locator('#tz')).toHaveValue('Europe/Madrid');
    // Another day, then one of its times.
    await page.locator('label.chip').nth(1).click();
    await page.getByRole('button', { name: 'Show times' }).click();
    await expect(page.locator('input[name="day"]').nth(1)).toBeChecked();
    await pickFirstTime(page, 0, { live: false });
    await book(page, email, 'Request this time');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your email');
    await confirmFromEmail(page, email, 'booking-confirm', 'Confirm the meeting');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Meeting confirmed');
    await expect(page.getByText('Central European time (GMT+1)')).toBeVisible();
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
    await expect(page.locator('#tz')).toHaveValue('America/Lima');
    const key = await pickFirstTime(page);
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
