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
  type Account,
  type FormWorld,
} from '../../testing/form-app';

// The calculator's forms (salary-actions.ts): the registration step signs a visitor up and may take their
// salary; the result page takes a signed-in candidate's. Through the HTTP layer on real services (PEN at
// 3.75 per USD, no reports yet: any plausible salary is accepted).
const INPUTS = { country: 'peru', role: 'backend', seniority: 'mid', english: 'advanced', modality: 'remote-global', skills: 'go,docker' };
const QUERY = `?${new URLSearchParams(INPUTS)}`;

describe.each(testDatabases)('salary actions on %s', (_db, open) => {
  let w: FormWorld;
  let acme: Account;
  beforeAll(async () => {
    w = await createFormWorld(open);
    acme = await w.account('hire');
  }, 60_000);
  afterAll(async () => w?.cleanup());

  const reports = (userId: number) =>
    w.t.db
      .selectFrom('salary_reports')
      .select(['country', 'role', 'seniority', 'currency', 'local_month', 'usd_month'])
      .where('source', '=', 'tandem-users')
      .where('external_id', '=', `user:${userId}`)
      .execute();
  const userByEmail = (email: string) =>
    w.t.db.selectFrom('users').select(['id', 'origin', 'account_type']).where('email', '=', email).executeTakeFirst();
  /** The result page a redirect leads to: its path, the calculator inputs and the contribution status. */
  const result = (location: string | null | undefined) => {
    const u = new URL(location ?? '', 'http://x');
    return {
      path: u.pathname,
      country: u.searchParams.get('country'),
      role: u.searchParams.get('role'),
      contribution: u.searchParams.get('contribution'),
    };
  };
  const signUp = (extra: Record<string, string> = {}) => ({
    name: 'Rosa',
    last_name: 'Quispe',
    email: w.freshEmail(),
    password: PASSWORD,
    ...extra,
  });

  describe('registration step', () => {
    it('signs the visitor up as a calculator candidate, stores the salary and shows the result (no JavaScript: 303)', async () => {
      const fields = signUp({ salary_amount: '9.000', salary_currency: 'local' });
      const a = await w.post(`${href('calculatorRegister', 'es')}${QUERY}&origin=free-course`, fields, { json: false });
      expect(a.status, a.text).toBe(303);
      expect(result(a.location)).toEqual({
        path: href('calculatorResult', 'es'),
        country: 'peru',
        role: 'backend',
        contribution: 'accepted',
      });
      const user = await userByEmail(fields.email);
      expect(user).toMatchObject({ origin: 'calculator', account_type: 'match' });
      expect(await reports(user!.id)).toEqual([
        { country: 'peru', role: 'backend', seniority: 'mid', currency: 'PEN', local_month: 9000, usd_month: 2400 },
      ]);
      expect(cookieValue(setCookie(a, config.AUTH_COOKIE_TYPE))).toBe('match');
      expect(await w.live(cookieValue(setCookie(a, config.AUTH_COOKIE_TOKEN))!, 'match')).toBe(true);
    });

    it('without a salary: the result without a contribution; without valid inputs: the calculator', async () => {
      const fields = signUp();
      const a = await w.post(`${href('calculatorRegister', 'en')}${QUERY}`, fields);
      expect(result(a.json.redirect)).toEqual({
        path: href('calculatorResult', 'en'),
        country: 'peru',
        role: 'backend',
        contribution: null,
      });
      expect(await reports((await userByEmail(fields.email))!.id)).toEqual([]);
      const lost = signUp({ salary_amount: '9000', salary_currency: 'local' });
      const b = await w.post(`${href('calculatorRegister', 'en')}?country=atlantida&role=backend&seniority=mid`, lost);
      expect(b.json).toEqual({ ok: true, redirect: href('calculator', 'en') });
      expect(await reports((await userByEmail(lost.email))!.id)).toEqual([]);
    });

    it('names the wrong fields in both languages (422), keeps the salary, never the password', async () => {
      for (const locale of locales) {
        const fields = signUp({ password: 'corta', salary_amount: '2500,50', salary_currency: 'EUR' });
        const state = expectRefusal(await w.post(`${href('calculatorRegister', locale)}${QUERY}`, fields, { json: locale === 'en' }), 422, {
          message: msg(locale, 'forms.summary'),
          errors: {
            password: msg(locale, 'forms.error.tooShort', { min: 8 }),
            salary_amount: msg(locale, 'forms.error.amount'),
            salary_currency: msg(locale, 'forms.error.invalid'),
          },
        });
        expect(state.values).toEqual({
          name: 'Rosa',
          last_name: 'Quispe',
          email: fields.email,
          salary_amount: '2500,50',
          salary_currency: 'EUR',
        });
        expect(await userByEmail(fields.email)).toBeUndefined();
      }
      expect(msg('es', 'forms.error.amount')).toBe('Escribe el monto en números enteros, sin decimales (por ejemplo 2500).');
    });

    it('refuses an address that has an account (409 on email) and stores no salary', async () => {
      for (const locale of locales) {
        const a = await w.post(
          `${href('calculatorRegister', locale)}${QUERY}`,
          signUp({ email: acme.email, salary_amount: '9000', salary_currency: 'local' }),
        );
        expectRefusal(a, 409, { errors: { email: msg(locale, 'api.emailTaken') } });
      }
      expect(await reports(acme.id)).toEqual([]);
    });

    it('shares the sign-up limit of the address: 429 with Retry-After', async () => {
      const ip = w.nextIp();
      for (let n = 0; n < 2; n++) expect((await w.post(`${href('calculatorRegister', 'es')}${QUERY}`, signUp(), { ip })).status).toBe(200);
      const fields = signUp({ salary_amount: '9000', salary_currency: 'local' });
      const { seconds, form } = expectTooMany(await w.post(`${href('calculatorRegister', 'en')}${QUERY}`, fields, { ip }));
      expect(form.message).toBe(msg('en', 'api.tooManyRequests', { seconds }));
      expect(form.values).toMatchObject({ email: fields.email, salary_amount: '9000' });
      expect(await userByEmail(fields.email)).toBeUndefined();
    });
  });

  describe('result page', () => {
    const page = (locale: 'es' | 'en' = 'es', query = QUERY) => `${href('calculatorResult', locale)}${query}`;

    it("stores a candidate's salary, replacing the earlier one, and says what became of it", async () => {
      const rosa = await w.account('match');
      const a = await w.post(page(), { salary_amount: '9000', salary_currency: 'local' }, { as: rosa, json: false });
      expect(a.status, a.text).toBe(303);
      expect(result(a.location)).toMatchObject({ path: href('calculatorResult', 'es'), contribution: 'accepted' });
      const b = await w.post(page('en'), { salary_amount: '2 500', salary_currency: 'USD' }, { as: rosa });
      expect(result(b.json.redirect)).toMatchObject({ path: href('calculatorResult', 'en'), contribution: 'accepted' });
      expect(await reports(rosa.id)).toEqual([
        { country: 'peru', role: 'backend', seniority: 'mid', currency: 'PEN', local_month: 9375, usd_month: 2500 },
      ]);
      // A salary no one earns is judged, not stored: the earlier report stays.
      const c = await w.post(page(), { salary_amount: '100', salary_currency: 'USD' }, { as: rosa });
      expect(result(c.json.redirect).contribution).toBe('implausible');
      expect((await reports(rosa.id)).map((r) => r.usd_month)).toEqual([2500]);
    });

    it('without valid calculator inputs: back to the calculator, nothing stored', async () => {
      const rosa = await w.account('match');
      const a = await w.post(page('es', '?country=peru'), { salary_amount: '9000', salary_currency: 'local' }, { as: rosa });
      expect(a.json).toEqual({ ok: true, redirect: href('calculator', 'es') });
      expect(await reports(rosa.id)).toEqual([]);
    });

    it('names the wrong fields in both languages (422) and keeps them', async () => {
      const rosa = await w.account('match');
      for (const locale of locales) {
        expectRefusal(await w.post(page(locale), { salary_amount: '', salary_currency: '' }, { as: rosa }), 422, {
          message: msg(locale, 'forms.summary'),
          errors: { salary_amount: msg(locale, 'forms.error.required'), salary_currency: msg(locale, 'forms.error.required') },
          values: { salary_amount: '', salary_currency: '' },
        });
        expectRefusal(await w.post(page(locale), { salary_amount: '9000.5', salary_currency: 'local' }, { as: rosa, json: false }), 422, {
          errors: { salary_amount: msg(locale, 'forms.error.amount') },
          values: { salary_amount: '9000.5', salary_currency: 'local' },
        });
      }
      expect(await reports(rosa.id)).toEqual([]);
    });

    it('answers 403 to a company account and to a visitor without a session', async () => {
      for (const locale of locales) {
        for (const as of [acme, null]) {
          expectRefusal(await w.post(page(locale), { salary_amount: '9000', salary_currency: 'local' }, { as }), 403, {
            message: msg(locale, 'calculator.contribute.candidatesOnly'),
            errors: {},
            values: { salary_amount: '9000', salary_currency: 'local' },
          });
        }
      }
      expect(await reports(acme.id)).toEqual([]);
    });
  });
});
