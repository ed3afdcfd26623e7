import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { addCompany, addOffer, addUser } from '../../testing/marketplace';
import { parseAlertSearch, type AlertSearch } from '../../domain/alert-search';
import { createEmailService } from '../email/email-service';
import { createRateLimiter } from '../limits/rate-limit';
import { createJobSearchService } from '../offers/job-search-service';
import { CONFIRM_TTL_MS, createAlertService, MAX_ALERTS } from './alert-service';
import { ServiceError } from '../errors';

// Job alerts on both databases: double opt-in and its expiry, one-click saves and duplicates, what is sent
// and when (daily, weekly, nothing when nothing is new), exactly once when two instances race, the tokened
// manage and unsubscribe links, and the limits.
const HOUR = 3_600_000;
const BACKEND_PERU: AlertSearch = parseAlertSearch({ country: 'peru', filters: 'backend,remote-global', q: '' })!;

describe.each(testDatabases)('alert service on %s', (_db, open) => {
  let t: TestDb;
  let clock = 0;
  let companyId = 0;
  const make = () => {
    const email = createEmailService(t, { log: () => {}, now: () => clock });
    return createAlertService(t, {
      email: async () => email,
      jobs: async () => createJobSearchService(t),
      limiter: async () => createRateLimiter(t, () => clock),
      secret: 's'.repeat(40),
      siteUrl: 'https://tandem.example',
      brand: 'Tandem',
      now: () => clock,
    });
  };
  const outbox = () => t.db.selectFrom('email_outbox').selectAll().orderBy('id').execute();
  const linkIn = (text: string, path: RegExp) => {
    const m = new RegExp(`https://tandem\\.example(${path.source}[A-Za-z0-9_-]+)`).exec(text);
    if (!m) throw new Error(`no link ${path} in ${text}`);
    return m[1]!.split('/').at(-1)!;
  };
  const publish = (minutesFromNow: number, o: Record<string, unknown> = {}) =>
    addOffer(t.db, companyId, { published_at: new Date(clock + minutesFromNow * 60_000), ...o });
  /** A visitor's alert, confirmed from its email: the manage and unsubscribe tokens come later. */
  const visitorAlert = async (
    svc: ReturnType<typeof make>,
    email = 'ana@example.com',
    s = BACKEND_PERU,
    freq: 'daily' | 'weekly' = 'daily',
  ) => {
    await svc.requestForVisitor(email, s, freq, 'es', '203.0.113.9');
    const token = linkIn((await outbox()).at(-1)!.text_body, /\/alertas\/confirmar\//);
    return svc.confirm(token);
  };

  beforeAll(async () => {
    t = await open();
    ({ companyId } = await addCompany(t.db, 'Andes'));
  }, 60_000);
  afterAll(async () => t?.cleanup());
  beforeEach(async () => {
    for (const table of [
      'job_alerts',
      'alert_recipients',
      'email_outbox',
      'rate_limits',
      'offer_skills',
      'offer_countries',
      'offers',
    ] as const)
      await t.db.deleteFrom(table).execute();
    clock = Date.now();
  });

  it('asks a visitor to confirm, does nothing until then, and activates from the link once', async () => {
    const svc = make();
    await svc.requestForVisitor('Ana@Example.com', BACKEND_PERU, 'daily', 'es', '203.0.113.9');
    const [mail] = await outbox();
    expect(mail).toMatchObject({ to_email: 'ana@example.com', kind: 'alert-confirm', locale: 'es' });
    expect(new Date(mail!.expires_at!).getTime()).toBe(clock + CONFIRM_TTL_MS);
    expect(mail!.html_body).toContain('Activar alerta');
    const token = linkIn(mail!.text_body, /\/alertas\/confirmar\//);
    // Only hashes are stored.
    const stored = JSON.stringify(await t.db.selectFrom('job_alerts').selectAll().execute());
    expect(stored).not.toContain(token);

    await publish(10);
    clock += 25 * HOUR;
    expect(await svc.sendDue()).toEqual({ sent: 0, empty: 0, taken: 0 });

    expect(await svc.findPending(token)).toMatchObject({ status: 'pending', frequency: 'daily' });
    const { manageToken } = await svc.confirm(token);
    await expect(svc.confirm(token)).rejects.toMatchObject({ code: 'gone' });
    const managed = await svc.manage(manageToken);
    expect(managed.email).toBe('ana@example.com');
    expect(managed.alerts).toMatchObject([{ status: 'active', frequency: 'daily', search: BACKEND_PERU }]);
  });

  it('lets a confirmation link expire after 48 hours, and sweeps the pending alert', async () => {
    const svc = make();
    await svc.requestForVisitor('ana@example.com', BACKEND_PERU, 'daily', 'en', '203.0.113.9');
    const token = linkIn((await outbox())[0]!.text_body, /\/en\/alerts\/confirm\//);
    clock += CONFIRM_TTL_MS + 1;
    expect(await svc.findPending(token)).toBeNull();
    await expect(svc.confirm(token)).rejects.toMatchObject({ code: 'gone' });
    expect(await svc.sweep()).toBe(1);
  });

  it('tells an address that already has the alert by email, and the page the same as anyone', async () => {
    const svc = make();
    await visitorAlert(svc);
    await svc.requestForVisitor('ana@example.com', BACKEND_PERU, 'weekly', 'es', '203.0.113.9');
    expect((await outbox()).at(-1)).toMatchObject({ kind: 'alert-notice', subject: 'Ya tienes esta alerta de empleo' });
    expect(await t.db.selectFrom('job_alerts').selectAll().execute()).toHaveLength(1);
  });

  it('saves a candidate alert in one click, and says so for a duplicate instead of making two', async () => {
    const svc = make();
    const userId = await addUser(t.db, 'match', 'Luz');
    const user = { id: userId, email: 'luz@example.com' };
    expect(await svc.createForAccount(user, BACKEND_PERU, 'weekly', 'es')).toEqual({ status: 'created' });
    expect(await svc.createForAccount(user, { ...BACKEND_PERU }, 'daily', 'es')).toEqual({ status: 'duplicate' });
    expect(await svc.ofUser(userId)).toMatchObject([{ status: 'active', frequency: 'weekly' }]);
    expect(await outbox()).toHaveLength(0);
  });

  it('sends the news since the last email, newest first, up to 20 and "and N more"; nothing when nothing is new', async () => {
    const svc = make();
    await visitorAlert(svc);
    const start = clock;
    for (let i = 0; i < 23; i++) await publish(60 + i, { title: `Backend ${i}` });
    await publish(70, { country: 'chile', modality: 'office', title: 'Elsewhere' });
    await publish(-60, { title: 'Before the alert' });

    clock = start + 23 * HOUR;
    expect(await svc.sendDue()).toEqual({ sent: 0, empty: 0, taken: 0 }); // not due yet
    clock = start + 24 * HOUR;
    expect(await svc.sendDue()).toMatchObject({ sent: 1 });
    const mail = (await outbox()).at(-1)!;
    expect(mail).toMatchObject({ kind: 'job-alert', to_email: 'ana@example.com', subject: expect.stringContaining('23 ofertas nuevas') });
    const titles = [...mail.text_body.matchAll(/^- (Backend \d+)/gm)].map((m) => m[1]);
    expect(titles).toHaveLength(20);
    expect(titles[0]).toBe('Backend 22');
    expect(mail.text_body).toContain('Y 3 más');
    expect(mail.text_body).not.toContain('Elsewhere');
    expect(mail.text_body).not.toContain('Before the alert');
    const headers = JSON.parse(mail.headers!);
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(headers['List-Unsubscribe']).toMatch(/^<https:\/\/tandem\.example\/alertas\/baja\/[A-Za-z0-9_-]+>$/);
    expect(mail.text_body).toMatch(/Gestionar mis alertas: https:\/\/tandem\.example\/alertas\/gestionar\//);

    // A day later with nothing new: no email.
    clock = start + 48 * HOUR;
    expect(await svc.sendDue()).toEqual({ sent: 0, empty: 1, taken: 0 });
    expect((await outbox()).filter((m) => m.kind === 'job-alert')).toHaveLength(1);
  });

  it('sends a weekly alert a week apart', async () => {
    const svc = make();
    await visitorAlert(svc, 'ana@example.com', BACKEND_PERU, 'weekly');
    const start = clock;
    await publish(30);
    clock = start + 6 * 24 * HOUR;
    expect(await svc.sendDue()).toMatchObject({ sent: 0 });
    clock = start + 7 * 24 * HOUR;
    expect(await svc.sendDue()).toMatchObject({ sent: 1 });
  });

  it('sends each alert exactly once when two instances run at the same time', async () => {
    const a = make();
    const b = make();
    for (let i = 0; i < 5; i++) await visitorAlert(a, `p${i}@example.com`);
    await publish(30);
    clock += 24 * HOUR;
    const [ra, rb] = await Promise.all([a.sendDue(), b.sendDue()]);
    expect(ra.sent + rb.sent).toBe(5);
    const sent = (await outbox()).filter((m) => m.kind === 'job-alert');
    expect(sent.map((m) => m.to_email).sort()).toEqual([
      'p0@example.com',
      'p1@example.com',
      'p2@example.com',
      'p3@example.com',
      'p4@example.com',
    ]);
    expect((await Promise.all([a.sendDue(), b.sendDue()])).every((r) => r.sent === 0)).toBe(true);
  });

  it('manages by token: frequency, delete one, delete all; an unknown token is not found', async () => {
    const svc = make();
    const { manageToken } = await visitorAlert(svc);
    await visitorAlert(svc, 'ana@example.com', { ...BACKEND_PERU, q: 'node' });
    const [first, second] = (await svc.manage(manageToken)).alerts;
    await svc.setFrequency(manageToken, first!.id, 'weekly');
    expect((await svc.manage(manageToken)).alerts[0]!.frequency).toBe('weekly');
    await svc.deleteByManage(manageToken, second!.id);
    expect((await svc.manage(manageToken)).alerts).toHaveLength(1);
    await svc.deleteByManage(manageToken, 'all');
    expect((await svc.manage(manageToken)).alerts).toHaveLength(0);
    await expect(svc.manage('x'.repeat(43))).rejects.toMatchObject({ code: 'not-found' });
    // Another address's alert cannot be deleted with this link.
    const other = await visitorAlert(svc, 'otro@example.com');
    const theirs = (await svc.manage(other.manageToken)).alerts[0]!;
    await expect(svc.deleteByManage(manageToken, theirs.id)).rejects.toMatchObject({ code: 'not-found' });
  });

  it('unsubscribes one alert by the token of its email; an unknown token is not found', async () => {
    const svc = make();
    await visitorAlert(svc);
    await publish(30);
    clock += 24 * HOUR;
    await svc.sendDue();
    const mail = (await outbox()).at(-1)!;
    const token = linkIn(mail.text_body, /\/alertas\/baja\//);
    expect(await svc.findByUnsubscribe(token)).toMatchObject({ status: 'active' });
    await svc.unsubscribe(token);
    await expect(svc.unsubscribe(token)).rejects.toMatchObject({ code: 'not-found' });
    await expect(svc.findByUnsubscribe('y'.repeat(43))).rejects.toBeInstanceOf(ServiceError);
  });

  it('limits alerts per address and per account, and creations per address, account and IP', async () => {
    const svc = make();
    const userId = await addUser(t.db, 'match', 'Max');
    const user = { id: userId, email: 'max@example.com' };
    const searches = [
      'react',
      'node',
      'go',
      'rust',
      'java',
      'php',
      'ruby',
      'swift',
      'kotlin',
      'scala',
      'elixir',
      'vue',
      'angular',
      'django',
      'rails',
      'spring',
      'flutter',
      'svelte',
      'deno',
      'bun',
    ];
    for (const q of searches.slice(0, MAX_ALERTS)) await svc.createForAccount(user, { ...BACKEND_PERU, q }, 'daily', 'es');
    await expect(svc.createForAccount(user, { ...BACKEND_PERU, q: 'extra' }, 'daily', 'es')).rejects.toMatchObject({
      code: 'invalid-input',
    });

    // A visitor address: 5 requests a day, then rate-limited.
    for (let i = 0; i < 5; i++)
      await svc.requestForVisitor('flood@example.com', { ...BACKEND_PERU, q: `w${i}` }, 'daily', 'es', '198.51.100.1');
    await expect(svc.requestForVisitor('flood@example.com', BACKEND_PERU, 'daily', 'es', '198.51.100.2')).rejects.toMatchObject({
      code: 'rate-limited',
    });
  });
});
