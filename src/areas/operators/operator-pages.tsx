import 'server-only';
import { encode } from 'uqr';
import { PageError } from '../../domain/page-error';
import { formatDate } from '../../i18n/format';
import type { T } from '../../i18n/translate';
import { href, type RouteId } from '../../routes';
import { describedBy, Row, Summary } from '../../components/forms/form-parts';
import { answer } from '../../server/render/page-answer';
import type { Page, PageProps } from '../../server/render/page-types';
import type { AreaDeps } from '../route-module';
import { NO_STORE, operatorOfPage } from './operator-access';
import { Pager } from './section-kit';

// The operator area (decision 070): the dashboard (links to the sections to come), the second step of an
// operator's sign-in with the enrolment of the factor, and the audit log. Every page is private, no-store,
// noindex, and a 404 for anyone but an operator (the second step: for anyone but an account with the role).
type Deps = Pick<AreaDeps, 'operators'>;

const SECTIONS = ['moderation', 'accounts', 'certificates', 'leads', 'salaries'] as const;
/** The sections that exist, by their route (the others say they are to come). */
const SECTION_ROUTES: Partial<Record<(typeof SECTIONS)[number], RouteId>> = {
  moderation: 'operatorModeration',
  accounts: 'operatorAccounts',
  certificates: 'operatorCertificates',
  leads: 'operatorLeads',
  salaries: 'operatorSalaries',
};

export const operatorPage =
  (deps: Deps): Page =>
  async (p: PageProps) => {
    const { t, locale } = p;
    const op = await operatorOfPage(deps, p.viewer);
    return answer(
      200,
      <div className="container page operator-page" data-testid="operator-dashboard">
        <h1>{t('operators.dashboard.heading')}</h1>
        <p className="muted">{t('operators.dashboard.intro')}</p>
        <p className="muted">{op.email}</p>
        <ul className="operator-sections section-sm">
          {SECTIONS.map((s) => {
            const route = SECTION_ROUTES[s];
            return (
              <li key={s}>
                {route ? (
                  <a href={href(route, locale)}>{t(`operators.dashboard.sections.${s}`)}</a>
                ) : (
                  <>
                    {t(`operators.dashboard.sections.${s}`)} <span className="muted">({t('operators.dashboard.soon')})</span>
                  </>
                )}
              </li>
            );
          })}
          <li>
            <a href={href('operatorAudit', locale)}>{t('operators.dashboard.sections.audit')}</a>
          </li>
        </ul>
        <form method="post" action={href('operator', locale)} className="section-sm">
          <input type="hidden" name="intent" value="leave" />
          <button type="submit" className="btn btn-secondary btn-md">
            {t('operators.dashboard.leave')}
          </button>
        </form>
      </div>,
      NO_STORE,
    );
  };

