import 'server-only';
import { describedBy, Row } from '../../components/forms/form-parts';
import { formatDate } from '../../i18n/format';
import { href } from '../../routes';
import { answer } from '../../server/render/page-answer';
import type { Page, PageProps } from '../../server/render/page-types';
import type { AreaDeps } from '../route-module';
import { NO_STORE, operatorOfPage } from './operator-access';
import { cursorIn, Pager, ReasonForm, Summary } from './section-kit';

// The operators' certificates section (revoke with a reason, the revoked list with who did it) and leads
// and meetings section (both lists with their states, each as CSV), decision 074.
type Deps = Pick<AreaDeps, 'operators' | 'learning' | 'meetings'>;
const PER_PAGE = 50;

export const operatorCertificatesPage =
  (deps: Deps): Page =>
  async (p: PageProps) => {
    const { t, locale } = p;
    await operatorOfPage(deps, p.viewer);
    const before = cursorIn(p.query);
    const rows = await (await deps.learning()).latestCertificates(PER_PAGE + 1, true, before);
    const items = rows.slice(0, PER_PAGE);
    const next = rows.length > PER_PAGE ? items.at(-1)!.statusIndex : null;
    const who = await (
      await deps.operators()
    ).actorsOf(
      'certificate',
      items.map((c) => c.slug),
      'certificate.revoke',
    );
    const self = href('operatorCertificates', locale);
    const error = p.form?.errors.certificate ?? null;
    return answer(
      200,
      <div className="container page operator-page">
        <h1>{t('operatorSections.certificates.heading')}</h1>
        <p className="muted">{t('operatorSections.certificates.intro')}</p>
        <Summary state={p.form} />
        <ReasonForm
          t={t}
          p={p}
          action={self}
          id="certificate-reason"
          submit={t('operatorSections.certificates.revoke')}
          testId="revoke-form"
        >
          <Row id="certificate-ref" name="certificate" label={t('operatorSections.certificates.ref')} error={error}>
            <input
              id="certificate-ref"
              name="certificate"
              type="text"
              required
              maxLength={200}
              defaultValue={p.form?.values.certificate ?? ''}
              aria-invalid={!!error || undefined}
              aria-describedby={describedBy('certificate-ref', false, !!error)}
            />
          </Row>
        </ReasonForm>
        <h2 className="section-sm">{t('operatorSections.certificates.revoked')}</h2>
        {items.length === 0 ? (
          <p className="notice">{t('operatorSections.none')}</p>
        ) : (
          <ul className="operator-list" data-testid="revoked-certificates">
            {items.map((c) => (
              <li key={c.slug}>
                <a href={href('certification', locale, { slug: c.slug })}>{c.slug}</a> · {c.holderName} ·{' '}
                <time dateTime={c.revokedAt!.toISOString()}>{formatDate(c.revokedAt!, locale)}</time> · {c.revokeReason ?? '—'} ·{' '}
                {who.get(c.slug) ?? t('operatorSections.certificates.cli')}
              </li>
            ))}
          </ul>
        )}
        <Pager t={t} self={self} before={before} next={next} />
        <p className="section-sm">
          <a href={href('operator', locale)}>{t('operators.audit.back')}</a>
        </p>
      </div>,
      NO_STORE,
    );
  };

export const operatorLeadsPage =
  (deps: Deps): Page =>
  async (p: PageProps) => {
    const { t, locale } = p;
    await operatorOfPage(deps, p.viewer);
    const leadsBefore = cursorIn(p.query, 'leads');
    const meetingsBefore = cursorIn(p.query, 'reuniones');
    const admin = (await deps.meetings()).admin;
    const [leads, bookings] = await Promise.all([admin.leads(leadsBefore), admin.bookings(meetingsBefore)]);
    const self = href('operatorLeads', locale);
    return answer(
      200,
      <div className="container page operator-page">
        <h1>{t('operatorSections.leads.heading')}</h1>
        <p className="muted">{t('operatorSections.leads.intro')}</p>
        <h2 className="section-sm">{t('operatorSections.leads.leads')}</h2>
        <p>
          <a href={`${self}?csv=leads`} download="leads.csv" className="btn btn-secondary btn-md" data-testid="leads-csv">
            {t('operatorSections.leads.csv')}
          </a>
        </p>
        {leads.items.length === 0 ? (
          <p className="notice">{t('operatorSections.none')}</p>
        ) : (
          <ul className="operator-list" data-testid="leads">
            {leads.items.map((l) => (
              <li key={l.id}>
                {formatDate(l.created_at, locale)} · {l.name} · {l.email} · {l.company ?? '—'} ·{' '}
                <strong>{t(`operatorSections.leads.state.${l.state}`)}</strong>
              </li>
            ))}
          </ul>
        )}
        <Pager t={t} self={self} before={leadsBefore} next={leads.next} param="leads" />
        <h2 className="section-sm">{t('operatorSections.leads.meetings')}</h2>
        <p>
          <a href={`${self}?csv=reuniones`} download="meetings.csv" className="btn btn-secondary btn-md" data-testid="meetings-csv">
            {t('operatorSections.leads.csv')}
          </a>
        </p>
        {bookings.items.length === 0 ? (
          <p className="notice">{t('operatorSections.none')}</p>
        ) : (
          <ul className="operator-list" data-testid="meetings">
            {bookings.items.map((b) => (
              <li key={b.id}>
                {formatDate(b.starts_at, locale)} · {b.name} · {b.email} · {b.company ?? '—'} ·{' '}
                <strong>{t(`operatorSections.leads.booking.${b.status}`)}</strong>
              </li>
            ))}
          </ul>
        )}
        <Pager t={t} self={self} before={meetingsBefore} next={bookings.next} param="reuniones" />
        <p className="section-sm">
          <a href={href('operator', locale)}>{t('operators.audit.back')}</a>
        </p>
      </div>,
      NO_STORE,
    );
  };
