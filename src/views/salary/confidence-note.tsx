import { formatNumber } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import type { Confidence } from '../../domain/salary-confidence';

// How sure an estimate is, in words beside it (decision 051): "confianza media · 52 reportes"; a low grade
// says the figure is only indicative.
export function ConfidenceNote({ confidence, n, locale, t }: { confidence: Confidence; n: number; locale: Locale; t: T }) {
  return (
    <span className={`confidence confidence-${confidence}`} data-testid="confidence">
      {t(`salary.confidence.${confidence}`)} · {t('salary.provenance.reports', { n: formatNumber(n, locale) })}
      {confidence === 'low' && <> · {t('salary.confidence.indicative')}</>}
    </span>
  );
}