/** The QR code of the otpauth:// link, drawn on the server as SVG (no script, no image request). */
function QrCode({ text, label }: { text: string; label: string }) {
  const { data, size } = encode(text, { ecc: 'M', border: 2 });
  let d = '';
  data.forEach((row, y) => row.forEach((dark, x) => (d += dark ? `M${x} ${y}h1v1h-1z` : '')));
  return (
    <svg viewBox={`0 0 ${size} ${size}`} width="220" height="220" role="img" aria-label={label} className="operator-qr">
      <rect width={size} height={size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}

function CodeForm({ t, locale, p, submit }: { t: T; locale: PageProps['locale']; p: PageProps; submit: string }) {
  const error = p.form?.errors.code ?? null;
  return (
    <form method="post" action={href('operatorVerify', locale)} className="form section-sm" noValidate>
      <Summary state={p.form} />
      <Row id="operator-code" name="code" label={t('operators.verify.code')} error={error}>
        <input
          id="operator-code"
          name="code"
          type="text"
          inputMode="text"
          autoComplete="one-time-code"
          required
          maxLength={20}
          aria-invalid={!!error || undefined}
          aria-describedby={describedBy('operator-code', false, !!error)}
        />
      </Row>
      <button type="submit" className="btn btn-primary btn-md">
        {submit}
      </button>
    </form>
  );
}

export const operatorVerifyPage =
  ({ operators }: Deps): Page =>
  async (p: PageProps) => {
    const { t, locale, viewer } = p;
    const svc = await operators();
    const status = viewer ? await svc.status(viewer.id) : null;
    if (!viewer || !status) throw new PageError(404, 'Not Found');
    const codes = p.form?.values.recoveryCodes?.split(' ').filter(Boolean) ?? [];
    if (codes.length) {
      return answer(
        200,
        <div className="container page operator-page">
          <h1>{t('operators.verify.codesHeading')}</h1>
          <p>{t('operators.verify.codesIntro')}</p>
          <ul className="operator-codes" data-testid="recovery-codes">
            {codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ul>
          <a className="btn btn-primary btn-md" href={href('operator', locale)}>
            {t('operators.verify.continue')}
          </a>
        </div>,
        NO_STORE,
      );
    }
    const enrolment = status.enrolled ? null : await svc.enrolment(viewer.id);
    return answer(
      200,
      <div className="container page operator-page">
        {enrolment ? (
          <>
            <h1>{t('operators.verify.enrolHeading')}</h1>
            <p>{t('operators.verify.enrolIntro')}</p>
            <QrCode text={enrolment.uri} label={t('operators.verify.qr')} />
            <dl className="operator-secret">
              <dt>{t('operators.verify.secret')}</dt>
              <dd>
                <code data-testid="totp-secret">{enrolment.secret}</code>
              </dd>
              <dt>{t('operators.verify.uri')}</dt>
              <dd>
                <code className="operator-uri" data-testid="totp-uri">
                  {enrolment.uri}
                </code>
              </dd>
            </dl>
            <CodeForm t={t} locale={locale} p={p} submit={t('operators.verify.enrolSubmit')} />
          </>
        ) : (
          <>
            <h1>{t('operators.verify.heading')}</h1>
            <p>{t('operators.verify.intro')}</p>
            <CodeForm t={t} locale={locale} p={p} submit={t('operators.verify.submit')} />
          </>
        )}
      </div>,
      NO_STORE,
    );
  };

const cursorOf = (query: string) => {
  const v = new URLSearchParams(query).get('antes') ?? '';
  return /^[1-9][0-9]{0,9}$/.test(v) && Number(v) <= 2_147_483_647 ? Number(v) : null;
};

export const operatorAuditPage =
  (deps: Deps): Page =>
  async (p: PageProps) => {
    const { t, locale } = p;
    await operatorOfPage(deps, p.viewer);
    const before = cursorOf(p.query);
    const { items, next } = await (await deps.operators()).audit(before);
    const self = href('operatorAudit', locale);
    return answer(
      200,
      <div className="container page operator-page">
        <h1>{t('operators.audit.heading')}</h1>
        <p className="muted">{t('operators.audit.intro')}</p>
        {items.length === 0 ? (
          <p className="notice section-sm">{t('operators.audit.empty')}</p>
        ) : (
          <ol className="operator-audit section-sm" data-testid="audit-log">
            {items.map((e) => (
              <li key={e.id} className="operator-audit-entry" data-testid="audit-entry">
                <p>
                  <time dateTime={e.created_at.toISOString()}>{formatDate(e.created_at, locale)}</time> · <strong>{e.actor}</strong> ·{' '}
                  <code>{e.action}</code>
                  {e.target_type && (
                    <>
                      {' '}
                      · {t('operators.audit.target')} {e.target_type} {e.target_id}
                    </>
                  )}
                </p>
                {e.before_json && (
                  <p className="muted">
                    {t('operators.audit.before')}: <code>{e.before_json}</code>
                  </p>
                )}
                {e.after_json && (
                  <p className="muted">
                    {t('operators.audit.after')}: <code>{e.after_json}</code>
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
        <Pager t={t} self={self} before={before} next={next} label={t('operators.audit.heading')}>
          <a href={href('operator', locale)} className="btn btn-ghost btn-md">
            {t('operators.audit.back')}
          </a>
        </Pager>
      </div>,
      NO_STORE,
    );
  };
