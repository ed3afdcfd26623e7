import 'server-only';
import { ConsentForm } from '../../components/layout/consent-form';
import { href } from '../../routes';
import { getConfig } from '../../server/config';
import { integrationsConfig } from '../../server/public-config';
import type { PageProps } from '../../server/render/page-types';

// The body of the privacy policy's cookie section (its heading and intro are in the policy's text, decision
// 026): what each choice of the consent banner turns on, and whether this installation has that tool
// configured at all (decision 023).
export function PrivacyCookies({ t, locale, brand }: PageProps) {
  const config = getConfig();
  const on = integrationsConfig(config);
  const state = (active: boolean) => <p className="badge">{active ? t('privacyCookies.active') : t('privacyCookies.inactive')}</p>;
  return (
    <div className="prose legal-cookies">
      <h3>{t('privacyCookies.essential')}</h3>
      <p>{t('privacyCookies.essentialText', { session: `${config.AUTH_COOKIE_TOKEN}, ${config.AUTH_COOKIE_TYPE}`, brand })}</p>
      <h3>{t('privacyCookies.analytics')}</h3>
      <p>{t('privacyCookies.analyticsText')}</p>
      {state(!!on?.analytics)}
      <h3>{t('privacyCookies.monitoring')}</h3>
      <p>{t('privacyCookies.monitoringText')}</p>
      {state(!!on?.monitoring)}
      <p>{t('privacyCookies.gpc')}</p>
      {on && (
        <ConsentForm
          t={t}
          brand={brand}
          analytics={!!on.analytics}
          monitoring={!!on.monitoring}
          back={`${href('privacy', locale)}#cookies`}
          privacyHref={`${href('privacy', locale)}#cookies`}
          variant="inline"
        />
      )}
      <p>
        {t('privacyCookies.change')}{' '}
        <a href={`${href('privacy', locale)}#cookies`} data-consent-settings="">
          {t('consent.settings')}
        </a>
      </p>
    </div>
  );
}
