import { formatMoney, formatNumber } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { periodYears, sourceName, type ProvenanceStats } from '../../views/salary/salary-provenance';
import { MIN_FIGURE_REPORTS, type Confidence } from '../../domain/salary-confidence';

// A salary table's body as one markup string (decision 032), like the range chart (decision 012): as React
// elements its ~20 nodes per row were the largest share of an uncached salary page's render, each serialised
// into the RSC payload and rendered again to HTML. The markup is what the elements rendered (without React's
// text separators); every text and attribute is escaped. Row links are plain anchors, which SoftLinks
// (src/components/islands/soft-links-impl.tsx) hands to the client router as a Link would.

export type MarkupRow = Omit<ProvenanceStats, 'local'> & {
  label: string;
  to?: string;
  /** Words the row's link adds after the label for screen readers and crawlers only ("Go" alone says nothing). */
  linkHint?: string;
  enough: boolean;
  /** Said in the sample cell beside n ("52 · media", decision 052). */
  confidence: Confidence;
  usd: { p25: number; p50: number; p75: number };
  local: { currency: string; p25: number; p50: number; p75: number; asOf: string } | null;
};

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };
/** React's own escaping of text and attribute values. */
const escapeHtml = (v: string) => v.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** The difference of a median from a reference median, as people read it: '+12 %', '−8 %'. */
export const percentDiff = (value: number, reference: number) => {
  const d = Math.round((value / reference - 1) * 100);
  return `${d > 0 ? '+' : d < 0 ? '−' : '±'}${Math.abs(d)} %`;
};

/**
 * The <tr> rows of a salary table: group, median, range, the difference from `reference`, sample with the
 * confidence grade, sources. The grade replaced the single-source "small sample" badge: a figure of one source
 * with fewer than 25 reports is at most "low", and the row names its source.
 */
export function salaryRowsMarkup(rows: readonly MarkupRow[], locale: Locale, t: T, reference?: { usd: number; label: string }): string {
  const money = (v: number, currency: string) => escapeHtml(formatMoney(Math.round(v), currency, locale));
  const notEnough = escapeHtml(t('salary.notEnough', { min: MIN_FIGURE_REPORTS }));
  const refLabel = reference ? escapeHtml(reference.label) : '';
  let out = '';
  for (const r of rows) {
    // A country paid in US$ (Ecuador) shows its figures once.
    const local = r.local && r.local.currency !== 'USD' ? r.local : null;
    const usdClass = local ? 'money-usd' : 'money';
    const label = escapeHtml(r.label);
    const hint = r.linkHint ? `<span class="sr-only"> (${escapeHtml(r.linkHint)})</span>` : '';
    out += `<tr><th scope="row">${r.to ? `<a href="${escapeHtml(r.to)}">${label}${hint}</a>` : label}</th>`;
    if (r.enough) {
      out +=
        `<td>${local ? `<span class="money">${money(local.p50, local.currency)}</span>` : ''}` +
        `<span class="${usdClass}">${money(r.usd.p50, 'USD')}</span></td>` +
        `<td>${local ? `<span class="money">${money(local.p25, local.currency)} – ${money(local.p75, local.currency)}</span>` : ''}` +
        `<span class="${usdClass}">${money(r.usd.p25, 'USD')} – ${money(r.usd.p75, 'USD')}</span></td>`;
    } else out += `<td colSpan="2" class="muted">${notEnough}</td>`;
    if (reference) out += `<td data-label="${refLabel}">${r.enough ? percentDiff(r.usd.p50, reference.usd) : '—'}</td>`;
    // A group without a figure says so in its median cell; a grade is said only beside a number.
    const grade = r.enough
      ? `<span class="row-grade" data-grade="${r.confidence}"> · ${escapeHtml(t(`salary.grade.${r.confidence}`))}</span>`
      : '';
    out += `<td class="row-n">${escapeHtml(formatNumber(r.n, locale))}${grade}</td><td class="row-source">`;
    r.sources.forEach((s, i) => {
      const name = escapeHtml(sourceName(s, t, true));
      out += `<span>${i > 0 ? ', ' : ''}${s.url ? `<a href="${escapeHtml(s.url)}" rel="noopener noreferrer">${name}</a>` : name}</span>`;
    });
    if (r.period) out += `<span class="muted"> · ${escapeHtml(periodYears(r.period))}</span>`;
    out += '</td></tr>';
  }
  return out;
}
