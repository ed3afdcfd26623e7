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

// The sign-in and sign-up actions (account-actions.ts) through the HTTP layer, on real services: what a
// success stores and which cookies it sets, refusals with the fields named in both languages (what was
// typed kept, passwords never sent back), and the shared identity limits answering 429 with Retry-After.
describe.each(testDatabases)('account actions on %s', (_db, open) => {
  let w: FormWorld;
  beforeAll(async () => {
    w = await createFormWorld(open);
  }, 60_000);
  afterAll(async () => w?.cleanup());

  const user = (email: string) => w.t.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

  describe('login', () => {
    it('signs a candidate in: HttpOnly session cookies, the workspace, a token that works', async () => {
      const ana = await w.account('match');
      const a = await w.post(href('login', 'es'), { email: ana.email, password: PASSWORD });
      expect(a.status, a.text).toBe(200);
      expect(a.json).toEqual({ ok: true, redirect: href('matchPlatform', 'es') });
      const token = setCookie(a, config.AUTH_COOKIE_TOKEN)!;
      expect(token).toMatch(/; HttpOnly/);
      expect(token).toMatch(/; Secure/);
      expect(token).toMatch(/; SameSite=Lax/);
      expect(cookieValue(setCookie(a, config.AUTH_COOKIE_TYPE))).toBe('match');
      expect(await w.live(cookieValue(token)!, 'match')).toBe(true);
    });

    it('without JavaScript: 303 to a safe return path, and never to another site', async () => {
      const eva = await w.account('hire');
      const back = href('hireCreateOffer', 'en');
      const a = await w.post(
        `${href('login', 'en')}?redirect=${encodeURIComponent(back)}`,
        { email: eva.email, password: PASSWORD },
        { json: false },
      );
      expect(a.status, a.text).toBe(303);
      expect(a.location).toBe(back);
      expect(cookieValue(setCookie(a, config.AUTH_COOKIE_TYPE))).toBe('hire');
      const away = await w.post(
        `${href('login', 'en')}?redirect=${encodeURIComponent('https://evil.example/x')}`,
        { email: eva.email, password: PASSWORD },
        { json: false },
      );
      expect(away.status).toBe(303);
      expect(away.location).toBe(href('hireSite', 'en'));
    });

    it('refuses a wrong password and an unknown address alike: 401, email kept, password never echoed', async () => {
      for (const locale of locales) {
        // One account per language: the account allows 3 tries before its limit.
        const ana = await w.account('match');
        for (const fields of [
          { email: ana.email, password: 'otra-clave-9' },
          { email: w.freshEmail(), password: PASSWORD },
        ]) {
          const a = await w.post(href('login', locale), fields);
          expectRefusal(a, 401, {
            message: msg(locale, 'api.invalidCredentials'),
            errors: {},
            values: { email: fields.email },
          });
          expect(setCookie(a, config.AUTH_COOKIE_TOKEN)).toBeUndefined();
        }
      }
    });

    it('names the wrong fields in Spanish and in English (422), with or without JavaScript', async () => {
      const fields = { email: 'no-es-un-correo', password: PASSWORD };
      for (const locale of locales) {
        const expected = {
          message: msg(locale, 'forms.summary'),
          errors: { email: msg(locale, 'forms.error.email') },
          values: { email: 'no-es-un-correo' },
        };
        expectRefusal(await w.post(href('login', locale), fields), 422, expected);
        const page = await w.post(href('login', locale), fields, { json: false });
        expect(page.headers.get('content-type')).toMatch(/^text\/html/);
        expectRefusal(page, 422, expected);
      }
      expect(msg('es', 'forms.error.email')).toBe('Escribe un correo válido.');
      expect(msg('en', 'forms.error.email')).toBe('Enter a valid email address.');
      const empty = await w.post(href('login', 'en'), {});
      expectRefusal(empty, 422, {
        errors: {
          email: msg('en', 'forms.error.required'),
          password: msg('en', 'forms.error.required'),
        },
      });
    });

    it('needs no account type: the account found by its address says which it is, whatever a stale form posts', async () => {
      for (const type of ['match', 'hire'] as const) {
        const who = await w.account(type);
        const landing = href(type === 'hire' ? 'hireSite' : 'matchPlatform', 'en');
        const plain = await w.post(href('login', 'en'), { email: who.email, password: PASSWORD });
        expect(plain.json).toEqual({ ok: true, redirect: landing });
        expect(cookieValue(setCookie(plain, config.AUTH_COOKIE_TYPE))).toBe(type);
        // A form from before this change still posts a type: it is ignored, never a refusal.
        const other = type === 'hire' ? 'match' : 'hire';
        const stale = await w.post(href('login', 'en'), { type: other, email: who.email, password: PASSWORD }, { json: false });
        expect(stale.status, stale.text).toBe(303);
        expect(stale.location).toBe(landing);
        expect(cookieValue(setCookie(stale, config.AUTH_COOKIE_TYPE))).toBe(type);
      }
    });

    it('refuses a suspended account with 403', async () => {
      const ana = await w.account('match');
      await w.t.db.updateTable('users').set({ user_status: 'suspended' }).where('id', '=', ana.id).execute();
      for (const locale of locales) {
        expectRefusal(await w.post(href('login', locale), { email: ana.email, password: PASSWORD }), 403, {
          message: msg(locale, 'api.suspended'),
        });
      }
    });

    it('answers 429 with Retry-After once the account has had its tries, for the right password too, with or without JavaScript', async () => {
      const ana = await w.account('match');
      for (let n = 0; n < 3; n++)
        expect((await w.post(href('login', 'es'), { email: ana.email, password: 'otra-clave-9' })).status).toBe(401);
      const es = await w.post(href('login', 'es'), { email: ana.email, password: PASSWORD });
      const { seconds, form } = expectTooMany(es);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(form.message).toBe(msg('es', 'api.tooManyRequests', { seconds }));
      expect(form.values).toEqual({ email: ana.email });
      const en = expectTooMany(await w.post(href('login', 'en'), { email: ana.email, password: PASSWORD }, { json: false }));
      expect(en.form.message).toBe(msg('en', 'api.tooManyRequests', { seconds: en.seconds }));
    });

    it('the 429 check fails when the sign-in answers 200 instead (a re-rendered page that lost its status)', async () => {
      const ana = await w.account('match');
      const real = w.action('login');
      // The same action, except that a spent limit is answered as a page with status 200.
      const post = w.withActions({
        login: {
          handle: async (input) => {
            const o = await real.handle(input);
            return !o.ok && o.status === 429 ? { ...o, status: 200 } : o;
          },
        },
      });
      for (let n = 0; n < 3; n++) await post(href('login', 'es'), { email: ana.email, password: 'otra-clave-9' });
      for (const json of [true, false]) {
        const wrong = await post(href('login', 'es'), { email: ana.email, password: PASSWORD }, { json });
        expect(wrong.status).toBe(200);
        expect(() => expectTooMany(wrong)).toThrow();
      }
      // The production action on the same locked account: the check passes.
      expectTooMany(await w.post(href('login', 'es'), { email: ana.email, password: PASSWORD }));
    });
  });

  describe('sign-up', () => {
    it('creates a candidate with the origin and campaign of the visit, signs them in and goes to the workspace', async () => {
      const email = w.freshEmail();
      const utm = `tandem_utm=${encodeURIComponent(JSON.stringify({ utm_source: 'boletin', utm_campaign: 'otono' }))}`;
      const a = await w.post(
        `${href('signUp', 'en')}?origin=free-course`,
        { name: '  Lucía ', last_name: 'Paz', email, password: PASSWORD },
        { cookie: utm },
      );
      expect(a.json).toEqual({ ok: true, redirect: href('matchPlatform', 'en') });
      const row = await user(email);
      expect(row).toMatchObject({
        account_type: 'match',
        name: 'Lucía',
        last_name: 'Paz',
        origin: 'free-course',
        utm_source: 'boletin',
        utm_campaign: 'otono',
      });
      expect(row!.password_hash).not.toContain(PASSWORD);
      expect(
        await w.t.db.selectFrom('candidate_profiles').select('user_id').where('user_id', '=', row!.id).executeTakeFirst(),
      ).toBeDefined();
      expect(await w.live(cookieValue(setCookie(a, config.AUTH_COOKIE_TOKEN))!, 'match')).toBe(true);
      // An origin that is not one of ours is recorded as a regular sign-up.
      const other = w.freshEmail();
      expect(
        (
          await w.post(
            `${href('signUp', 'es')}?origin=hackers`,
            { name: 'Leo', last_name: 'Paz', email: other, password: PASSWORD },
            { json: false },
          )
        ).location,
      ).toBe(href('matchPlatform', 'es'));
      expect((await user(other))?.origin).toBe('regular');
    });

    it('names the wrong fields in both languages (422), keeps the rest and stores nothing', async () => {
      const email = 'lucia@@example.com';
      for (const locale of locales) {
        expectRefusal(await w.post(href('signUp', locale), { name: ' ', last_name: 'Paz', email, password: 'corta' }), 422, {
          message: msg(locale, 'forms.summary'),
          errors: {
            name: msg(locale, 'forms.error.required'),
            email: msg(locale, 'forms.error.email'),
            password: msg(locale, 'forms.error.tooShort', { min: 8 }),
          },
          values: { name: ' ', last_name: 'Paz', email },
        });
      }
      expect(msg('es', 'forms.error.tooShort', { min: 8 })).toBe('Usa al menos 8 caracteres.');
      expect(await user(email)).toBeUndefined();
    });

    it('refuses an address that already has an account: 409 on the email field', async () => {
      const ana = await w.account('hire');
      for (const locale of locales) {
        const a = await w.post(href('signUp', locale), { name: 'Otra', last_name: 'Persona', email: ana.email, password: 'otra-clave-9' });
        expectRefusal(a, 409, {
          errors: { email: msg(locale, 'api.emailTaken') },
          values: { name: 'Otra', last_name: 'Persona', email: ana.email },
        });
        expect(setCookie(a, config.AUTH_COOKIE_TOKEN)).toBeUndefined();
      }
      expect((await user(ana.email))?.account_type).toBe('hire');
    });

    it('answers 429 with Retry-After when the address has made its accounts, and makes no more', async () => {
      const ip = w.nextIp();
      for (let n = 0; n < 2; n++)
        expect(
          (await w.post(href('signUp', 'es'), { name: 'Ana', last_name: 'Ruiz', email: w.freshEmail(), password: PASSWORD }, { ip }))
            .status,
        ).toBe(200);
      const email = w.freshEmail();
      const { seconds, form } = expectTooMany(
        await w.post(href('signUp', 'en'), { name: 'Ana', last_name: 'Ruiz', email, password: PASSWORD }, { ip }),
      );
      expect(form.message).toBe(msg('en', 'api.tooManyRequests', { seconds }));
      expect(form.values).toEqual({ name: 'Ana', last_name: 'Ruiz', email });
      expect(await user(email)).toBeUndefined();
    });
  });

  describe('company sign-up (/hire/empezar-ahora)', () => {
    it('creates the company and its user, signs in as a company and returns to the offer form', async () => {
      const email = w.freshEmail('empresa');
      const back = href('hireCreateOffer', 'es');
      const a = await w.post(
        `${href('hireStartNow', 'es')}?${new URLSearchParams({ redirect: back, draft: '1' })}`,
        {
          name: 'Eva',
          last_name: 'Ruiz',
          company_name: 'Nueva Datos SAC',
          email,
          password: PASSWORD,
        },
        { json: false },
      );
      expect(a.status, a.text).toBe(303);
      expect(a.location).toBe(back);
      expect(cookieValue(setCookie(a, config.AUTH_COOKIE_TYPE))).toBe('hire');
      const row = await user(email);
      expect(row?.account_type).toBe('hire');
      const company = await w.t.db
        .selectFrom('company_users')
        .innerJoin('companies', 'companies.id', 'company_users.company_id')
        .select(['companies.name'])
        .where('company_users.user_id', '=', row!.id)
        .executeTakeFirst();
      expect(company?.name).toBe('Nueva Datos SAC');
      expect(await w.live(cookieValue(setCookie(a, config.AUTH_COOKIE_TOKEN))!, 'hire')).toBe(true);
      // Without a return path: the company workspace.
      const plain = await w.post(href('hireStartNow', 'en'), {
        name: 'Eva',
        last_name: 'Ruiz',
        company_name: 'Otra SA',
        email: w.freshEmail('empresa'),
        password: PASSWORD,
      });
      expect(plain.json).toEqual({ ok: true, redirect: href('hireSite', 'en') });
    });

    it('asks for the company name in both languages (422)', async () => {
      for (const locale of locales) {
        const email = w.freshEmail('empresa');
        expectRefusal(
          await w.post(href('hireStartNow', locale), { name: 'Eva', last_name: 'Ruiz', company_name: '', email, password: PASSWORD }),
          422,
          {
            errors: { company_name: msg(locale, 'forms.error.required') },
            values: { name: 'Eva', last_name: 'Ruiz', company_name: '', email },
          },
        );
        expect(await user(email)).toBeUndefined();
      }
    });

    it('shares the sign-up limit of the address: 429 with Retry-After', async () => {
      const ip = w.nextIp();
      for (let n = 0; n < 2; n++)
        await w.post(href('signUp', 'es'), { name: 'Ana', last_name: 'Ruiz', email: w.freshEmail(), password: PASSWORD }, { ip });
      const email = w.freshEmail('empresa');
      expectTooMany(
        await w.post(
          href('hireStartNow', 'es'),
          { name: 'Eva', last_name: 'Ruiz', company_name: 'Tarde SA', email, password: PASSWORD },
          { ip, json: false },
        ),
      );
      expect(await user(email)).toBeUndefined();
    });
  });
});
