import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { addCompany, addOffer, addUser } from '../../testing/marketplace';
import { PROPOSAL_RATE } from '../../domain/interviews';
import { createRateLimiter } from '../limits/rate-limit';
import { createEmailService, type EmailService } from '../email/email-service';
import { createNotificationService, type NotificationService } from '../notifications/notification-service';
import { ServiceError } from '../errors';
import { createInterviewService, type InterviewService } from './interview-service';

const parse = (ics: string) => {
  const comp = new ICAL.Component(ICAL.parse(ics));
  const event = new ICAL.Event(comp.getFirstSubcomponent('vevent')!);
  return {
    method: comp.getFirstPropertyValue('method') as string,
    uid: event.uid,
    sequence: event.sequence,
    start: event.startDate.toJSDate(),
  };
};

const code = async (p: Promise<unknown>) => {
  try {
    await p;
    return 'ok';
  } catch (err) {
    if (err instanceof ServiceError) return `${err.code}${Object.keys(err.fields).length ? `:${Object.values(err.fields)[0]!.key}` : ''}`;
    throw err;
  }
};

describe.each(testDatabases)('interviews on %s', (_name, open) => {
  let t: TestDb;
  let mail: EmailService;
  let notes: NotificationService;
  let svc: InterviewService;
  let clock = new Date('2026-11-27T12:00:00Z');
  const logs: string[] = [];
  let acme: { companyId: number; userId: number };
  let other: { companyId: number; userId: number };
  let ana: number;
  let bob: number;
  let anaApp: number;
  let bobApp: number;
  const A = () => ({ id: acme.userId, type: 'hire' as const });
  const O = () => ({ id: other.userId, type: 'hire' as const });
  const ANA = () => ({ id: ana, type: 'match' as const });
  const BOB = () => ({ id: bob, type: 'match' as const });
  const form = (slots: string[], extra: Partial<{ duration: unknown; timeZone: unknown; videoUrl: unknown }> = {}) => ({
    slots,
    duration: 45,
    timeZone: 'America/Lima',
    videoUrl: 'https://meet.example/abc',
    ...extra,
  });
  const make = () =>
    createInterviewService(t, {
      limiter: async () => createRateLimiter(t, () => clock.getTime()),
      notify: (e) => notes.deliver(e),
      brand: 'Tandem',
      now: () => clock,
      log: (m) => logs.push(m),
    });
  const outbox = () => t.db.selectFrom('email_outbox').select(['to_email', 'kind', 'calendar', 'subject']).orderBy('id').execute();
  const apply = async (offerId: number, candidate: number) =>
    (
      await t.db
        .insertInto('applications')
        .values({ offer_id: offerId, candidate_id: candidate, created_at: clock, updated_at: clock })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;

  beforeAll(async () => {
    t = await open();
    mail = createEmailService(t, { log: () => {} });
    notes = createNotificationService(t, {
      email: async () => mail,
      secret: 'interview-test-secret-0123456789',
      siteUrl: 'https://tandem.example',
      brand: 'Tandem',
      now: () => clock,
    });
    svc = make();
    acme = await addCompany(t.db, 'Acme');
    other = await addCompany(t.db, 'Otra');
    ana = await addUser(t.db, 'match', 'Ana');
    bob = await addUser(t.db, 'match', 'Bob');
    const offerId = (await addOffer(t.db, acme.companyId, { title: 'Backend Go' })).id;
    anaApp = await apply(offerId, ana);
    bobApp = await apply(offerId, bob);
  });
  afterAll(async () => {
    await mail?.stop();
    await t?.cleanup();
  });
  beforeEach(async () => {
    await t.db.deleteFrom('job_interviews').execute();
    await t.db.deleteFrom('email_outbox').execute();
    await t.db.deleteFrom('notifications').execute();
    await t.db.deleteFrom('notification_settings').execute();
    await t.db.deleteFrom('rate_limits').execute();
  });

  it('propose → pick: both sides get a REQUEST invite (same UID, SEQUENCE 0) and list it; the proposal honours preferences', async () => {
    await notes.savePreferences({ id: ana, type: 'match' }, { locale: 'es', modes: { interview: 'off' } });
    const id = await svc.propose(A(), anaApp, form(['2026-12-01T10:00', '2026-12-02T15:30']));
    expect(await outbox()).toHaveLength(0); // the proposal: the bell only, as she chose
    const [mine] = await svc.upcoming(ANA());
    expect(mine).toMatchObject({
      id,
      status: 'proposed',
      durationMinutes: 45,
      timeZone: 'America/Lima',
      videoUrl: 'https://meet.example/abc',
    });
    // 10:00 in Lima is 15:00 UTC.
    expect(mine!.slots.map((s) => s.toISOString())).toEqual(['2026-12-01T15:00:00.000Z', '2026-12-02T20:30:00.000Z']);

    await svc.pick(ANA(), id, new Date('2026-12-01T15:00:00Z'));
    const sent = await outbox();
    // The confirmation carries the invite: sent although her email for the kind is off.
    expect(sent.map((m) => m.kind).sort()).toEqual(['notify:interview', 'notify:interview-answer']);
    const invites = sent.map((m) => parse(m.calendar!));
    expect(invites.map((i) => i.method)).toEqual(['REQUEST', 'REQUEST']);
    expect(invites[0]!.uid).toBe(invites[1]!.uid);
    expect(invites[0]!.sequence).toBe(0);
    expect(invites[0]!.start.toISOString()).toBe('2026-12-01T15:00:00.000Z');
    expect((await svc.upcoming(A()))[0]).toMatchObject({ id, status: 'scheduled', startsAt: new Date('2026-12-01T15:00:00Z') });
    expect((await svc.upcoming(ANA()))[0]).toMatchObject({ id, status: 'scheduled' });
    expect(await notes.unread(ana)).toBe(2);
    expect((await notes.page(acme.userId, 'es')).items[0]!.title).toBe('Ana User eligió horario para la entrevista');
  });

  it('a move keeps the UID and sends SEQUENCE + 1 once the new time is picked; a cancel sends CANCEL with the next SEQUENCE', async () => {
    const id = await svc.propose(A(), anaApp, form(['2026-12-01T10:00']));
    await svc.pick(ANA(), id, new Date('2026-12-01T15:00:00Z'));
    const first = parse((await outbox()).find((m) => m.calendar)!.calendar!);
    await t.db.deleteFrom('email_outbox').execute();

    expect(await svc.propose(A(), anaApp, form(['2026-12-04T09:00', '2026-12-05T09:00']))).toBe(id);
    const moved = await outbox();
    expect(moved.map((m) => [m.kind, m.calendar])).toEqual([['notify:interview', null]]);
    expect(moved[0]!.subject).toBe('Acme cambió el horario de tu entrevista');
    await svc.pick(ANA(), id, new Date('2026-12-05T14:00:00Z'));
    const again = (await outbox()).filter((m) => m.calendar).map((m) => parse(m.calendar!));
    expect(again.map((i) => [i.method, i.uid, i.sequence])).toEqual([
      ['REQUEST', first.uid, 1],
      ['REQUEST', first.uid, 1],
    ]);
    await t.db.deleteFrom('email_outbox').execute();

    await svc.cancel(A(), id);
    const cancel = (await outbox()).map((m) => parse(m.calendar!));
    expect(cancel.map((i) => [i.method, i.uid, i.sequence])).toEqual([
      ['CANCEL', first.uid, 2],
      ['CANCEL', first.uid, 2],
    ]);
    expect(await svc.upcoming(ANA())).toEqual([]);
    expect(await code(svc.cancel(ANA(), id))).toBe('conflict:interviews.error.changed');
  });

  it('decline: the company is told (no invite went out, so no CANCEL); the candidate can cancel a scheduled one', async () => {
    const id = await svc.propose(A(), anaApp, form(['2026-12-01T10:00']));
    await svc.decline(ANA(), id);
    const sent = await outbox();
    expect(sent.map((m) => [m.kind, m.calendar])).toEqual([
      ['notify:interview', null],
      ['notify:interview-answer', null],
    ]);
    expect(sent[1]!.subject).toBe('Ana User no puede en los horarios propuestos');
    expect(await code(svc.pick(ANA(), id, new Date('2026-12-01T15:00:00Z')))).toBe('conflict:interviews.error.changed');

    const again = await svc.propose(A(), anaApp, form(['2026-12-01T10:00']));
    expect(again).not.toBe(id);
    await svc.pick(ANA(), again, new Date('2026-12-01T15:00:00Z'));
    await svc.cancel(ANA(), again);
    const last = (await outbox()).slice(-2);
    expect(last.map((m) => parse(m.calendar!).method)).toEqual(['CANCEL', 'CANCEL']);
  });

  it('two candidates picking the same company time in parallel: one wins, the other hears that it was just taken', async () => {
    const a = await svc.propose(A(), anaApp, form(['2026-12-01T10:00', '2026-12-01T11:00']));
    const b = await svc.propose(A(), bobApp, form(['2026-12-01T10:00', '2026-12-01T12:00']));
    const at = new Date('2026-12-01T15:00:00Z');
    const results = await Promise.all([code(svc.pick(ANA(), a, at)), code(make().pick(BOB(), b, at))]);
    expect(results.sort()).toEqual(['conflict:interviews.error.taken', 'ok']);
    const scheduled = await t.db.selectFrom('job_interviews').select('id').where('status', '=', 'scheduled').execute();
    expect(scheduled).toHaveLength(1);
    // The loser can still pick another of its times.
    const loser =
      scheduled[0]!.id === a ? { v: BOB(), id: b, at: '2026-12-01T17:00:00Z' } : { v: ANA(), id: a, at: '2026-12-01T16:00:00Z' };
    expect(await code(svc.pick(loser.v, loser.id, new Date(loser.at)))).toBe('ok');
  });

  it('strangers hear not-found, like an unknown id; a time not proposed and bad input are refused', async () => {
    const id = await svc.propose(A(), anaApp, form(['2026-12-01T10:00']));
    expect(await code(svc.propose(O(), anaApp, form(['2026-12-01T10:00'])))).toBe('not-found');
    expect(await code(svc.propose(ANA(), anaApp, form(['2026-12-01T10:00'])))).toBe('not-found');
    expect(await code(svc.forApplication(O(), anaApp))).toBe('not-found');
    expect(await code(svc.pick(BOB(), id, new Date('2026-12-01T15:00:00Z')))).toBe('not-found');
    expect(await code(svc.pick(A(), id, new Date('2026-12-01T15:00:00Z')))).toBe('not-found');
    expect(await code(svc.cancel(O(), id))).toBe('not-found');
    expect(await code(svc.decline(BOB(), id))).toBe('not-found');
    expect(await code(svc.cancel(BOB(), 999_999))).toBe('not-found');
    expect(await code(svc.cancel(null, id))).toBe('unauthorized');
    expect(await svc.upcoming(O())).toEqual([]);
    expect(await svc.upcoming(BOB())).toEqual([]);
    expect(await code(svc.pick(ANA(), id, new Date('2026-12-01T16:00:00Z')))).toBe('invalid-input:interviews.error.slot');
    expect(await code(svc.propose(A(), bobApp, form([])))).toBe('invalid-input:interviews.error.slots');
    expect(await code(svc.propose(A(), bobApp, form(['2026-11-27T07:30'])))).toBe('invalid-input:interviews.error.slots'); // in the past
    expect(await code(svc.propose(A(), bobApp, form(['2026-12-01T10:00'], { duration: 50 })))).toBe(
      'invalid-input:interviews.error.duration',
    );
    expect(await code(svc.propose(A(), bobApp, form(['2026-12-01T10:00'], { timeZone: 'Mars/Base' })))).toBe(
      'invalid-input:interviews.error.timeZone',
    );
    expect(await code(svc.propose(A(), bobApp, form(['2026-12-01T10:00'], { videoUrl: 'http://meet.example' })))).toBe(
      'invalid-input:interviews.error.videoUrl',
    );
    expect(await code(svc.propose(A(), bobApp, form(['2026-12-01T10:00'], { videoUrl: 'javascript:alert(1)' })))).toBe(
      'invalid-input:interviews.error.videoUrl',
    );
  });

  it('proposals are rate-limited per account', async () => {
    for (let i = 0; i < PROPOSAL_RATE.max; i++) await svc.propose(A(), anaApp, form([`2026-12-0${(i % 9) + 1}T10:00`]));
    expect(await code(svc.propose(A(), anaApp, form(['2026-12-01T10:00'])))).toBe('rate-limited');
  });

  it('reminders: once, to both sides, for interviews within a day, even with two instances at once', async () => {
    const id = await svc.propose(A(), anaApp, form(['2026-12-01T10:00']));
    await svc.pick(ANA(), id, new Date('2026-12-01T15:00:00Z'));
    await t.db.deleteFrom('email_outbox').execute();
    expect(await svc.sendReminders()).toBe(0); // four days ahead
    clock = new Date('2026-11-30T16:00:00Z');
    const runs = await Promise.all([svc.sendReminders(), make().sendReminders()]);
    expect(runs.filter((r) => r === 1)).toHaveLength(1);
    expect(await svc.sendReminders()).toBe(0);
    const sent = await outbox();
    expect(sent.map((m) => m.kind)).toEqual(['notify:interview-reminder', 'notify:interview-reminder']);
    expect(sent[0]!.subject).toBe('Recordatorio: entrevista para Backend Go');
    // Reminders honour the preferences (the bell row is still written).
    await t.db.updateTable('job_interviews').set({ reminded_at: null }).execute();
    await t.db.deleteFrom('email_outbox').execute();
    await notes.savePreferences({ id: ana, type: 'match' }, { locale: 'es', modes: { 'interview-reminder': 'off' } });
    expect(await svc.sendReminders()).toBe(1);
    expect((await outbox()).map((m) => m.to_email)).not.toContain(expect.stringContaining('ana'));
    clock = new Date('2026-11-27T12:00:00Z');
  });
});
