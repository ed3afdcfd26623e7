import 'server-only';
import { checkAnalytics, checkMonitoring, datadogIntakeOrigin, SAME_SITE_VALUES } from '../domain/integrations';
import type { AnalyticsConfig, IntegrationsConfig, MonitoringConfig, PublicConfig } from '../domain/public-config';
import type { ServerConfig } from './config';

// Which client integrations are on, from the environment: each one only when it is configured and passes
// the checks its SDK would make (src/domain/integrations.ts). A bad value turns that integration off and is logged at
// start-up with the SDK's own message; the site keeps working.
export type Integrations = { analytics: AnalyticsConfig | null; monitoring: MonitoringConfig | null; problems: string[] };

const truthy = (v: string | undefined) => v === 'true' || v === '1' || v === 'yes';

/** Exported for the start-up log and the tests. */
export function integrationsOf(c: ServerConfig): Integrations {
  const problems: string[] = [];
  let analytics: AnalyticsConfig | null = null;
  const analyticsWanted =
    c.ANALYTICS_ENABLED === undefined ? Boolean(c.ANALYTICS_WRITE_KEY || c.ANALYTICS_DATA_PLANE_URL) : truthy(c.ANALYTICS_ENABLED);
  if (analyticsWanted) {
    const check = checkAnalytics({
      writeKey: c.ANALYTICS_WRITE_KEY,
      dataPlaneUrl: c.ANALYTICS_DATA_PLANE_URL,
      sessionTimeout: c.ANALYTICS_SESSION_TIMEOUT,
      sameSite: c.ANALYTICS_SAME_SITE,
    });
    problems.push(...check.errors.map((m) => `analytics off: ${m}`), ...check.warnings.map((m) => `analytics: ${m}`));
    if (!check.errors.length) {
      const timeout = Number(c.ANALYTICS_SESSION_TIMEOUT);
      const sameSite = (SAME_SITE_VALUES as readonly string[]).includes(c.ANALYTICS_SAME_SITE ?? '')
        ? (c.ANALYTICS_SAME_SITE as AnalyticsConfig['same_site'])
        : undefined;
      analytics = {
        key: c.ANALYTICS_WRITE_KEY.trim(),
        data_plane_url: c.ANALYTICS_DATA_PLANE_URL,
        config_url: c.ANALYTICS_CONFIG_URL,
        cdn_url: c.ANALYTICS_CDN_URL,
        ...(c.ANALYTICS_SESSION_TIMEOUT !== undefined && Number.isInteger(timeout) && timeout >= 0 ? { session_timeout: timeout } : {}),
        ...(sameSite ? { same_site: sameSite } : {}),
      };
    }
  }
  let monitoring: MonitoringConfig | null = null;
  if (c.DATADOG_CLIENT_TOKEN || c.DATADOG_APPLICATION_ID) {
    const settings = {
      clientToken: c.DATADOG_CLIENT_TOKEN,
      applicationId: c.DATADOG_APPLICATION_ID,
      site: c.DATADOG_SITE,
      sessionSampleRate: c.DATADOG_SESSION_SAMPLE_RATE,
      telemetrySampleRate: c.DATADOG_TELEMETRY_SAMPLE_RATE,
      telemetryConfigurationSampleRate: 5,
      telemetryUsageSampleRate: 5,
      trackingConsent: c.DATADOG_TRACKING_CONSENT,
    };
    const check = checkMonitoring(settings);
    if (
      c.DATADOG_SESSION_REPLAY_SAMPLE_RATE < 0 ||
      c.DATADOG_SESSION_REPLAY_SAMPLE_RATE > 100 ||
      Number.isNaN(c.DATADOG_SESSION_REPLAY_SAMPLE_RATE)
    )
      check.errors.push('Session Replay Sample Rate should be a number between 0 and 100');
    problems.push(...check.errors.map((m) => `monitoring off: ${m}`));
    if (!check.errors.length)
      monitoring = {
        client_token: c.DATADOG_CLIENT_TOKEN,
        application_id: c.DATADOG_APPLICATION_ID,
        site: c.DATADOG_SITE,
        service: c.DATADOG_SERVICE,
        env: c.DATADOG_ENV,
        // Datadog tags are lowercase.
        version: (import.meta.env?.WAKU_BUILD_ID ?? 'dev').toLowerCase(),
        session_sample_rate: c.DATADOG_SESSION_SAMPLE_RATE,
        session_replay_sample_rate: c.DATADOG_SESSION_REPLAY_SAMPLE_RATE,
        telemetry_sample_rate: c.DATADOG_TELEMETRY_SAMPLE_RATE,
        tracking_consent: c.DATADOG_TRACKING_CONSENT as MonitoringConfig['tracking_consent'],
        proxy: c.DATADOG_PROXY,
      };
  }
  return { analytics, monitoring, problems };
}

const memo = new WeakMap<ServerConfig, Integrations>();
const integrations = (c: ServerConfig) => {
  let v = memo.get(c);
  if (!v) memo.set(c, (v = integrationsOf(c)));
  return v;
};

/** What the browser integrations island gets; null when nothing is on. */
export function integrationsConfig(c: ServerConfig): IntegrationsConfig | null {
  const { analytics, monitoring } = integrations(c);
  if (!analytics && !monitoring) return null;
  return { analytics, monitoring, logForwarding: c.LOG_FORWARDING && !!monitoring, apiBase: c.API_BASE };
}

export function toPublicConfig(c: ServerConfig): PublicConfig {
  const { analytics, monitoring } = integrations(c);
  return {
    apiBase: c.API_BASE,
    auth: { name_cookie_token: c.AUTH_COOKIE_TOKEN, name_cookie_type: c.AUTH_COOKIE_TYPE, name_cookie_domain: c.AUTH_COOKIE_DOMAIN },
    feature_flags: { apiHost: c.FEATURE_FLAGS_API_HOST, clientKey: c.FEATURE_FLAGS_CLIENT_KEY, enableDevMode: c.FEATURE_FLAGS_DEV_MODE },
    data_integration_platform: {
      enabled: !!analytics,
      cdn_url: c.ANALYTICS_CDN_URL,
      key: analytics?.key ?? '',
      data_plane_url: analytics?.data_plane_url ?? '',
      settings: analytics,
    },
    monitoring,
    log_forwarding: c.LOG_FORWARDING,
    brand: { name: c.BRAND_NAME, handle: c.BRAND_HANDLE, siteUrl: c.SITE_URL },
  };
}

/** The origins the browser must be allowed to reach (CSP connect-src) for the integrations that are on. */
export function integrationOrigins(c: ServerConfig): string[] {
  const { analytics, monitoring } = integrations(c);
  const urls = [c.FEATURE_FLAGS_API_HOST];
  if (analytics) urls.push(analytics.data_plane_url, analytics.config_url || 'https://api.rudderstack.com', analytics.cdn_url);
  if (monitoring) urls.push(monitoring.proxy || datadogIntakeOrigin(monitoring.site));
  return [...new Set(urls.filter((u) => /^https?:\/\//.test(u)).map((u) => new URL(u).origin))];
}
