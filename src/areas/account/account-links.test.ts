import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales, type Locale } from '../../i18n/locales';
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

// The account actions that work with emailed links (account-actions.ts): asking for a password reset,
// setting the new password from the link, and asking again for a confirmation link. Through the HTTP
// layer on real services; the links are read from the outbox, as the person would read their email.
const NEW_PASSWORD = 'nueva-clave-77';

describe.each(testDatabases)('account link actions on %s', (_db, open) => {
  let w: FormWorld;
  beforeAll(async () => {
    w = await createFormWorld(open);
  }, 60_000);
  afterAll(async () => w?.cleanup());

  const mails = (to: string, kind: 'password-reset' | 'email-confirmation') =>
    w.t.db
      .selectFrom('email_outbox')
      .select(['text_body', 'locale'])
      .where('to_email', '=', to)
      .where('kind', '=', kind)
      .orderBy('id')
      .execute();
  /** The code in the latest reset link sent to an address. */
  const resetCode = async (to: string) => {
    const last = (await mails(to, 'password-reset')).at(-1);
    return /(?:restablecer-contrasena|reset-password)\/([A-Za-z0-9_-]{20,})/.exec(last?.text_body ?? '')?.[1];
  };
  const resetPath = (locale: Locale, token: string) => href('resetPassword', locale, { token });

  describe('forgot password', () => {
    it('emails a reset link in the page language and says so (303 to ?sent=1), the same for an unknown address', async () => {
      const ana = await w.account('match');
      const a = await w.post(href('forgotPassword', 'en'), { email: ` ${ana.email} ` }, { json: false });
      expect(a.status, a.text).toBe(303);
      expect(a.location).toBe(`${href('forgotPassword', 'en')}?sent=1`);
      const sent = await mails(ana.email, 'password-reset');
      expect(sent.map((m) => m.locale)).toEqual(['en']);
      expect(sent[0]!.text_body).toContain(`/en/reset-password/`);
      const unknown = w.freshEmail();
      const b = await w.post(href('forgotPassword', 'es'), { email: unknown });
      expect(b.json).toEqual({ ok: true, redirect: `${href('forgotPassword', 'es')}?sent=1` });
      expect(await mails(unknown, 'password-reset')).toEqual([]);
    });

    it('names the email field in both languages (422) and sends nothing', async () => {
      for (const locale of locales) {
        expectRefusal(await w.post(href('forgotPassword', locale), { email: 'ana.example.com' }), 422, {
          message: msg(locale, 'forms.summary'),
          errors: { email: msg(locale, 'forms.error.email') },
          values: { email: 'ana.example.com' },
        });
      }
      expect(await w.t.db.selectFrom('email_outbox').select('id').where('to_email', '=', 'ana.example.com').execute()).toEqual([]);
    });

    it('answers 429 with Retry-After once an address has had its links, and sends no more', async () => {
      const ana = await w.account('match');
      for (let n = 0; n < 2; n++) expect((await w.post(href('forgotPassword', 'es'), { email: ana.email })).status).toBe(200);
      const { seconds, form } = expectTooMany(await w.post(href('forgotPassword', 'es'), { email: ana.email }));
      expect(form.message).toBe(msg('es', 'api.tooManyRequests', { seconds }));
      expect(form.values).toEqual({ email: ana.email });
      expectTooMany(await w.post(href('forgotPassword', 'en'), { email: ana.email.toUpperCase() }, { json: false }));
      expect(await mails(ana.email, 'password-reset')).toHaveLength(2);
    });
  });

  describe('reset password', () => {
    it('sets the new password from the emailed link, ends the old sessions and signs in; the link works once', async () => {
      const ana = await w.account('match');
      await w.post(href('forgotPassword', 'es'), { email: ana.email });
      const code = (await resetCode(ana.email))!;
      expect(code).toBeDefined();
      const a = await w.post(resetPath('es', code), { password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD }, { json: false });
      expect(a.status, a.text).toBe(303);
      expect(a.location).toBe(href('matchPlatform', 'es'));
      const token = cookieValue(setCookie(a, config.AUTH_COOKIE_TOKEN))!;
      expect(await w.live(token, 'match')).toBe(true);
      expect(await w.live(ana.token, 'match')).toBe(false);
      await expect(w.setupAuth.login('match', ana.email, PASSWORD, { ip: 'check' })).rejects.toMatchObject({ code: 'invalid-credentials' });
      await expect(w.setupAuth.login('match', ana.email, NEW_PASSWORD, { ip: 'check' })).resolves.toMatchObject({ user: { id: ana.id } });
      // The same link again: refused, nothing signed in, the password unchanged.
      for (const locale of locales) {
        const again = await w.post(resetPath(locale, code), { password: 'otra-clave-9', passwordConfirmation: 'otra-clave-9' });
        expectRefusal(again, 422, {
          message: msg(locale, 'api.invalidCode'),
          errors: { code: msg(locale, 'api.invalidCode') },
          values: {},
        });
        expect(setCookie(again, config.AUTH_COOKIE_TOKEN)).toBeUndefined();
      }
      await expect(w.setupAuth.login('match', ana.email, NEW_PASSWORD, { ip: 'check' })).resolves.toBeDefined();
    });

    it('a company resetting lands in the company workspace', async () => {
      const eva = await w.account('hire');
      await w.post(href('forgotPassword', 'en'), { email: eva.email });
      const a = await w.post(resetPath('en', (await resetCode(eva.email))!), {
        password: NEW_PASSWORD,
        passwordConfirmation: NEW_PASSWORD,
      });
      expect(a.json).toEqual({ ok: true, redirect: href('hireSite', 'en') });
      expect(cookieValue(setCookie(a, config.AUTH_COOKIE_TYPE))).toBe('hire');
    });

    it('names the fields in both languages (422) and never sends a password back; the link stays usable', async () => {
      const ana = await w.account('match');
      await w.post(href('forgotPassword', 'es'), { email: ana.email });
      const code = (await resetCode(ana.email))!;
      for (const locale of locales) {
        expectRefusal(await w.post(resetPath(locale, code), { password: NEW_PASSWORD, passwordConfirmation: 'otra-clave-9' }), 422, {
          message: msg(locale, 'forms.summary'),
          errors: { passwordConfirmation: msg(locale, 'forms.error.mismatch') },
          values: {},
        });
        const page = await w.post(resetPath(locale, code), { password: 'corta', passwordConfirmation: 'corta' }, { json: false });
        expectRefusal(page, 422, { errors: { password: msg(locale, 'forms.error.tooShort', { min: 8 }) }, values: {} });
        expect(page.text).not.toContain('corta');
      }
      expect(msg('en', 'forms.error.mismatch')).toBe('The passwords do not match.');
      expect((await w.post(resetPath('es', code), { password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD })).status).toBe(200);
    });

    it('answers 429 with Retry-After once the address has tried its codes', async () => {
      const ip = w.nextIp();
      for (let n = 0; n < 2; n++) {
        expect(
          (await w.post(resetPath('es', 'x'.repeat(43)), { password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD }, { ip })).status,
        ).toBe(422);
      }
      const { seconds, form } = expectTooMany(
        await w.post(resetPath('en', 'y'.repeat(43)), { password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD }, { ip }),
      );
      expect(form.message).toBe(msg('en', 'api.tooManyRequests', { seconds }));
      expect(form.values).toEqual({});
    });
  });

  describe('new confirmation link (/confirmar-email/{token})', () => {
    it('emails a new link to an account waiting for confirmation (303 to ?sent=1); nothing for a confirmed one', async () => {
      const ana = await w.account('match');
      const before = (await mails(ana.email, 'email-confirmation')).length;
      const path = href('confirmEmail', 'es', { token: 'z'.repeat(43) });
      const a = await w.post(path, { email: ana.email }, { json: false });
      expect(a.status, a.text).toBe(303);
      expect(a.location).toBe(`${path}?sent=1`);
      expect(await mails(ana.email, 'email-confirmation')).toHaveLength(before + 1);
      await w.t.db.updateTable('users').set({ user_status: 'active' }).where('id', '=', ana.id).execute();
      expect((await w.post(path, { email: ana.email })).json.ok).toBe(true);
      expect(await mails(ana.email, 'email-confirmation')).toHaveLength(before + 1);
    });

    it('names the email field in both languages (422)', async () => {
      for (const locale of locales) {
        expectRefusal(await w.post(href('confirmEmail', locale, { token: 'z'.repeat(43) }), { email: '' }), 422, {
          errors: { email: msg(locale, 'forms.error.required') },
          values: { email: '' },
        });
      }
    });

    it('shares the email-link limit with the reset form: 429 with Retry-After', async () => {
      const ana = await w.account('match');
      await w.post(href('forgotPassword', 'es'), { email: ana.email });
      await w.post(href('confirmEmail', 'es', { token: 'z'.repeat(43) }), { email: ana.email });
      const before = (await mails(ana.email, 'email-confirmation')).length;
      expectTooMany(await w.post(href('confirmEmail', 'en', { token: 'z'.repeat(43) }), { email: ana.email }, { json: false }));
      expect(await mails(ana.email, 'email-confirmation')).toHaveLength(before);
    });
  });
});
