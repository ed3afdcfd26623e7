import 'server-only';
import type { ReactNode } from 'react';
import '../../styles/index.css';
import { AppErrorBoundary } from '../../components/islands/app-error-boundary';
import { Enhance } from '../../components/islands/enhance';
import { LoadingBarView } from '../../components/islands/loading-bar-view';
import { Providers } from '../../components/islands/providers';
import { localeOfPath } from '../../i18n/locales';
import { getT } from '../../i18n/translate';
import { resolveForcedMode } from '../../domain/color-mode';
import { CONSENT_SCRIPT, HEAD_SCRIPT } from '../http/inline-scripts';
import { href, matchRoute, routeDef } from '../../routes';
import { getConfig } from '../config';
import { integrationsConfig, toPublicConfig } from '../public-config';
import { Integrations } from '../../components/islands/integrations';
import { ConsentForm } from '../../components/layout/consent-form';
import { currentPagePath } from './current-path';
import { FAVICON_HREF } from './favicon';
import { getRequestContext } from '../request-context';
import { getViewer } from '../accounts/session';

// The document shell. Dynamic, so that <html lang> follows the page's locale on first load and after client
// navigation (no cost on dynamic pages: docs/waku-notes.md). Public pages are the same HTML for every visitor, signed in
// or not (decision 002): the session islands ask who it is after load.
export async function Root({ children }: { children: ReactNode }) {
  const path = currentPagePath();
  const locale = localeOfPath(path);
  const match = matchRoute(path);
  const forced = match ? resolveForcedMode(routeDef(match.id).colorMode) : undefined;
  const t = getT(locale);
  const config = toPublicConfig(getConfig());
  const { session } = await getViewer();
  // None on a page every visitor gets (not even `nonce: undefined` in its RSC payload): these constant scripts
  // are allowed by their known hashes there (decision 064).
  const nonce = getRequestContext()?.nonce;
  const withNonce = nonce ? { nonce } : {};
  const known = getRequestContext()?.shared !== true;
  const integrations = integrationsConfig(getConfig());
  return (
    <html lang={locale} data-color-mode-forced={forced} suppressHydrationWarning>
      <head>
        <script {...withNonce} dangerouslySetInnerHTML={{ __html: HEAD_SCRIPT }} />
        {integrations && <script {...withNonce} dangerouslySetInnerHTML={{ __html: CONSENT_SCRIPT }} />}
        {/* Without JavaScript nothing can track, so there is nothing to ask. */}
        {integrations && (
          <noscript>
            <style>{'.consent-banner{display:none}'}</style>
          </noscript>
        )}
        <meta name="theme-color" content="#7e22ce" />
        <link rel="icon" href={FAVICON_HREF} type="image/svg+xml" />
      </head>
      <body>
        <Providers session={session} known={known}>
          <AppErrorBoundary
            labels={{ title: t('error.serverTitle'), help: t('error.serverHelp'), home: t('error.home'), homeHref: href('home', locale) }}
          >
            {children}
          </AppErrorBoundary>
          {/* The loading bar, the route tracker, the new-build check and route payload preloading (decision 068)
              load after hydration, as one chunk of their own (content pages have a JS budget). Until then the
              bar is its idle stand-in (fixed at the top, so its place in the DOM does not matter). */}
          <Enhance
            kind="after-load"
            props={{
              buildId: import.meta.env.WAKU_BUILD_ID ?? '',
              labels: { available: t('update.available', { brand: config.brand.name }), reload: t('update.reload') },
            }}
          >
            <LoadingBarView phase="idle" visible={false} progress={0} />
          </Enhance>
          {/* After the page in the DOM, so the skip link stays the first thing to tab to. The privacy policy
              carries the same form in its text, so it does not show the banner over it. */}
          {integrations && match?.id !== 'privacy' && (
            <ConsentForm
              t={t}
              brand={config.brand.name}
              analytics={!!integrations.analytics}
              monitoring={!!integrations.monitoring}
              back={path}
              privacyHref={`${href('privacy', locale)}#cookies`}
              variant="banner"
            />
          )}
          <Integrations config={integrations} user={session.user} known={known} />
        </Providers>
      </body>
    </html>
  );
}
