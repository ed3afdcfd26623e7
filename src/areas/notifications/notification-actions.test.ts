import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { href } from '../../routes';
import { testDatabases } from '../../testing/databases';
import { createFormWorld, msg, type FormWorld } from '../../testing/form-app';
import { signUnsubscribe } from '../../server/notifications/unsubscribe-token';

// The notifications' forms through the HTTP layer on real services: preferences, "mark all read", the
// unsubscribe link's button and the one-click POST mail providers make (RFC 8058).
describe.each(testDatabases)('notification forms on %s', (_db, open) => {
  let w: FormWorld;
  beforeAll(async () => {
    w = await createFormWorld(open);
  }, 60_000);
  afterAll(async () => w?.cleanup());

  const modeOf = async (userId: number | string, kind: string) =>
    (
      await w.t.db
        .selectFrom('notification_settings')
        .select('mode')
        .where('user_id', '=', Number(userId))
        .where('kind', '=', kind)
        .executeTakeFirst()
    )?.mode;

  it('saves a mode per kind and the email language; a wrong value comes back marked, nothing else saved', async () => {
    const ana = await w.account('match');
    const bad = await w.post(
      href('notificationPreferences', 'es'),
      {
        'mode-application-status': 'sometimes',
        'mode-message': 'digest',
        'mode-invitation': 'off',
        'mode-interview': 'instant',
        'mode-interview-reminder': 'instant',
        locale: 'fr',
      },
      { as: ana, json: false },
    );
    expect(bad.status).toBe(422);
    expect(bad.page?.errors).toEqual({
      'mode-application-status': msg('es', 'forms.error.invalid'),
      locale: msg('es', 'forms.error.invalid'),
    });
    expect(bad.page?.values?.['mode-message']).toBe('digest');
    expect(await modeOf(ana.id, 'message')).toBeUndefined();

    const good = await w.post(
      href('notificationPreferences', 'en'),
      {
        'mode-application-status': 'digest',
        'mode-message': 'off',
        'mode-invitation': 'instant',
        'mode-interview': 'instant',
        'mode-interview-reminder': 'digest',
        locale: 'en',
      },
      { as: ana, json: false },
    );
    expect(good.status).toBe(303);
    expect(good.location).toBe(`${href('notificationPreferences', 'en')}?guardado=1`);
    expect(await modeOf(ana.id, 'application-status')).toBe('digest');
    expect(await modeOf(ana.id, 'message')).toBe('off');
    const user = await w.t.db.selectFrom('users').select('locale').where('id', '=', Number(ana.id)).executeTakeFirstOrThrow();
    expect(user.locale).toBe('en');
  });

  it('a company cannot set the kinds only candidates get (they are ignored)', async () => {
    const eva = await w.account('hire');
    const a = await w.post(
      href('notificationPreferences', 'es'),
      {
        'mode-application-new': 'digest',
        'mode-application-withdrawn': 'instant',
        'mode-message': 'instant',
        'mode-invitation-answer': 'off',
        'mode-interview-answer': 'instant',
        'mode-interview-reminder': 'instant',
        'mode-invitation': 'off',
        locale: 'es',
      },
      { as: eva, json: false },
    );
    expect(a.status).toBe(303);
    expect(await modeOf(eva.id, 'application-new')).toBe('digest');
    expect(await modeOf(eva.id, 'invitation')).toBeUndefined();
  });

  it('signed out, the forms refuse and the pages send to sign-in', async () => {
    const a = await w.post(href('notificationPreferences', 'es'), { locale: 'es' }, { json: false });
    expect(a.status).toBe(401);
  });

  it('mark all read', async () => {
    const ana = await w.account('match');
    await w.t.db
      .insertInto('notifications')
      .values({
        user_id: Number(ana.id),
        kind: 'message',
        data: '{}',
        link: '/match/plataforma',
        created_at: new Date(),
        digest_pending: 0,
      })
      .execute();
    expect(await w.svc.notifications.unread(Number(ana.id))).toBe(1);
    const a = await w.post(href('notifications', 'es'), { intent: 'read-all' }, { as: ana, json: false });
    expect(a.status).toBe(303);
    expect(await w.svc.notifications.unread(Number(ana.id))).toBe(0);
  });

  it('the unsubscribe button works without signing in; a forged link is a 404 that changes nothing', async () => {
    const ana = await w.account('match');
    const token = await signUnsubscribe(Number(ana.id), 'message', w.secret);
    const page = await w.get(href('emailUnsubscribe', 'es', { token }));
    expect(page.status).toBe(200);
    expect(await modeOf(ana.id, 'message')).toBeUndefined();
    const forged = await w.post(href('emailUnsubscribe', 'es', { token: `${token.slice(0, -3)}abc` }), {}, { json: false });
    expect(forged.status).toBe(404);
    const a = await w.post(href('emailUnsubscribe', 'es', { token }), {}, { json: false });
    expect(a.status).toBe(303);
    expect(a.location).toBe(`${href('emailUnsubscribe', 'es', { token })}?hecho=1`);
    expect(await modeOf(ana.id, 'message')).toBe('off');
  });

  it('one-click: a mail provider’s POST of List-Unsubscribe=One-Click answers 200 (no redirect) and turns the kind off', async () => {
    const ana = await w.account('match');
    const token = await signUnsubscribe(Number(ana.id), 'application-status', w.secret);
    // Mail providers send no cookies and no Origin.
    const res = await w.post(href('emailUnsubscribe', 'en', { token }), { 'List-Unsubscribe': 'One-Click' }, { json: false });
    expect(res.status).toBe(200);
    expect(res.location).toBeNull();
    expect(await modeOf(ana.id, 'application-status')).toBe('off');
    const forged = await w.post(
      href('emailUnsubscribe', 'en', { token: `${token}x` }),
      { 'List-Unsubscribe': 'One-Click' },
      { json: false },
    );
    expect(forged.status).toBe(404);
  });
});
