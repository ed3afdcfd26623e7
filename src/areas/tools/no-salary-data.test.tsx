import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { locales } from '../../i18n/locales';
import { getT } from '../../i18n/translate';
import { NoSalaryData } from './salary-breakdown';

vi.mock('waku', () => ({ Link: ({ to, children }: { to: string; children: ReactNode }) => <a href={to}>{children}</a> }));

// A salary page without figures speaks to the visitor: it says what is missing, in their language, and
// never hands them instructions meant for whoever runs the site.
describe('NoSalaryData with no country covered', () => {
  it("says a role page's role has no figures yet, and a general page that no country has", () => {
    expect(renderToStaticMarkup(<NoSalaryData t={getT('es')} role covered={[]} />)).toContain(
      'Todavía no tenemos suficientes reportes de este rol en ningún país',
    );
    expect(renderToStaticMarkup(<NoSalaryData t={getT('es')} role={false} covered={[]} />)).toContain(
      'Todavía no publicamos cifras de ningún país.',
    );
    expect(renderToStaticMarkup(<NoSalaryData t={getT('en')} role covered={[]} />)).toContain('of this role in any country');
  });

  it('carries no instructions for developers, in either language', () => {
    for (const locale of locales)
      for (const role of [true, false]) {
        const html = renderToStaticMarkup(<NoSalaryData t={getT(locale)} role={role} covered={[]} />);
        expect(html).not.toMatch(/docs\/|README|npm run|importa una encuesta|import a survey/);
      }
  });
});

describe('NoSalaryData pointing onwards', () => {
  const anywhere = [{ label: 'Desarrollador/a Backend', to: '/herramientas/salario/developer/backend' }];
  const why = ['Reportes de Desarrollador/a Frontend en México: 3. Publicamos una cifra a partir de 10.'];

  it('says why, and lists the roles with figures anywhere when neither the country nor the role lead anywhere', () => {
    const html = renderToStaticMarkup(
      <NoSalaryData t={getT('es')} role why={why} covered={[]} here={{ country: 'México', roles: [] }} anywhere={anywhere} />,
    );
    expect(html).toContain(`<p data-testid="no-data-why"><span>${why[0]}</span></p>`);
    expect(html).toContain(
      'Hay cifras de estos roles: <span><a href="/herramientas/salario/developer/backend">Desarrollador/a Backend</a>',
    );
  });

  it('leaves that list out while the country or the role lead somewhere', () => {
    const here = { country: 'Colombia', roles: [{ label: 'Desarrollador/a Fullstack', to: '/herramientas/colombia/fullstack' }] };
    const html = renderToStaticMarkup(<NoSalaryData t={getT('es')} role covered={[]} here={here} anywhere={anywhere} />);
    expect(html).toContain('En Colombia hay cifras de estos roles:');
    expect(html).not.toContain('covered-anywhere');
    expect(html).not.toContain('no-data-why');
  });
});
