// The configuration rules of the three client integrations (RudderStack, Datadog, GrowthBook; docs/product-rules.md), with the
// messages the SDKs themselves log, so that the server can say at start-up what is wrong and turn the
// integration off instead of shipping a configuration the SDK would reject in every visitor's browser.
// Pure: used by the server (start-up checks, public configuration) and by the browser loaders.

/** What a check found: errors turn the integration off, warnings are logged and the SDK's default applies. */
export type ConfigCheck = { errors: string[]; warnings: string[] };

// ---- analytics (RudderStack JS SDK v3) ----------------------------------------------------------------

const URL_PATTERN = new RegExp(
  '^(https?:\\/\\/)' +
    '(((([a-zA-Z\\d]([a-zA-Z\\d-]*[a-zA-Z\\d])*)\\.)+[a-zA-Z]{2,}|localhost|' +
    '((25[0-5]|2[0-4][0-9]|[0-1]?[0-9]?[0-9]?)\\.){3}(25[0-5]|2[0-4][0-9]|[0-1]?[0-9]?[0-9]?)))' +
    '(\\:\\d+)?(\\/[-a-zA-Z\\d%_.~+]*)*(\\?[;&a-zA-Z\\d%_.~+=-]*)?(\\#[-a-zA-Z\\d_]*)?$',
);

/** The SDK's data plane URL rule: parses as a URL and has a domain with a TLD, localhost or an IPv4 host. */
export function isValidDataPlaneUrl(url: string): boolean {
  try {
    new URL(url);
    return URL_PATTERN.test(url);
  } catch {
    return false;
  }
}

const SESSION_TIMEOUT_DEFAULT_MS = 1_800_000;
const SESSION_TIMEOUT_MIN_MS = 10_000;
export const SAME_SITE_VALUES = ['Strict', 'Lax', 'None'] as const;
const PRE_CONSENT_STRATEGIES = ['none', 'session', 'anonymousId'] as const;
const PRE_CONSENT_DELIVERY = ['immediate', 'buffer'] as const;

export type AnalyticsSettings = {
  writeKey: string;
  dataPlaneUrl: string;
  sessionTimeout?: number | string;
  sameSite?: string;
  preConsentStrategy?: string;
  preConsentDelivery?: string;
};

export function checkAnalytics(s: AnalyticsSettings): ConfigCheck {
  const errors: string[] = [];
  const warnings: string[] = [];
  if (typeof s.writeKey !== 'string' || s.writeKey.trim().length === 0)
    errors.push(
      `The write key "${s.writeKey}" is invalid. It must be a non-empty string. Please check that the write key is correct and try again.`,
    );
  if (!isValidDataPlaneUrl(s.dataPlaneUrl))
    errors.push(
      `The data plane URL "${s.dataPlaneUrl}" is invalid. It must be a valid URL string. Please check that the data plane URL is correct and try again.`,
    );
  if (s.sessionTimeout !== undefined) {
    const t = Number(s.sessionTimeout);
    if (s.sessionTimeout === '' || !Number.isInteger(t) || t < 0)
      warnings.push(
        `The session timeout value "${s.sessionTimeout}" is not a number. The default timeout of ${SESSION_TIMEOUT_DEFAULT_MS} ms will be used instead.`,
      );
    else if (t === 0)
      warnings.push(
        'The session timeout value is 0, which disables the automatic session tracking feature. If you want to enable session tracking, please provide a positive integer value for the timeout.',
      );
    else if (t < SESSION_TIMEOUT_MIN_MS)
      warnings.push(
        `The session timeout value ${t} ms is less than the recommended minimum of ${SESSION_TIMEOUT_MIN_MS} ms. Please consider increasing the timeout value to ensure optimal performance and reliability.`,
      );
  }
  if (s.sameSite !== undefined && !(SAME_SITE_VALUES as readonly string[]).includes(s.sameSite))
    warnings.push(`The SameSite value "${s.sameSite}" is not one of "Strict, Lax, None". The default "Lax" will be used instead.`);
  if (s.preConsentStrategy !== undefined && !(PRE_CONSENT_STRATEGIES as readonly string[]).includes(s.preConsentStrategy))
    warnings.push(
      `The pre-consent storage strategy "${s.preConsentStrategy}" is not supported. Please choose one of the following supported strategies: "none, session, anonymousId". The default strategy "none" will be used instead.`,
    );
  if (s.preConsentDelivery !== undefined && !(PRE_CONSENT_DELIVERY as readonly string[]).includes(s.preConsentDelivery))
    warnings.push(
      `The pre-consent events delivery type "${s.preConsentDelivery}" is not supported. Please choose one of the following supported types: "immediate, buffer". The default type "immediate" will be used instead.`,
    );
  return { errors, warnings };
}

