import { formatLongDate, formatMonthYear, formatNumber } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';

// Where a salary figure comes from, said at the figure (decision 025): gross monthly pay, the number of reports,
// the sources with their licences, when the reports were collected, the currencies and the FX table's
// date, and whether it is demo data or a thin sample from a single source.
export type ProvenanceSource = { id: string; licence: string; licenceUrl: string; name: string; short: string; url: string };
export type ProvenanceStats = {
  n: number;
  sources: readonly ProvenanceSource[];
  demoShare: number;
  period: { from: string; to: string } | null;
  local: { currency: string; asOf: string } | null;
};

/** Our own sources have names in the reader's language; the surveys keep theirs. */
export function sourceName(s: ProvenanceSource, t: T, short: boolean): string {
  if (s.id === 'tandem-demo') return t(short ? 'salary.provenance.demoShort' : 'salary.provenance.demoSource');
  if (s.id === 'tandem-users') return t(short ? 'salary.provenance.userShort' : 'salary.provenance.userSource');
  return short ? s.short : s.name;
}

/** "mayo de 2025" or "mayo de 2025 – junio de 2025": when the reports behind a figure were collected. */
function periodText(period: ProvenanceStats['period'], locale: Locale, t: T): string {
  if (!period) return '';
  const from = formatMonthYear(period.from, locale);
  const to = formatMonthYear(period.to, locale);
  return from === to ? t('salary.provenance.collectedIn', { from }) : t('salary.provenance.collected', { from, to });
}

/** "2024–2025": a table row's collection period, short. */
export function periodYears(period: ProvenanceStats['period']): string {
  if (!period) return '';
  const a = period.from.slice(0, 4);
  const b = period.to.slice(0, 4);
  return a === b ? a : `${a}–${b}`;
}

/**
 * Decision 025: a real figure that one source gives entirely from fewer than 20 reports is flagged: a source may
 * cover only part of a country's market (aijobs.net is mostly international remote roles).
 */
const THIN_SAMPLE = 20;
export const isThinSingleSource = (s: { n: number; sources: readonly unknown[]; demoShare: number }) =>
  s.demoShare === 0 && s.sources.length === 1 && s.n < THIN_SAMPLE;

function ThinSourceBadge({ stats, t }: { stats: { n: number; sources: readonly unknown[]; demoShare: number }; t: T }) {
  if (!isThinSingleSource(stats)) return null;
  // Its own leading space: nothing at all is rendered when the figure is not flagged.
  return (
    <>
      {' '}
      <span className="badge badge-demo" data-testid="thin-source-badge">
        {t('salary.thinSource')}
      </span>
    </>
  );
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
 * One line under a figure. `n` is left out where each row of a table shows its own; `thin` is the
 * single-source flag, for one figure (a table's rows are flagged one by one).
 */
export function Provenance({
  stats,
  locale,
  t,
  withN = true,
  thin = true,
}: {
  stats: ProvenanceStats;
  locale: Locale;
  t: T;
  withN?: boolean;
  thin?: boolean;
}) {
  const period = periodText(stats.period, locale, t);
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
      <span>
        {!stats.local || stats.local.currency === 'USD'
          ? t('salary.provenance.usd')
          : !stats.local.asOf
            ? t('salary.provenance.currencies', { currency: stats.local.currency || t('salary.provenance.localCurrencies') })
            : t('salary.provenance.fx', {
                currency: stats.local.currency || t('salary.provenance.localCurrencies'),
                date: formatLongDate(stats.local.asOf, locale),
              })}
      </span>
      <DemoBadge share={stats.demoShare} t={t} />
      {thin && <ThinSourceBadge stats={stats} t={t} />}
    </p>
  );
}

/** The provenance of a table: its rows' sources, period and demo share together, one currency and FX date. */
export function mergeProvenance(rows: readonly ProvenanceStats[]): ProvenanceStats {
  const sources = new Map<string, ProvenanceSource>();
  let from = '';
  let to = '';
  let demo = 0;
  const currencies = new Set<string>();
  let asOf = '';
  for (const r of rows) {
    for (const s of r.sources) sources.set(s.id, s);
    if (r.period && (!from || r.period.from < from)) from = r.period.from;
    if (r.period && r.period.to > to) to = r.period.to;
    demo = Math.max(demo, r.demoShare);
    if (r.local) currencies.add(r.local.currency);
    if (r.local && r.local.asOf > asOf) asOf = r.local.asOf;
  }
  // Rows of several countries (a table by country) each have their own currency: '' says "local currencies".
  const local = currencies.size ? { currency: currencies.size === 1 ? [...currencies][0]! : '', asOf } : null;
  return {
    n: rows.reduce((a, r) => a + r.n, 0),
    sources: [...sources.values()].sort((a, b) => a.id.localeCompare(b.id)),
    demoShare: demo,
    period: from && to ? { from, to } : null,
    local,
  };
}
