import { formatLongDate, formatMoney, formatMonthYear, formatNumber } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';

// Where a salary figure comes from, said at the figure (decision 025): gross monthly pay, the number of reports,
// the sources with their licences, when the reports were collected, the currencies and the FX table's
// date, and whether it is demo data or a thin sample from a single source. Decision 053: a period is said
// as precisely as every source behind the figure dates its reports, and the FX rate stands beside its date.
export type ProvenanceSource = {
  id: string;
  licence: string;
  licenceUrl: string;
  name: string;
  short: string;
  url: string;
  /** How the source dates its reports; a source that does not say is taken as giving the year only. */
  period?: 'day' | 'year';
};
export type ProvenanceStats = {
  n: number;
  sources: readonly ProvenanceSource[];
  demoShare: number;
  period: { from: string; to: string } | null;
  /** `rate`: local units per US$ on `asOf` (absent or 0: unknown, only the date is said). */
  local: { currency: string; asOf: string; rate?: number } | null;
};

/** Our own sources have names in the reader's language; the surveys keep theirs. */
export function sourceName(s: ProvenanceSource, t: T, short: boolean): string {
  if (s.id === 'tandem-demo') return t(short ? 'salary.provenance.demoShort' : 'salary.provenance.demoSource');
  if (s.id === 'tandem-users') return t(short ? 'salary.provenance.userShort' : 'salary.provenance.userSource');
  return short ? s.short : s.name;
}

/** Whether a figure's period must be said in years: one of its sources gives only the year of its reports. */
const yearsOnly = (sources: readonly ProvenanceSource[]) => sources.some((s) => s.period !== 'day');

/**
 * When the reports behind a figure were collected: "recogidos entre mayo de 2025 y junio de 2025" from sources
 * that date each report, "recogidos en 2021–2024" when one of them gives only the year (aijobs.net's
 * `work_year` is stored as July 1st: never "julio de 2021").
 */
export function periodText(stats: Pick<ProvenanceStats, 'period' | 'sources'>, locale: Locale, t: T): string {
  const { period } = stats;
  if (!period) return '';
  if (yearsOnly(stats.sources)) {
    const years = periodYears(period);
    return years.includes('–') ? t('salary.provenance.collectedYears', { years }) : t('salary.provenance.collectedIn', { from: years });
  }
  const from = formatMonthYear(period.from, locale);
  const to = formatMonthYear(period.to, locale);
  return from === to ? t('salary.provenance.collectedIn', { from }) : t('salary.provenance.collected', { from, to });
}

/** "4050 COP" per US$: whole units from 100 up, cents below (3,71 PEN). */
const rateText = (rate: number, currency: string, locale: Locale) =>
  formatMoney(rate >= 100 ? Math.round(rate) : Math.round(rate * 100) / 100, currency, locale);

/** The currencies of a figure, and for local ones the FX rate beside its date. */
export function currencyText(local: ProvenanceStats['local'], locale: Locale, t: T): string {
  if (!local || local.currency === 'USD') return t('salary.provenance.usd');
  const currency = local.currency || t('salary.provenance.localCurrencies');
  if (!local.asOf) return t('salary.provenance.currencies', { currency });
  const date = formatLongDate(local.asOf, locale);
  // Several currencies (a table by country) have several rates: the date alone.
  return local.currency && local.rate && local.rate > 0
    ? t('salary.provenance.fxRate', { currency, rate: rateText(local.rate, local.currency, locale), date })
    : t('salary.provenance.fx', { currency, date });
}

/** "2024–2025": a table row's collection period, short. */
export function periodYears(period: ProvenanceStats['period']): string {
  if (!period) return '';
  const a = period.from.slice(0, 4);
  const b = period.to.slice(0, 4);
  return a === b ? a : `${a}–${b}`;
}

/** Said at every figure made from demo reports (decision 024: figures are all demo or all real). */
function DemoBadge({ share, t }: { share: number | undefined; t: T }) {
  if (!share) return null;
  return (
    <span className="badge badge-demo" data-testid="demo-badge">
      {t('salary.demoBadge')}
    </span>
  );
}

/** The sources of a figure as links, each with its licence linked to the licence's text. */
export function SourceList({
  sources,
  t,
  short = true,
  licences = true,
}: {
  sources: readonly ProvenanceSource[];
  t: T;
  short?: boolean;
  licences?: boolean;
}) {
  return (
    <>
      {sources.map((s, i) => (
        <span key={s.id}>
          {i > 0 && ', '}
          {s.url ? (
            <a href={s.url} rel="noopener noreferrer">
              {sourceName(s, t, short)}
            </a>
          ) : (
            sourceName(s, t, short)
          )}
          {licences && s.licenceUrl && (
            <>
              {' ('}
              <a href={s.licenceUrl} rel="license noopener noreferrer">
                {s.licence}
              </a>
              {')'}
            </>
          )}
        </span>
      ))}
    </>
  );
}

/**
 * One line under a figure. `n` is left out where each row of a table shows its own. How sure the figure is
 * (its confidence grade, decision 052) is said beside the figure itself, not here.
 */
export function Provenance({ stats, locale, t, withN = true }: { stats: ProvenanceStats; locale: Locale; t: T; withN?: boolean }) {
  const period = periodText(stats, locale, t);
  const many = stats.sources.length > 1;
  return (
    <p className="provenance" data-testid="provenance">
      <span>{t('salary.provenance.gross')}</span>
      {withN && <span>{t('salary.provenance.reports', { n: formatNumber(stats.n, locale) })}</span>}
      {stats.sources.length > 0 && (
        <span>
          {t(many ? 'salary.provenance.sources' : 'salary.provenance.source')} <SourceList sources={stats.sources} t={t} />
        </span>
      )}
      {period && <span>{period}</span>}
      <span>{currencyText(stats.local, locale, t)}</span>
      <DemoBadge share={stats.demoShare} t={t} />
    </p>
  );
}

/**
 * The provenance of a table: its rows' sources (and so their date precision), period and demo share together,
 * one currency with its FX rate and date.
 */
export function mergeProvenance(rows: readonly ProvenanceStats[]): ProvenanceStats {
  const sources = new Map<string, ProvenanceSource>();
  let from = '';
  let to = '';
  let demo = 0;
  const currencies = new Set<string>();
  let asOf = '';
  let rate = 0;
  for (const r of rows) {
    for (const s of r.sources) sources.set(s.id, s);
    if (r.period && (!from || r.period.from < from)) from = r.period.from;
    if (r.period && r.period.to > to) to = r.period.to;
    demo = Math.max(demo, r.demoShare);
    if (r.local) currencies.add(r.local.currency);
    if (r.local && r.local.asOf > asOf) {
      asOf = r.local.asOf;
      rate = r.local.rate ?? 0;
    }
  }
  // Rows of several countries (a table by country) each have their own currency: '' says "local currencies",
  // and no single rate.
  const one = currencies.size === 1;
  const local = currencies.size ? { currency: one ? [...currencies][0]! : '', asOf, rate: one ? rate : 0 } : null;
  return {
    n: rows.reduce((a, r) => a + r.n, 0),
    sources: [...sources.values()].sort((a, b) => a.id.localeCompare(b.id)),
    demoShare: demo,
    period: from && to ? { from, to } : null,
    local,
  };
}
