import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locales } from '../../i18n/locales';
import { href } from '../../routes';
import { testDatabases } from '../../testing/databases';
import { createFormWorld, expectRefusal, msg, pngFile, type Account, type FormWorld } from '../../testing/form-app';

// The company details form of the workspace (company-actions.ts, reached through /hire/site with
// intent=company or, as the oldest form of the page posted it, no intent at all): multipart, works
// without JavaScript, the logo judged by its content. Through the HTTP layer on real services.
describe.each(testDatabases)('company details action on %s', (_db, open) => {
  let w: FormWorld;
  let acme: Account;
  let ana: Account;
  beforeAll(async () => {
    w = await createFormWorld(open);
    [acme, ana] = await Promise.all([w.account('hire', 'Acme'), w.account('match')]);
  }, 60_000);
  afterAll(async () => w?.cleanup());

  const site = (locale: 'es' | 'en' = 'es') => href('hireSite', locale);
  const company = async (a: Account) =>
    w.t.db
      .selectFrom('companies')
      .innerJoin('company_users', 'company_users.company_id', 'companies.id')
      .select(['companies.name', 'companies.website', 'companies.size', 'companies.country', 'companies.logo_path'])
      .where('company_users.user_id', '=', a.id)
      .executeTakeFirstOrThrow();
  const details = { name: 'Acme Labs', website: 'https://acme.example', size: '11-50', country: 'peru' };

  it('saves the details and a logo from the form without an intent (no JavaScript: 303 to ?saved=1)', async () => {
    const a = await w.post(site(), details, { as: acme, json: false, files: { logo: await pngFile('logo.png') } });
    expect(a.status, a.text).toBe(303);
    expect(a.location).toBe(`${site()}?saved=1`);
    const row = await company(acme);
    expect(row).toMatchObject({ name: 'Acme Labs', website: 'https://acme.example', size: '11-50', country: 'peru' });
    expect(row.logo_path).toMatch(/^\/uploads\/logos\/[\w-]+\.webp$/);
    expect(await w.uploads.has(row.logo_path!.replace('/uploads/', ''))).toBe(true);
  });

  it('does the same with intent=company, urlencoded, and keeps the logo when none is sent; empty optional fields clear', async () => {
    const logo = (await company(acme)).logo_path;
    const a = await w.post(site('en'), { intent: 'company', name: '  Acme Perú ', website: '', size: '', country: '' }, { as: acme });
    expect(a.json).toEqual({ ok: true, redirect: `${site('en')}?saved=1` });
    expect(await company(acme)).toMatchObject({ name: 'Acme Perú', website: null, size: null, country: null, logo_path: logo });
  });

  it('saves the city and the description shown on the public company page', async () => {
    const a = await w.post(
      site(),
      { intent: 'company', ...details, location: ' Lima ', description: 'Hacemos software.\nSomos 40.' },
      { as: acme },
    );
    expect(a.json).toEqual({ ok: true, redirect: `${site()}?saved=1` });
    const row = await w.t.db
      .selectFrom('companies')
      .select(['location', 'description'])
      .where('name', '=', 'Acme Labs')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ location: 'Lima', description: 'Hacemos software.\nSomos 40.' });
  });

  it('saves the perks one per line (trimmed, blank lines and repeats dropped) and the stack from the catalogue', async () => {
    const perks = ' Horario flexible \n\nSeguro de salud\r\nHorario flexible\n';
    const a = await w.post(
      site(),
      { intent: 'company', ...details, perks, stack: ['go', 'postgresql', 'go'] },
      { as: acme, multipart: true },
    );
    expect(a.json).toEqual({ ok: true, redirect: `${site()}?saved=1` });
    const row = await w.t.db
      .selectFrom('companies')
      .select(['perks', 'tech_stack'])
      .where('name', '=', 'Acme Labs')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.perks!)).toEqual(['Horario flexible', 'Seguro de salud']);
    expect(JSON.parse(row.tech_stack!)).toEqual(['go', 'postgresql']);
    // Sent empty, both are cleared.
    await w.post(site(), { intent: 'company', ...details }, { as: acme });
    expect(
      await w.t.db.selectFrom('companies').select(['perks', 'tech_stack']).where('name', '=', 'Acme Labs').executeTakeFirstOrThrow(),
    ).toEqual({ perks: null, tech_stack: null });
  });

  const SIXTEEN = 'go rust java php ruby python kotlin swift sql aws azure gcp docker figma seo scrum'.split(' ');
  it('refuses too many perks, a perk too long and a skill not in the catalogue in both languages, keeping what was typed', async () => {
    const before = await company(acme);
    const many = Array.from({ length: 13 }, (_, i) => `Beneficio ${i + 1}`).join('\n');
    const long = `Corto\n${'Muy largo '.repeat(9)}`;
    for (const locale of locales) {
      for (const [perks, stack, errors] of [
        [many, ['go'], { perks: msg(locale, 'company.perksTooMany', { max: 12 }) }],
        [long, ['go'], { perks: msg(locale, 'company.perkTooLong', { max: 80, perk: 'Muy largo Muy largo Muy …' }) }],
        ['Horario flexible', ['go', 'cobol'], { stack: msg(locale, 'company.stackUnknown') }],
        ['', SIXTEEN, { stack: msg(locale, 'company.stackTooMany', { max: 15 }) }],
      ] as const) {
        const a = await w.post(
          site(locale),
          { intent: 'company', ...details, perks, stack: [...stack] },
          { as: acme, multipart: true, json: locale === 'en' },
        );
        expectRefusal(a, 422, { message: msg(locale, 'forms.summary'), errors });
        // The form comes back as typed (a multipart body carries its line breaks as CRLF).
        const values = (a.json.ok === undefined ? a.page : a.json)!.values!;
        expect({ ...values, perks: values.perks!.replace(/\r\n/g, '\n') }).toEqual({
          ...details,
          location: '',
          description: '',
          perks,
          stack: stack.join(','),
        });
      }
    }
    expect(await company(acme)).toEqual(before);
  });

  it('names the wrong fields in both languages (422), keeps the values, changes nothing', async () => {
    const before = await company(acme);
    for (const locale of locales) {
      const fields = { name: '', website: 'ftp://acme.example', size: 'enorme', country: 'narnia' };
      const a = await w.post(site(locale), { intent: 'company', ...fields }, { as: acme, multipart: true, json: locale === 'en' });
      expectRefusal(a, 422, {
        message: msg(locale, 'forms.summary'),
        errors: {
          name: msg(locale, 'forms.error.required'),
          website: msg(locale, 'forms.error.url'),
          size: msg(locale, 'forms.error.invalid'),
          country: msg(locale, 'forms.error.invalid'),
        },
        values: { ...fields, location: '', description: '', perks: '', stack: '' },
      });
    }
    expect(msg('es', 'forms.error.url')).toBe('Escribe una dirección web que empiece con https://');
    expect(await company(acme)).toEqual(before);
  });

  it('refuses a logo that is not a picture, whatever its name says (422 on logo)', async () => {
    const before = await company(acme);
    for (const locale of locales) {
      const fake = new File(['#!/bin/sh\necho hola'], 'logo.png', { type: 'image/png' });
      expectRefusal(await w.post(site(locale), details, { as: acme, files: { logo: fake } }), 422, {
        errors: { logo: msg(locale, 'profile.pictureType') },
        values: { ...details, location: '', description: '', perks: '', stack: '' },
      });
    }
    expect(await company(acme)).toEqual(before);
  });

  it('answers 403 to a candidate and to a visitor without a session, and changes nothing', async () => {
    const before = await company(acme);
    for (const locale of locales) {
      for (const as of [ana, null]) {
        expectRefusal(await w.post(site(locale), { ...details, name: 'Intrusa SA' }, { as, multipart: true }), 403, {
          message: msg(locale, 'api.forbidden'),
          errors: {},
          values: { ...details, name: 'Intrusa SA', location: '', description: '', perks: '', stack: '' },
        });
      }
    }
    expect(await company(acme)).toEqual(before);
  });
});
