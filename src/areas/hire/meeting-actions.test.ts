import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateSlots, slotKey } from '../../domain/scheduling';
import { locales } from '../../i18n/locales';
import { href } from '../../routes';
import { testDatabases } from '../../testing/databases';
import { createFormWorld, expectRefusal, expectTooMany, msg, type FormWorld } from '../../testing/form-app';
import { TEST_LEAD, TEST_RULES } from '../../testing/meetings';

// The meeting request and booking forms through the HTTP layer, as a browser without JavaScript posts them
// (303 or the page with its errors) and as the islands do (JSON), on both databases.
// The form's fields: the service's lead under the names the form posts, with the honeypot left empty.
const { companySize, ...rest } = TEST_LEAD;
const LEAD = { ...rest, company_size: companySize, message: '', website: '' };

describe.each(testDatabases)('meeting forms on %s', (_db, open) => {
  let w: FormWorld;
  beforeAll(async () => {
    w = await createFormWorld(open);
  }, 60_000);
  afterAll(async () => w?.cleanup());
  const leads = () => w.t.db.selectFrom('leads').selectAll().execute();
  const slot = (i: number) => slotKey(candidateSlots(TEST_RULES, new Date())[i]!);

  it('stores a request posted without JavaScript and answers with the thank-you page (303)', async () => {
    for (const locale of locales) {
      const a = await w.post(href('hireRequestMeeting', locale), { ...LEAD, email: `${locale}@acme.example` }, { json: false });
      expect(a.status, a.text).toBe(303);
      expect(a.location).toBe(`${href('hireRequestMeeting', locale)}?enviado=1`);
    }
    expect((await leads()).map((l) => [l.email, l.locale])).toEqual([
      ['es@acme.example', 'es'],
      ['en@acme.example', 'en'],
    ]);
  });

  it('thanks a bot that fills the honeypot and stores nothing', async () => {
    const before = (await leads()).length;
    const a = await w.post(href('hireRequestMeeting', 'es'), { ...LEAD, website: 'https://spam.example' });
    expect(a.json).toEqual({ ok: true, redirect: `${href('hireRequestMeeting', 'es')}?enviado=1` });
    expect(await leads()).toHaveLength(before);
  });

  it('names each wrong field in the visitor’s language and keeps what was typed', async () => {
    for (const locale of locales) {
      const fields = { ...LEAD, name: '', email: 'no-es-correo', country: 'narnia', company_size: 'huge', roles: '', phone: 'abc' };
      const a = await w.post(href('hireRequestMeeting', locale), fields, { json: locale === 'en' });
      const { website: _, ...values } = fields;
      expectRefusal(a, 422, {
        message: msg(locale, 'forms.summary'),
        errors: {
          name: msg(locale, 'forms.error.required'),
          email: msg(locale, 'forms.error.email'),
          phone: msg(locale, 'forms.error.invalid'),
          country: msg(locale, 'forms.error.invalid'),
          company_size: msg(locale, 'forms.error.invalid'),
          roles: msg(locale, 'meetings.error.roles'),
        },
        values,
      });
    }
  });

  it('limits requests per address with 429 and Retry-After', async () => {
    const email = 'insistente@acme.example';
    for (let i = 0; i < 3; i++) expect((await w.post(href('hireRequestMeeting', 'es'), { ...LEAD, email })).json.ok).toBe(true);
    const { form } = expectTooMany(await w.post(href('hireRequestMeeting', 'es'), { ...LEAD, email }));
    expect(form.message).toBe(msg('es', 'meetings.error.tooMany'));
  });

  /** The token in the newest email of a kind to an address. */
  const tokenIn = async (kind: string, to: string, pattern: RegExp) => {
    const mail = await w.t.db
      .selectFrom('email_outbox')
      .select('text_body')
      .where('kind', '=', kind)
      .where('to_email', '=', to)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    return pattern.exec(mail.text_body)![1]!;
  };
  const RESERVA = /\/hire\/agendar\/(?:reserva|booking)\/([A-Za-z0-9_-]{44})/;

  it('a booking is a request until confirmed from its email; the first confirmation takes the slot (409 to the next); the link cancels it', async () => {
    const key = slot(4);
    const booking = { slot: key, tz: 'America/Bogota', name: 'Lucía', email: 'lucia@acme.example', company: 'Acme', message: '' };
    const a = await w.post(href('hireSchedule', 'es'), booking, { json: false });
    expect(a.status, a.text).toBe(303);
    expect(a.location).toBe(`${href('hireSchedule', 'es')}?pendiente=${encodeURIComponent(key)}&tz=America%2FBogota`);
    // A request holds nothing: another visitor asks for the same time.
    const other = await w.post(href('hireSchedule', 'en'), { ...booking, email: 'otro@acme.example' }, { json: false });
    expect(other.status, other.text).toBe(303);
    expect(await w.t.db.selectFrom('bookings').select('id').execute()).toHaveLength(0);

    const confirm = await w.post(
      href('hireScheduleManage', 'es', { token: await tokenIn('booking-confirm', 'lucia@acme.example', RESERVA) }),
      { intent: 'confirm', slot: key, tz: 'America/Bogota' },
      { json: false },
    );
    expect(confirm.status, confirm.text).toBe(303);
    expect(confirm.location).toBe(`${href('hireSchedule', 'es')}?reservada=${encodeURIComponent(key)}&tz=America%2FBogota`);
    const late = await w.post(href('hireScheduleManage', 'en', { token: await tokenIn('booking-confirm', 'otro@acme.example', RESERVA) }), {
      intent: 'confirm',
      slot: key,
      tz: 'America/Bogota',
    });
    expectRefusal(late, 409, { errors: { slot: msg('en', 'meetings.error.slotTaken') } });

    const manage = href('hireScheduleManage', 'es', { token: await tokenIn('booking-booked', 'lucia@acme.example', RESERVA) });
    const cancel = await w.post(manage, { intent: 'cancel' }, { json: false });
    expect(cancel.status, cancel.text).toBe(303);
    expect(cancel.location).toContain(`${href('hireSchedule', 'es')}?cancelada=`);
    expectRefusal(await w.post(manage, { intent: 'cancel' }), 410, { message: msg('es', 'meetings.error.linkUsed') });
  });

  it('a meeting request reaches sales once confirmed from its email, once', async () => {
    await w.post(href('hireRequestMeeting', 'es'), { ...LEAD, email: 'confirma@acme.example' });
    const token = await tokenIn('lead-confirm', 'confirma@acme.example', /confirmar=([A-Za-z0-9_-]{44})/);
    const sales = () => w.t.db.selectFrom('email_outbox').select('id').where('kind', '=', 'lead-sales').execute();
    const before = (await sales()).length;
    const a = await w.post(href('hireRequestMeeting', 'es'), { intent: 'confirm', token }, { json: false });
    expect(a.status, a.text).toBe(303);
    expect(a.location).toBe(`${href('hireRequestMeeting', 'es')}?confirmada=1`);
    expect((await sales()).length).toBe(before + 1);
    expectRefusal(await w.post(href('hireRequestMeeting', 'es'), { intent: 'confirm', token }), 410, {
      message: msg('es', 'meetings.error.linkUsed'),
    });
  });

  it('a refused booking comes back with the zone, the day, the slot and what was typed, in the visitor’s language', async () => {
    for (const locale of locales) {
      const fields = { slot: '', tz: 'Europe/Madrid', day: '2026-12-01', name: 'Ana', email: 'ana@', company: 'Acme', message: 'Hola' };
      expectRefusal(await w.post(href('hireSchedule', locale), fields, { json: locale === 'en' }), 422, {
        message: msg(locale, 'forms.summary'),
        errors: { slot: msg(locale, 'meetings.error.slotMissing'), email: msg(locale, 'forms.error.email') },
        values: fields,
      });
    }
  });

  it('"show times" (no JavaScript) gives the form back as it was, with no error and no booking', async () => {
    const fields = {
      slot: slot(2),
      tz: 'America/Mexico_City',
      day: '2026-12-02',
      name: 'Ana',
      email: 'ana@acme.example',
      company: '',
      message: '',
    };
    const a = await w.post(href('hireSchedule', 'es'), { ...fields, intent: 'show' }, { json: false });
    expect(a.status, a.text).toBe(200);
    expect(a.page).toMatchObject({ ok: false, message: '', errors: {}, values: fields });
    expect(await w.t.db.selectFrom('booking_requests').select('id').where('email', '=', 'ana@acme.example').execute()).toHaveLength(0);
  });

  it('refuses a slot that is not offered, a bad timezone and a missing name, changing nothing', async () => {
    const before = await w.t.db.selectFrom('bookings').select('id').execute();
    for (const bad of [
      { slot: '2020-01-01T14:00Z', tz: 'America/Lima', name: 'X', email: 'x@acme.example' },
      { slot: 'mañana', tz: 'America/Lima', name: 'X', email: 'x@acme.example' },
      { slot: slot(6), tz: 'Mars/Base', name: 'X', email: 'x@acme.example' },
      { slot: slot(6), tz: 'America/Lima', name: '', email: 'x@acme.example' },
    ]) {
      const a = await w.post(href('hireSchedule', 'es'), { company: '', message: '', ...bad });
      expect([409, 422], a.text).toContain(a.status);
    }
    expect(await w.t.db.selectFrom('bookings').select('id').execute()).toHaveLength(before.length);
  });
});
