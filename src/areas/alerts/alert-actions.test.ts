import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales } from '../../i18n/locales';
import { href } from '../../routes';
import { testDatabases } from '../../testing/databases';
import { alertLinks } from '../../server/alerts/alert-emails';
import { createFormWorld, expectRefusal, expectTooMany, msg, type FormWorld } from '../../testing/form-app';

// The job alert forms through the HTTP layer, as a browser without JavaScript posts them (303 or the page
// with its message) and as a mail provider's one-click unsubscribe does, on both databases.
const SEARCH = { pais: 'peru', filtros: 'backend,remote-global', q: 'node', salario_min: '' };
const linkIn = (text: string, path: string) => new RegExp(`${path}/([A-Za-z0-9_-]+)`).exec(text)![1]!;

describe.each(testDatabases)('job alert forms on %s', (_db, open) => {
  let w: FormWorld;
  beforeAll(async () => {
    w = await createFormWorld(open);
  }, 60_000);
  afterAll(async () => w?.cleanup());
  const lastMail = (to: string) =>
    w.t.db.selectFrom('email_outbox').selectAll().where('to_email', '=', to).orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('asks a visitor for an email, sends the link, and the link turns the alert on (es and en)', async () => {
    for (const locale of locales) {
      const email = w.freshEmail();
      const a = await w.post(href('alertNew', locale), { ...SEARCH, email, frequency: 'weekly', intent: 'save' }, { json: false });
      expect(a.status, a.text).toBe(303);
      expect(a.location).toBe(`${href('alertNew', locale)}?pais=peru&filtros=backend%2Cremote-global&q=node&hecho=revisa`);
      const mail = await lastMail(email);
      expect(mail).toMatchObject({ kind: 'alert-confirm', locale });
      const token = linkIn(mail.text_body, href('alertConfirm', locale, { token: 'x' }).replace(/\/x$/, ''));
      const c = await w.post(href('alertConfirm', locale, { token }), { intent: 'confirm' }, { json: false });
      expect(c.status, c.text).toBe(303);
      expect(c.location).toMatch(
        new RegExp(`^${href('alertManage', locale, { token: 'x' }).replace(/\/x$/, '')}/[A-Za-z0-9_-]{43}\\?hecho=activada$`),
      );
      // The link works once.
      const again = await w.post(href('alertConfirm', locale, { token }), { intent: 'confirm' });
      expectRefusal(again, 410, { message: msg(locale, 'alerts.confirm.gone') });
    }
  });

  it('saves a candidate alert in one click and says so for a duplicate', async () => {
    const me = await w.account('match');
    const post = () => w.post(href('alertNew', 'es'), { ...SEARCH, frequency: 'daily', intent: 'save' }, { as: me, json: false });
    expect((await post()).location).toMatch(/hecho=guardada$/);
    expect((await post()).location).toMatch(/hecho=existe$/);
    const alerts = await w.svc.alerts.ofUser(me.id);
    expect(alerts).toHaveLength(1);
    // The workspace's list forms: frequency, then delete.
    const f = await w.post(
      href('alertNew', 'es'),
      { intent: 'frequency', alert: String(alerts[0]!.id), frequency: 'weekly' },
      { as: me, json: false },
    );
    expect(f.location).toBe(`${href('matchPlatform', 'es')}#alerts`);
    expect((await w.svc.alerts.ofUser(me.id))[0]!.frequency).toBe('weekly');
    await w.post(href('alertNew', 'es'), { intent: 'delete', alert: String(alerts[0]!.id) }, { as: me });
    expect(await w.svc.alerts.ofUser(me.id)).toHaveLength(0);
  });

  it('refuses a search the search page would refuse, and a wrong email, in the visitor’s language', async () => {
    for (const locale of locales) {
      const bad = await w.post(href('alertNew', locale), {
        ...SEARCH,
        filtros: 'backend,narnia',
        email: w.freshEmail(),
        frequency: 'daily',
      });
      expectRefusal(bad, 422, { message: msg(locale, 'alerts.new.invalid') });
      const mail = await w.post(href('alertNew', locale), { ...SEARCH, email: 'no-es-correo', frequency: 'daily' });
      expectRefusal(mail, 422, { errors: { email: msg(locale, 'forms.error.email') } });
    }
  });

  it('limits creations per client address with a clear message and Retry-After', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 20; i++)
      await w.post(href('alertNew', 'en'), { ...SEARCH, q: `w${i}`, email: w.freshEmail(), frequency: 'daily' }, { ip });
    const a = await w.post(href('alertNew', 'en'), { ...SEARCH, email: w.freshEmail(), frequency: 'daily' }, { ip });
    const { seconds, form } = expectTooMany(a);
    expect(form.message).toBe(msg('en', 'alerts.error.tooFast', { seconds }));
  });

  it('answers a one-click unsubscribe POST with 200 and deletes the alert; an unknown link is a 404', async () => {
    const me = await w.account('match');
    await w.post(href('alertNew', 'en'), { ...SEARCH, q: 'one-click', frequency: 'daily' }, { as: me });
    const [alert] = await w.t.db
      .selectFrom('job_alerts as a')
      .innerJoin('alert_recipients as r', 'r.id', 'a.recipient_id')
      .select(['a.id', 'a.unsubscribe_nonce'])
      .where('r.user_id', '=', me.id)
      .execute();
    const token = alertLinks({ secret: 'a'.repeat(40), siteUrl: '', brand: '' }).unsubscribeToken(alert!.unsubscribe_nonce);
    const path = href('alertUnsubscribe', 'en', { token });
    const a = await w.post(path, { 'List-Unsubscribe': 'One-Click' }, { json: false });
    expect(a.status).toBe(200);
    expect(a.location).toBeNull();
    expect(a.text).toBe(msg('en', 'alerts.unsubscribe.oneClick'));
    expect(await w.svc.alerts.ofUser(me.id)).toHaveLength(0);
    expect((await w.post(path, { 'List-Unsubscribe': 'One-Click' })).status).toBe(404);
    // The page's own button: the form action, a 303 to the "done" message.
    await w.post(href('alertNew', 'en'), { ...SEARCH, q: 'button', frequency: 'daily' }, { as: me });
    const nonce = (await w.t.db.selectFrom('job_alerts').select('unsubscribe_nonce').orderBy('id', 'desc').executeTakeFirstOrThrow())
      .unsubscribe_nonce;
    const other = href('alertUnsubscribe', 'en', {
      token: alertLinks({ secret: 'a'.repeat(40), siteUrl: '', brand: '' }).unsubscribeToken(nonce),
    });
    const b = await w.post(other, { intent: 'unsubscribe' }, { json: false });
    expect(b.status).toBe(303);
    expect(b.location).toBe(`${other}?hecho=1`);
  });

  it('refuses manage posts with a link that is not one (404)', async () => {
    const a = await w.post(href('alertManage', 'es', { token: 'Z'.repeat(43) }), { intent: 'deleteAll' });
    expectRefusal(a, 404, { message: msg('es', 'alerts.error.gone') });
  });
});
