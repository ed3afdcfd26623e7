import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabases, type TestDb } from '../../testing/databases';
import { createAuthService } from '../accounts/auth-service';
import { loadContentInto } from '../learning/content-load';
import { englishLevels, modalities } from '../../domain/catalog';
import { spanishDemoOffers } from '../db/migrations/013-spanish-demo-offers';
import { DEMO_ACCOUNTS, DEMO_SIZES, seedDemoData } from './seed';

const count = async (t: TestDb, table: 'companies' | 'offers' | 'users' | 'salary_reports' | 'certifications' | 'courses' | 'interviews') =>
  Number(
    (
      await t.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(testDatabases)('demo seed on %s', (_name, open) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await open();
    await loadContentInto(t, 'src/areas/learning/content', () => {}); // the certificates name its interviews
  });
  afterAll(async () => t?.cleanup());

  it('creates the demo world once, even when two processes seed at the same time', async () => {
    const results = await Promise.all([seedDemoData(t, () => {}), seedDemoData(t, () => {})]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await seedDemoData(t, () => {})).toBe(false);
    expect(await count(t, 'companies')).toBe(DEMO_SIZES.companies);
    expect(await count(t, 'offers')).toBe(DEMO_SIZES.offers);
    expect(await count(t, 'salary_reports')).toBe(DEMO_SIZES.salaryReports);
    expect(await count(t, 'certifications')).toBe(DEMO_SIZES.certifications);
    expect(await count(t, 'users')).toBe(DEMO_SIZES.candidates + 2);
  }, 120_000);

  it('marks everything as demo data and keeps salaries plausible', async () => {
    const notDemo = await t.db.selectFrom('offers').select('id').where('is_demo', '=', 0).execute();
    expect(notDemo).toEqual([]);
    const bad = await t.db
      .selectFrom('offers')
      .select('id')
      .where((eb) => eb('salary_min', '>', eb.ref('salary_max')))
      .execute();
    expect(bad).toEqual([]);
    const r = await t.db
      .selectFrom('salary_reports')
      .select((eb) => [eb.fn.min('usd_month').as('lo'), eb.fn.max('usd_month').as('hi')])
      .executeTakeFirstOrThrow();
    expect(Number(r.lo)).toBeGreaterThanOrEqual(250);
    expect(Number(r.hi)).toBeLessThan(30_000);
  });

  it('lets the two demo accounts sign in', async () => {
    const auth = createAuthService(t, 'k'.repeat(40));
    await expect(
      auth.login('match', DEMO_ACCOUNTS.candidate.email, DEMO_ACCOUNTS.candidate.password, { ip: 'test' }),
    ).resolves.toHaveProperty('access_token');
    await expect(auth.login('hire', DEMO_ACCOUNTS.company.email, DEMO_ACCOUNTS.company.password, { ip: 'test' })).resolves.toHaveProperty(
      'access_token',
    );
  });

  it('writes demo offers in Spanish: no catalogue id in their text, only its Spanish label', async () => {
    const offers = await t.db.selectFrom('offers').select(['modality', 'description']).where('is_demo', '=', 1).execute();
    const ids = [...modalities, ...englishLevels].map((v) => v.id);
    const english = offers.filter((o) => ids.some((id) => new RegExp(`\\b${id}\\b`).test(o.description)));
    expect(english).toEqual([]);
    const headlines = await t.db.selectFrom('candidate_profiles').select('headline').execute();
    expect(headlines.filter((h) => / · (junior|mid|senior)$/.test(h.headline ?? ''))).toEqual([]);
    const hybrid = offers.find((o) => o.modality === 'hybrid')!;
    expect(hybrid.description).toContain('Modalidad: Híbrido.');
  });

  it('migration 013 rewrites the old generated text of demo offers and leaves edited ones alone', async () => {
    const [a, b] = await t.db.selectFrom('offers').select(['id', 'title']).where('is_demo', '=', 1).orderBy('id').limit(2).execute();
    const old = `Oferta de demostración para ${a!.title} en Perú.\n\n- Modalidad: hybrid\n- Datos generados para la demo.`;
    await t.db.updateTable('offers').set({ description: old }).where('id', '=', a!.id).execute();
    await t.db.updateTable('offers').set({ description: 'Texto propio de la empresa.' }).where('id', '=', b!.id).execute();
    await spanishDemoOffers(t.dialect).up(t.db as never);
    const after = await t.db.selectFrom('offers').select(['id', 'description']).where('id', 'in', [a!.id, b!.id]).orderBy('id').execute();
    expect(after[0]!.description).toMatch(/^Oferta de demostración: buscamos .+\*\*Condiciones\*\*/s);
    expect(after[0]!.description).not.toContain('hybrid');
    expect(after[1]!.description).toBe('Texto propio de la empresa.');
    const [profile] = await t.db
      .selectFrom('candidate_profiles')
      .select(['user_id', 'headline'])
      .where('seniority', '=', 'mid')
      .limit(1)
      .execute();
    await t.db
      .updateTable('candidate_profiles')
      .set({ headline: 'Desarrollador/a Backend · mid' })
      .where('user_id', '=', profile!.user_id)
      .execute();
    await spanishDemoOffers(t.dialect).up(t.db as never);
    const fixed = await t.db.selectFrom('candidate_profiles').select('headline').where('user_id', '=', profile!.user_id).executeTakeFirst();
    expect(fixed?.headline).toBe('Desarrollador/a Backend · Semi senior');
  });
});
