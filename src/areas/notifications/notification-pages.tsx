import 'server-only';
import { Link } from 'waku';
import { EMAIL_MODES, type NotificationKind } from '../../domain/notifications';
import { PageError } from '../../domain/page-error';
import { formatDate } from '../../i18n/format';
import { localeInfo, locales } from '../../i18n/locales';
import { translateIn } from '../../i18n/translate';
import { href } from '../../routes';
import { Summary } from '../../components/forms/form-parts';
import { Notice } from '../../views/account-forms/account-form-kit';
import { pageRedirect } from '../../server/render/redirect';
import { answer } from '../../server/render/page-answer';
import type { Page, PageProps } from '../../server/render/page-types';
import type { AreaDeps } from '../route-module';

// The bell's page (newest first, 20 a page, by cursor), opening one (read, then where it leads), the
// email preferences (a mode per kind; the account's essential emails are always sent), and the page an
// unsubscribe link opens (a GET asks, the button does it: link scanners fetch links and must not unsubscribe).
type Deps = Pick<AreaDeps, 'notifications'>;

const cursorOf = (query: string) => {
  const v = new URLSearchParams(query).get('antes') ?? '';
  return /^[1-9][0-9]{0,11}$/.test(v) ? Number(v) : null;
};

export const notificationsPage =
  ({ notifications }: Deps): Page =>
  async (p: PageProps) => {
    const { t, locale, viewer } = p;
    if (!viewer) throw new PageError(404, 'Not Found');
    const before = cursorOf(p.query);
    const { items, next } = await (await notifications()).page(viewer.id, locale, before);
    const self = href('notifications', locale);
    return (
      <div className="container page notifications-page">
        <h1>{t('routes.notifications.heading')}</h1>
        <p className="muted">{t('routes.notifications.intro')}</p>
        <div className="notifications-tools">
          {items.some((i) => !i.read) && (
            <form method="post" action={self}>
              <input type="hidden" name="intent" value="read-all" />
              <button type="submit" className="btn btn-secondary btn-md">
                {t('notifications.markAll')}
              </button>
            </form>
          )}
          <Link to={href('notificationPreferences', locale)} className="btn btn-ghost btn-md">
            {t('notifications.preferencesLink')}
          </Link>
        </div>
        {items.length === 0 ? (
          <p className="notice section-sm">{t('notifications.empty')}</p>
        ) : (
          <ul className="notification-list section-sm" data-testid="notification-list">
            {items.map((n) => (
              <li key={n.id} className={n.read ? 'notification' : 'notification notification-unread'} data-testid="notification">
                <a href={href('notificationOpen', locale, { id: String(n.id) })} className="notification-link">
                  <span className="notification-title">
                    {!n.read && <span className="sr-only">{t('notifications.unread')}: </span>}
                    {n.title}
                  </span>
                  <span className="notification-body">{n.body}</span>
                  {n.quote && <span className="notification-quote">{n.quote}</span>}
                  {n.createdAt && (
                    <time className="notification-time" dateTime={n.createdAt.toISOString()}>
                      {formatDate(n.createdAt, locale)}
                    </time>
                  )}
                </a>
              </li>
            ))}
          </ul>
        )}
        <nav className="actions section-sm" aria-label={t('hire.site.pages')}>
          {before != null && (
            <Link to={self} className="btn btn-ghost btn-md">
              {t('notifications.newest')}
            </Link>
          )}
          {next != null && (
            <Link to={`${self}?antes=${next}`} className="btn btn-secondary btn-md">
              {t('notifications.older')}
            </Link>
          )}
        </nav>
      </div>
    );
  };

/** Opening a notification: it is read now, and the visitor goes where it leads. Another person's is a 404. */
export const notificationOpenPage =
  ({ notifications }: Deps): Page =>
  async (p: PageProps) => {
    if (!p.viewer) throw new PageError(404, 'Not Found');
    const to = await (await notifications()).open(p.viewer.id, Number(p.params.id), p.locale);
    if (!to) throw new PageError(404, `Page Not Found: ${p.path}`);
    pageRedirect(to, 303);
  };

