// The public configuration (docs/product-rules.md), built by the server from the environment at run time and handed to
// client islands as props. Nothing secret belongs here (Datadog's client token and RudderStack's write key
// are public by design: they only allow sending events).
export type AnalyticsConfig = {
  key: string;
  data_plane_url: string;
  /** Where the SDK fetches the source configuration ('' = RudderStack's default). */
  config_url: string;
  cdn_url: string;
  /** Session timeout in ms (0 = no automatic sessions), undefined for the SDK's default. */
  session_timeout?: number;
  same_site?: 'Strict' | 'Lax' | 'None';
};

export type MonitoringConfig = {
  client_token: string;
  application_id: string;
  site: string;
  service: string;
  env: string;
  version: string;
  session_sample_rate: number;
  session_replay_sample_rate: number;
  telemetry_sample_rate: number;
  tracking_consent: 'granted' | 'not-granted';
  proxy: string;
};

export type PublicConfig = {
  apiBase: string;
  auth: { name_cookie_token: string; name_cookie_type: string; name_cookie_domain: string };
  feature_flags: { apiHost: string; clientKey: string; enableDevMode: boolean };
  /** Analytics, when configured and valid; `enabled` false otherwise. */
  data_integration_platform: { enabled: boolean; cdn_url: string; key: string; data_plane_url: string; settings: AnalyticsConfig | null };
  /** Monitoring, when configured and valid; null otherwise. */
  monitoring: MonitoringConfig | null;
  log_forwarding: boolean;
  brand: { name: string; handle: string; siteUrl: string };
};

/** What the browser needs to run the integrations; null when none is on (then no banner and no SDK bytes). */
export type IntegrationsConfig = {
  analytics: AnalyticsConfig | null;
  monitoring: MonitoringConfig | null;
  logForwarding: boolean;
  apiBase: string;
};
