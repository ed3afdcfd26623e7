import 'server-only';
import { countries, labelOf, roles, seniorities } from '../../domain/catalog';
import { formatDate } from '../../i18n/format';
import { href } from '../../routes';
import { answer } from '../../server/render/page-answer';
import type { Page, PageProps } from '../../server/render/page-types';
import type { AreaDeps } from '../route-module';
import { NO_STORE, operatorOfPage } from './operator-access';
import { cursorIn, Pager, ReasonForm, Summary } from './section-kit';

// The operators' salary-data section (decision 075): the sources (count, demo or real, licence, last import,
// collected dates) and the reports the aggregates' rebuild flagged as outliers of their group, each with
// its group's quartiles and the two actions, remove (with a reason) and dismiss.
type Deps = Pick<AreaDeps, 'operators'>;

const usd = (n: number) => `US$ ${Math.round(n).toLocaleString('en-US')}`;

export const operatorSalariesPage =
  (deps: Deps): Page =>
  async (p: PageProps) => {
    const { t, locale } = p;
    await operatorOfPage(deps, p.viewer);
    const svc = (await deps.operators()).salaries;
    const before = cursorIn(p.query);
    const [sources, outliers] = await Promise.all([svc.sources(), svc.outliers(before)]);
    const self = href('operatorSalaries', locale);
    const done = new URLSearchParams(p.query).get('hecho');
    // A refused post shows its error on the form it came from only.
    const formOf = (report: number, intent: string) =>
      p.form && p.form.values.report === String(report) && p.form.values.intent === intent ? p : { ...p, form: null };
    return answer(
      200,
      <div className="container page operator-page">
        <h1>{t('operatorSections.salaries.heading')}</h1>
        <p className="muted">{t('operatorSections.salaries.intro')}</p>
        <Summary state={p.form} />
        {(done === 'remove' || done === 'dismiss') && (
          <p className="notice" role="status" data-testid="salaries-done">
            {t(`operatorSections.salaries.done.${done}`)}
          </p>
        )}
        <h2 className="section-sm">{t('operatorSections.salaries.sources')}</h2>
        <ul className="operator-list" data-testid="salary-sources">
          {sources.map((s) => (
            <li key={s.source}>
              <strong>{s.name}</strong> ({s.source}) · {t('operatorSections.salaries.reports', { n: s.reports })} ·{' '}
              {t(s.demo ? 'operatorSections.salaries.demo' : 'operatorSections.salaries.real')} · {s.licence} ·{' '}
              {s.lastImport ? (
                <>
                  {t('operatorSections.salaries.lastImport')}{' '}
                  <time dateTime={s.lastImport.at.toISOString()}>{formatDate(s.lastImport.at, locale)}</time> ({s.lastImport.file})
                </>
              ) : (
                t('operatorSections.salaries.neverImported')
              )}{' '}
              · {t('operatorSections.salaries.collected')} {s.collectedFrom ?? '—'} – {s.collectedTo ?? '—'}
            </li>
          ))}
        </ul>
        <h2 className="section-sm">{t('operatorSections.salaries.outliers')}</h2>
        <p className="muted">{t('operatorSections.salaries.outliersIntro')}</p>
        {outliers.items.length === 0 ? (
          <p className="notice">{t('operatorSections.none')}</p>
        ) : (
          <ul className="operator-list" data-testid="salary-outliers">
            {outliers.items.map((o) => (
              <li key={o.report_id} data-testid={`outlier-${o.report_id}`}>
                <p>
                  <strong>#{o.report_id}</strong> · {o.source} · {labelOf(countries, o.country, locale)} · {labelOf(roles, o.role, locale)}{' '}
                  · {labelOf(seniorities, o.seniority, locale)} · {o.amount.toLocaleString('en-US')} {o.currency} /{' '}
                  {t(`operatorSections.salaries.period.${o.period === 'year' ? 'year' : 'month'}`)} · {usd(o.usd_month)}{' '}
                  {t('operatorSections.salaries.perMonth')}
                </p>
                <p className="muted">
                  {t('operatorSections.salaries.group', {
                    p25: usd(o.p25),
                    p75: usd(o.p75),
                    low: usd(o.fence_low),
                    high: usd(o.fence_high),
                  })}
                </p>
                <ReasonForm
                  t={t}
                  p={formOf(o.report_id, 'remove')}
                  action={self}
                  id={`remove-reason-${o.report_id}`}
                  submit={t('operatorSections.salaries.remove')}
                  testId="remove-form"
                >
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="report" value={o.report_id} />
                </ReasonForm>
                <ReasonForm
                  t={t}
                  p={formOf(o.report_id, 'dismiss')}
                  action={self}
                  id={`dismiss-reason-${o.report_id}`}
                  submit={t('operatorSections.salaries.dismiss')}
                  testId="dismiss-form"
                >
                  <input type="hidden" name="intent" value="dismiss" />
                  <input type="hidden" name="report" value={o.report_id} />
                </ReasonForm>
              </li>
            ))}
          </ul>
        )}
        <Pager t={t} self={self} before={before} next={outliers.next} />
        <p className="section-sm">
          <a href={href('operator', locale)}>{t('operators.audit.back')}</a>
        </p>
      </div>,
      NO_STORE,
    );
  };
