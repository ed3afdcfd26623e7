import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { startSmtpSink, type SmtpSink } from '../../testing/smtp-sink';
import { createEmailService, RETRY_DELAYS_MIN } from './email-service';
import { createSmtpTransport } from './smtp-transport';

describe.each(testDatabases)('email delivery through SMTP on %s', (_name, open) => {
  let t: TestDb;
  let sink: SmtpSink;
  const logs: string[] = [];
  beforeAll(async () => {
    t = await open();
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink?.close();
    await t?.cleanup();
  });
  beforeEach(async () => {
    sink.received.length = 0;
    sink.failNext = 0;
    logs.length = 0;
    await t.db.deleteFrom('email_outbox').execute();
  });

  const message = (to: string) => ({
    to,
    subject: 'Restablece tu contraseña',
    text: 'Hola José,\nabre https://tandem.example/restablecer-contrasena/abc',
    kind: 'password-reset',
    locale: 'es' as const,
  });
  const outbox = () =>
    t.db.selectFrom('email_outbox').select(['id', 'status', 'attempts', 'error', 'sent_at', 'locked_until']).orderBy('id').execute();

  it('queues in the outbox, then delivers over SMTP with the translated text intact', async () => {
    const mail = createEmailService(t, {
      transport: createSmtpTransport(sink.url),
      from: 'Tandem <no-reply@tandem.example>',
      log: (m) => logs.push(m),
    });
    await mail.send(message('ana@example.com'));
    await mail.drain();
    expect(sink.received).toHaveLength(1);
    const got = sink.received[0]!;
    expect(got.to).toEqual(['ana@example.com']);
    expect(got.from).toBe('no-reply@tandem.example');
    expect(got.subject).toBe('Restablece tu contraseña');
    expect(got.text).toBe('Hola José,\nabre https://tandem.example/restablecer-contrasena/abc');
    expect(got.headers['content-language']).toBe('es');
    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'sent', attempts: 1, error: null, locked_until: null });
    expect(row!.sent_at).not.toBeNull();
    await mail.stop();
  });

  it('delivers the HTML part and the one-click unsubscribe headers with the text', async () => {
    const mail = createEmailService(t, { transport: createSmtpTransport(sink.url), log: (m) => logs.push(m) });
    await mail.send({
      ...message('ana@example.com'),
      kind: 'application-status',
      html: '<p>Hola <b>José</b></p>',
      headers: {
        'List-Unsubscribe': '<https://tandem.example/u/abc>',
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        'Bad\nName': 'x',
      },
    });
    await mail.drain();
    const got = sink.received[0]!;
    expect(got.text).toBe('Hola José,\nabre https://tandem.example/restablecer-contrasena/abc');
    expect(got.html).toBe('<p>Hola <b>José</b></p>');
    expect(got.headers['list-unsubscribe']).toBe('<https://tandem.example/u/abc>');
    expect(got.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(Object.keys(got.headers)).not.toContain('bad');
    await mail.stop();
  });

  it('drops a message whose link expired before it could be delivered, and still sends one that has not', async () => {
    let clock = Date.parse('2026-11-27T10:00:00Z');
    // Queued while no mail server was configured: the log is all that happened.
    const queued = createEmailService(t, { log: (m) => logs.push(m), now: () => clock });
    const code = 'Qm9yZGVyLWxpbmUtc2VjcmV0LWNvZGUtb2YtNDMtY2hhcnM';
    const stale = await queued.send({
      ...message('ana@example.com'),
      text: `abre /restablecer-contrasena/${code}`,
      expiresAt: new Date(clock + 3_600_000),
    });
    const fresh = await queued.send({ ...message('beto@example.com'), expiresAt: new Date(clock + 48 * 3_600_000) });
    const plain = await queued.send(message('carla@example.com'));
    // Two hours later the server gets its SMTP_URL and drains the queue.
    clock += 2 * 3_600_000;
    const mail = createEmailService(t, { transport: createSmtpTransport(sink.url), log: (m) => logs.push(m), now: () => clock });
    expect(await mail.drain()).toBe(2);
    expect(sink.received.map((m) => m.to[0]).sort()).toEqual(['beto@example.com', 'carla@example.com']);
    const rows = await t.db.selectFrom('email_outbox').select(['id', 'status', 'error', 'text_body']).orderBy('id').execute();
    expect(rows.find((r) => r.id === stale)).toMatchObject({ status: 'failed', error: 'expired before delivery' });
    expect(rows.find((r) => r.id === stale)!.text_body).not.toContain(code);
    expect(rows.filter((r) => r.id === fresh || r.id === plain).map((r) => r.status)).toEqual(['sent', 'sent']);
    expect(logs.some((l) => l.includes(`dropped #${stale}`))).toBe(true);
    await mail.stop();
  });

  it('keeps the row of a delivered reset email but not the code in its link', async () => {
    const mail = createEmailService(t, { transport: createSmtpTransport(sink.url), log: (m) => logs.push(m) });
    const code = 'Qm9yZGVyLWxpbmUtc2VjcmV0LWNvZGUtb2YtNDMtY2hhcnM';
    const link = `https://tandem.example/restablecer-contrasena/${code}`;
    await mail.send({ ...message('carla@example.com'), text: `Hola Carla,\nabre ${link}\nCaduca en una hora.` });
    const queued = await t.db.selectFrom('email_outbox').select('text_body').executeTakeFirstOrThrow();
    expect(queued.text_body).toContain(code); // not delivered yet: the drainer needs it
    await mail.drain();
    expect(sink.received[0]!.text).toContain(link);
    const sent = await t.db.selectFrom('email_outbox').select(['status', 'text_body', 'to_email']).executeTakeFirstOrThrow();
    expect(sent).toMatchObject({ status: 'sent', to_email: 'carla@example.com' });
    expect(sent.text_body).toBe('Hola Carla,\nabre https://tandem.example/restablecer-contrasena/[redacted]\nCaduca en una hora.');
    await mail.stop();
  });

  it('keeps a refused message queued, retries it later, and gives up after the last retry', async () => {
    let clock = Date.parse('2026-01-01T10:00:00Z');
    const mail = createEmailService(t, { transport: createSmtpTransport(sink.url), log: (m) => logs.push(m), now: () => clock });
    sink.failNext = 1;
    await mail.send(message('bea@example.com'));
    await mail.drain();
    let [row] = await outbox();
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row!.error).toMatch(/451|busy/i);
    // Not due yet: nothing is tried again.
    await mail.drain();
    expect((await outbox())[0]!.attempts).toBe(1);
    clock += RETRY_DELAYS_MIN[0]! * 60_000 + 1;
    await mail.drain();
    expect(sink.received.map((m) => m.to[0])).toEqual(['bea@example.com']);
    expect((await outbox())[0]).toMatchObject({ status: 'sent', attempts: 2 });

    // A server that always refuses: one try plus one per retry delay, then 'failed'.
    sink.failNext = 100;
    await mail.send(message('carla@example.com'));
    for (let i = 0; i <= RETRY_DELAYS_MIN.length; i++) {
      await mail.drain();
      clock += 61 * 60_000;
    }
    [, row] = await outbox();
    expect(row).toMatchObject({ status: 'failed', attempts: RETRY_DELAYS_MIN.length + 1 });
    expect(logs.some((l) => l.startsWith('[email] gave up on'))).toBe(true);
    await mail.stop();
  });

  it('sends each message once even when two processes drain the same outbox', async () => {
    const a = createEmailService(t, { transport: createSmtpTransport(sink.url), log: () => {} });
    const b = createEmailService(t, { transport: createSmtpTransport(sink.url), log: () => {} });
    for (let i = 0; i < 12; i++)
      await t.db
        .insertInto('email_outbox')
        .values({ to_email: `p${i}@example.com`, subject: `n${i}`, text_body: 'x', html_body: null, kind: 'test', locale: 'en' })
        .execute();
    const [sa, sb] = await Promise.all([a.drain(), b.drain()]);
    expect(sa + sb).toBe(12);
    expect(sink.received.map((m) => m.subject).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `n${i}`).sort());
    expect((await outbox()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    await a.stop();
    await b.stop();
  });

  it('without a transport, writes the whole message to the log and leaves it queued', async () => {
    const mail = createEmailService(t, { log: (m) => logs.push(m) });
    await mail.send(message('dora@example.com'));
    expect(await mail.drain()).toBe(0);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toContain('to dora@example.com: Restablece tu contraseña');
    expect(logs[0]).toContain('https://tandem.example/restablecer-contrasena/abc');
    expect((await outbox())[0]).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('retries when the mail server is down, without failing the caller', async () => {
    const closed = await startSmtpSink();
    await closed.close();
    const mail = createEmailService(t, { transport: createSmtpTransport(closed.url), log: (m) => logs.push(m) });
    await expect(mail.send(message('eva@example.com'))).resolves.toBeGreaterThan(0);
    await mail.drain();
    const [row] = await outbox();
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row!.error).toMatch(/ECONNREFUSED|connect/i);
    await mail.stop();
  });
});
