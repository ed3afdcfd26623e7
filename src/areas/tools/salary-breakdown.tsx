import { Link } from 'waku';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { RangeChart } from './range-chart';
import { Enhance } from '../../components/islands/enhance';
import { mergeProvenance, Provenance, SourceList, type ProvenanceStats } from '../../views/salary/salary-provenance';
import { salaryRowsMarkup, type MarkupRow } from './table-markup';
import { splitByConfidence } from './confidence-order';
import { formatNumber } from '../../i18n/format';
import { HIGH_REPORTS, HIGH_SINGLE_SOURCE, MEDIUM_REPORTS, MIN_FIGURE_REPORTS, WIDE_SPREAD } from '../../domain/salary-confidence';
import { MethodNote } from './salary-method';

// A block of salary figures: a server-rendered range chart (25th to 75th percentile with the median, on a
// labelled US$ axis) and the same numbers as a table, which the chart's text alternative points to. On a
// phone the table scrolls in its own focusable box, which says so.
// Every figure says its period (gross, monthly), currency, sample size and confidence grade; groups under the
// floor show "not enough data yet" instead of numbers.
export type BreakdownRow = MarkupRow;

export function SalaryBreakdown({
  id,
  title,
  rows,
  locale,
  t,
  caption,
  intro,
  reference,
}: {
  id: string;
  title: string;
  rows: BreakdownRow[];
  locale: Locale;
  t: T;
  caption?: string;
  intro?: string;
  /** A median (USD) to compare each row with: adds a column with the difference (the effect of the dimension). */
  reference?: { usd: number; label: string };
}) {
  if (!rows.length) return null;
  // Decision 052: the "low" groups (and any without a figure) apart, after the ranked ones, under their own
  // sub-heading; both charts on one scale, so a bar of one reads against the other's.
  const { ranked, few } = splitByConfidence(rows, (r) => r.confidence);
  const max = Math.max(...rows.filter((r) => r.enough).map((r) => r.usd.p75));
  // The first part shown carries the chart's legend and the phone's scroll hint, for both.
  const part = (list: BreakdownRow[], name: string, first: boolean) =>
    list.length > 0 && (
      <>
        <RangeChart title={name} rows={list.filter((r) => r.enough)} locale={locale} t={t} max={max} legend={first} />
        {first && (
          <p className="scroll-hint" id={`${id}-hint`} data-testid="scroll-hint">
            {t('salary.scrollHint')}
          </p>
        )}
        {/* Focusable so keyboard users can scroll it; named apart from the section, a region of the same name. */}
        <div
          className="table-scroll salary-scroll"
          tabIndex={0}
          role="region"
          aria-label={t('salary.tableLabel', { title: name })}
          aria-describedby={`${id}-hint`}
        >
          <table className="salary-table">
            <caption>
              <span className="caption-text">{caption ?? t('salary.caption')}</span>
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('salary.group')}</th>
                <th scope="col">{t('salary.median')}</th>
                <th scope="col">{t('salary.range')}</th>
                {reference && <th scope="col">{reference.label}</th>}
                <th scope="col">{t('salary.sampleGrade')}</th>
                <th scope="col">{t('salary.source')}</th>
              </tr>
            </thead>
            {/* One markup string (decision 032): the rows were the largest part of an uncached salary page's render. */}
            <tbody dangerouslySetInnerHTML={{ __html: salaryRowsMarkup(list, locale, t, reference) }} />
          </table>
        </div>
      </>
    );
  return (
    <section className="section salary-block" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {rows.some((r) => r.to) && (
        <Enhance kind="soft-links" props={{}}>
          {null}
        </Enhance>
      )}
      {intro && <p className="muted">{intro}</p>}
      {/* The whole table's provenance (gross, period, currencies, FX date, licences); each row names its sources. */}
      <Provenance stats={mergeProvenance(rows)} locale={locale} t={t} withN={false} />
      {part(ranked, title, true)}
      {few.length > 0 && (
        <div className="salary-few" data-testid="few-reports">
          <h3>{t('salary.few')}</h3>
          <p className="muted">{t('salary.fewIntro')}</p>
          {part(few, t('salary.fewTable', { title }), !ranked.length)}
        </div>
      )}
    </section>
  );
}

/** ", adjusted for: Inglés avanzado, Docker" after a range that is not the plain role-and-seniority one. */
type Place = { label: string; to: string };
const Links = ({ items }: { items: Place[] }) =>
  items.map((c, i) => (
    <span key={c.to}>
      {i > 0 && ', '}
      <Link to={c.to}>{c.label}</Link>
    </span>
  ));

