import type { T } from '../../i18n/translate';

// The consent choice (decision 023), as plain HTML that works without JavaScript: a form posting to
// /consent. As the banner it is in every page when an integration needs consent, hidden before the first
// paint once the visitor has chosen (CONSENT_SCRIPT); in the privacy policy it is always shown.
type Props = {
  t: T;
  brand: string;
  /** Which tools this site has configured: only those are offered. */
  analytics: boolean;
  monitoring: boolean;
  /** The page to come back to after choosing. */
  back: string;
  privacyHref: string;
  variant: 'banner' | 'inline';
};

export function ConsentForm({ t, brand, analytics, monitoring, back, privacyHref, variant }: Props) {
  const id = `consent-${variant}`;
  const categories = [
    ...(analytics ? [{ key: 'analytics', label: t('consent.analytics'), help: t('consent.analyticsHelp', { brand }) }] : []),
    ...(monitoring ? [{ key: 'monitoring', label: t('consent.monitoring'), help: t('consent.monitoringHelp') }] : []),
  ];
  return (
    <section
      className={variant === 'banner' ? 'consent-banner' : 'consent-inline'}
      aria-labelledby={`${id}-title`}
      data-testid={variant === 'banner' ? 'consent-banner' : undefined}
      tabIndex={-1}
      id={id}
    >
      <h2 id={`${id}-title`}>{t('consent.title')}</h2>
      <p>
        {t('consent.text', { brand })} {variant === 'banner' && <a href={privacyHref}>{t('consent.policy')}</a>}
      </p>
      <form method="post" action="/consent">
        <input type="hidden" name="back" value={back} />
        <div className="actions">
          <button type="submit" name="choice" value="accept" className="btn btn-primary btn-sm">
            {t('consent.accept')}
          </button>
          <button type="submit" name="choice" value="reject" className="btn btn-outline-primary btn-sm">
            {t('consent.reject')}
          </button>
        </div>
        <details open={variant === 'inline'}>
          <summary>{t('consent.choose')}</summary>
          <fieldset>
            <legend className="sr-only">{t('consent.choose')}</legend>
            {categories.map((c) => (
              <label key={c.key} className="consent-option">
                <input type="checkbox" name={c.key} />
                <span>
                  <strong>{c.label}</strong>
                  <span className="muted">{c.help}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <button type="submit" name="choice" value="custom" className="btn btn-outline-primary btn-sm">
            {t('consent.save')}
          </button>
        </details>
      </form>
    </section>
  );
}
