import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getT } from '../../i18n/translate';
import type { Locale } from '../../i18n/locales';
import { href } from '../../routes';
import type { PageProps } from '../../server/render/page-types';
import { testDatabases, type TestDb } from '../../testing/databases';
import { rebuildAggregates } from '../../server/salaries/data/aggregate-build';
import { setFxRate } from '../../server/salaries/data/salary-data';
import { createSalaryService, type SalaryService } from '../../server/salaries/salary-service';
import type { AreaDeps } from '../route-module';

// The calculator's result (decision 051): a figure with its grade, the sample's employer mix and the steps it
// was pooled from; below 10 reports of the role at the seniority, no number but what is missing.
vi.mock('waku', () => import('../../testing/waku-link'));

const { calculatorResultPage } = await import('./calculator-result-pages');

describe.each(testDatabases)('calculator result on %s', (_name, open) => {
  let t: TestDb;
  let svc: SalaryService;
  let seq = 0;
  const add = async (n: number, r: { role: string; seniority: string; employer: string | null }, usd: (i: number) => number) => {
    for (let i = 0; i < n; i++)
      await t.db
        .insertInto('salary_reports')
        .values({
          source: 'laplaza-2025',
          source_licence: 'CC BY-SA 4.0',
          external_id: `c${++seq}`,
          country: 'colombia',
          role: r.role,
          seniority: r.seniority,
          years: null,
          english: null,
          modality: null,
          employer: r.employer,
          contract: null,
          currency: 'COP',
          amount: usd(i) * 4000 * 12,
          period: 'year',
          gross: 1,
          local_month: usd(i) * 4000,
          usd_month: usd(i),
          is_demo: 0,
          collected_at: '2025-06-01T00:00:00.000Z',
        })
        .execute();
  };

  beforeAll(async () => {
    t = await open();
    svc = createSalaryService(t);
    await setFxRate(t, 'COP', 4000, '2025-06-01');
    await add(20, { role: 'backend', seniority: 'junior', employer: 'local' }, (i) => 900 + i * 20);
    await add(10, { role: 'backend', seniority: 'junior', employer: 'foreign' }, (i) => 1500 + i * 40);
    await add(7, { role: 'data-scientist', seniority: 'senior', employer: 'foreign' }, (i) => 6000 + i * 100);
    await rebuildAggregates(t.db, () => 'COP');
  });
  afterAll(async () => t?.cleanup());

  const deps = {
    salaries: async () => svc,
    jobs: async () => ({ related: async () => ({ items: [], selection: null }) }),
    contributions: async () => ({ hasContributed: async () => true }),
  } as unknown as Pick<AreaDeps, 'salaries' | 'jobs' | 'contributions'>;
  const render = async (locale: Locale, query: string) => {
    const p: PageProps = {
      id: 'calculatorResult',
      locale,
      params: {},
      query,
      path: href('calculatorResult', locale),
      t: getT(locale),
      brand: 'Tandem',
      session: { loggedIn: true, type: 'match' } as PageProps['session'],
      viewer: { id: 1, type: 'match' },
      anonymousId: null,
      country: null,
      form: null,
    };
    return renderToStaticMarkup((await calculatorResultPage(deps)(p)) as ReactElement)
      .replace(/<!-- -->/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' ');
  };

  it('shows the figure with its grade, the employer mix and the steps, in both languages', async () => {
    const es = await render('es', 'country=colombia&role=backend&seniority=junior&employer=foreign');
    expect(es).toMatch(/Confianza (media|baja) · 30 reportes/);
    expect(es).toMatch(/De estos reportes, 33\s%\strabaja para empresas del exterior/);
    expect(es).toContain('Cómo lo calculamos');
    expect(es).toMatch(/Empresa del exterior: 10 reportes \(peso propio: 45\s%\)/);
    const en = await render('en', 'country=colombia&role=backend&seniority=junior');
    expect(en).toMatch(/(Medium|Low) confidence · 30 reports/);
    expect(en).toContain('How we work it out');
  });

  it('gives no number below 10 reports, says how many there are, and links to where there is data', async () => {
    const es = await render('es', 'country=colombia&role=data-scientist&seniority=senior');
    expect(es).toContain('Todavía no damos una cifra para este perfil: hay 7 reportes');
    expect(es).toContain('hacen falta al menos 10');
    // Where the figures are: the roles of the country that have them.
    expect(es).toContain('En Colombia hay cifras de estos roles: Desarrollador/a Backend');
    expect(es).not.toContain('Cómo lo calculamos');
    expect(es).not.toMatch(/\d[\d.]*\sCOP/);
  });
});