/** The session options the SDK gets for a timeout setting: 0 turns automatic sessions off. */
export function sessionOptions(timeout: number | undefined): { autoTrack: boolean; timeout: number } {
  if (timeout === undefined || !Number.isInteger(timeout) || timeout < 0) return { autoTrack: true, timeout: SESSION_TIMEOUT_DEFAULT_MS };
  return { autoTrack: timeout > 0, timeout };
}

/** A manual session id must be a positive integer of at least 10 digits. */
export const isValidSessionId = (id: unknown): boolean =>
  typeof id === 'number' && Number.isSafeInteger(id) && id > 0 && String(id).length >= 10;

// ---- monitoring (Datadog browser RUM and Logs 6.x) -----------------------------------------------------

export type MonitoringSettings = {
  clientToken: string;
  applicationId: string;
  site: string;
  sessionSampleRate: number;
  telemetrySampleRate: number;
  telemetryConfigurationSampleRate: number;
  telemetryUsageSampleRate: number;
  trackingConsent: string;
};

/** The original app's sample rates (percent, docs/product-rules.md) and the SDK's other defaults. */
export const MONITORING_DEFAULTS = {
  site: 'datadoghq.com',
  sessionSampleRate: 100,
  telemetrySampleRate: 20,
  telemetryConfigurationSampleRate: 5,
  telemetryUsageSampleRate: 5,
  logsSessionSampleRate: 100,
  trackingConsent: 'granted',
} as const;

const isRate = (n: number) => typeof n === 'number' && Number.isFinite(n) && n >= 0 && n <= 100;

export function checkMonitoring(s: MonitoringSettings): ConfigCheck {
  const errors: string[] = [];
  if (!s.clientToken) errors.push('Client Token is not configured, we will not send any data.');
  if (!s.applicationId) errors.push('Application ID is not configured, no RUM data will be collected.');
  if (!/(datadog|ddog|datad0g|dd0g)/.test(s.site))
    errors.push('Site should be a valid Datadog site. More details: https://docs.datadoghq.com/getting_started/site/.');
  const rates: [string, number][] = [
    ['Session', s.sessionSampleRate],
    ['Telemetry', s.telemetrySampleRate],
    ['Telemetry Configuration', s.telemetryConfigurationSampleRate],
    ['Telemetry Usage', s.telemetryUsageSampleRate],
  ];
  for (const [name, rate] of rates) if (!isRate(rate)) errors.push(`${name} Sample Rate should be a number between 0 and 100`);
  if (s.trackingConsent !== 'granted' && s.trackingConsent !== 'not-granted')
    errors.push('Tracking Consent should be either "granted" or "not-granted"');
  return { errors, warnings: [] };
}

/** The browser intake host of a Datadog site (datadoghq.com → browser-intake-datadoghq.com), for the CSP. */
export function datadogIntakeOrigin(site: string): string {
  const parts = site.split('.');
  const tld = parts.pop() ?? '';
  return `https://browser-intake-${parts.join('-')}.${tld}`;
}

// ---- feature flags (GrowthBook JS SDK 1.x) --------------------------------------------------------------

/** As the original app had it: a cached payload is stale after 1 min, kept up to 4 h, 10 entries; an idle stream closes after 20 s. */
export const FLAG_CACHE_SETTINGS = { staleTTL: 60_000, maxAge: 14_400_000, maxEntries: 10, idleStreamInterval: 20_000 } as const;
