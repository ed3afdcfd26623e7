import { Link } from 'waku';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { RangeChart } from './range-chart';
import { Enhance } from '../../components/islands/enhance';
import { mergeProvenance, SourceList, type ProvenanceStats } from '../../views/salary/salary-provenance';
import { salaryRowsMarkup, type MarkupRow } from './table-markup';
import { splitByConfidence } from './confidence-order';
import { formatNumber } from '../../i18n/format';
import { HIGH_REPORTS, HIGH_SINGLE_SOURCE, MEDIUM_REPORTS, MIN_FIGURE_REPORTS, WIDE_SPREAD } from '../../domain/salary-confidence';
import { MethodNote } from './salary-method';

// A block of salary figures: a server-rendered range chart (25th to 75th percentile with the median, on a
// labelled US$ axis) and the same numbers as a table, which the chart's text alternative points to. On a
// phone the table scrolls in its own focusable box, which says so. Decision 082: a two-way switch of native
// radio inputs (CSS only, no client code) shows the chart or the table, the chart first; without CSS both
// show. The block says where its figures come from in one short line; the full note is the page's, once.
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
  open = true,
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
  /** Shown open (the default), or closed behind its heading. */
  open?: boolean;
}) {
  if (!rows.length) return null;
  // Decision 052: the "low" groups (and any without a figure) apart, after the ranked ones, under their own
  // sub-heading; both charts on one scale, so a bar of one reads against the other's.
  const { ranked, few } = splitByConfidence(rows, (r) => r.confidence);
  const max = Math.max(...rows.filter((r) => r.enough).map((r) => r.usd.p75));
  // The first part shown carries the chart's legend and the phone's scroll hint, for both.
  const charted = rows.some((r) => r.enough);
  const part = (list: BreakdownRow[], name: string, first: boolean) =>
    list.length > 0 && (
      <>
        <RangeChart title={name} rows={list.filter((r) => r.enough)} locale={locale} t={t} max={max} legend={first} />
        {first && (
          <p className={`scroll-hint${list.some((r) => r.enough) ? ' with-chart' : ''}`} id={`${id}-hint`} data-testid="scroll-hint">
            {t('salary.scrollHint')}
          </p>
        )}
        {/* Focusable so keyboard users can scroll it; named apart from the section, a region of the same name.
            A table beside a chart is the switch's second view; one without a chart (no group has a figure) stays. */}
        <div
          className={`table-scroll salary-scroll${list.some((r) => r.enough) ? ' with-chart' : ''}`}
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
  const heading = <h2 id={`${id}-title`}>{title}</h2>;
  const body = (
    <>
      {rows.some((r) => r.to) && (
        <Enhance kind="soft-links" props={{}}>
          {null}
        </Enhance>
      )}
      {/* The intro speaks of the table's last column: on a phone it goes with the table. */}
      {intro && <p className={`muted${charted ? ' with-chart' : ''}`}>{intro}</p>}
      <BlockCue stats={mergeProvenance(rows)} t={t} />
      {charted && <ViewSwitch id={id} title={title} t={t} />}
      {part(ranked, title, true)}
      {few.length > 0 && (
        <div className="salary-few" data-testid="few-reports">
          <h3>{t('salary.few')}</h3>
          <p className="muted">{t('salary.fewIntro')}</p>
          {part(few, t('salary.fewTable', { title }), !ranked.length)}
        </div>
      )}
    </>
  );
  // Decision 082: a page's later blocks start closed, their headings the page's outline on a phone.
  return (
    <section className="section salary-block" aria-labelledby={`${id}-title`}>
      {open ? (
        <>
          {heading}
          {body}
        </>
      ) : (
        <details className="block-more" data-testid="block-more">
          <summary>{heading}</summary>
          {body}
        </details>
      )}
    </section>
  );
}

/**
 * Where a block's figures come from, short: gross monthly, its sources by name, the demo label when its reports
 * are demo data, and a link to the page's one full note (period, currencies, FX rate, licences, method). Each
 * bar and row says its own n and grade.
 */
function BlockCue({ stats, t }: { stats: ProvenanceStats; t: T }) {
  return (
    <p className="block-cue" data-testid="block-cue">
      <span>{t('salary.provenance.gross')}</span>
      {stats.sources.length > 0 && (
        <span>
          {t(stats.sources.length > 1 ? 'salary.provenance.sources' : 'salary.provenance.source')}{' '}
          <SourceList sources={stats.sources} t={t} licences={false} />
        </span>
      )}
      {stats.demoShare > 0 && (
        <span className="badge badge-demo" data-testid="demo-badge">
          {t('salary.demoBadge')}
        </span>
      )}
      <a href="#salary-sources">{t('salary.cue.method')}</a>
    </p>
  );
}

/** Chart or table: two radio inputs; the stylesheet shows the checked view (the chart by default). */
function ViewSwitch({ id, title, t }: { id: string; title: string; t: T }) {
  const name = `${id}-view`;
  return (
    <div className="view-switch" role="radiogroup" aria-label={t('salary.view.label', { title })} data-testid="view-switch">
      <input type="radio" className="view-input" name={name} id={`${id}-view-chart`} value="chart" defaultChecked />
      <label htmlFor={`${id}-view-chart`}>{t('salary.view.chart')}</label>
      <input type="radio" className="view-input" name={name} id={`${id}-view-table`} value="table" />
      <label htmlFor={`${id}-view-table`}>{t('salary.view.table')}</label>
    </div>
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
      {/* Decision 082: how the figures are made and what the grades mean, one tap away (a phone's page stays short). */}
      <details className="sources-more block-more" data-testid="sources-more">
        <summary>{t('salary.howMade')}</summary>
        <MethodNote t={t} locale={locale} className="muted" />
        <GradeHelp t={t} />
      </details>
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
