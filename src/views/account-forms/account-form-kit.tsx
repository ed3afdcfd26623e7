import 'server-only';
import type { ReactNode } from 'react';
import { AccountFormIsland } from './account-form-island';
import type { AccountFormProps, FieldDef } from './account-form-types';
import { AccountFormView, initialView } from './account-form-view';
import { LegalConsentNote } from '../../components/forms/legal-note';
import type { T } from '../../i18n/translate';
import type { FormName } from '../../domain/forms/specs';
import { safeRedirect } from '../../domain/safe-redirect';
import { href, type RouteId } from '../../routes';
import { getConfig } from '../../server/config';
import { PROVIDER_IDS, type ProviderConfig, type ProviderId } from '../../server/accounts/oauth';
import type { PageProps } from '../../server/render/page-types';

// The account form kit: what every page with an account form shares (the account pages, the company
// sign-up on /hire/empezar-ahora, the calculator's registration step). The server-rendered form inside the
// island that enhances it, its common fields, the provider sign-in links and the page's card.

/** The sign-in providers configured for this deployment (OAUTH_* settings): a link each. */
export type OAuthProviders = Partial<Record<ProviderId, ProviderConfig>>;
const PROVIDER_NAMES = { github: 'GitHub', google: 'Google', linkedin: 'LinkedIn' } as const;

/** An account form's props: it posts to its own page (query kept), with its labels in the page's language. */
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

/** The card every account page is: its heading and intro from the route's messages, the form, an aside. */
export function AuthShell({ p, children, aside }: { p: PageProps; children: ReactNode; aside?: ReactNode }) {
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

export function Notice({ kind, children }: { kind: 'info' | 'success' | 'error'; children: ReactNode }) {
  return (
    <div className={`alert alert-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** "Continue with GitHub" links for each configured provider, keeping the return path. A first provider
 * sign-in creates a candidate account, so the candidate terms and the privacy policy are named under them. */
export function ProviderButtons({ p, providers }: { p: PageProps; providers: OAuthProviders }) {
  const configured = PROVIDER_IDS.filter((id) => providers[id]);
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
export function carry(p: PageProps, to: RouteId): string {
  const redirect = safeRedirect(new URLSearchParams(p.query).get('redirect'), getConfig().SITE_URL);
  return href(to, p.locale) + (redirect ? `?${new URLSearchParams({ redirect })}` : '');
}
