import { datadogRum } from '@datadog/browser-rum';
import type { MonitoringConfig } from '../../domain/public-config';
import { MONITORING_DEFAULTS } from '../../domain/integrations';

type Site = NonNullable<Parameters<typeof datadogRum.init>[0]['site']>;

// Datadog RUM, loaded only after consent and idle, as its own chunk. With LOG_FORWARDING the Logs SDK
// comes too and forwards failed requests ('XHR error' / 'Fetch error' with method and URL).
// With a proxy set, every batch goes there instead of Datadog's intake (a proxy on our domain, or the
// tests' local intake). The SDK itself logs its own messages for anything the server did not catch.
export async function startDatadog(config: MonitoringConfig, logForwarding: boolean, userId: string | null): Promise<void> {
  const common = {
    clientToken: config.client_token,
    site: config.site as Site,
    service: config.service,
    env: config.env,
    version: config.version,
    ...(config.proxy ? { proxy: config.proxy } : {}),
  };
  datadogRum.init({
    ...common,
    applicationId: config.application_id,
    sessionSampleRate: config.session_sample_rate,
    sessionReplaySampleRate: config.session_replay_sample_rate,
    telemetrySampleRate: config.telemetry_sample_rate,
    telemetryConfigurationSampleRate: MONITORING_DEFAULTS.telemetryConfigurationSampleRate,
    telemetryUsageSampleRate: MONITORING_DEFAULTS.telemetryUsageSampleRate,
    trackingConsent: config.tracking_consent,
    trackUserInteractions: true,
    trackResources: true,
    trackLongTasks: true,
    defaultPrivacyLevel: 'mask-user-input',
  });
  // The account id only: names and emails stay out of monitoring.
  if (userId) datadogRum.setUser({ id: userId });
  if (logForwarding) {
    const { datadogLogs } = await import('@datadog/browser-logs');
    datadogLogs.init({ ...common, forwardErrorsToLogs: true, sessionSampleRate: MONITORING_DEFAULTS.logsSessionSampleRate });
  }
}
