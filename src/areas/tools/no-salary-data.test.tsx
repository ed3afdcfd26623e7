import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { locales } from '../../i18n/locales';
import { getT } from '../../i18n/translate';
import { NoSalaryData } from './salary-breakdown';

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
