import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import en from '../../../i18n/en.json';
import es from '../../../i18n/es.json';
import { getT } from '../../i18n/translate';
import { roleOfLanguage } from '../../server/salaries/mapping';
import { LAPLAZA_LANGUAGE_ROLES, laplazaDerives, MethodNote, whyNoFigure } from './salary-method';

// The method tells readers how La Plaza Devs' answers get a role; it must say what the importer does.
describe('the role derivation the method states', () => {
  it("is the importer's: each language named leads to the role said", () => {
    for (const { role, languages } of LAPLAZA_LANGUAGE_ROLES)
      for (const language of languages) {
        // The survey spells "Javascript", "Typescript"; the page writes the languages' own names.
        const answer = roleOfLanguage(language) ?? roleOfLanguage(language[0] + language.slice(1).toLowerCase());
        expect(answer, language).toBe(role);
      }
  });

  it('names, in both languages, the mapping and roles the survey never gives', () => {
    const esHtml = renderToStaticMarkup(<MethodNote t={getT('es')} locale="es" />);
    expect(esHtml).toContain('JavaScript y TypeScript → Desarrollador/a Fullstack');
    expect(esHtml).toContain('SQL y Scala → Ingeniero/a de Datos');
    expect(esHtml).toContain('roles como Desarrollador/a Frontend e Ingeniero/a DevOps no tienen cifras de esa encuesta');
    expect(esHtml).toContain('Los grupos con menos de 10 reportes no se muestran');
    const enHtml = renderToStaticMarkup(<MethodNote t={getT('en')} locale="en" />);
    expect(enHtml).toContain('JavaScript and TypeScript → Fullstack Developer');
    expect(enHtml).toContain('the role comes from the job title');
    expect(laplazaDerives('frontend')).toBe(false);
    expect(laplazaDerives('backend')).toBe(true);
  });
});

describe('why a role page has no figure', () => {
  it('counts the reports, or says no source has any; La Plaza only where it is a source and cannot give the role', () => {
    const t = getT('es');
    const laplaza = [{ id: 'laplaza-2025' }];
    expect(whyNoFigure({ t, locale: 'es', role: 'frontend', country: 'Colombia', n: 0, sources: laplaza })).toEqual([
      'Ninguna de nuestras fuentes tiene reportes de Desarrollador/a Frontend en Colombia.',
      'La encuesta de La Plaza Devs, nuestra fuente de Colombia, no pregunta el rol: lo deducimos del lenguaje de programación principal, y ningún lenguaje corresponde a Desarrollador/a Frontend.',
    ]);
    expect(whyNoFigure({ t, locale: 'es', role: 'mobile', country: 'Colombia', n: 4, sources: laplaza })).toEqual([
      'Reportes de Desarrollador/a Mobile en Colombia: 4. Publicamos una cifra a partir de 10.',
    ]);
    expect(whyNoFigure({ t: getT('en'), locale: 'en', role: 'qa-engineer', n: 2, sources: [{ id: 'aijobs.net' }] })).toEqual([
      'QA Engineer reports across all countries: 2. We publish a figure from 10 on.',
    ]);
  });
});

// Pages speak to visitors: no message of the salary pages hands them instructions meant for whoever runs the site.
describe('salary messages', () => {
  it('carry no instructions for developers, in either language', () => {
    const groups = (m: typeof es) => JSON.stringify([m.salary, m.tools, m.commercial.figures]);
    for (const m of [es, en]) expect(groups(m)).not.toMatch(/docs\/|README|npm run|importa una|se importe|import a |imported|fx:set/i);
  });
});
