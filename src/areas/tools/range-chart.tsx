import { formatNumber } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { axisMarkup, chartMarkup, niceTicks, type ChartRow } from './chart-markup';

// A block's range chart, server-rendered HTML and CSS (no client code): a value axis in US$ with round
// ticks, and each group's 25–75 % bar and median marker with their values written at them. It is one
// image to assistive technology, whose text says what it shows and that the table under it has the numbers.
export function RangeChart({ title, rows, locale, t }: { title: string; rows: readonly ChartRow[]; locale: Locale; t: T }) {
  if (!rows.length) return null;
  const ticks = niceTicks(Math.max(...rows.map((r) => r.usd.p75)));
  const top = ticks[ticks.length - 1]!;
  const format = (v: number) => formatNumber(Math.round(v), locale);
  return (
    <figure
      className="range-chart"
      role="img"
      aria-label={t('salary.chart.alt', { title })}
      data-testid="range-chart"
      style={{ '--steps': ticks.length - 1 } as React.CSSProperties}
    >
      <p className="rc-legend">
        <span>
          <span className="rc-key rc-key-range" />
          {t('salary.chart.range')}
        </span>
        <span>
          <span className="rc-key rc-key-median" />
          {t('salary.chart.median')}
        </span>
        <span className="rc-unit">{t('salary.chart.unit')}</span>
      </p>
      <div className="rc-rows" dangerouslySetInnerHTML={{ __html: chartMarkup(rows, top, format) }} />
      <div className="rc-axis" data-testid="chart-axis" dangerouslySetInnerHTML={{ __html: axisMarkup(ticks, format) }} />
    </figure>
  );
}
