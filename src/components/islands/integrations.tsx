'use client';
import { useEffect } from 'react';
import { CONSENT_COOKIE, parseConsent, readCookie } from '../../domain/consent';
import type { IntegrationsConfig } from '../../domain/public-config';
import type { SessionUser } from '../../state/session';

// The client integrations (analytics, monitoring; decision 023). The consent banner is server HTML
// (ConsentForm) and "Cookie settings" links lead to the privacy policy's copy of it, so this island only
// loads the starter chunk, once the page is idle, when the consent cookie grants something; that chunk
// loads each consented SDK. With nothing configured it does nothing. Kept tiny: it is in every page's JS.
export function Integrations({ config, user }: { config: IntegrationsConfig | null; user: SessionUser | null }) {
  useEffect(() => {
    const consent = config && parseConsent(readCookie(document.cookie, CONSENT_COOKIE));
    if (!consent || !(consent.analytics || consent.monitoring)) return;
    const start = () => void import('../../client/integrations/start').then((m) => m.startIntegrations(config, consent, user));
    if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 3000 });
    else setTimeout(start, 1);
    // Once per page load: a consent change posts the form and loads the page again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
