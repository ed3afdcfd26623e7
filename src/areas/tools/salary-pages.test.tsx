import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getT } from '../../i18n/translate';
import type { Locale } from '../../i18n/locales';
import { href, type Params, type RouteId } from '../../routes';
import type { PageProps } from '../../server/render/page-types';
import { testDatabases, type TestDb } from '../../testing/databases';
import { rebuildAggregates } from '../../server/salaries/data/aggregate-build';
import { setFxRate } from '../../server/salaries/data/salary-data';
import { currencyOf } from '../../server/salaries/mapping';
import { createSalaryService, type SalaryService } from '../../server/salaries/salary-service';
import type { JobSearchService } from '../../server/offers/job-search-service';
import { salarySitemapPages } from '../../server/seo/salary-sitemap';
import type { CountryId } from '../../domain/catalog';

// Decision 053, on real-looking data: a Colombian survey that dates each answer and derives the role from the
// main language, a global index that gives the year only, and thin user reports. The pages say their period
// as the sources give it, the FX rate beside its date, the one country behind a cross-country figure, and on
// a page without a figure why, and where the figures are; those pages are noindex and out of the sitemap.
vi.mock('waku', () => import('../../testing/waku-link'));

const { salaryPage } = await import('./tools-pages');

type Report = { country: string; role: string; source: string; usd: number; at: string; seniority?: string };
/** Who pays a report, on what contract, in what currency (the country's own or US$, the default). */
type Market = { employer?: 'local' | 'foreign'; contract?: 'employee' | 'contractor'; currency?: string };

