import type { Locale } from '../../i18n/locales';
import type { T } from '../../i18n/translate';
import { href } from '../../routes';

/** The workspaces' "sign out on every device" (decision 017): a plain form, so it works without JavaScript. */
export function SignOutEverywhere({ locale, t }: { locale: Locale; t: T }) {
  return (
    <section className="section" aria-labelledby="account-security-title">
      <h2 id="account-security-title" className="h3">
        {t('session.securityTitle')}
      </h2>
      <p className="muted">{t('session.everywhereText')}</p>
      <form method="post" action={href('logout', locale)}>
        <input type="hidden" name="intent" value="everywhere" />
        <button type="submit" className="btn btn-outline-secondary btn-md" data-testid="sign-out-everywhere">
          {t('session.everywhere')}
        </button>
      </form>
    </section>
  );
}