export const notificationPreferencesPage =
  ({ notifications }: Deps): Page =>
  async (p: PageProps) => {
    const { t, locale, viewer } = p;
    if (!viewer) throw new PageError(404, 'Not Found');
    const prefs = await (await notifications()).preferences({ id: viewer.id, type: viewer.type });
    const saved = new URLSearchParams(p.query).get('guardado') === '1';
    const chosen = (kind: NotificationKind) => p.form?.values[`mode-${kind}`] ?? prefs.kinds.find((k) => k.kind === kind)?.mode;
    const chosenLocale = p.form?.values.locale ?? prefs.locale;
    return (
      <div className="container page notification-prefs">
        <h1>{t('routes.notificationPreferences.heading')}</h1>
        <p className="muted">{t('routes.notificationPreferences.intro')}</p>
        {saved && <Notice kind="success">{t('notifications.prefs.saved')}</Notice>}
        <form method="post" action={href('notificationPreferences', locale)} className="form section-sm" noValidate>
          <Summary state={p.form} />
          {prefs.kinds.map(({ kind }) => (
            <fieldset key={kind} className="pref-row">
              <legend>{translateIn(t, 'notifications.kind', `${kind}.label`)}</legend>
              <div className="pref-options">
                {EMAIL_MODES.map((mode) => (
                  <label key={mode} className="pref-option">
                    <input type="radio" name={`mode-${kind}`} value={mode} defaultChecked={chosen(kind) === mode} />
                    <span>{t(`notifications.modes.${mode}`)}</span>
                  </label>
                ))}
              </div>
            </fieldset>
          ))}
          <fieldset className="pref-row">
            <legend>{t('notifications.prefs.essential')}</legend>
            <p className="muted">{t('notifications.prefs.essentialMode')}</p>
          </fieldset>
          <fieldset className="pref-row">
            <legend>{t('notifications.prefs.language')}</legend>
            <div className="pref-options">
              {locales.map((l) => (
                <label key={l} className="pref-option">
                  <input type="radio" name="locale" value={l} defaultChecked={chosenLocale === l} />
                  <span lang={l}>{localeInfo[l].name}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <p className="actions">
            <button type="submit" className="btn btn-primary btn-md">
              {t('notifications.prefs.save')}
            </button>
          </p>
        </form>
      </div>
    );
  };

/** An email's unsubscribe link: which emails it is about, and a button; after it, what changed. */
export const emailUnsubscribePage =
  ({ notifications }: Deps): Page =>
  async (p: PageProps) => {
    const { t, locale } = p;
    const info = await (await notifications()).unsubscribeScope(String(p.params.token ?? ''));
    const prefs = (
      <Link to={href('notificationPreferences', locale)} className="btn btn-ghost btn-md">
        {t('notifications.unsubscribe.manage')}
      </Link>
    );
    if (!info)
      return answer(
        404,
        <div className="container page narrow">
          <h1>{t('routes.emailUnsubscribe.heading')}</h1>
          <Notice kind="error">{t('notifications.unsubscribe.invalid')}</Notice>
          <p className="actions">{prefs}</p>
        </div>,
      );
    const kind =
      info.scope === 'digest' ? t('notifications.unsubscribe.scopeDigest') : translateIn(t, 'notifications.kind', `${info.scope}.label`);
    const done = new URLSearchParams(p.query).get('hecho') === '1';
    return (
      <div className="container page narrow">
        <h1>{t('routes.emailUnsubscribe.heading')}</h1>
        {done ? (
          <Notice kind="success">{t('notifications.unsubscribe.done', { kind })}</Notice>
        ) : (
          <form method="post" action={href('emailUnsubscribe', locale, { token: String(p.params.token) })} className="section-sm">
            <p>{t('notifications.unsubscribe.question', { kind })}</p>
            <p className="actions">
              <button type="submit" className="btn btn-primary btn-md">
                {t('notifications.unsubscribe.confirm')}
              </button>
            </p>
          </form>
        )}
        <p className="actions">{prefs}</p>
      </div>
    );
  };
