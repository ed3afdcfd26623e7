import 'server-only';
import { Link } from 'waku';
import { LegalConsentNote } from '../../components/forms/legal-note';
import { safeRedirect } from '../../domain/safe-redirect';
import { href } from '../../routes';
import { getConfig } from '../../server/config';
import type { Page } from '../../server/render/page-types';
import type { FieldDef } from '../../views/account-forms/account-form-types';
import { AuthShell, carry, emailField, FormBlock, formProps, newPasswordField, Notice } from '../../views/account-forms/account-form-kit';

// /hire/empezar-ahora: a company's sign-up, with the account pages' form kit. Reached from the offer form
// (?draft=1) it says the offer typed so far waits for the new account.
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
