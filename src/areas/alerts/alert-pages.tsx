import 'server-only';
import { alertQueryOf, alertSearchOfQuery, FREQUENCIES, selectionOfAlert, type AlertSearch } from '../../domain/alert-search';
import { describedBy, Row, Summary } from '../../components/forms/form-parts';
import { ButtonLink } from '../../components/ui/button';
import { PageHero } from '../../components/ui/page-hero';
import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { href } from '../../routes';
import { searchWords } from '../../server/alerts/alert-emails';
import { ServiceError } from '../../server/errors';
import { answer } from '../../server/render/page-answer';
import type { Page, PageProps } from '../../server/render/page-types';
import { AlertList, AlertParts, alertSearchHref } from '../../views/alerts/alert-list';
import type { AreaDeps } from '../route-module';

// The job alert pages (decision 044): the new alert page the job search links to (the search in its query
// string), and the tokened pages of the emails: confirm (a button: link scanners that fetch it change
// nothing), manage (every alert of the address) and unsubscribe (one alert). Never cached.
const PRIVATE = { 'cache-control': 'private, no-store', 'referrer-policy': 'no-referrer' };
type Deps = Pick<AreaDeps, 'alerts'>;

const done = (p: PageProps) => new URLSearchParams(p.query).get('hecho');

function Notice({ text }: { text: string }) {
  return (
    <p className="notice" role="status">
      {text}
    </p>
  );
}

function FrequencyField({ t, value }: { t: T; value: string }) {
  return (
    <Row id="alert-frequency" name="frequency" label={t('alerts.frequency.label')} hint={t('alerts.frequency.hint')}>
      <select id="alert-frequency" name="frequency" defaultValue={value} aria-describedby={describedBy('alert-frequency', true, false)}>
        {FREQUENCIES.map((f) => (
          <option key={f} value={f}>
            {t(`alerts.frequency.${f}`)}
          </option>
        ))}
      </select>
    </Row>
  );
}

const searchFields = (s: AlertSearch) =>
  Object.entries(alertQueryOf(selectionOfAlert(s), s)).flatMap(([k, v]) => (v ? [<input key={k} type="hidden" name={k} value={v} />] : []));

const NEW_NOTICES = { guardada: 'alerts.new.saved', existe: 'alerts.new.duplicate', revisa: 'alerts.new.checkEmail' } as const;

/** /alertas/nueva: what the alert watches, then one click (a candidate) or an email to confirm (anyone else). */
export const alertNewPage = (): Page => (p) => {
  const { t, locale } = p;
  const search = alertSearchOfQuery(new URLSearchParams(p.query));
  if (!search)
    return answer(
      404,
      <PageHero heading={t('routes.alertNew.heading')} intro={t('alerts.new.invalid')}>
        <div className="actions">
          <ButtonLink to={href('jobs', locale)} size="lg">
            {t('alerts.new.back')}
          </ButtonLink>
        </div>
      </PageHero>,
      PRIVATE,
    );
  const state = p.form;
  const status = done(p);
  const notice = status && status in NEW_NOTICES ? t(NEW_NOTICES[status as keyof typeof NEW_NOTICES]) : null;
  const candidate = p.session.type === 'match' && p.session.user ? p.session.user : null;
  const action = `${href('alertNew', locale)}${p.query ? `?${p.query}` : ''}`;
  return answer(
    200,
    <>
      <PageHero heading={t('routes.alertNew.heading')} intro={t('routes.alertNew.intro')} />
      <div className="container page alert-page">
        {notice && <Notice text={notice} />}
        <Summary state={state} />
        <AlertParts search={search} locale={locale} t={t} />
        {!notice && (
          <form className="card alert-form" method="post" action={action}>
            {searchFields(search)}
            <input type="hidden" name="intent" value="save" />
            {candidate ? (
              <p>{t('alerts.new.savedAs', { email: candidate.email })}</p>
            ) : (
              <Row
                id="alert-email"
                name="email"
                label={t('alerts.new.email')}
                hint={t('alerts.new.emailHint')}
                error={state?.errors.email ?? null}
              >
                <input
                  id="alert-email"
                  name="email"
                  type="email"
                  required
                  maxLength={254}
                  autoComplete="email"
                  defaultValue={state?.values.email ?? ''}
                  aria-invalid={!!state?.errors.email || undefined}
                  aria-describedby={describedBy('alert-email', true, !!state?.errors.email)}
                />
              </Row>
            )}
            <FrequencyField t={t} value={state?.values.frequency ?? 'daily'} />
            <button type="submit" className="btn btn-primary btn-lg">
              {candidate ? t('alerts.new.saveOneClick') : t('alerts.new.save')}
            </button>
            <p className="field-hint">{t('alerts.new.privacy')}</p>
          </form>
        )}
        <p className="alert-links">
          <a href={alertSearchHref(search, locale)}>{t('alerts.new.back')}</a>
          {candidate && <a href={`${href('matchPlatform', locale)}#alerts`}>{t('alerts.new.mine')}</a>}
        </p>
      </div>
    </>,
    PRIVATE,
  );
};

