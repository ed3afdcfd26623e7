import { formatPercent } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import type { GroupFilter } from '../../server/salaries/salary-service';

/** Below this many reports that say who pays (or in what currency), a share is not said. */
const MIN_MIX_REPORTS = 10;

/**
 * A country's figures mix two markets. The line under a page's median: the share of its reports paid by
 * foreign employers, and of those paid in US$, each among the reports that say; undefined when neither
 * can be said.
 */
export async function marketMix(
  stats: (f: GroupFilter) => Promise<{ n: number } | null>,
  filter: GroupFilter,
  locale: Locale,
  t: T,
): Promise<string | undefined> {
  const n = async (f: GroupFilter) => (await stats({ ...filter, ...f }))?.n ?? 0;
  const [foreign, local, usd, localPay] = await Promise.all([
    n({ employer: 'foreign' }),
    n({ employer: 'local' }),
    n({ pay: 'usd' }),
    n({ pay: 'local' }),
  ]);
  const share = (part: number, total: number) => (total >= MIN_MIX_REPORTS ? formatPercent(part / total, locale) : undefined);
  const abroad = share(foreign, foreign + local);
  const dollars = usd > 0 ? share(usd, usd + localPay) : undefined;
  if (abroad && dollars) return t('salary.answer.mixBoth', { foreign: abroad, usd: dollars });
  if (abroad) return t('salary.answer.mixForeign', { foreign: abroad });
  if (dollars) return t('salary.answer.mixUsd', { usd: dollars });
  return undefined;
}
