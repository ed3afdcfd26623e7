// The public configuration of SPEC §3, built by the server from the environment at run time and handed to
// client islands as props. Nothing secret belongs here.
export type PublicConfig = {
  apiBase: string;
  auth: { name_cookie_token: string; name_cookie_type: string; name_cookie_domain: string };
  feature_flags: { apiHost: string; clientKey: string; enableDevMode: boolean };
  data_integration_platform: { enabled: boolean; cdn_url: string; key: string; data_plane_url: string };
  log_forwarding: boolean;
  brand: { name: string; handle: string; siteUrl: string };
};
