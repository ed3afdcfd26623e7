import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skills } from '../../domain/catalog';
import { locales } from '../../i18n/locales';
import { href } from '../../routes';
import { testDatabases } from '../../testing/databases';
import { PROFILE } from '../../testing/fixtures/profile';
import { createFormWorld, expectRefusal, msg, pngFile, type Account, type FormWorld } from '../../testing/form-app';

// The profile editor's post on /ly/{slug} (profile-actions.ts): its owner only, multipart, works without
// JavaScript, the picture judged by its content. Through the HTTP layer on real services.
describe.each(testDatabases)('talent profile action on %s', (_db, open) => {
  let w: FormWorld;
  let ana: Account;
  let leo: Account;
  let acme: Account;
  beforeAll(async () => {
    w = await createFormWorld(open);
    [ana, leo, acme] = await Promise.all([w.account('match'), w.account('match'), w.account('hire')]);
  }, 60_000);
  afterAll(async () => w?.cleanup());

  const page = (a: Account, locale: 'es' | 'en' = 'es') => href('talentProfile', locale, { slug: a.slug });
  const profile = (a: Account) => w.t.db.selectFrom('candidate_profiles').selectAll().where('user_id', '=', a.id).executeTakeFirstOrThrow();
  const skillsOf = async (a: Account) =>
    (await w.t.db.selectFrom('candidate_skills').select('skill').where('user_id', '=', a.id).orderBy('skill').execute()).map(
      (r) => r.skill,
    );
  const pictureOf = async (a: Account) =>
    (await w.t.db.selectFrom('users').select('profile_picture_path').where('id', '=', a.id).executeTakeFirstOrThrow()).profile_picture_path;
  const fields = PROFILE;

  it("saves the owner's profile, skills and picture (no JavaScript: 303 to ?saved=1)", async () => {
    const a = await w.post(page(ana), fields, { as: ana, json: false, files: { picture: await pngFile() } });
    expect(a.status, a.text).toBe(303);
    expect(a.location).toBe(`${page(ana)}?saved=1`);
    expect(await profile(ana)).toMatchObject({
      headline: 'Backend en Go',
      country: 'peru',
      role: 'backend',
      seniority: 'mid',
      years: 4,
      english: 'advanced',
      salary_expectation_usd: 2800,
      availability: 'open-to-offers',
    });
    expect(Number((await profile(ana)).is_public)).toBe(1);
    expect(await skillsOf(ana)).toEqual(['docker', 'go']);
    const picture = await pictureOf(ana);
    expect(picture).toMatch(/^\/uploads\/avatars\/[\w-]+\.webp$/);
    expect(await w.uploads.has(picture!.replace('/uploads/', ''))).toBe(true);
  });

  it('clears what is left empty, unticks "public" and keeps the picture when none is sent', async () => {
    const picture = await pictureOf(ana);
    const a = await w.post(
      page(ana, 'en'),
      {
        headline: '',
        country: '',
        role: '',
        seniority: '',
        years: '',
        english: '',
        salary_expectation_usd: '',
        availability: 'interviews',
      },
      { as: ana },
    );
    expect(a.json).toEqual({ ok: true, redirect: `${page(ana, 'en')}?saved=1` });
    expect(await profile(ana)).toMatchObject({
      headline: null,
      country: null,
      role: null,
      years: null,
      salary_expectation_usd: null,
      availability: 'interviews',
    });
    expect(Number((await profile(ana)).is_public)).toBe(0);
    expect(await skillsOf(ana)).toEqual([]);
    expect(await pictureOf(ana)).toBe(picture);
  });

  it('names the wrong fields in both languages (422), keeps what was typed, changes nothing', async () => {
    await w.post(page(ana), fields, { as: ana, multipart: true });
    const before = await profile(ana);
    const bad = { ...fields, headline: 'h'.repeat(161), role: 'astronauta', years: '61', salary_expectation_usd: '0', availability: '' };
    for (const locale of locales) {
      expectRefusal(await w.post(page(ana, locale), bad, { as: ana, multipart: true, json: locale === 'es' }), 422, {
        message: msg(locale, 'forms.summary'),
        errors: {
          headline: msg(locale, 'forms.error.tooLong', { max: 160 }),
          role: msg(locale, 'forms.error.invalid'),
          years: msg(locale, 'forms.error.number', { min: 0, max: 60 }),
          salary_expectation_usd: msg(locale, 'forms.error.number', { min: 1, max: 100_000 }),
          availability: msg(locale, 'forms.error.invalid'),
        },
        values: { ...bad, skills: 'go,docker', is_public: 'on' },
      });
    }
    expect(msg('en', 'forms.error.number', { min: 0, max: 60 })).toBe('Enter a whole number from 0 to 60.');
    expect(await profile(ana)).toEqual(before);
    expect(await skillsOf(ana)).toEqual(['docker', 'go']);
  });

  it('refuses more than 15 skills and unknown ones on the skills field (422)', async () => {
    const many = skills.slice(0, 16).map((s) => s.id);
    for (const locale of locales) {
      expectRefusal(await w.post(page(ana, locale), { ...fields, skills: many }, { as: ana, multipart: true }), 422, {
        errors: { skills: msg(locale, 'profile.tooManySkills') },
      });
      expectRefusal(await w.post(page(ana, locale), { ...fields, skills: ['go', 'cobol'] }, { as: ana, multipart: true }), 422, {
        errors: { skills: msg(locale, 'forms.error.invalid') },
      });
    }
    expect(await skillsOf(ana)).toEqual(['docker', 'go']);
  });

  it('refuses a picture that is not one, whatever its name says (422 on picture)', async () => {
    const before = await pictureOf(ana);
    for (const locale of locales) {
      const fake = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'foto.png', { type: 'image/png' });
      expectRefusal(await w.post(page(ana, locale), fields, { as: ana, files: { picture: fake } }), 422, {
        errors: { picture: msg(locale, 'profile.pictureType') },
      });
    }
    expect(await pictureOf(ana)).toBe(before);
  });

  it('answers 403 to anyone but the owner, before judging the fields: another candidate, a company, no session', async () => {
    const before = await profile(ana);
    for (const locale of locales) {
      for (const as of [leo, acme, null]) {
        for (const sent of [
          { ...fields, headline: 'Perfil ajeno' },
          { ...fields, years: '999' },
        ]) {
          expectRefusal(await w.post(page(ana, locale), sent, { as, multipart: true }), 403, {
            message: msg(locale, 'api.forbidden'),
            errors: {},
          });
        }
      }
    }
    expect(await profile(ana)).toEqual(before);
  });

  it("answers an unknown profile like someone else's (403), so that a post reveals nothing", async () => {
    for (const locale of locales) {
      const a = await w.post(href('talentProfile', locale, { slug: 'nadie-se-llama-asi' }), fields, { as: leo, multipart: true });
      expectRefusal(a, 403, { message: msg(locale, 'api.forbidden') });
    }
  });
});
