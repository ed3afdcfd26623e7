import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatLongDate } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import { getT } from '../../i18n/translate';
import { href } from '../../routes';
import { legalContact, parseConfig } from '../../server/config';
import type { PageProps } from '../../server/render/page-types';
import { legalTexts, type LegalId } from './legal';
import { areaDeps } from '../../testing/area-deps';
import { contentRoutes } from './routes';

// The legal pages as the server renders them: the brand comes from the page's props (configuration), the
// version and effective date are at the top, the contents link to anchored sections.
const pages = contentRoutes(areaDeps());

async function render(id: LegalId, locale: Locale, brand: string): Promise<string> {
  const props = {
    id,
    locale,
    params: {},
    query: '',
    path: href(id, locale),
    t: getT(locale),
    brand,
    session: { loggedIn: false },
    viewer: null,
    anonymousId: null,
    country: null,
    form: null,
  } as unknown as PageProps;
  const content = await pages[id].page(props);
  return renderToStaticMarkup(<>{content as React.ReactNode}</>);
}

describe('the legal pages', () => {
  for (const id of ['privacy', 'terms', 'termsB2c', 'termsBlackNovember'] as const) {
    for (const locale of ['es', 'en'] as const) {
      it(`${locale} ${id}: brand from the props, version, date, contents and sections`, async () => {
        const html = await render(id, locale, 'Zeta Empleos');
        const text = legalTexts[id][locale];
        expect(html).toContain('Zeta Empleos');
        // Cookie names such as tandem_consent are technical names, not the brand.
        expect(html.replace(/tandem_\w+/g, '')).not.toMatch(/tandem/i);
        expect(html).toContain(getT(locale)('legal.version', { version: text.version }));
        expect(html).toMatch(new RegExp(`<time datetime="${text.effective}">`, 'i'));
        expect(html).toContain(formatLongDate(text.effective, locale));
        const toc = [...html.matchAll(/<li><a href="#([a-z0-9-]+)">/g)].map((m) => m[1]);
        const sections = [
          ...html.matchAll(/<section id="([a-z0-9-]+)" class="legal-section" aria-labelledby="([a-z0-9-]+)"><h2 id="([a-z0-9-]+)">/g),
        ];
        expect(toc.length).toBeGreaterThanOrEqual(6);
        expect(sections.map((m) => m[1])).toEqual(toc);
        for (const m of sections) expect(m[2]).toBe(m[3]);
        expect(html.match(/<h1[ >]/g)).toHaveLength(1);
      });
    }
  }

  it('carries the cookie choices in the privacy policy’s cookie section', async () => {
    const html = await render('privacy', 'es', 'Zeta Empleos');
    const section = /<section id="cookies"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    expect(section).toContain('Analítica (RudderStack)');
    expect(section).toContain('Global Privacy Control');
  });

  it('takes the contact address and the operator from configuration', () => {
    expect(legalContact(parseConfig({}))).toEqual({ email: 'privacidad@localhost', entity: null });
    expect(legalContact(parseConfig({ SITE_URL: 'https://zeta.example' })).email).toBe('privacidad@zeta.example');
    const set = parseConfig({ LEGAL_CONTACT_EMAIL: 'dpo@zeta.example', LEGAL_ENTITY: 'Zeta Labs S.L., CIF B00000000, Madrid' });
    expect(legalContact(set)).toEqual({ email: 'dpo@zeta.example', entity: 'Zeta Labs S.L., CIF B00000000, Madrid' });
    expect(() => parseConfig({ LEGAL_CONTACT_EMAIL: 'nope' })).toThrow(/LEGAL_CONTACT_EMAIL/);
    expect(() => parseConfig({ LEGAL_ENTITY: '<b>Zeta</b>' })).toThrow(/LEGAL_ENTITY/);
  });
});
