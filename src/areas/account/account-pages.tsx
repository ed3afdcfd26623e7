import 'server-only';
import { Link } from 'waku';
import type { FieldDef } from '../../views/account-forms/account-form-types';
import {
  AuthShell,
  carry,
  emailField,
  FormBlock,
  formProps,
  newPasswordField,
  Notice,
  ProviderButtons,
} from '../../views/account-forms/account-form-kit';
import { LegalConsentNote } from '../../components/forms/legal-note';
import { href } from '../../routes';
import { getRequestContext } from '../../server/request-context';
import { answer, isPageAnswer } from '../../server/render/page-answer';
import { ServiceError } from '../../server/errors';
import type { Page, PageProps } from '../../server/render/page-types';
import type { AreaDeps } from '../route-module';

// The account pages (decision 011): thin server components around one form island each (the form kit is
// shared: src/views/account-forms). The form posts to the page itself; its action lives beside it in
// account-actions.ts. A page that reads a service is built from the area's dependencies.

/** The client address of this request, for the identity limits (the HTTP layer resolved it). */
const requestMeta = () => ({ ip: getRequestContext()?.ip ?? 'unknown' });

/** A page that tries a single-use code when the address has tried too many: 429 with Retry-After. */
function tooMany(p: PageProps, seconds: number) {
  return answer(
    429,
    <AuthShell p={p}>
      <Notice kind="error">{p.t('api.tooManyRequests', { seconds })}</Notice>
    </AuthShell>,
    { 'retry-after': String(seconds) },
  );
}

/** Pages that try a single-use code answer for this request only: never stored by a cache. */
const NO_STORE = { 'cache-control': 'private, no-store' };
const uncached =
  (page: Page): Page =>
  async (p) => {
    const r = await page(p);
    return isPageAnswer(r) ? answer(r.status, r.content, { ...NO_STORE, ...r.headers }) : answer(200, r, NO_STORE);
  };

export const loginPage =
  ({ oauth }: Pick<AreaDeps, 'oauth'>): Page =>
  (p) => {
    const { t } = p;
    const q = new URLSearchParams(p.query);
    const oauthError = (['failed', 'cancelled', 'no-email'] as const).find((reason) => q.get('error') === `oauth-${reason}`);
    const fields: FieldDef[] = [
      emailField(t),
      { name: 'password', label: t('auth.password'), type: 'password', autoComplete: 'current-password' },
    ];
    return (
      <AuthShell p={p}>
        {oauthError && <Notice kind="error">{t(`auth.oauth.${oauthError}`)}</Notice>}
        {q.get('eliminada') === '1' && <Notice kind="success">{t('accountDeletion.deletedPlain')}</Notice>}
        <FormBlock {...formProps(p, 'login-form', 'login', fields, t('auth.signIn'), t('auth.signingIn'))} />
        <p className="form-links">
          <Link to={href('forgotPassword', p.locale)}>{t('auth.forgot')}</Link>
        </p>
        <ProviderButtons p={p} providers={oauth.providers} />
        <p className="form-links">
          {t('auth.noAccount')} <Link to={carry(p, 'signUp')}>{t('auth.candidateSignUp')}</Link> ·{' '}
          <Link to={carry(p, 'hireStartNow')}>{t('auth.companySignUp')}</Link>
        </p>
      </AuthShell>
    );
  };

export const signUpPage =
  ({ oauth }: Pick<AreaDeps, 'oauth'>): Page =>
  (p) => {
    const { t } = p;
    const fields: FieldDef[] = [
      { name: 'name', label: t('auth.name'), type: 'text', autoComplete: 'given-name' },
      { name: 'last_name', label: t('auth.lastName'), type: 'text', autoComplete: 'family-name' },
      emailField(t),
      newPasswordField(t),
    ];
    return (
      <AuthShell p={p}>
        <FormBlock {...formProps(p, 'signup-form', 'signUp', fields, t('auth.createAccount'), t('auth.creating'))} />
        <LegalConsentNote locale={p.locale} t={t} terms="termsB2c" />
        <ProviderButtons p={p} providers={oauth.providers} />
        <p className="form-links">
          {t('auth.haveAccount')} <Link to={carry(p, 'login')}>{t('auth.signIn')}</Link> · {t('auth.companyQuestion')}{' '}
          <Link to={carry(p, 'hireStartNow')}>{t('auth.companySignUp')}</Link>
        </p>
      </AuthShell>
    );
  };

