import { Provenance, type ProvenanceStats } from '../../views/salary/salary-provenance';
import { adjustedText, adjustmentsOf } from '../../views/salary/effect-label';
import { ConfidenceNote } from '../../views/salary/confidence-note';
import { showsNumber, type Confidence } from '../../domain/salary-confidence';
import { formatMoney, formatNumber } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';

// What the offer form's market check says (decisions 015 and 088): the range with its confidence and source,
// the verdict on the typed range and, on the server-rendered page, the matching profiles. One view for the
// page (no JavaScript needed) and for the live island, which fills it from /api/v3/hire/market as the form changes.
export type MarketFigures = {
  estimate: {
    usd: { low: number; high: number };
    local: { currency: string; low: number; high: number; rate: number; asOf: string };
    confidence: Confidence;
    n: number;
    basis: Omit<ProvenanceStats, 'local'> | null;
    steps: readonly { dimension: string; value: string }[];
  } | null;
  verdict: 'low' | 'competitive' | 'high' | null;
  /** Public profiles that match (the page counts them; the live check does not). */
  candidates?: number;
} | null;

export function MarketCheckBody({ market, locale, t }: { market: MarketFigures; locale: Locale; t: T }) {
  if (!market) return <p className="muted">{t('hire.market.choose')}</p>;
  const e = market.estimate;
  return (
    <>
      {e && showsNumber(e.confidence) ? (
        <>
          <p data-testid="market-range">
            {t('hire.market.range', {
              low: formatMoney(e.local.low, e.local.currency, locale),
              high: formatMoney(e.local.high, e.local.currency, locale),
              lowUsd: formatMoney(e.usd.low, 'USD', locale),
              highUsd: formatMoney(e.usd.high, 'USD', locale),
              adjusted: adjustedText(t, adjustmentsOf(e.steps, locale)),
            })}{' '}
            <ConfidenceNote confidence={e.confidence} n={e.n} locale={locale} t={t} />
          </p>
          {e.basis && <Provenance stats={{ ...e.basis, local: e.local }} locale={locale} t={t} />}
        </>
      ) : (
        <p className="muted">{t('salary.noData')}</p>
      )}
      {market.verdict && (
        <p>
          {t('hire.market.yours')}{' '}
          <span className={`verdict verdict-${market.verdict}`} data-testid="market-verdict">
            {t(`offer.verdict.${market.verdict}`)}
          </span>
        </p>
      )}
      {market.candidates !== undefined && <p>{t('hire.market.candidates', { n: formatNumber(market.candidates, locale) })}</p>}
    </>
  );
}

/** The groups of messages the view uses, for the live island. */
export const MARKET_MESSAGES = [
  'hire.market',
  'salary.provenance',
  'salary.confidence',
  'offer.verdict',
  'salary.noData',
  'salary.demoBadge',
  'salary.adjustedFor',
] as const;
