import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { addCompany, addOffer, addUser } from '../../testing/marketplace';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { NOTIFICATION_KINDS, AUDIENCE } from '../../domain/notifications';
import { createEmailService, type EmailService } from '../email/email-service';
import { createSmtpTransport } from '../email/smtp-transport';
import { createApplicationService } from '../offers/application-service';
import { createHiringService } from '../offers/hiring-service';
import { createNotificationService, digestCut, type NotificationService } from './notification-service';

const secret = 'notification-test-secret-0123456789abcdef';
const siteUrl = 'https://tandem.example';

describe('the digest hour', () => {
  it('is today at 13:00 UTC once it has passed, else yesterday’s', () => {
    expect(digestCut(new Date('2026-11-27T13:00:00Z')).toISOString()).toBe('2026-11-27T13:00:00.000Z');
    expect(digestCut(new Date('2026-11-27T12:59:59Z')).toISOString()).toBe('2026-11-26T13:00:00.000Z');
  });

  it('every kind has an audience', () => {
    for (const kind of NOTIFICATION_KINDS) expect(AUDIENCE[kind].length).toBeGreaterThan(0);
  });
});

describe.each(testDatabases)('notifications on %s', (_name, open) => {
  let t: TestDb;
  let sink: SmtpSink;
  let mail: EmailService;
  let svc: NotificationService;
  let clock = new Date('2026-11-27T10:00:00Z');
  const logs: string[] = [];
  let acme: { companyId: number; userId: number };
  let ana: number;
  let offerId: number;

  const make = () =>
    createNotificationService(t, { email: async () => mail, secret, siteUrl, brand: 'Tandem', now: () => clock, log: (m) => logs.push(m) });

  beforeAll(async () => {
    t = await open();
    sink = await startSmtpSink();
    mail = createEmailService(t, { transport: createSmtpTransport(sink.url), log: () => {} });
    svc = make();
    acme = await addCompany(t.db, 'Acme');
    ana = await addUser(t.db, 'match', 'Ana');
    await t.db.updateTable('users').set({ locale: 'en' }).where('id', '=', acme.userId).execute();
    offerId = (await addOffer(t.db, acme.companyId, { slug: `notify-${Date.now()}`, title: 'Go <Backend> & Cloud' })).id;
  });
  afterAll(async () => {
    await mail?.stop();
    await sink?.close();
    await t?.cleanup();
  });
  beforeEach(async () => {
    // What an earlier test queued is delivered before this one starts.
    await mail.drain();
    sink.received.length = 0;
    clock = new Date('2026-11-27T10:00:00Z');
    await t.db.deleteFrom('notifications').execute();
    await t.db.deleteFrom('notification_settings').execute();
    await t.db.deleteFrom('applications').execute();
    await t.db.deleteFrom('email_outbox').execute();
  });

  const apply = async () => {
    const applications = createApplicationService(t, { notify: (e) => svc.deliver(e) });
    const slug = (await t.db.selectFrom('offers').select('slug').where('id', '=', offerId).executeTakeFirstOrThrow()).slug;
    const viewer = { id: ana, type: 'match' as const };
    return applications.apply(slug, viewer);
  };

  it('a new application: the company is told in its language, by an HTML and text email with one-click unsubscribe, and in the bell', async () => {
    await t.db.updateTable('users').set({ locale: 'en' }).where('id', '=', acme.userId).execute();
    await apply();
    await mail.drain();
    expect(sink.received).toHaveLength(1);
    const got = sink.received[0]!;
    expect(got.subject).toBe('New application to Go <Backend> & Cloud');
    expect(got.text).toContain('Ana User applied to Go <Backend> & Cloud');
    expect(got.html).toContain('Ana User applied to Go &lt;Backend&gt; &amp; Cloud');
    expect(got.headers['list-unsubscribe']).toMatch(/^<https:\/\/tandem\.example\/en\/email\/unsubscribe\/[\w-]+\.[\w-]+\.[\w-]+>$/);
    expect(got.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(got.text).toMatch(/See applicants: https:\/\/tandem\.example\/en\/notifications\/\d+/);
    expect(got.text).toContain('Choose which emails to get: https://tandem.example/en/notifications/preferences');
    expect(await svc.unread(acme.userId)).toBe(1);
    expect(await svc.unread(ana)).toBe(0);
  });

  it('opening a notification marks it read and leads to the thing; another person cannot open it', async () => {
    await apply();
    const [n] = (await svc.page(acme.userId, 'es')).items;
    expect(n).toMatchObject({ read: false, title: 'Ana User se postuló a Go <Backend> & Cloud' });
    expect(await svc.open(ana, n!.id, 'es')).toBeUndefined();
    expect(await svc.open(acme.userId, n!.id, 'en')).toBe(`/en/hire/site/offer/${offerId}`);
    expect(await svc.unread(acme.userId)).toBe(0);
    expect((await svc.page(acme.userId, 'es')).items[0]!.read).toBe(true);
  });

  it('a status change tells the candidate the status in words and what happens next; no move, no email', async () => {
    const { id } = await apply();
    sink.received.length = 0;
    const hiring = createHiringService(t, { salaries: async () => ({}) as never, notify: (e) => svc.deliver(e) });
    const company = { id: acme.userId, type: 'hire' as const };
    await hiring.moveApplication(company, id, 'technical-interview');
    await hiring.moveApplication(company, id, 'technical-interview');
    await mail.drain();
    const toAna = sink.received.filter((m) => m.to[0]!.startsWith('ana-'));
    expect(toAna).toHaveLength(1);
    expect(toAna[0]!.subject).toBe('Tu postulación a Go <Backend> & Cloud: Entrevista técnica');
    expect(toAna[0]!.text).toContain('el siguiente paso es una entrevista técnica');
  });

  it('off: the bell only; digest: nothing now, one email at the digest hour, exactly once across two instances', async () => {
    await svc.savePreferences({ id: acme.userId, type: 'hire' }, { locale: 'es', modes: { 'application-new': 'off' } });
    await apply();
    await mail.drain();
    expect(sink.received).toHaveLength(0);
    expect(await svc.unread(acme.userId)).toBe(1);

    await t.db.deleteFrom('applications').execute();
    await svc.savePreferences({ id: acme.userId, type: 'hire' }, { locale: 'es', modes: { 'application-new': 'digest' } });
    await apply();
    await mail.drain();
    expect(sink.received).toHaveLength(0);
    // Before the digest hour nothing goes; after it, two instances run at once and one email is queued.
    expect(await svc.sendDigests()).toBe(0);
    clock = new Date('2026-11-27T13:05:00Z');
    const results = await Promise.all([svc.sendDigests(), make().sendDigests()]);
    expect(results.filter((r) => r === 1)).toHaveLength(1);
    await mail.drain();
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]!.subject).toBe('Tandem: tu resumen del día (1)');
    expect(sink.received[0]!.text).toContain('- Ana User se postuló a Go <Backend> & Cloud');
    expect(sink.received[0]!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // Run again (a restart, the next hour): nothing is sent twice.
    expect(await svc.sendDigests()).toBe(0);
  });

  it('a digest whose email could not be queued leaves its notifications waiting (nothing lost)', async () => {
    await svc.savePreferences({ id: acme.userId, type: 'hire' }, { locale: 'es', modes: { 'application-new': 'digest' } });
    await apply();
    clock = new Date('2026-11-27T13:05:00Z');
    const broken = createNotificationService(t, {
      email: async () => ({ ...mail, sendWith: async () => Promise.reject(new Error('disk full')) }),
      secret,
      siteUrl,
      brand: 'Tandem',
      now: () => clock,
    });
    await expect(broken.sendDigests()).rejects.toThrow('disk full');
    expect(await svc.sendDigests()).toBe(1);
  });

  it('one-click unsubscribe turns that kind off without signing in; a forged token changes nothing', async () => {
    await t.db.updateTable('users').set({ locale: 'en' }).where('id', '=', acme.userId).execute();
    await apply();
    await mail.drain();
    const url = /<([^>]+)>/.exec(sink.received[0]!.headers['list-unsubscribe']!)![1]!;
    const token = url.split('/').at(-1)!;
    expect(await svc.unsubscribeScope(token)).toEqual({ scope: 'application-new', locale: 'en' });
    expect(await svc.unsubscribe(`${token.slice(0, -2)}xx`)).toBe(false);
    expect(await svc.unsubscribe(token)).toBe(true);
    const prefs = await svc.preferences({ id: acme.userId, type: 'hire' });
    expect(prefs.kinds.find((k) => k.kind === 'application-new')?.mode).toBe('off');
    // Other kinds keep their mode.
    expect(prefs.kinds.find((k) => k.kind === 'message')?.mode).toBe('instant');
  });

  it('a company’s preferences list only the kinds a company receives', async () => {
    const kinds = (await svc.preferences({ id: acme.userId, type: 'hire' })).kinds.map((k) => k.kind);
    expect(kinds).toEqual([
      'application-new',
      'application-withdrawn',
      'message',
      'invitation-answer',
      'interview-answer',
      'interview-reminder',
    ]);
    const candidate = (await svc.preferences({ id: ana, type: 'match' })).kinds.map((k) => k.kind);
    expect(candidate).toEqual(['application-status', 'message', 'invitation', 'interview', 'interview-reminder']);
  });

  it('an interview email with its invite is sent whatever the preference says; without one, the preference holds', async () => {
    await svc.savePreferences({ id: ana, type: 'match' }, { locale: 'es', modes: { interview: 'off' } });
    const notice = {
      kind: 'interview' as const,
      interviewId: 1,
      to: { userId: ana },
      company: 'Acme',
      candidate: 'Ana User',
      offer: 'Go',
      at: '2026-12-01T15:00:00.000Z',
      timeZone: 'America/Lima',
      link: '/match/plataforma#interviews',
    };
    await svc.deliver({ ...notice, event: 'proposed', at: null });
    await svc.deliver({ ...notice, event: 'confirmed', calendar: 'BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n' });
    await mail.drain();
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]!.subject).toBe('Entrevista confirmada con Acme');
    expect(sink.received[0]!.text).toContain('martes, 1 de diciembre de 2026');
    expect(sink.received[0]!.raw).toMatch(/text\/calendar/i);
    // Both are in the bell.
    expect(await svc.unread(ana)).toBe(2);
  });

  it('the list pages by cursor, newest first, never a silent cap; the bell counts up to 100', async () => {
    const rows = Array.from({ length: 105 }, (_, i) => ({
      user_id: ana,
      kind: 'application-status',
      data: JSON.stringify({ offer: `Offer ${i}`, company: 'Acme', status: 'approved' }),
      link: '/match/plataforma',
      created_at: new Date(clock.getTime() + i * 1000),
      digest_pending: 0,
    }));
    await t.db.insertInto('notifications').values(rows).execute();
    expect(await svc.unread(ana)).toBe(100);
    const seen: number[] = [];
    let cursor: number | null = null;
    do {
      const page: Awaited<ReturnType<NotificationService['page']>> = await svc.page(ana, 'es', cursor);
      seen.push(...page.items.map((i) => i.id));
      cursor = page.next;
    } while (cursor != null);
    expect(seen).toHaveLength(105);
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
    await svc.markAllRead(ana);
    expect(await svc.unread(ana)).toBe(0);
  });

  it('a failing notification is logged, never the caller’s failure', async () => {
    const failing = createNotificationService(t, {
      email: async () => Promise.reject(new Error('no mail today')),
      secret,
      siteUrl,
      brand: 'Tandem',
      log: (m) => logs.push(m),
    });
    const applications = createApplicationService(t, { notify: (e) => failing.notify(e) });
    const slug = (await t.db.selectFrom('offers').select('slug').where('id', '=', offerId).executeTakeFirstOrThrow()).slug;
    await expect(applications.apply(slug, { id: ana, type: 'match' })).resolves.toMatchObject({ created: true });
    expect(logs.some((l) => l.includes('application-new not delivered: no mail today'))).toBe(true);
  });
});