export const ForgotPasswordPage: Page = (p) => {
  const { t } = p;
  const sent = new URLSearchParams(p.query).get('sent') === '1';
  return (
    <AuthShell p={p}>
      {sent && <Notice kind="success">{t('auth.forgotSent')}</Notice>}
      <FormBlock {...formProps(p, 'forgot-form', 'forgotPassword', [emailField(t)], t('auth.sendLink'), t('auth.sending'))} />
      <p className="form-links">
        <Link to={href('login', p.locale)}>{t('auth.goToSignIn')}</Link>
      </p>
    </AuthShell>
  );
};

export const resetPasswordPage = ({ auth }: Pick<AreaDeps, 'auth'>): Page =>
  uncached(async (p) => {
    const { t } = p;
    const state = p.form;
    let usable = false;
    try {
      usable = await (await auth()).resetCodeIsUsable(String(p.params.token ?? ''), requestMeta());
    } catch (err) {
      if (!(err instanceof ServiceError) || err.code !== 'rate-limited') throw err;
      return tooMany(p, err.retryAfterSeconds ?? 60);
    }
    if (!usable && !state) {
      return (
        <AuthShell p={p}>
          <Notice kind="error">{t('auth.resetInvalid')}</Notice>
          <p className="actions">
            <Link className="btn btn-primary btn-md" to={href('forgotPassword', p.locale)}>
              {t('auth.resetAskAgain')}
            </Link>
          </p>
        </AuthShell>
      );
    }
    const fields: FieldDef[] = [
      newPasswordField(t, t('auth.newPassword')),
      { name: 'passwordConfirmation', label: t('auth.confirmPassword'), type: 'password', autoComplete: 'new-password' },
    ];
    return (
      <AuthShell p={p}>
        <FormBlock {...formProps(p, 'reset-form', 'resetPassword', fields, t('auth.savePassword'), t('auth.saving'))} />
        {state && !usable && (
          <p className="form-links">
            <Link to={href('forgotPassword', p.locale)}>{t('auth.resetAskAgain')}</Link>
          </p>
        )}
      </AuthShell>
    );
  });

export const confirmEmailPage = ({ auth }: Pick<AreaDeps, 'auth'>): Page =>
  uncached(async (p) => {
    const { t } = p;
    const sent = new URLSearchParams(p.query).get('sent') === '1';
    const state = p.form;
    let confirmed = false;
    if (!sent && !state) {
      try {
        await (await auth()).confirmEmail(String(p.params.token ?? ''), requestMeta());
        confirmed = true;
      } catch (err) {
        if (!(err instanceof ServiceError)) throw err;
        if (err.code === 'rate-limited') return tooMany(p, err.retryAfterSeconds ?? 60);
      }
    }
    if (confirmed) {
      return (
        <AuthShell p={p}>
          <Notice kind="success">{t('auth.confirmed')}</Notice>
          <p className="actions">
            <Link className="btn btn-primary btn-md" to={href('login', p.locale)}>
              {t('auth.goToSignIn')}
            </Link>
          </p>
        </AuthShell>
      );
    }
    return (
      <AuthShell p={p}>
        {sent ? <Notice kind="success">{t('auth.confirmSent')}</Notice> : <Notice kind="error">{t('auth.confirmInvalid')}</Notice>}
        <FormBlock {...formProps(p, 'confirm-form', 'resendConfirmation', [emailField(t)], t('auth.sendLink'), t('auth.sending'))} />
      </AuthShell>
    );
  });

/**
 * Sign-out asks first (decision 017): a GET changes nothing, so a link on another site cannot sign anyone
 * out; the button posts the form, which ends the session on the server and clears the cookies.
 */
export const LogoutPage: Page = uncached(async (p) => {
  const { t } = p;
  return (
    <AuthShell p={p}>
      {!p.session.loggedIn && <Notice kind="info">{t('session.logoutNone')}</Notice>}
      <form method="post" action={href('logout', p.locale)} className="actions">
        {p.session.loggedIn && (
          <button type="submit" className="btn btn-primary btn-md" data-testid="logout-confirm">
            {t('session.signOut')}
          </button>
        )}
        <Link className="btn btn-outline-secondary btn-md" to={href('home', p.locale)}>
          {t('session.logoutCancel')}
        </Link>
      </form>
    </AuthShell>
  );
});
