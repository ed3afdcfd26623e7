import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { getT } from '../../i18n/translate';
import { CONFIDENCE, type Confidence } from '../../domain/salary-confidence';
import { missingText, NoSalaryData, SalaryBreakdown, SalarySources, type BreakdownRow } from './salary-breakdown';
import { SalaryAnswer } from './salary-answer';

// Decision 052: every salary figure says its confidence grade in words, the page explains the grades once,
// thin groups are listed apart after the ranked ones, and below "low" the answer has no number.
const source = { id: 'ine-peru', licence: 'CC BY 4.0', licenceUrl: '', name: 'INE Perú', short: 'INE', url: '' };
const row = (label: string, confidence: Confidence, p50: number, n: number): BreakdownRow => ({
  label,
  n,
  enough: confidence !== 'insufficient',
  confidence,
  usd: { p25: p50 * 0.8, p50, p75: p50 * 1.2 },
  local: null,
  sources: [source],
  demoShare: 0,
  period: { from: '2025-01-01', to: '2025-06-01' },
});
// React separates adjacent text nodes with <!-- -->; the browser shows the same text without them.
const plain = (html: string) => html.replaceAll('<!-- -->', '');

describe('confidence grades on the salary pages', () => {
  it('has words for every grade, long and short, in both languages', () => {
    for (const locale of ['es', 'en'] as const)
      for (const c of CONFIDENCE) {
        const t = getT(locale);
        expect(t(`salary.confidence.${c}`)).not.toMatch(/^salary\./);
        expect(t(`salary.grade.${c}`)).not.toMatch(/^salary\./);
      }
  });

  it('says the grade in words on the headline answer, in both languages', () => {
    for (const [locale, words] of [
      ['es', ['Confianza alta', 'Confianza media', 'Confianza baja']],
      ['en', ['High confidence', 'Medium confidence', 'Low confidence']],
    ] as const)
      (['high', 'medium', 'low'] as const).forEach((c, i) => {
        const html = plain(renderToStaticMarkup(<SalaryAnswer stats={row('x', c, 2000, 80)} locale={locale} t={getT(locale)} />));
        expect(html).toContain(`data-testid="salary-confidence" data-grade="${c}">${words[i]}</p>`);
        expect(html).not.toContain('thin-source-badge');
      });
  });

  it('says each row its n and grade, in the table and at its bar', () => {
    const html = plain(
      renderToStaticMarkup(
        <SalaryBreakdown id="by-role" title="Por rol" rows={[row('Backend', 'medium', 2000, 52)]} locale="es" t={getT('es')} />,
      ),
    );
    expect(html).toContain('<td class="row-n">52<span class="row-grade" data-grade="medium"> · media</span></td>');
    expect(html).toContain('<span class="rc-n">n=52 · media</span>');
    expect(html).toContain('Reportes · confianza');
    const en = plain(
      renderToStaticMarkup(
        <SalaryBreakdown id="by-role" title="By role" rows={[row('Backend', 'high', 2000, 140)]} locale="en" t={getT('en')} />,
      ),
    );
    expect(en).toContain('<span class="rc-n">n=140 · high</span>');
  });

  it('lists a low group after a medium one even when it is paid more, apart under "Few reports"', () => {
    const rows = [row('Pocas', 'low', 5000, 12), row('Muchas', 'medium', 2000, 40)];
    const html = plain(renderToStaticMarkup(<SalaryBreakdown id="by-role" title="Por rol" rows={rows} locale="es" t={getT('es')} />));
    const medium = html.indexOf('>Muchas<');
    const heading = html.indexOf('<h3>Pocos datos</h3>');
    const low = html.indexOf('>Pocas<');
    expect(medium).toBeGreaterThan(-1);
    expect(heading).toBeGreaterThan(medium);
    expect(low).toBeGreaterThan(heading);
    // Still with its numbers and grade, on the same axis as the ranked ones.
    expect(html).toContain('<span class="rc-n">n=12 · baja</span>');
    expect(html).toContain('<td class="row-n">12<span class="row-grade" data-grade="low"> · baja</span></td>');
    // Two charts, one scale: both axes end at the same tick.
    expect([...html.matchAll(/<span class="rc-tick" style="--x:100%">([^<]+)</g)].map((m) => m[1])).toEqual(['6000', '6000']);
    expect(plain(renderToStaticMarkup(<SalaryBreakdown id="r" title="By role" rows={rows} locale="en" t={getT('en')} />))).toContain(
      '<h3>Few reports</h3>',
    );
  });

  it('has no "few reports" part when every group is well supported', () => {
    const rows = [row('A', 'high', 3000, 90), row('B', 'medium', 2000, 40)];
    expect(renderToStaticMarkup(<SalaryBreakdown id="r" title="Por rol" rows={rows} locale="es" t={getT('es')} />)).not.toContain(
      'Pocos datos',
    );
  });

  it("explains the grades once, in the sources aside, with the rule's thresholds", () => {
    const html = plain(renderToStaticMarkup(<SalarySources stats={row('x', 'high', 2000, 80)} locale="es" t={getT('es')} />));
    expect(html).toContain('¿Qué significa la confianza?');
    expect(html).toContain('Alta: 60 reportes o más de al menos dos fuentes (o 100 de una sola).');
    expect(html).toContain('Con menos de 10 reportes no damos cifra');
    expect(plain(renderToStaticMarkup(<SalarySources stats={row('x', 'high', 2000, 80)} locale="en" t={getT('en')} />))).toContain(
      'What does the confidence mean?',
    );
  });

  it('an insufficient headline has no number and names what is missing', () => {
    const t = getT('es');
    const html = plain(renderToStaticMarkup(<NoSalaryData t={t} role covered={[]} missing={missingText(t, 'es', { n: 8, sources: 1 })} />));
    expect(html).toContain('Solo 8 reportes de una fuente; hacen falta al menos 10 para dar una cifra.');
    expect(html).not.toMatch(/\d[\d.]*\s?(PEN|US\$)/);
    expect(missingText(t, 'es', { n: 1, sources: 2 })).toBe('Solo 1 reporte de 2 fuentes; hacen falta al menos 10 para dar una cifra.');
    expect(missingText(getT('en'), 'en', { n: 8, sources: 1 })).toBe('Only 8 reports from one source; a figure needs at least 10.');
  });
});
