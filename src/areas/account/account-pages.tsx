import 'server-only';
import type { ReactNode } from 'react';
import { Link } from 'waku';
import { AccountFormIsland } from './account-form-island';
import type { AccountFormProps, FieldDef } from './account-form-types';
import { AccountFormView, initialView } from './account-form-view';
import { LegalConsentNote } from '../../components/forms/legal-note';
import type { T } from '../../i18n/translate';
import type { FormName } from '../../domain/forms/specs';
import { safeRedirect } from '../../domain/safe-redirect';
import { href, type RouteId } from '../../routes';
import { getRequestContext } from '../../server/request-context';
import { answer, isPageAnswer } from '../../server/render/page-answer';
import { services } from '../../server/container';
import { getConfig } from '../../server/config';
import { ServiceError } from '../../server/errors';
import { PROVIDER_IDS } from '../../server/accounts/oauth';
import type { Page, PageProps } from '../../server/render/page-types';

// The account pages (PRODUCT.md §5): thin server components around one form island each. The form
// posts to the page itself; its action lives beside it in account-actions.ts.

const PROVIDER_NAMES = { github: 'GitHub', google: 'Google' } as const;

export function formProps(p: PageProps, id: string, form: FormName, fields: FieldDef[], submit: string, pending: string): AccountFormProps {
  const { t } = p;
  return {
    id,
    action: p.path + (p.query ? `?${p.query}` : ''),
    fields,
    form,
    submit,
    pending,
    state: p.form,
    labels: {
      errors: {
        required: t('forms.error.required'),
        email: t('forms.error.email'),
        tooShort: t('forms.error.tooShort', { min: '{{min}}' }),
        tooLong: t('forms.error.tooLong', { max: '{{max}}' }),
        mismatch: t('forms.error.mismatch'),
        invalid: t('forms.error.invalid'),
        number: t('forms.error.number', { min: '{{min}}', max: '{{max}}' }),
        amount: t('forms.error.amount'),
      },
      show: t('forms.show'),
      hide: t('forms.hide'),
      network: t('forms.network'),
      summaryTitle: t('forms.summary'),
    },
  };
}

/** The server-rendered form (works without JavaScript) inside the island that enhances it. */
export function FormBlock(props: AccountFormProps) {
  return (
    <AccountFormIsland props={props}>
      <AccountFormView {...props} {...initialView(props)} />
    </AccountFormIsland>
  );
}

export const emailField = (t: T): FieldDef => ({ name: 'email', label: t('auth.email'), type: 'email', autoComplete: 'email' });
export const newPasswordField = (t: T, label = t('auth.password')): FieldDef => ({
  name: 'password',
  label,
  type: 'password',
  autoComplete: 'new-password',
  hint: t('auth.passwordHint'),
});

function AuthShell({ p, children, aside }: { p: PageProps; children: ReactNode; aside?: ReactNode }) {
  const { id, t } = p;
  return (
    <div className="container page auth-page">
      <div className="auth-card card">
        <h1>{t(`routes.${id}.heading`)}</h1>
        <p className="muted">{t(`routes.${id}.intro`, { brand: p.brand })}</p>
        {children}
      </div>
      {aside && <div className="auth-aside">{aside}</div>}
    </div>
  );
}

