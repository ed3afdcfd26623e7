import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { getT } from '../../i18n/translate';
import type { Locale } from '../../i18n/locales';
import type { CompanyDirectoryPage, DirectoryCompany } from '../../server/offers/company-directory';
import type { JobSearchService } from '../../server/offers/job-search-service';
import type { PageProps } from '../../server/render/page-types';

// /empresas rendered without JavaScript (the browser test covers the rest): one link per card to its company
// page, the demo label, the open offers in words, the next page's link keeping the search, the empty search
// with its way back, and a search text too long said so (never an error) with the whole directory shown.
vi.mock('waku', () => import('../../testing/waku-link'));
const { companiesPage } = await import('./companies-page');

const card = (o: Partial<DirectoryCompany>): DirectoryCompany => ({
  id: 1,
  slug: 'andes-digital',
  name: 'Andes Digital',
  logo: null,
  size: '11-50',
  country: 'peru',
  location: 'Lima',
  openOffers: 0,
  isDemo: false,
  ...o,
});

function pageWith(result: CompanyDirectoryPage) {
  const asked: { q?: string; cursor?: string | null }[] = [];
  const jobs = { directory: async (input: { q?: string; cursor?: string | null }) => (asked.push(input), result) };
  return { page: companiesPage({ jobs: async () => jobs as unknown as JobSearchService }), asked };
}

const props = (locale: Locale, query = ''): PageProps => ({
  id: 'companies',
  locale,
  params: {},
  query,
  path: locale === 'es' ? '/empresas' : '/en/companies',
  t: getT(locale),
  brand: 'Tandem',
  session: { loggedIn: false } as PageProps['session'],
  viewer: null,
  anonymousId: null,
  country: null,
  form: null,
});

const FULL: CompanyDirectoryPage = {
  items: [
    card({ openOffers: 3 }),
    card({ id: 2, slug: 'demo-co', name: 'Demo Co', isDemo: true, openOffers: 1, size: null, location: null }),
  ],
  from: 1,
  next: 'eyJrIjpbMl0sIm4iOjJ9',
};

describe('the companies directory page', () => {
  it('links each card once to its company page, with its place, size, open offers and demo label', async () => {
    const { page } = pageWith(FULL);
    const html = renderToStaticMarkup((await page(props('es'))) as ReactElement);
    expect(html.match(/href="\/empresa\/andes-digital"/g)).toHaveLength(1);
    expect(html).toContain('href="/empresa/demo-co"');
    expect(html).toContain('Lima, Perú · 11-50 personas');
    expect(html).toContain('3 ofertas abiertas');
    expect(html).toContain('1 oferta abierta');
    expect(html.match(/class="badge"/g)).toHaveLength(1);
    expect(html).toContain('rel="next" href="/empresas?cursor=eyJrIjpbMl0sIm4iOjJ9"');
    expect(html).toContain('Más empresas');
    expect(html).not.toContain('<script');
    const en = renderToStaticMarkup((await page(props('en'))) as ReactElement);
    expect(en).toContain('href="/en/company/andes-digital"');
    expect(en).toContain('3 open offers');
    expect(en).toContain('More companies');
  });

  it('searches by the trimmed text, keeps it in the next link, and is not indexed', async () => {
    const { page, asked } = pageWith(FULL);
    const html = renderToStaticMarkup((await page(props('en', 'q=%20andes%20&cursor=abc'))) as ReactElement);
    expect(asked).toEqual([{ q: 'andes', cursor: 'abc' }]);
    expect(html).toContain('value="andes"');
    expect(html).toContain('href="/en/companies?q=andes&amp;cursor=eyJrIjpbMl0sIm4iOjJ9"');
    expect(await page.meta!(props('en', 'q=andes'))).toMatchObject({ noindex: true, canonicalPath: '/en/companies' });
    expect(await page.meta!(props('es'))).toEqual({ title: 'Empresas', description: expect.any(String) });
  });

  it('says when no company matches and links back to all of them', async () => {
    const { page } = pageWith({ items: [], from: 0, next: null });
    const html = renderToStaticMarkup((await page(props('es', 'q=zzz'))) as ReactElement);
    expect(html).toContain('Ninguna empresa tiene «zzz» en su nombre.');
    expect(html).toContain('href="/empresas">Ver todas las empresas');
    expect(html).not.toContain('rel="next"');
  });

  it('shows the whole directory and says why for a search text too long', async () => {
    const { page, asked } = pageWith(FULL);
    const html = renderToStaticMarkup((await page(props('es', `q=${'a'.repeat(300)}`))) as ReactElement);
    expect(asked).toEqual([{ q: '', cursor: undefined }]);
    expect(html).toContain('Escribe como máximo 80 caracteres');
    expect(html).toContain('Andes Digital');
  });
});
