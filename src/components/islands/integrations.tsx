'use client';
import { useEffect } from 'react';
import { CONSENT_COOKIE, parseConsent, readCookie } from '../../domain/consent';
import type { IntegrationsConfig } from '../../domain/public-config';
import type { SessionUser } from '../../state/session';

// The client integrations (analytics, monitoring; decision 023). The consent banner is server HTML
// (ConsentForm) and "Cookie settings" links lead to the privacy policy's copy of it, so this island only
// loads the starter chunk, once the page is idle, when the consent cookie grants something (or a tool's
// cookie is left to delete); that chunk loads each consented SDK. With nothing configured it does nothing.
// Kept tiny: it is in every page's JS.
export function Integrations({ config, user, known }: { config: IntegrationsConfig | null; user: SessionUser | null; known: boolean }) {
  useEffect(() => {
    const consent = config && parseConsent(readCookie(document.cookie, CONSENT_COOKIE));
    // Also when a tool's cookie outlived its permission (written by an SDK still running on the page that
    // posted the choice, after the server's deletion): the starter deletes it (trackingCookiesToDrop).
    if (!consent || !(consent.analytics || consent.monitoring || /(^|; )(rl_|_dd_s=)/.test(document.cookie))) return;
    // On a page rendered once for everyone, who is signed in is asked for first (one request, shared).
    const start = () =>
      void Promise.all([
        import('../../client/integrations/start'),
        known ? user : import('../../client/session-sync').then((m) => m.fetchSession()).then((s) => s?.user ?? null),
      ]).then(([m, who]) => m.startIntegrations(config, consent, who));
    if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 3000 });
    else setTimeout(start, 1);
    // Once per page load: a consent change posts the form and loads the page again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}
