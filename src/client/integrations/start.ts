import type { Consent } from '../../domain/consent';
import { trackingCookiesToDrop } from '../../domain/tracking-cookies';
import type { IntegrationsConfig } from '../../domain/public-config';
import type { Utm } from '../../domain/utm';
import type { SessionUser } from '../../state/session';
import { analytics, refuseAnalytics, SIGNED_OUT_KEY } from '../analytics';
import { createApiClients } from '../api-client';
import { logoutHook, pageViewHook } from '../app-hooks';

// What the visitor consented to, started once the page is idle (integrations.tsx loads this chunk only
// when the consent cookie grants something). Each SDK is a chunk of its own, fetched only when consented.
const idle = (fn: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(fn, { timeout: 5000 }) : setTimeout(fn, 1));

/** As the original app did: the email is the analytics id; avatar, first, last and full name and status are the traits. */
function identityOf(user: SessionUser | null) {
  if (!user) return null;
  return {
    email: user.email,
    traits: {
      email: user.email,
      ...(user.profile_picture_path ? { avatar: user.profile_picture_path } : {}),
      firstName: user.name,
      lastName: user.last_name,
      name: `${user.name} ${user.last_name}`.trim(),
      user_status: user.user_status,
    },
  };
}

function takeSignedOut(): boolean {
  try {
    const v = sessionStorage.getItem(SIGNED_OUT_KEY) === '1';
    sessionStorage.removeItem(SIGNED_OUT_KEY);
    return v;
  } catch {
    return false;
  }
}

/** What an SDK left in storage once its permission is gone (its cookies: trackingCookiesToDrop). */
function forget(prefix: RegExp) {
  try {
    for (const store of [localStorage, sessionStorage]) for (const key of Object.keys(store)) if (prefix.test(key)) store.removeItem(key);
  } catch {
    /* storage off: nothing stored */
  }
}

export function startIntegrations(config: IntegrationsConfig, consent: Consent, user: SessionUser | null) {
  const names = document.cookie.split(/;\s*/).map((part) => part.split('=')[0]!);
  for (const name of trackingCookiesToDrop(names, consent)) document.cookie = `${name}=; Max-Age=0; Path=/`;
  if (!consent.monitoring) forget(/^_dd_/);
  if (!consent.analytics || !config.analytics) {
    forget(/^rl_/);
    refuseAnalytics();
  } else {
    const analyticsConfig = config.analytics;
    // Page views emitted before this chunk loaded are replayed by the hook; all wait in the queue until
    // the SDK is ready. A sign-out (a full page load follows) is noted for the next page's `logout`.
    pageViewHook.on((v) => analytics.page({ locale: v.locale, previous_url: v.previousUrl }));
    logoutHook.on(() => {
      try {
        sessionStorage.setItem(SIGNED_OUT_KEY, '1');
      } catch {
        /* storage off: the identity is still reset, without the event */
      }
    });
    idle(() => {
      const lang = document.documentElement.lang === 'en' ? 'en' : 'es';
      void createApiClients(config.apiBase, lang)
        .main.get<{ ip: string; utm: Utm | null }>('/visitor')
        .then(async (visitor) => {
          const { startRudderStack } = await import('./rudderstack');
          await startRudderStack(analyticsConfig, visitor.success ? visitor.result : {}, identityOf(user), takeSignedOut());
        })
        .catch((err: unknown) => console.warn('[analytics] not started', err));
    });
  }
  if (consent.monitoring && config.monitoring) {
    const monitoringConfig = config.monitoring;
    idle(() => {
      import('./datadog')
        .then(({ startDatadog }) => startDatadog(monitoringConfig, config.logForwarding, user ? String(user.id) : null))
        .catch((err: unknown) => console.warn('[monitoring] not started', err));
    });
  }
}