const linkGone = (t: T, locale: Locale, status: number, heading: string, text: string) =>
  answer(
    status,
    <PageHero heading={heading} intro={text}>
      <div className="actions">
        <ButtonLink to={href('jobs', locale)} size="lg">
          {t('alerts.new.back')}
        </ButtonLink>
      </div>
    </PageHero>,
    PRIVATE,
  );

/** /alertas/confirmar/{token}: the visitor's alert, turned on by the button. */
export const alertConfirmPage =
  ({ alerts }: Deps): Page =>
  async (p) => {
    const { t, locale } = p;
    const token = String(p.params.token ?? '');
    const pending = await (await alerts()).findPending(token);
    if (!pending) return linkGone(t, locale, 410, t('alerts.confirm.goneHeading'), t('alerts.confirm.gone'));
    return answer(
      200,
      <>
        <PageHero heading={t('routes.alertConfirm.heading')} intro={t('routes.alertConfirm.intro')} />
        <div className="container page alert-page">
          <Summary state={p.form} />
          <form className="card alert-form" method="post" action={href('alertConfirm', locale, { token })}>
            <input type="hidden" name="intent" value="confirm" />
            <p>{t('alerts.confirm.ask', { search: searchWords(pending.search, locale) })}</p>
            <button type="submit" className="btn btn-primary btn-lg">
              {t('alerts.confirm.action')}
            </button>
          </form>
        </div>
      </>,
      PRIVATE,
    );
  };

const MANAGE_NOTICES = {
  activada: 'alerts.manage.activated',
  frecuencia: 'alerts.manage.updated',
  eliminada: 'alerts.manage.deleted',
  todas: 'alerts.manage.deletedAll',
} as const;

const notFound = (p: PageProps) => linkGone(p.t, p.locale, 404, p.t('alerts.manage.notFoundHeading'), p.t('alerts.manage.notFound'));

/** /alertas/gestionar/{token}: every alert of the address; a token that was never issued is a 404. */
export const alertManagePage =
  ({ alerts }: Deps): Page =>
  async (p) => {
    const { t, locale } = p;
    const token = String(p.params.token ?? '');
    let data;
    try {
      data = await (await alerts()).manage(token);
    } catch (err) {
      if (err instanceof ServiceError && err.code === 'not-found') return notFound(p);
      throw err;
    }
    const status = done(p);
    const action = href('alertManage', locale, { token });
    return answer(
      200,
      <>
        <PageHero heading={t('routes.alertManage.heading')} intro={t('alerts.manage.for', { email: data.email })} />
        <div className="container page alert-page">
          {status && status in MANAGE_NOTICES && <Notice text={t(MANAGE_NOTICES[status as keyof typeof MANAGE_NOTICES])} />}
          <Summary state={p.form} />
          {data.alerts.length ? (
            <>
              <AlertList alerts={data.alerts} action={action} locale={locale} t={t} />
              <form method="post" action={action}>
                <input type="hidden" name="intent" value="deleteAll" />
                <button type="submit" className="btn btn-outline-primary">
                  {t('alerts.manage.deleteAll')}
                </button>
              </form>
            </>
          ) : (
            <p className="notice">{t('alerts.manage.empty')}</p>
          )}
        </div>
      </>,
      PRIVATE,
    );
  };

/** /alertas/baja/{token}: one alert, deleted by the button (a GET deletes nothing). */
export const alertUnsubscribePage =
  ({ alerts }: Deps): Page =>
  async (p) => {
    const { t, locale } = p;
    const token = String(p.params.token ?? '');
    const heading = <PageHero heading={t('routes.alertUnsubscribe.heading')} intro={t('routes.alertUnsubscribe.intro')} />;
    if (done(p) === '1')
      return answer(
        200,
        <>
          {heading}
          <div className="container page alert-page">
            <Notice text={t('alerts.unsubscribe.done')} />
          </div>
        </>,
        PRIVATE,
      );
    let alert;
    try {
      alert = await (await alerts()).findByUnsubscribe(token);
    } catch (err) {
      if (err instanceof ServiceError && err.code === 'not-found') return notFound(p);
      throw err;
    }
    return answer(
      200,
      <>
        {heading}
        <div className="container page alert-page">
          <Summary state={p.form} />
          <form className="card alert-form" method="post" action={href('alertUnsubscribe', locale, { token })}>
            <input type="hidden" name="intent" value="unsubscribe" />
            <p>{t('alerts.unsubscribe.ask', { search: searchWords(alert.search, locale) })}</p>
            <button type="submit" className="btn btn-primary btn-lg">
              {t('alerts.unsubscribe.action')}
            </button>
          </form>
        </div>
      </>,
      PRIVATE,
    );
  };
