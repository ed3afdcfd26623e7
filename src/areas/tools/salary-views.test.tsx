import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getT } from '../../i18n/translate';
import type { Confidence } from '../../domain/salary-confidence';
import { SalaryBreakdown, type BreakdownRow } from './salary-breakdown';
import { AddSalary } from './add-salary';

// Decision 082: a salary block made for a phone: one short provenance line (the full note is the page's, once),
// a chart/table switch of native radio inputs with both views in the markup, and the call to add one's salary.
const source = { id: 'ine-peru', licence: 'CC BY 4.0', licenceUrl: 'https://example.org/by', name: 'INE Perú', short: 'INE', url: '' };
const row = (label: string, confidence: Confidence, demoShare = 0): BreakdownRow => ({
  label,
  n: 40,
  enough: confidence !== 'insufficient',
  confidence,
  usd: { p25: 1600, p50: 2000, p75: 2400 },
  local: { currency: 'PEN', p25: 6000, p50: 7400, p75: 8900, asOf: '2025-06-01' },
  sources: [source],
  demoShare,
  period: { from: '2025-01-01', to: '2025-06-01' },
});
const plain = (html: string) => html.replaceAll('<!-- -->', '');
const block = (rows: BreakdownRow[], locale: 'es' | 'en' = 'es') =>
  plain(renderToStaticMarkup(<SalaryBreakdown id="by-role" title="Por rol" rows={rows} locale={locale} t={getT(locale)} />));

describe('a salary block on a phone', () => {
  it('has a chart/table switch of two radio inputs, the chart checked, and both views in the markup', () => {
    for (const [locale, chart, table, label] of [
      ['es', 'Gráfico', 'Tabla', 'Ver Por rol como'],
      ['en', 'Chart', 'Table', 'Show Por rol as'],
    ] as const) {
      const html = block([row('Backend', 'high'), row('QA', 'low')], locale);
      expect(html).toContain(`role="radiogroup" aria-label="${label}"`);
      expect(html.match(/type="radio"/g)).toHaveLength(2);
      expect(html).toContain('id="by-role-view-chart" name="by-role-view" checked="" value="chart"');
      expect(html).toContain('id="by-role-view-table" name="by-role-view" value="table"/>');
      expect(html).toContain(`<label for="by-role-view-chart">${chart}</label>`);
      expect(html).toContain(`<label for="by-role-view-table">${table}</label>`);
      // Without the stylesheet both views show: the chart and the table are both rendered.
      expect(html).toContain('data-testid="range-chart"');
      expect(html).toContain('<table class="salary-table"');
      expect(html).toContain('class="table-scroll salary-scroll with-chart"');
    }
  });

  it('has no switch when no group has a figure: the table alone, always shown', () => {
    const html = block([row('QA', 'insufficient')]);
    expect(html).not.toContain('type="radio"');
    expect(html).not.toContain('data-testid="range-chart"');
    expect(html).toContain('class="table-scroll salary-scroll"');
  });

  it('says where its figures come from in one short line, not the full note', () => {
    const html = block([row('Backend', 'high')]);
    expect(html).not.toContain('data-testid="provenance"');
    const cue = html.match(/<p class="block-cue" data-testid="block-cue">(.*?)<\/p>/)?.[1] ?? '';
    expect(cue).toContain('Sueldo bruto mensual');
    expect(cue).toContain('Fuente: <span>INE</span>');
    expect(cue).toContain('<a href="#salary-sources">Método y fuentes</a>');
    // The period, the currencies with the FX rate and the licences are the page's one note.
    expect(cue).not.toMatch(/recogidos|convertidos|CC BY/);
    expect(cue).not.toContain('demo-badge');
  });

  it('labels demo figures in its short line', () => {
    for (const [locale, words] of [
      ['es', 'Datos de demostración'],
      ['en', 'Demo data'],
    ] as const)
      expect(block([row('Backend', 'high', 1)], locale)).toContain(`data-testid="demo-badge">${words}</span>`);
  });
});

describe('the call to add one salary', () => {
  it('leads into the salary report flow, in both languages', () => {
    for (const [locale, title, cta] of [
      ['es', '¿Trabajas en tecnología? Añade tu salario', 'Añade tu salario'],
      ['en', 'Working in tech? Add your salary', 'Add your salary'],
    ] as const) {
      const html = renderToStaticMarkup(<AddSalary t={getT(locale)} to="#calculator-form" at="calculator" />);
      expect(html).toContain(title);
      expect(html).toContain(`<a href="#calculator-form" class="btn btn-outline-primary btn-md">${cta}</a>`);
    }
    const form = renderToStaticMarkup(<AddSalary t={getT('en')} to="#contribute-title" at="form" />);
    expect(form).toContain('>Go to your salary form</a>');
  });
});
