// Where the browser tests' server keeps its database (fresh on every run); the tests read its email outbox.
// Uploaded pictures live in it too (decision 033). `npm run shots` points it elsewhere, so it never touches a
// test run's database.
export const E2E_DB = process.env.E2E_DB ?? 'data/e2e.db';
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8311);

/** The provider sign-in test runs its own OAuth provider here; the server is configured to use it. */
export const E2E_OAUTH_PORT = E2E_PORT + 77;
export const E2E_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

/** Environment of the browser tests' server. */
export function e2eServerEnv(): Record<string, string> {
  const provider = `http://127.0.0.1:${E2E_OAUTH_PORT}`;
  return {
    PORT: String(E2E_PORT),
    HOST: '127.0.0.1',
    WORKERS: '1',
    SITE_URL: E2E_ORIGIN,
    DATABASE_URL: `file:${E2E_DB}`,
    RATE_LIMIT_SCALE: '20',
    SALES_EMAIL: 'ventas@tandem.example',
    OAUTH_GITHUB_CLIENT_ID: 'test-client',
    OAUTH_GITHUB_CLIENT_SECRET: 'test-secret',
    OAUTH_GITHUB_AUTHORIZE_URL: `${provider}/authorize`,
    OAUTH_GITHUB_TOKEN_URL: `${provider}/token`,
    OAUTH_GITHUB_PROFILE_URL: `${provider}/api`,
  };
}

/** A second server with analytics and monitoring on, sending to the tests' own intake (e2e/intake.ts). */
export const E2E_INT_PORT = E2E_PORT + 2;
export const E2E_INT_ORIGIN = `http://127.0.0.1:${E2E_INT_PORT}`;
export const E2E_INT_DB = 'data/e2e-integrations.db';
export const E2E_INTAKE_PORT = E2E_PORT + 78;
const E2E_INTAKE = `http://127.0.0.1:${E2E_INTAKE_PORT}`;
/** The tests' SMTP server (e2e/smtp-sink-server.ts): the integrations server delivers its email there. */
export const E2E_SMTP_PORT = E2E_PORT + 79;
export const E2E_SMTP_HTTP_PORT = E2E_PORT + 80;
export const E2E_SMTP_ORIGIN = `http://127.0.0.1:${E2E_SMTP_HTTP_PORT}`;

export function e2eIntegrationsServerEnv(): Record<string, string> {
  return {
    ...e2eServerEnv(),
    PORT: String(E2E_INT_PORT),
    SITE_URL: E2E_INT_ORIGIN,
    DATABASE_URL: `file:${E2E_INT_DB}`,
    ANALYTICS_WRITE_KEY: 'wk-e2e',
    ANALYTICS_DATA_PLANE_URL: E2E_INTAKE,
    ANALYTICS_CONFIG_URL: E2E_INTAKE,
    DATADOG_CLIENT_TOKEN: 'pub-e2e',
    DATADOG_APPLICATION_ID: 'app-e2e',
    DATADOG_PROXY: `${E2E_INTAKE}/dd`,
    LOG_FORWARDING: 'true',
    SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
  };
}