function Notice({ kind, children }: { kind: 'info' | 'success' | 'error'; children: ReactNode }) {
  return (
    <div className={`alert alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

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

/** "Continue with GitHub" links for each configured provider, keeping the return path. A first provider
 * sign-in creates a candidate account, so the candidate terms and the privacy policy are named under them. */
export function ProviderButtons({ p }: { p: PageProps }) {
  const configured = PROVIDER_IDS.filter((id) => services.oauth.providers[id]);
  if (!configured.length) return null;
  const redirect = safeRedirect(new URLSearchParams(p.query).get('redirect'), getConfig().SITE_URL);
  return (
    <div className="providers">
      <p className="divider">
        <span>{p.t('auth.or')}</span>
      </p>
      {configured.map((id) => {
        const q = new URLSearchParams({ lang: p.locale, ...(redirect ? { redirect } : {}) });
        return (
          <a key={id} className="btn btn-outline-secondary btn-md provider" href={`/cms/connect/${id}?${q}`}>
            {p.t('auth.continueWith', { provider: PROVIDER_NAMES[id] })}
          </a>
        );
      })}
      <LegalConsentNote locale={p.locale} t={p.t} terms="termsB2c" via="provider" />
    </div>
  );
}

/** A link to another account page that carries the return path along. */
function carry(p: PageProps, to: RouteId): string {
  const redirect = safeRedirect(new URLSearchParams(p.query).get('redirect'), getConfig().SITE_URL);
  return href(to, p.locale) + (redirect ? `?${new URLSearchParams({ redirect })}` : '');
}

export const LoginPage: Page = (p) => {
  const { t } = p;
  const q = new URLSearchParams(p.query);
  const oauthError = (['failed', 'cancelled', 'no-email'] as const).find((reason) => q.get('error') === `oauth-${reason}`);
  const type = q.get('type') === 'hire' ? 'hire' : 'match';
  const fields: FieldDef[] = [
    {
      name: 'type',
      label: t('auth.accountType'),
      type: 'radio',
      initial: type,
      options: [
        { value: 'match', label: t('auth.typeMatch') },
        { value: 'hire', label: t('auth.typeHire') },
      ],
    },
    emailField(t),
    { name: 'password', label: t('auth.password'), type: 'password', autoComplete: 'current-password' },
  ];
  return (
    <AuthShell p={p}>
      {oauthError && <Notice kind="error">{t(`auth.oauth.${oauthError}`)}</Notice>}
      <FormBlock {...formProps(p, 'login-form', 'login', fields, t('auth.signIn'), t('auth.signingIn'))} />
      <p className="form-links">
        <Link to={href('forgotPassword', p.locale)}>{t('auth.forgot')}</Link>
      </p>
      <ProviderButtons p={p} />
      <p className="form-links">
        {t('auth.noAccount')} <Link to={carry(p, 'signUp')}>{t('auth.candidateSignUp')}</Link> ·{' '}
        <Link to={carry(p, 'hireStartNow')}>{t('auth.companySignUp')}</Link>
      </p>
    </AuthShell>
  );
};

export const SignUpPage: Page = (p) => {
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
      <ProviderButtons p={p} />
      <p className="form-links">
        {t('auth.haveAccount')} <Link to={carry(p, 'login')}>{t('auth.signIn')}</Link> · {t('auth.companyQuestion')}{' '}
        <Link to={carry(p, 'hireStartNow')}>{t('auth.companySignUp')}</Link>
      </p>
    </AuthShell>
  );
};

export const HireStartNowPage: Page = (p) => {
  const { t } = p;
  const fields: FieldDef[] = [
    { name: 'name', label: t('auth.name'), type: 'text', autoComplete: 'given-name' },
    { name: 'last_name', label: t('auth.lastName'), type: 'text', autoComplete: 'family-name' },
    { name: 'company_name', label: t('auth.companyName'), type: 'text', autoComplete: 'organization' },
    emailField(t),
    newPasswordField(t),
  ];
  const q = new URLSearchParams(p.query);
  const fromOffer = q.get('draft') === '1';
  const redirect = safeRedirect(q.get('redirect'), getConfig().SITE_URL);
  return (
    <AuthShell p={p}>
      {fromOffer && (
        <Notice kind="info">
          {t('hire.form.signUpToPublish')}{' '}
          <Link to={`${href('login', p.locale)}?${new URLSearchParams({ type: 'hire', ...(redirect ? { redirect } : {}) })}`}>
            {t('hire.form.signInToPublish')}
          </Link>
        </Notice>
      )}
      <FormBlock {...formProps(p, 'hire-signup-form', 'hireStartNow', fields, t('auth.createAccount'), t('auth.creating'))} />
      <LegalConsentNote locale={p.locale} t={t} terms="terms" />
      <p className="form-links">
        {t('auth.haveAccount')} <Link to={carry(p, 'login')}>{t('auth.signIn')}</Link> · {t('auth.candidateQuestion')}{' '}
        <Link to={carry(p, 'signUp')}>{t('auth.candidateSignUp')}</Link>
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

export const ResetPasswordPage: Page = uncached(async (p) => {
  const { t } = p;
  const state = p.form;
  let usable = false;
  try {
    usable = await (await services.auth()).resetCodeIsUsable(String(p.params.token ?? ''), requestMeta());
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

export const ConfirmEmailPage: Page = uncached(async (p) => {
  const { t } = p;
  const sent = new URLSearchParams(p.query).get('sent') === '1';
  const state = p.form;
  let confirmed = false;
  if (!sent && !state) {
    try {
      await (await services.auth()).confirmEmail(String(p.params.token ?? ''), requestMeta());
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
