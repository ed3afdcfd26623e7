import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales } from '../../i18n/locales';
import { href } from '../../routes';
import { testDatabases } from '../../testing/databases';
import {
  PASSWORD,
  config,
  cookieValue,
  createFormWorld,
  expectRefusal,
  expectTooMany,
  msg,
  setCookie,
  type FormWorld,
} from '../../testing/form-app';

// The account page's forms (settings-actions.ts, decision 069) through the HTTP layer on real services, for
// both account types and languages, with and without JavaScript: the password and email changes, the
// buttons of the emailed links, refusals with the fields named, and the identity limits.
describe.each(testDatabases)('account settings actions on %s', (_db, open) => {
  let w: FormWorld;
  beforeAll(async () => {
    w = await createFormWorld(open);
  }, 60_000);
  afterAll(async () => w?.cleanup());

  const outbox = (to: string, kind: string) =>
    w.t.db.selectFrom('email_outbox').select(['text_body', 'locale']).where('to_email', '=', to).where('kind', '=', kind).execute();
  const tokenIn = (text: string, id: 'accountEmailConfirm' | 'accountEmailUndo', locale: 'es' | 'en') => {
    const prefix = href(id, locale, { token: 'X' }).replace('X', '');
    return text.slice(text.indexOf(prefix) + prefix.length).match(/^[A-Za-z0-9_-]+/)![0];
  };

  it('changes the password of a candidate and of a company, in both languages, with and without JavaScript', async () => {
    for (const type of ['match', 'hire'] as const)
      for (const locale of locales)
        for (const json of [true, false]) {
          const me = await w.account(type);
          const elsewhere = (await w.setupAuth.login(type, me.email, PASSWORD, { ip: 'setup' })).access_token;
          const a = await w.post(
            href('account', locale),
            { currentPassword: PASSWORD, password: 'nueva-clave-99', passwordConfirmation: 'nueva-clave-99' },
            { as: me, json },
          );
          const to = `${href('account', locale)}?hecho=contrasena`;
          if (json) expect(a.json, a.text).toEqual({ ok: true, redirect: to });
          else expect([a.status, a.location]).toEqual([303, to]);
          const token = cookieValue(setCookie(a, config.AUTH_COOKIE_TOKEN))!;
          expect(await w.live(token, type)).toBe(true);
          expect(await w.live(elsewhere, type)).toBe(false);
          expect(await w.live(me.token, type)).toBe(false);
          expect((await outbox(me.email, 'password-changed')).map((m) => m.locale)).toEqual([locale]);
        }
  });

  it('names the wrong fields in both languages (422) and never sends a password back', async () => {
    const me = await w.account('match');
    for (const locale of locales) {
      expectRefusal(
        await w.post(href('account', locale), { currentPassword: '', password: 'corta', passwordConfirmation: 'otra' }, { as: me }),
        422,
        {
          message: msg(locale, 'forms.summary'),
          errors: {
            currentPassword: msg(locale, 'forms.error.required'),
            password: msg(locale, 'forms.error.tooShort', { min: 8 }),
            passwordConfirmation: msg(locale, 'forms.error.mismatch'),
          },
          values: {},
        },
      );
      const wrong = await w.post(
        href('account', locale),
        { currentPassword: 'no-es-esta-1', password: 'nueva-clave-99', passwordConfirmation: 'nueva-clave-99' },
        { as: me, json: false },
      );
      expectRefusal(wrong, 422, { errors: { currentPassword: msg(locale, 'api.wrongCurrentPassword') }, values: {} });
      expect(wrong.text).not.toContain('nueva-clave-99');
    }
  });

  it('refuses a visitor who is not signed in', async () => {
    const a = await w.post(href('account', 'es'), {
      currentPassword: PASSWORD,
      password: 'nueva-clave-99',
      passwordConfirmation: 'nueva-clave-99',
    });
    expectRefusal(a, 401, { message: msg('es', 'api.unauthorized') });
  });

  it('changes the email: link to the new address, the change on its button, the undo from the old one', async () => {
    for (const [type, locale] of [
      ['hire', 'es'],
      ['match', 'en'],
    ] as const) {
      const me = await w.account(type);
      const next = w.freshEmail('nuevo');
      const taken = await w.account('match');
      expectRefusal(await w.post(href('account', locale), { email: taken.email, currentPassword: PASSWORD }, { as: me }), 409, {
        errors: { email: msg(locale, 'api.emailTaken') },
        values: { email: taken.email },
      });
      const a = await w.post(href('account', locale), { email: next, currentPassword: PASSWORD }, { as: me, json: false });
      expect([a.status, a.location]).toEqual([303, `${href('account', locale)}?hecho=correo`]);
      const [mail] = await outbox(next, 'email-change-confirmation');
      const code = tokenIn(mail!.text_body, 'accountEmailConfirm', locale);
      // The link's page only asks; the button does it (no session needed).
      const ok = await w.post(href('accountEmailConfirm', locale, { token: code }), {}, { json: false });
      expect([ok.status, ok.location]).toEqual([303, `${href('accountEmailConfirm', locale, { token: code })}?hecho=1`]);
      expect((await w.svc.auth.me(type, me.token)).email).toBe(next);
      const again = await w.post(href('accountEmailConfirm', locale, { token: code }), {});
      expectRefusal(again, 422, { message: msg(locale, 'api.invalidCode') });

      const undo = tokenIn((await outbox(me.email, 'email-changed'))[0]!.text_body, 'accountEmailUndo', locale);
      const back = await w.post(href('accountEmailUndo', locale, { token: undo }), {}, { json: false, as: me });
      expect(back.status).toBe(303);
      expect(back.location).toMatch(new RegExp(`^${href('resetPassword', locale, { token: 'X' }).replace('X', '')}[A-Za-z0-9_-]{43}$`));
      expect(cookieValue(setCookie(back, config.AUTH_COOKIE_TOKEN))).toBe('');
      expect(await w.live(me.token, type)).toBe(false);
      const row = await w.t.db.selectFrom('users').select('email').where('id', '=', me.id).executeTakeFirstOrThrow();
      expect(row.email).toBe(me.email);
    }
  });

  it('a password check on the account page shares the sign-in limit of the account: 429 with Retry-After', async () => {
    const me = await w.account('match');
    for (let n = 0; n < 3; n++)
      expect((await w.post(href('account', 'es'), { email: w.freshEmail(), currentPassword: 'mala-clave-1' }, { as: me })).status).toBe(
        422,
      );
    const { form } = expectTooMany(
      await w.post(
        href('account', 'en'),
        { currentPassword: PASSWORD, password: 'nueva-clave-99', passwordConfirmation: 'nueva-clave-99' },
        { as: me },
      ),
    );
    expect(form.values).toEqual({});
    // The same lock holds at the sign-in.
    await expect(w.svc.auth.login('match', me.email, PASSWORD, { ip: 'x' })).rejects.toMatchObject({ code: 'rate-limited' });
  });
});
