import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import { getT, type T } from '../../i18n/translate';
import { periodYears, SourceList, type ProvenanceSource } from '../../views/salary/salary-provenance';
import { percentDiff, salaryRowsMarkup, type MarkupRow } from './table-markup';

// The markup string must be what the rows rendered as React elements before (decision 032), escaping included:
// the reference below is that JSX, kept here only to compare.
function Reference({
  rows,
  locale,
  t,
  reference,
}: {
  rows: MarkupRow[];
  locale: Locale;
  t: T;
  reference?: { usd: number; label: string };
}) {
  const money = (v: number, currency: string) => formatMoney(Math.round(v), currency, locale);
  return rows.map((r) => {
    const local = r.local && r.local.currency !== 'USD' ? r.local : null;
    return (
      <tr key={r.label}>
        <th scope="row">
          {r.to ? (
            <a href={r.to}>
              {r.label}
              {r.linkHint && <span className="sr-only">{` (${r.linkHint})`}</span>}
            </a>
          ) : (
            r.label
          )}
        </th>
        {r.enough ? (
          <>
            <td>
              {local ? <span className="money">{money(local.p50, local.currency)}</span> : null}
              <span className={local ? 'money-usd' : 'money'}>{money(r.usd.p50, 'USD')}</span>
            </td>
            <td>
              {local ? <span className="money">{`${money(local.p25, local.currency)} – ${money(local.p75, local.currency)}`}</span> : null}
              <span className={local ? 'money-usd' : 'money'}>{`${money(r.usd.p25, 'USD')} – ${money(r.usd.p75, 'USD')}`}</span>
            </td>
          </>
        ) : (
          <td colSpan={2} className="muted">
            {t('salary.notEnough', { min: 10 })}
          </td>
        )}
        {reference && <td data-label={reference.label}>{r.enough ? percentDiff(r.usd.p50, reference.usd) : '—'}</td>}
        <td className="row-n">
          {formatNumber(r.n, locale)}
          {r.enough && (
            <span className="row-grade" data-grade={r.confidence}>
              {` · ${t(`salary.grade.${r.confidence}`)}`}
            </span>
          )}
        </td>
        <td className="row-source">
          <SourceList sources={r.sources} t={t} licences={false} />
          {r.period && <span className="muted">{` · ${periodYears(r.period)}`}</span>}
        </td>
      </tr>
    );
  });
}

const source = (id: string, url = `https://example.org/${id}?a=1&b=2`): ProvenanceSource => ({
  id,
  licence: 'CC BY 4.0',
  licenceUrl: 'https://creativecommons.org/licenses/by/4.0/',
  name: `${id} "survey" <full>`,
  short: `${id} & co's`,
  url,
});
const row = (over: Partial<MarkupRow>): MarkupRow => ({
  label: 'Desarrollador/a Backend',
  n: 1234,
  sources: [source('tandem-demo', '')],
  demoShare: 1,
  period: { from: '2024-05-01', to: '2025-06-01' },
  enough: true,
  confidence: 'high',
  usd: { p25: 1500.4, p50: 2100.6, p75: 3000 },
  local: { currency: 'PEN', p25: 5600, p50: 7800.5, p75: 11200, asOf: '2026-01-01' },
  ...over,
});
const rows: MarkupRow[] = [
  row({}),
  row({ label: 'R&D <lead> "x"', to: '/herramientas/peru/r&d?x="1"' }),
  row({ label: 'Ecuador', to: '/herramientas/ecuador', local: { currency: 'USD', p25: 1, p50: 2, p75: 3, asOf: '' } }),
  row({ label: 'No local', local: null, period: { from: '2025-01-01', to: '2025-03-01' } }),
  row({ label: 'Thin', demoShare: 0, n: 12, confidence: 'low', sources: [source('ine-peru')] }),
  row({ label: 'Medium', demoShare: 0, n: 40, confidence: 'medium', sources: [source('ine-peru')] }),
  row({ label: 'Not enough', enough: false, confidence: 'insufficient', demoShare: 0, n: 3, sources: [source('ine-peru')], period: null }),
  row({ label: 'Two sources', demoShare: 0, sources: [source('tandem-users', ''), source("o'reilly")] }),
  row({ label: 'Go', to: '/herramientas/peru/go', linkHint: 'lenguaje <de> "programación"' }),
];
// React separates adjacent text nodes with <!-- -->; the browser shows the same text without them.
const plain = (html: string) => html.replaceAll('<!-- -->', '');

describe('salaryRowsMarkup', () => {
  it("says each figure's grade beside its n, and no grade where there is no figure (decision 052)", () => {
    const html = salaryRowsMarkup(rows, 'es', getT('es'));
    expect(html).toContain('<td class="row-n">1234<span class="row-grade" data-grade="high"> · alta</span></td>');
    expect(html).toContain('<td class="row-n">40<span class="row-grade" data-grade="medium"> · media</span></td>');
    expect(html).toContain('<td class="row-n">12<span class="row-grade" data-grade="low"> · baja</span></td>');
    expect(html).toContain('<td class="row-n">3</td>');
    expect(html).toContain('Aún no hay datos suficientes (menos de 10 reportes)');
    expect(salaryRowsMarkup(rows, 'en', getT('en'))).toContain(
      '<td class="row-n">12<span class="row-grade" data-grade="low"> · low</span></td>',
    );
    // The grade took the single-source badge's place.
    expect(html).not.toContain('thin-source-badge');
  });

  it("says what a generic link text means, for screen readers and crawlers only (Lighthouse's link-text)", () => {
    const html = salaryRowsMarkup(
      [row({ label: 'Go', to: '/herramientas/peru/go', linkHint: 'lenguaje de programación' })],
      'es',
      getT('es'),
    );
    expect(html).toContain('<a href="/herramientas/peru/go">Go<span class="sr-only"> (lenguaje de programación)</span></a>');
  });
  for (const locale of ['es', 'en'] as const) {
    const t = getT(locale);
    it(`is the rows' former React markup (${locale})`, () => {
      const expected = plain(renderToStaticMarkup(<Reference rows={rows} locale={locale} t={t} />));
      expect(salaryRowsMarkup(rows, locale, t)).toBe(expected);
    });
    it(`adds the difference from a reference median (${locale})`, () => {
      const reference = { usd: 2000, label: 'Frente a la "mediana"' };
      const expected = plain(renderToStaticMarkup(<Reference rows={rows} locale={locale} t={t} reference={reference} />));
      expect(salaryRowsMarkup(rows, locale, t, reference)).toBe(expected);
    });
  }
});