describe.each(testDatabases)('salary pages on %s', (_name, open) => {
  let t: TestDb;
  let svc: SalaryService;
  let seq = 0;
  const add = async (n: number, r: Omit<Report, 'usd'>, usd: (i: number) => number, market: (i: number) => Market = () => ({})) => {
    const rate = r.country === 'colombia' ? 4050 : r.country === 'espana' ? 0.92 : r.country === 'peru' ? 3.75 : 18.5;
    for (let i = 0; i < n; i++) {
      const { employer = null, contract = null, currency = 'USD' } = market(i);
      await t.db
        .insertInto('salary_reports')
        .values({
          source: r.source,
          source_licence: 'CC0 1.0',
          external_id: `p${++seq}`,
          country: r.country,
          role: r.role,
          seniority: r.seniority ?? (i % 2 ? 'mid' : 'senior'),
          years: null,
          english: null,
          modality: null,
          employer,
          contract,
          currency,
          amount: (currency === 'USD' ? usd(i) : Math.round(usd(i) * rate)) * 12,
          period: 'year',
          gross: 1,
          local_month: Math.round(usd(i) * rate),
          usd_month: usd(i),
          is_demo: 0,
          collected_at: r.at,
        })
        .execute();
    }
  };

  beforeAll(async () => {
    t = await open();
    svc = createSalaryService(t);
    await setFxRate(t, 'COP', 4050, '2025-06-01');
    await setFxRate(t, 'EUR', 0.92, '2025-06-01');
    await setFxRate(t, 'PEN', 3.75, '2025-06-01');
    await setFxRate(t, 'MXN', 18.5, '2025-06-01');
    // La Plaza Devs (Colombia): backend and fullstack, answered in May and June 2025.
    // Half of them work for foreign employers, 12 of 30 are paid in US$, every third is a contractor; the
    // fullstack answers say neither who pays nor the contract.
    await add(
      30,
      { country: 'colombia', role: 'backend', source: 'laplaza-2025', at: '2025-05-20T00:00:00.000Z' },
      (i) => 2000 + i * 40,
      (i) => ({
        employer: i % 2 ? 'local' : 'foreign',
        contract: i % 3 ? 'employee' : 'contractor',
        currency: i % 10 < 4 ? 'USD' : 'COP',
      }),
    );
    await add(12, { country: 'colombia', role: 'fullstack', source: 'laplaza-2025', at: '2025-06-02T00:00:00.000Z' }, (i) => 1800 + i * 50);
    // aijobs.net (Spain): data scientists, work_year 2023 and 2024, stored as July 1st.
    await add(8, { country: 'espana', role: 'data-scientist', source: 'aijobs.net', at: '2023-07-01T00:00:00.000Z' }, (i) => 4000 + i * 60);
    await add(8, { country: 'espana', role: 'data-scientist', source: 'aijobs.net', at: '2024-07-01T00:00:00.000Z' }, (i) => 4200 + i * 60);
    // Three Mexican frontend developers: too few for a figure.
    await add(3, { country: 'mexico', role: 'frontend', source: 'tandem-users', at: '2026-01-10T00:00:00.000Z' }, (i) => 2500 + i * 100);
    // Peru: customer support only, enough for the country, none for its developers.
    await add(
      12,
      { country: 'peru', role: 'customer-support', source: 'tandem-users', at: '2026-01-10T00:00:00.000Z' },
      (i) => 900 + i * 20,
    );
    await rebuildAggregates(t.db, (c) => currencyOf(c as CountryId));
  });
  afterAll(async () => t?.cleanup());

  const jobs = async () => ({ related: async () => ({ items: [], selection: null }) }) as unknown as JobSearchService;
  const page = () => salaryPage({ salaries: async () => svc, jobs });
  const props = (id: RouteId, locale: Locale, params: Params): PageProps => ({
    id,
    locale,
    params,
    query: '',
    path: href(id, locale, params),
    t: getT(locale),
    brand: 'Tandem',
    session: { loggedIn: false } as PageProps['session'],
    viewer: null,
    anonymousId: null,
    country: null,
    form: null,
  });
  const render = async (id: RouteId, locale: Locale, params: Params) => {
    const html = renderToStaticMarkup((await page()(props(id, locale, params))) as ReactElement);
    return html.replace(/<!-- -->/g, '');
  };
  const meta = async (id: RouteId, locale: Locale, params: Params) => await page().meta!(props(id, locale, params));
  /** The text of an element by its test id, tags stripped (its first closing tag of the same name ends it). */
  const text = (html: string, testId: string) => {
    const m = new RegExp(`<(\\w+)[^>]*data-testid="${testId}"[^>]*>(.*?)</\\1>`, 's').exec(html);
    return m ? m[2]!.replace(/<[^>]+>/g, '') : null;
  };
  const headings = (html: string) => [...html.matchAll(/<h2 id="by-[a-z]+-title">([^<]+)<\/h2>/g)].map((m) => m[1]);

  it('says a survey period by the month, a year-only source by the year, and the FX rate beside its date', async () => {
    const colombia = text(await render('toolsCountry', 'es', { country: 'colombia' }), 'salary-answer');
    expect(colombia).toContain('recogidos entre mayo de 2025 y junio de 2025');
    expect(colombia).toMatch(/en COP y US\$, convertidos a 4050\sCOP por US\$ \(tasa del 1 de junio de 2025\)/);
    const spain = await render('toolsCountryRole', 'en', { country: 'espana', rol: 'data-scientist' });
    expect(text(spain, 'salary-answer')).toContain('collected in 2023–2024');
    expect(text(spain, 'salary-answer')).toMatch(/converted at €0\.92 per US\$ \(rate of June 1, 2025\)/);
    expect(spain).not.toMatch(/July|julio/);
    expect(await render('toolsCountryRole', 'es', { country: 'espana', rol: 'data-scientist' })).toContain('recogidos en 2023–2024');
  });

  it('names the one country behind a cross-country figure, and puts the table by country first', async () => {
    const backend = await render('toolsDeveloper', 'es', { developer: 'backend' });
    expect(text(backend, 'salary-one-country')).toBe(
      'Todas las cifras vienen de Colombia: no hay reportes de otros países detrás de esta mediana.',
    );
    expect(headings(backend)[0]).toBe('Por país');
    expect(headings(backend).slice(0, 2)).toEqual(['Por país', 'Por seniority']);
    const scientist = await render('toolsDeveloper', 'en', { developer: 'data-scientist' });
    expect(text(scientist, 'salary-one-country')).toContain('All figures come from Spain');
    // A figure of one country's page names no country: the page does.
    expect(await render('toolsCountryRole', 'es', { country: 'colombia', rol: 'backend' })).not.toContain('salary-one-country');
  });

  it("breaks a country's figures down by who pays, pay currency and contract, and says the sample's mix", async () => {
    const backend = await render('toolsCountryRole', 'es', { country: 'colombia', rol: 'backend' });
    // Right after the seniority block, before modality and English (none here: no report says them).
    expect(headings(backend).slice(0, 4)).toEqual(['Por seniority', '¿Quién paga?', 'Moneda de pago', 'Tipo de contrato']);
    expect(backend).toContain('Empresa del exterior');
    expect(backend).toContain('Prestación de servicios');
    // Each compared with the page's median.
    const employer = /<section[^>]*aria-labelledby="by-employer-title".*?<\/section>/s.exec(backend)![0];
    expect(employer).toContain('Frente a la mediana');
    expect(text(backend, 'salary-mix')).toMatch(
      /^El 50\s% de estos reportes trabaja para empresas del exterior; el 40\s% cobra en dólares\.$/,
    );
    const en = await render('toolsCountryDeveloper', 'en', { country: 'colombia', developer: 'backend' });
    expect(headings(en).slice(0, 4)).toEqual(['By seniority', 'Who pays?', 'Pay currency', 'Contract']);
    expect(text(en, 'salary-mix')).toBe('50% of these reports work for foreign employers; 40% are paid in US dollars.');
    // The country: only the backend answers say who pays (15 of 30 abroad); 24 of 42 are paid in US$.
    const country = await render('toolsCountry', 'en', { country: 'colombia' });
    expect(headings(country)).toEqual(['By role', 'Who pays?', 'Pay currency', 'Contract']);
    expect(text(country, 'salary-mix')).toBe('50% of these reports work for foreign employers; 57% are paid in US dollars.');
    const developers = await render('toolsCountrySalary', 'en', { country: 'colombia' });
    expect(headings(developers).slice(0, 4)).toEqual(['By seniority', 'Who pays?', 'Pay currency', 'Contract']);
    // No report says who pays: no block; all paid in US$: no currency block (one row compares with nothing),
    // and the currency alone in the mix line.
    const fullstack = await render('toolsCountryRole', 'en', { country: 'colombia', rol: 'fullstack' });
    expect(headings(fullstack)).not.toContain('Who pays?');
    expect(headings(fullstack)).not.toContain('Pay currency');
    expect(text(fullstack, 'salary-mix')).toBe('100% of these reports are paid in US dollars.');
    // Across countries: neither the blocks nor the line.
    const across = await render('toolsDeveloper', 'en', { developer: 'backend' });
    expect(headings(across)).not.toContain('Who pays?');
    expect(across).not.toContain('salary-mix');
  });

  it('explains a role the survey cannot give, lists the roles with figures here, and is noindex', async () => {
    const params = { country: 'colombia', rol: 'frontend' };
    const html = await render('toolsCountryRole', 'es', params);
    expect(html).not.toContain('data-testid="salary-answer"');
    const why = text(html, 'no-data-why');
    expect(why).toContain('Ninguna de nuestras fuentes tiene reportes de Desarrollador/a Frontend en Colombia.');
    expect(why).toContain('La encuesta de La Plaza Devs, nuestra fuente de Colombia, no pregunta el rol');
    expect(html).toContain('<a href="/herramientas/colombia/backend">Desarrollador/a Backend</a>');
    expect(html).toContain('<a href="/herramientas/colombia/fullstack">Desarrollador/a Fullstack</a>');
    expect(html).toContain('Todavía no tenemos suficientes reportes de este rol en ningún país');
    // The method says how roles are derived, with the mapping in words.
    expect(text(html, 'salary-method')).toContain('JavaScript y TypeScript → Desarrollador/a Fullstack');
    expect(html).not.toMatch(/npm run|README|docs\/|importa una encuesta/);
    expect(await meta('toolsCountryRole', 'es', params)).toMatchObject({
      title: 'Salario de Desarrollador/a Frontend en Colombia',
      noindex: true,
    });
    expect((await meta('toolsCountryRole', 'es', { country: 'colombia', rol: 'backend' })).noindex).toBe(false);
  });

  it('counts the reports of a thin role, and when neither its country nor its role lead anywhere, lists the roles with figures', async () => {
    const html = await render('toolsCountryRole', 'en', { country: 'mexico', rol: 'frontend' });
    expect(text(html, 'no-data-why')).toBe('Frontend Developer reports in Mexico: 3. We publish a figure from 10 on.');
    const anywhere = text(html, 'covered-anywhere');
    expect(anywhere).toContain('We have figures for these roles:');
    for (const role of ['backend', 'fullstack', 'data-scientist']) expect(html).toContain(`href="/en/tools/salary/developer/${role}"`);
    expect(html).not.toContain('data-testid="covered-roles"');
    // The La Plaza sentence only where La Plaza is a source.
    expect(html).not.toContain('La Plaza Devs&#x27; survey, our source');
    expect((await meta('toolsCountryRole', 'en', { country: 'mexico', rol: 'frontend' })).noindex).toBe(true);
  });

  it('lists in the sitemap exactly the salary pages that show a figure', async () => {
    const listed = await salarySitemapPages(svc);
    const all = await svc.pagesWithData();
    // Peru has enough reports, but none of developers: its "how much does a developer earn" page has no figure.
    expect(all.toolsCountrySalary.map((p) => p.params.country)).toContain('peru');
    expect(listed.toolsCountrySalary.map((p) => p.params.country).sort()).toEqual(['colombia', 'espana']);
    expect(listed.toolsCountry.map((p) => p.params.country).sort()).toEqual(['colombia', 'espana', 'peru']);
    expect(listed.toolsDeveloper.map((p) => p.params.developer).sort()).toEqual([
      'backend',
      'customer-support',
      'data-scientist',
      'fullstack',
    ]);
    expect(listed.toolsCountryRole.map((p) => `${p.params.country}/${p.params.rol}`)).not.toContain('mexico/frontend');
    // Every listed page is indexable, by the page's own rule.
    for (const [id, pages] of Object.entries(listed))
      for (const p of pages) expect((await meta(id as RouteId, 'es', p.params)).noindex, `${id} ${JSON.stringify(p.params)}`).toBe(false);
    expect((await meta('toolsCountrySalary', 'es', { country: 'peru' })).noindex).toBe(true);
  });
});