/** "Solo 8 reportes de una fuente; hacen falta al menos 10 para dar una cifra." */
export function missingText(t: T, locale: Locale, { n, sources }: { n: number; sources: number }): string {
  const reports = n === 1 ? t('salary.reportsOne') : t('salary.reportsMany', { n: formatNumber(n, locale) });
  if (!sources) return t('salary.missingNoSource', { reports, min: MIN_FIGURE_REPORTS });
  const from = sources === 1 ? t('salary.sourceOne') : t('salary.sourcesMany', { n: formatNumber(sources, locale) });
  return t('salary.missing', { reports, sources: from, min: MIN_FIGURE_REPORTS });
}

/**
/**
 * "Not enough reports", why (on a role page: how many reports there are, or that no source has any, and when
 * the role is one a survey cannot give), and where the data does reach (decision 025: not a dead end back to
 * the calculator): the roles with figures in this country, the countries with figures (for the role, on a
 * role page), and when neither, the roles with figures anywhere (decision 053). `missing` is the group's own
 * count when it has reports, said as what a figure lacks (decision 052).
 */
export function NoSalaryData({
  t,
  covered,
  role,
  here,
  missing,
  why = [],
  anywhere = [],
}: {
  t: T;
  covered: Place[];
  role: boolean;
  here?: { country: string; roles: Place[] };
  missing?: string;
  /** Sentences that say why this page has no figure. */
  why?: readonly string[];
  /** Roles with figures in some country, shown when this page's country and role lead nowhere. */
  anywhere?: Place[];
}) {
  const dead = !here?.roles.length && !covered.length;
  return (
    <div className="notice salary-none" data-testid="no-salary-data">
      <p>{t('salary.noData')}</p>
      {missing && <p data-testid="salary-missing">{missing}</p>}
      {why.length > 0 && (
        <p data-testid="no-data-why">
          {why.map((w, i) => (
            <span key={i}>
              {i > 0 && ' '}
              {w}
            </span>
          ))}
        </p>
      )}
      {here && here.roles.length > 0 && (
        <p data-testid="covered-roles">
          {t('salary.coveredRoles', { country: here.country })} <Links items={here.roles} />.
        </p>
      )}
      {covered.length ? (
        <p data-testid="covered-countries">
          {t(role ? 'salary.coveredRole' : 'salary.covered')} <Links items={covered} />.
        </p>
      ) : (
        <p>{t(role ? 'salary.noneCoveredRole' : 'salary.noneCovered')}</p>
      )}
      {dead && anywhere.length > 0 && (
        <p data-testid="covered-anywhere">
          {t('salary.coveredAnywhere')} <Links items={anywhere} />.
        </p>
      )}
    </div>
  );
}

/** Where the page's numbers come from, in full, with licences, and how they are made; demo data says so; what
 * the grades mean, once. */
export function SalarySources({ stats, locale, t }: { stats: ProvenanceStats; locale: Locale; t: T }) {
  return (
    <aside className="section sources" id="salary-sources" aria-label={t('salary.sources')}>
      <h2 className="h3">{t('salary.sources')}</h2>
      {stats.demoShare > 0 && <p className="demo-note">{t('salary.demoNote')}</p>}
      <ul>
        {stats.sources.map((s) => (
          <li key={s.id}>
            <SourceList sources={[s]} t={t} short={false} />
          </li>
        ))}
      </ul>
      <MethodNote t={t} locale={locale} className="muted" />
      <GradeHelp t={t} />
    </aside>
  );
}

/** How a figure's confidence grade is made (decision 052), with the rule's own thresholds. */
function GradeHelp({ t }: { t: T }) {
  const n = { min: MIN_FIGURE_REPORTS, medium: MEDIUM_REPORTS, high: HIGH_REPORTS, single: HIGH_SINGLE_SOURCE };
  return (
    <div className="grade-help" id="salary-grades" data-testid="grade-help">
      <h3>{t('salary.gradeHelp.title')}</h3>
      <p>{t('salary.gradeHelp.intro')}</p>
      <ul>
        <li>{t('salary.gradeHelp.high', n)}</li>
        <li>{t('salary.gradeHelp.medium', n)}</li>
        <li>{t('salary.gradeHelp.low', n)}</li>
      </ul>
      <p>{t('salary.gradeHelp.spread', { factor: Math.round(Math.exp(WIDE_SPREAD)) })}</p>
      <p>{t('salary.gradeHelp.none', n)}</p>
      <p>{t('salary.gradeHelp.few')}</p>
    </div>
  );
}
