import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales } from '../../i18n/locales';
import { href } from '../../routes';
import { testDatabases } from '../../testing/databases';
import { createFormWorld, expectTooMany, msg, type FormWorld } from '../../testing/form-app';

// "Download my data" on the account page (decision 072) through the HTTP layer, for both account types and
// languages, with and without JavaScript: the post only writes a job (built later, off the request), a second
// post while one is live changes nothing, and a new one within the day is refused with a 429.
describe.each(testDatabases)('data export request on %s', (_db, open) => {
  let w: FormWorld;
  beforeAll(async () => {
    w = await createFormWorld(open);
  }, 60_000);
  afterAll(async () => w?.cleanup());

  const jobs = (userId: string | number) =>
    w.t.db.selectFrom('data_exports').select(['id', 'locale', 'ready_at']).where('user_id', '=', Number(userId)).execute();

  it('writes one job per account, in its language, for candidates and companies, with and without JavaScript', async () => {
    for (const type of ['match', 'hire'] as const)
      for (const locale of locales)
        for (const json of [true, false]) {
          const me = await w.account(type);
          const a = await w.post(href('account', locale), { intent: 'dataExport' }, { as: me, json });
          const to = `${href('account', locale)}?hecho=datos`;
          if (json) expect(a.json, a.text).toEqual({ ok: true, redirect: to });
          else expect([a.status, a.location]).toEqual([303, to]);
          // Asked again while it is being prepared: the same job.
          await w.post(href('account', locale), { intent: 'dataExport' }, { as: me, json });
          expect(await jobs(me.id)).toEqual([expect.objectContaining({ locale, ready_at: null })]);
        }
  });

  it('refuses a new request within the day (429) once the last one is gone', async () => {
    const me = await w.account('match');
    await w.post(href('account', 'en'), { intent: 'dataExport' }, { as: me });
    await w.t.db.deleteFrom('data_exports').where('user_id', '=', Number(me.id)).execute();
    const { form } = expectTooMany(await w.post(href('account', 'en'), { intent: 'dataExport' }, { as: me }));
    expect(form.message).toBe(msg('en', 'dataExport.tooSoon', { hours: 24 }));
    expect(await jobs(me.id)).toEqual([]);
  });

  it('is refused to a visitor who is not signed in', async () => {
    const a = await w.post(href('account', 'es'), { intent: 'dataExport' });
    expect(a.status).toBe(401);
  });
});
