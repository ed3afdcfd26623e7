import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { candidateSlots, slotKey } from '../../domain/scheduling';
import { testDatabases, type TestDb } from '../../testing/databases';
import { SALES_EMAIL, TEST_LEAD, TEST_RULES, testMeetingService } from '../../testing/meetings';
import { createEmailService, type MailTransport } from '../email/email-service';
import { createRateLimiter } from '../limits/rate-limit';

// Meeting requests and bookings on both databases: what is stored, what is sent (invites read back with
// ical.js), that one slot goes to one visitor however many ask at once, and that the manage link works once.
const LEAD = TEST_LEAD;
const VISITOR = { name: 'Lucía Rojas', email: 'lucia@acme.example', company: 'Acme SAC', message: '', timeZone: 'America/Bogota' };

describe.each(testDatabases)('meeting service on %s', (_db, open) => {
  let t: TestDb;
  let clock = Date.parse('2026-11-30T13:00:00Z');
  const sent: { to: string; subject: string; text: string; calendar?: { method: string; content: string } }[] = [];
  const transport: MailTransport = { send: async (m) => void sent.push(m) };
  const svc = () => {
    const email = createEmailService(t, { transport, log: () => {}, now: () => clock });
    return { email, meetings: testMeetingService(t, { email, limiter: createRateLimiter(t, () => clock), now: () => clock }) };
  };
  const outbox = () => t.db.selectFrom('email_outbox').selectAll().orderBy('id').execute();
  /** A booking as a visitor makes it: the request, then its confirmation from the link. */
  const bookConfirmed = async (
    meetings: ReturnType<typeof svc>['meetings'],
    ...args: Parameters<ReturnType<typeof svc>['meetings']['book']>
  ) => {
    const { token } = await meetings.book(...args);
    return meetings.confirmRequest(token);
  };
  // Slots from two days on, so that every booking gets its reminder.
  const slots = () => candidateSlots(TEST_RULES, new Date(clock)).filter((s) => s.getTime() > clock + 48 * 3_600_000);

  beforeAll(async () => {
    t = await open();
  }, 60_000);
  afterAll(async () => t?.cleanup());
  beforeEach(async () => {
    for (const table of ['bookings', 'booking_requests', 'leads', 'email_outbox', 'rate_limits'] as const)
      await t.db.deleteFrom(table).execute();
    sent.length = 0;
    clock = Date.parse('2026-11-30T13:00:00Z');
  });

  it('stores a meeting request, asks the requester to confirm it, and only then tells sales', async () => {
    const { meetings, email } = svc();
    const id = await meetings.requestMeeting(LEAD, 'en', '203.0.113.5');
    const row = await t.db.selectFrom('leads').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: 'Lucía Rojas',
      email: 'lucia@acme.example',
      company: 'Acme SAC',
      country: 'peru',
      company_size: '51-200',
      roles: '2 backend, 1 QA',
      locale: 'en',
      confirmed_at: null,
    });
    let mails = await outbox();
    expect(mails.map((m) => [m.to_email, m.kind, m.locale])).toEqual([['lucia@acme.example', 'lead-confirm', 'en']]);
    await email.drain();
    const token = /confirmar=([\w-]{44})/.exec(sent[0]!.text)![1]!;
    expect(await meetings.leadWaiting(token)).toBe(true);
    await meetings.confirmLead(token);
    mails = await outbox();
    expect(mails.slice(1).map((m) => [m.to_email, m.kind, m.locale])).toEqual([
      ['lucia@acme.example', 'lead-confirmation', 'en'],
      [SALES_EMAIL, 'lead-sales', 'es'],
    ]);
    expect(mails[1]!.subject).toContain('We received your meeting request');
    expect(mails[2]!.text_body).toContain('2 backend, 1 QA');
    // Once: the link is used up, and a forged one finds nothing.
    expect(await meetings.leadWaiting(token)).toBe(false);
    await expect(meetings.confirmLead(token)).rejects.toMatchObject({ code: 'gone' });
    await expect(meetings.confirmLead('x'.repeat(44))).rejects.toMatchObject({ code: 'gone' });
    expect(await outbox()).toHaveLength(3);
  });

  it('limits meeting requests per address: the fourth in a day is refused and nothing is stored', async () => {
    const { meetings } = svc();
    for (let i = 0; i < 3; i++) await meetings.requestMeeting(LEAD, 'es', `198.51.100.${i}`);
    await expect(meetings.requestMeeting({ ...LEAD, email: 'LUCIA@acme.example' }, 'es', '198.51.100.9')).rejects.toMatchObject({
      code: 'rate-limited',
    });
    expect(await t.db.selectFrom('leads').select('id').execute()).toHaveLength(3);
  });

  it('books a slot: stored, invites to both sides, a reminder held until 24 h before', async () => {
    const { meetings, email } = svc();
    const slot = slots()[3]!;
    // The request holds nothing: no booking, the slot still free, one email with the link to confirm.
    const request = await meetings.book({ ...VISITOR, slot }, 'es', '203.0.113.5');
    expect(await t.db.selectFrom('bookings').select('id').execute()).toEqual([]);
    expect((await meetings.freeSlots()).some((s) => s.getTime() === slot.getTime())).toBe(true);
    expect((await outbox()).map((m) => [m.kind, m.calendar])).toEqual([['booking-confirm', null]]);
    await email.drain();
    expect(sent.map((m) => m.text).join()).toContain(`/hire/agendar/reserva/${request.token}`);
    sent.length = 0;
    expect(await meetings.findRequest(request.token)).toMatchObject({ status: 'requested', timeZone: 'America/Bogota' });
    await t.db.deleteFrom('email_outbox').execute();
    const { token } = await meetings.confirmRequest(request.token);
    expect(token).toMatch(/^[A-Za-z0-9_-]{44}$/);
    expect(await meetings.findRequest(request.token)).toBeNull();
    await expect(meetings.confirmRequest(request.token)).rejects.toMatchObject({ code: 'gone' });
    const b = await t.db.selectFrom('bookings').selectAll().executeTakeFirstOrThrow();
    expect(b).toMatchObject({ status: 'confirmed', slot_key: slotKey(slot), time_zone: 'America/Bogota', sequence: 0 });
    expect(slotKey(slot)).toMatch(/^2026-12-0\dT\d\d:\d\dZ$/);
    expect((await meetings.freeSlots()).some((s) => s.getTime() === slot.getTime())).toBe(false);

    await email.drain();
    expect(sent.map((m) => m.to)).toEqual(['lucia@acme.example', SALES_EMAIL]);
    for (const m of sent) {
      const comp = new ICAL.Component(ICAL.parse(m.calendar!.content));
      expect(m.calendar!.method).toBe('REQUEST');
      const event = new ICAL.Event(comp.getFirstSubcomponent('vevent')!);
      expect(event.uid).toBe(b.uid);
      expect(event.startDate.toJSDate().getTime()).toBe(slot.getTime());
      expect(event.endDate.toJSDate().getTime() - slot.getTime()).toBe(30 * 60_000);
    }
    // The visitor's email gives the time in their timezone and the manage link.
    expect(sent[0]!.text).toContain('(America/Bogota)');
    expect(sent[0]!.text).toContain(`/hire/agendar/reserva/${token}`);

    const reminder = (await outbox()).find((m) => m.kind === 'booking-reminder')!;
    expect(new Date(reminder.send_after!).getTime()).toBe(slot.getTime() - 24 * 3_600_000);
    expect(reminder.status).toBe('queued');
    expect(b.reminder_email_id).toBe(reminder.id);
    // The drainer sends it when it is due, not before.
    clock = slot.getTime() - 25 * 3_600_000;
    await email.drain();
    expect(sent).toHaveLength(2);
    clock = slot.getTime() - 24 * 3_600_000 + 1000;
    await email.drain();
    expect(sent.map((m) => m.subject)).toContain('Recordatorio: tu reunión con Tandem es mañana');
  });

  it('gives one slot to exactly one of many visitors booking it at the same moment', async () => {
    const { meetings } = svc();
    const slot = slots()[5]!;
    // Six requests for one slot hold nothing; six confirmations at once: one booking.
    const requests = await Promise.all(
      Array.from({ length: 6 }, (_, i) => meetings.book({ ...VISITOR, email: `v${i}@acme.example`, slot }, 'es', `192.0.2.${i}`)),
    );
    const results = await Promise.allSettled(requests.map((r) => meetings.confirmRequest(r.token)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'conflict' });
    expect(await t.db.selectFrom('bookings').select('id').execute()).toHaveLength(1);
  });

  it('refuses a start the rules do not offer (past, off hours, not on the grid)', async () => {
    const { meetings } = svc();
    for (const slot of [new Date('2026-11-29T14:00:00Z'), new Date('2026-12-01T03:00:00Z'), new Date('2026-12-01T14:10:00Z')])
      await expect(meetings.book({ ...VISITOR, slot }, 'es', '192.0.2.1')).rejects.toMatchObject({ code: 'invalid-input' });
  });

  it('cancels through the link once: the slot is free again, both sides get a CANCEL, the reminder is withdrawn', async () => {
    const { meetings, email } = svc();
    const slot = slots()[2]!;
    const { token } = await bookConfirmed(meetings, { ...VISITOR, slot }, 'en', '192.0.2.1');
    await email.drain();
    sent.length = 0;
    expect(await meetings.findByToken(token)).toMatchObject({ status: 'confirmed', timeZone: 'America/Bogota', locale: 'en' });
    await meetings.cancel(token);
    expect((await meetings.freeSlots()).some((s) => s.getTime() === slot.getTime())).toBe(true);
    expect((await outbox()).some((m) => m.kind === 'booking-reminder')).toBe(false);
    await email.drain();
    expect(sent.map((m) => [m.to, m.calendar?.method])).toEqual([
      ['lucia@acme.example', 'CANCEL'],
      [SALES_EMAIL, 'CANCEL'],
    ]);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(sent[0]!.calendar!.content)).getFirstSubcomponent('vevent')!);
    expect(event.sequence).toBe(1);
    // Single use: the same link no longer finds or cancels anything.
    expect(await meetings.findByToken(token)).toBeNull();
    await expect(meetings.cancel(token)).rejects.toMatchObject({ code: 'gone' });
    // And the slot can be booked again.
    await bookConfirmed(meetings, { ...VISITOR, email: 'otra@acme.example', slot }, 'es', '192.0.2.2');
  });

  it('refuses forged and altered links without finding anything', async () => {
    const { meetings } = svc();
    const { token } = await bookConfirmed(meetings, { ...VISITOR, slot: slots()[1]! }, 'es', '192.0.2.1');
    const altered = `${token.slice(0, 30)}${token[30] === 'A' ? 'B' : 'A'}${token.slice(31)}`;
    for (const bad of [altered, 'x'.repeat(44), token.slice(0, 43), `${token}x`, '']) {
      expect(await meetings.findByToken(bad)).toBeNull();
      await expect(meetings.cancel(bad)).rejects.toMatchObject({ code: 'gone' });
    }
  });

  it('moves a booking: same event, next SEQUENCE, old slot free, old link dead, new link works', async () => {
    const { meetings, email } = svc();
    const [first, , second] = slots();
    const { token } = await bookConfirmed(meetings, { ...VISITOR, slot: first! }, 'es', '192.0.2.1');
    const moved = await meetings.reschedule(token, second!, 'Europe/Madrid');
    expect(moved.token).not.toBe(token);
    expect(await meetings.findByToken(token)).toBeNull();
    expect(await meetings.findByToken(moved.token)).toMatchObject({ status: 'confirmed', timeZone: 'Europe/Madrid' });
    const free = (await meetings.freeSlots()).map((s) => s.getTime());
    expect(free).toContain(first!.getTime());
    expect(free).not.toContain(second!.getTime());
    const rows = await t.db.selectFrom('bookings').selectAll().orderBy('id').execute();
    expect(rows.map((r) => [r.status, r.sequence])).toEqual([
      ['rescheduled', 0],
      ['confirmed', 1],
    ]);
    expect(rows[0]!.uid).toBe(rows[1]!.uid);
    expect((await outbox()).filter((m) => m.kind === 'booking-reminder')).toHaveLength(1);
    await email.drain();
    const update = sent.find((m) => m.subject.startsWith('Reunión cambiada'))!;
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(update.calendar!.content)).getFirstSubcomponent('vevent')!);
    expect([event.uid, event.sequence, event.startDate.toJSDate().getTime()]).toEqual([rows[0]!.uid, 1, second!.getTime()]);
    await expect(meetings.reschedule(token, slots()[4]!, 'UTC')).rejects.toMatchObject({ code: 'gone' });
  });

  it('forgets requests and bookings after 24 months and sent email after 12, keeping what is younger', async () => {
    const { meetings, email } = svc();
    await meetings.requestMeeting(LEAD, 'es', '192.0.2.1');
    await email.drain();
    await meetings.confirmLead(/confirmar=([\w-]{44})/.exec(sent[0]!.text)![1]!);
    // A request nobody confirmed goes after a week, a booking request after a day.
    await meetings.requestMeeting({ ...LEAD, email: 'nadie@acme.example' }, 'es', '192.0.2.3');
    await meetings.book({ ...VISITOR, slot: slots()[1]! }, 'es', '192.0.2.3');
    await bookConfirmed(meetings, { ...VISITOR, slot: slots()[0]! }, 'es', '192.0.2.1');
    await email.drain();
    const queued = (await outbox()).filter((m) => m.status === 'queued').length;
    expect(await meetings.sweep()).toEqual({ leads: 0, bookings: 0, emails: 0 });
    clock += 8 * 24 * 3_600_000;
    await meetings.sweep();
    expect((await t.db.selectFrom('leads').select('email').execute()).map((l) => l.email)).toEqual(['lucia@acme.example']);
    expect(await t.db.selectFrom('booking_requests').select('id').execute()).toEqual([]);
    clock += 400 * 24 * 3_600_000;
    expect((await meetings.sweep()).emails).toBe(8);
    expect((await outbox()).length).toBe(queued);
    clock += 400 * 24 * 3_600_000;
    expect(await meetings.sweep()).toMatchObject({ leads: 1, bookings: 1 });
    expect(await t.db.selectFrom('leads').select('id').execute()).toEqual([]);
  });

  it('does not move onto a taken slot, and the booking keeps its slot and its link', async () => {
    const { meetings } = svc();
    const [a, b] = slots();
    const mine = await bookConfirmed(meetings, { ...VISITOR, slot: a! }, 'es', '192.0.2.1');
    await bookConfirmed(meetings, { ...VISITOR, email: 'otro@acme.example', slot: b! }, 'es', '192.0.2.2');
    await expect(meetings.reschedule(mine.token, b!, 'UTC')).rejects.toMatchObject({ code: 'conflict' });
    expect(await meetings.findByToken(mine.token)).toMatchObject({ status: 'confirmed' });
    expect((await meetings.freeSlots()).some((s) => s.getTime() === a!.getTime())).toBe(false);
  });
});
