import 'server-only';
import { Link } from 'waku';
import type { FieldDef } from '../../views/account-forms/account-form-types';
import { AuthShell, FormBlock, formProps, newPasswordField, Notice } from '../../views/account-forms/account-form-kit';
import { PageError } from '../../domain/page-error';
import { href } from '../../routes';
import { getRequestContext } from '../../server/request-context';
import { answer, isPageAnswer } from '../../server/render/page-answer';
import { ServiceError } from '../../server/errors';
import type { Page, PageProps } from '../../server/render/page-types';
import type { AreaDeps } from '../route-module';
import type { ExportStatus } from '../../server/exports/data-export-service';
import { DataExportSection, dataExportStatus } from './data-export-pages';

// The account's settings (decision 069), one page for both account types: change the password, change the
// email. And the pages of the two emailed links: a GET only asks (mail scanners open links), the button
// posts; what each post does is in settings-actions.ts.
const requestMeta = () => ({ ip: getRequestContext()?.ip ?? 'unknown' });
const NO_STORE = { 'cache-control': 'private, no-store' };
const uncached =
  (page: Page): Page =>
  async (p) => {
    const r = await page(p);
    return isPageAnswer(r) ? answer(r.status, r.content, { ...NO_STORE, ...r.headers }) : answer(200, r, NO_STORE);
  };

export const accountPage =
  (deps: Pick<AreaDeps, 'dataExports'>): Page =>
  async (p: PageProps) =>
    settingsPage(p, await dataExportStatus(deps, p));

const settingsPage = (p: PageProps, exportStatus: ExportStatus) => {
  const { t, locale } = p;
  if (!p.viewer || !p.session.user) throw new PageError(404, 'Not Found');
  const done = new URLSearchParams(p.query).get('hecho');
  const current: FieldDef = {
    name: 'currentPassword',
    label: t('account.currentPassword'),
    type: 'password',
    autoComplete: 'current-password',
  };
  // Two forms post here: a refusal goes back to the one that was posted (only the email form keeps a value).
  const emailState = p.form && 'email' in p.form.values ? p.form : null;
  const passwordState = p.form && !emailState && !('intent' in p.form.values) ? p.form : null;
  const password = formProps(
    p,
    'password-form',
    'changePassword',
    [
      current,
      newPasswordField(t, t('auth.newPassword')),
      { name: 'passwordConfirmation', label: t('auth.confirmPassword'), type: 'password', autoComplete: 'new-password' },
    ],
    t('account.savePassword'),
    t('auth.saving'),
  );
  const email = formProps(
    p,
    'email-form',
    'changeEmail',
    [{ name: 'email', label: t('account.newEmail'), type: 'email', autoComplete: 'email' }, current],
    t('account.sendEmail'),
    t('auth.sending'),
  );
  const action = href('account', locale);
  return (
    <div className="container page narrow account-page">
      <h1>{t('routes.account.heading')}</h1>
      <p className="muted">{t('routes.account.intro', { email: p.session.user.email })}</p>
      {done === 'contrasena' && <Notice kind="success">{t('account.passwordChanged')}</Notice>}
      {done === 'correo' && <Notice kind="success">{t('account.emailSentPlain')}</Notice>}
      {done === 'recuperada' && <Notice kind="success">{t('accountDeletion.cancelled')}</Notice>}
      {done === 'datos' && <Notice kind="success">{t('dataExport.requested')}</Notice>}
      <section className="section-sm" aria-labelledby="account-password-title">
        <h2 id="account-password-title" className="h3">
          {t('account.passwordTitle')}
        </h2>
        <p className="muted">{t('account.passwordText')}</p>
        <FormBlock {...password} action={action} state={passwordState} />
      </section>
      <section className="section-sm" aria-labelledby="account-email-title">
        <h2 id="account-email-title" className="h3">
          {t('account.emailTitle')}
        </h2>
        <p className="muted">{t('account.emailText')}</p>
        <FormBlock {...email} action={action} state={emailState} />
      </section>
      <DataExportSection p={p} status={exportStatus} />
      <p className="form-links section-sm">
        <Link to={href('notificationPreferences', locale)}>{t('notifications.preferencesLink')}</Link>
      </p>
      <section className="section-sm" aria-labelledby="account-delete-title">
        <h2 id="account-delete-title" className="h3">
          {t('accountDeletion.title')}
        </h2>
        <p className="muted">{t('accountDeletion.text')}</p>
        <p>
          <Link to={href('accountDelete', locale)} data-testid="account-delete-link">
            {t('accountDeletion.title')}
          </Link>
        </p>
      </section>
    </div>
  );
};

/** A page that tries a link's code when the address has tried too many: 429 with Retry-After. */
function tooMany(p: PageProps, seconds: number) {
  return answer(
    429,
    <AuthShell p={p}>
      <Notice kind="error">{p.t('api.tooManyRequests', { seconds })}</Notice>
    </AuthShell>,
    { 'retry-after': String(seconds) },
  );
}

/** A link's page: what the link would do (asked with `peek`), and a button; an unusable link says so. */
function linkPage(
  peek: (deps: Pick<AreaDeps, 'auth'>, token: string) => Promise<string | null>,
  question: 'account.confirmQuestion' | 'account.undoQuestion',
  button: 'account.confirmButton' | 'account.undoButton',
) {
  return (deps: Pick<AreaDeps, 'auth'>): Page =>
    uncached(async (p) => {
      const { t, locale } = p;
      const token = String(p.params.token ?? '');
      if (new URLSearchParams(p.query).get('hecho') === '1') {
        return (
          <AuthShell p={p}>
            <Notice kind="success">{t('account.confirmed')}</Notice>
            <p className="actions">
              {/* One page for everyone (no session read): the account page asks an anonymous visitor to sign in. */}
              <Link className="btn btn-primary btn-md" to={href('account', locale)}>
                {t('account.toAccount')}
              </Link>
            </p>
          </AuthShell>
        );
      }
      let email: string | null = null;
      try {
        email = await peek(deps, token);
      } catch (err) {
        if (!(err instanceof ServiceError) || err.code !== 'rate-limited') throw err;
        return tooMany(p, err.retryAfterSeconds ?? 60);
      }
      if (!email) {
        const gone = (
          <AuthShell p={p}>
            <Notice kind="error">{p.form?.message ?? t('account.linkInvalid')}</Notice>
          </AuthShell>
        );
        // After a refused post the form layer answers with the refusal's status.
        return p.form ? gone : answer(404, gone);
      }
      return (
        <AuthShell p={p}>
          {p.form && <Notice kind="error">{p.form.message}</Notice>}
          <form method="post" action={href(p.id === 'accountEmailUndo' ? 'accountEmailUndo' : 'accountEmailConfirm', locale, { token })}>
            <p>{t(question, { email })}</p>
            <p className="actions">
              <button type="submit" className="btn btn-primary btn-md" data-testid="link-confirm">
                {t(button)}
              </button>
            </p>
          </form>
        </AuthShell>
      );
    });
}

export const accountEmailConfirmPage = linkPage(
  async ({ auth }, token) => (await auth()).pendingEmailChange(token, requestMeta()),
  'account.confirmQuestion',
  'account.confirmButton',
);
export const accountEmailUndoPage = linkPage(
  async ({ auth }, token) => (await auth()).undoableEmailChange(token, requestMeta()),
  'account.undoQuestion',
  'account.undoButton',
);
