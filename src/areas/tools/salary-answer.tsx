import { formatMoney, formatNumber, formatUsd } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { Provenance, type ProvenanceStats } from '../../views/salary/salary-provenance';
import type { Confidence } from '../../domain/salary-confidence';

type Figures = ProvenanceStats & {
  confidence: Confidence;
  usd: { p25: number; p50: number; p75: number };
  local: { currency: string; p25: number; p50: number; p75: number; asOf: string } | null;
};

// Decision 029: a salary page answers first. Right under the H1: the median in the local currency and in US$,
// the 25–75 % range, the number of reports, and the figure's provenance line attached (sources, period,
// currencies, gross, the demo label), so the answer never travels without where it comes from. Decision 052:
// its confidence grade in words beside the median (the grade replaced the single-source "small sample" badge).
// `onlyCountry`: on a page across countries, the one country every report behind the median comes from.
// `mix`: on a country's page, the sample's mix of markets (who pays, in what currency) in one short line.
export function SalaryAnswer({
  stats,
  locale,
  t,
  onlyCountry,
  mix,
}: {
  stats: Figures;
  locale: Locale;
  t: T;
  onlyCountry?: string;
  mix?: string;
}) {
  const money = (v: number, c: string) => (c === 'USD' ? formatUsd(Math.round(v), locale) : formatMoney(Math.round(v), c, locale));
  const local = stats.local && stats.local.currency !== 'USD' ? stats.local : null;
  const range = (f: { p25: number; p75: number }, c: string) => `${money(f.p25, c)} – ${money(f.p75, c)}`;
  return (
    <section className="salary-answer" aria-labelledby="salary-answer-title" data-testid="salary-answer">
      <h2 id="salary-answer-title" className="answer-title">
        {t('salary.answer.title')}
      </h2>
      <p className="answer-median" data-testid="salary-median">
        <span className="answer-main">{local ? money(local.p50, local.currency) : money(stats.usd.p50, 'USD')}</span>
        {local && <span className="answer-usd">{money(stats.usd.p50, 'USD')}</span>}
      </p>
      <p className="answer-grade" data-testid="salary-confidence" data-grade={stats.confidence}>
        {t(`salary.confidence.${stats.confidence}`)}
      </p>
      <dl className="answer-facts">
        <div>
          <dt>{t('salary.range')}</dt>
          <dd data-testid="salary-range">
            {local ? range(local, local.currency) : range(stats.usd, 'USD')}
            {local && <span className="answer-usd-range">{range(stats.usd, 'USD')}</span>}
          </dd>
        </div>
        <div>
          <dt>{t('salary.sample')}</dt>
          <dd data-testid="salary-n">{formatNumber(stats.n, locale)}</dd>
        </div>
      </dl>
      {mix && (
        <p className="answer-mix" data-testid="salary-mix">
          {mix}
        </p>
      )}
      {onlyCountry && (
        <p className="answer-country" data-testid="salary-one-country">
          {t('salary.answer.oneCountry', { country: onlyCountry })}
        </p>
      )}
      <Provenance stats={stats} locale={locale} t={t} withN={false} />
      <p className="answer-method">
        <a href="#salary-sources">{t('salary.answer.method')}</a>
      </p>
    </section>
  );
}
