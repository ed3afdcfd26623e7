import { formatNumber } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import type { Confidence } from '../../domain/salary-confidence';
import { axisMarkup, chartMarkup, niceTicks, type ChartRow } from './chart-markup';

type Row = Pick<ChartRow, 'label' | 'usd'> & { n: number; confidence: Confidence };

// A block's range chart, server-rendered HTML and CSS (no client code): a value axis in US$ with round
// ticks, and each group's 25–75 % bar and median marker with their values written at them, and its n and
// confidence grade in words (decision 052). It is one image to assistive technology, whose text says what
// it shows and that the table under it has the numbers (each row there says its n and grade too).
export function RangeChart({
  title,
  rows,
  locale,
  t,
  max,
  legend = true,
}: {
  title: string;
  rows: readonly Row[];
  locale: Locale;
  t: T;
  /** The largest value the axis must reach (a block's two charts share one scale); its rows' own by default. */
  max?: number;
  /** The key to the marks (off for a block's second chart, right under the first). */
  legend?: boolean;
}) {
  if (!rows.length) return null;
  const ticks = niceTicks(max ?? Math.max(...rows.map((r) => r.usd.p75)));
  const top = ticks[ticks.length - 1]!;
  const format = (v: number) => formatNumber(Math.round(v), locale);
  const chartRows: ChartRow[] = rows.map((r) => ({
    label: r.label,
    usd: r.usd,
    note: t('salary.chart.note', { n: formatNumber(r.n, locale), grade: t(`salary.grade.${r.confidence}`) }),
    grade: r.confidence,
  }));
  return (
    <figure
      className="range-chart"
      role="img"
      aria-label={t('salary.chart.alt', { title })}
      data-testid="range-chart"
      style={{ '--steps': ticks.length - 1 } as React.CSSProperties}
    >
      {legend && (
        <p className="rc-legend">
          <span>
            <span className="rc-key rc-key-range" />
            {t('salary.chart.range')}
          </span>
          <span>
            <span className="rc-key rc-key-median" />
            {t('salary.chart.median')}
          </span>
          <span>{t('salary.chart.noteKey')}</span>
          <span className="rc-unit">{t('salary.chart.unit')}</span>
        </p>
      )}
      <div className="rc-rows" dangerouslySetInnerHTML={{ __html: chartMarkup(chartRows, top, format) }} />
      <div className="rc-axis" data-testid="chart-axis" dangerouslySetInnerHTML={{ __html: axisMarkup(ticks, format) }} />
    </figure>
  );
}
