import 'server-only';
import { alertSearchParts, FREQUENCIES, selectionOfAlert, type AlertSearch } from '../../domain/alert-search';
import { formatDate, formatMoney } from '../../i18n/format';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { jobsHref } from '../jobs/job-search-url';
import { searchWords } from '../../server/alerts/alert-emails';
import type { AlertView } from '../../server/alerts/alert-service';

// Job alerts as a list with their own small forms (frequency, delete): the tokened manage page and the
// candidate's workspace show the same list, posting to their own action with the hidden fields given.
type ListProps = { alerts: AlertView[]; action: string; hidden?: Record<string, string>; locale: Locale; t: T };

/** The search page an alert watches. */
export const alertSearchHref = (s: AlertSearch, locale: Locale) =>
  jobsHref(locale, selectionOfAlert(s), { q: s.q, ...(s.minSalaryUsd ? { minSalaryUsd: s.minSalaryUsd } : {}) });

const Hidden = ({ values }: { values: Record<string, string> }) => (
  <>
    {Object.entries(values).map(([k, v]) => (
      <input key={k} type="hidden" name={k} value={v} />
    ))}
  </>
);

export function AlertList({ alerts, action, hidden = {}, locale, t }: ListProps) {
  return (
    <ul className="alert-list">
      {alerts.map((a) => (
        <li key={a.id} className="card alert-item">
          <p className="alert-search">
            <a href={alertSearchHref(a.search, locale)}>{searchWords(a.search, locale)}</a>
          </p>
          <p className="muted alert-status">
            {a.status === 'pending'
              ? t('alerts.manage.pending')
              : a.lastSentAt
                ? t('alerts.manage.lastSent', { date: formatDate(a.lastSentAt, locale) })
                : t('alerts.manage.never')}
          </p>
          <div className="alert-forms">
            <form method="post" action={action} className="alert-frequency">
              <Hidden values={{ ...hidden, intent: 'frequency', alert: String(a.id) }} />
              <label htmlFor={`alert-frequency-${a.id}`}>{t('alerts.frequency.label')}</label>
              <select id={`alert-frequency-${a.id}`} name="frequency" defaultValue={a.frequency}>
                {FREQUENCIES.map((f) => (
                  <option key={f} value={f}>
                    {t(`alerts.frequency.${f}`)}
                  </option>
                ))}
              </select>
              <button type="submit" className="btn btn-outline-primary">
                {t('alerts.manage.save')}
              </button>
            </form>
            <form method="post" action={action}>
              <Hidden values={{ ...hidden, intent: 'delete', alert: String(a.id) }} />
              <button
                type="submit"
                className="btn btn-outline-primary"
                aria-label={`${t('alerts.manage.delete')}: ${searchWords(a.search, locale)}`}
              >
                {t('alerts.manage.delete')}
              </button>
            </form>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** What an alert watches, one line per part (the alert page before saving). */
export function AlertParts({ search, locale, t }: { search: AlertSearch; locale: Locale; t: T }) {
  const p = alertSearchParts(search, locale);
  const lines = [
    ...(p.country ? [t('alerts.parts.country', { value: p.country })] : []),
    ...(p.facets.length ? [t('alerts.parts.facets', { value: p.facets.join(', ') })] : []),
    ...(p.q ? [t('alerts.parts.q', { value: p.q })] : []),
    ...(p.minSalaryUsd ? [t('alerts.parts.salary', { value: formatMoney(p.minSalaryUsd, 'USD', locale) })] : []),
  ];
  return (
    <section className="card alert-parts" aria-labelledby="alert-parts-title">
      <h2 id="alert-parts-title" className="h3">
        {t('alerts.parts.heading')}
      </h2>
      <ul>{lines.length ? lines.map((l) => <li key={l}>{l}</li>) : <li>{t('alerts.parts.none')}</li>}</ul>
    </section>
  );
}
