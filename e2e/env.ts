import { test } from '@playwright/test';

// Where the browser tests' server keeps its database (fresh on every run); the tests read its email outbox.
// Uploaded pictures live in it too (decision 033). `npm run shots` points it elsewhere, so it never touches a
// test run's database.
export const E2E_DB = process.env.E2E_DB ?? 'data/e2e.db';
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8311);
const E2E_ORIGIN = `http://127.0.0.1:${E2E_PORT}`;

/**
 * The flows run in two lanes at once (playwright.config.ts), each against a server and a database of its
 * own: a test's sign-ups, outbox, rate limits and page cache are those of its lane only. The first lane is
 * the server above (the scans read it too); the second listens 4 ports up.
 */
export type Lane = { port: number; origin: string; db: string };
export const E2E_LANES: readonly Lane[] = [
  { port: E2E_PORT, origin: E2E_ORIGIN, db: E2E_DB },
  { port: E2E_PORT + 4, origin: `http://127.0.0.1:${E2E_PORT + 4}`, db: E2E_DB.replace(/(\.db)?$/, '-lane2.db') },
];

/** The lane of the running test, by its project's base URL (the first lane outside a test). */
export function currentLane(): Lane {
  let base: string | undefined;
  try {
    base = test.info().project.use.baseURL;
  } catch {
    base = undefined;
  }
  return E2E_LANES.find((l) => l.origin === base) ?? E2E_LANES[0]!;
}
/** The running test's server: its origin, and its database file (for checks a browser cannot make). */
export const e2eOrigin = (): string => currentLane().origin;
export const e2eDb = (): string => currentLane().db;

/** The provider sign-in test runs its own OAuth provider 77 ports above its lane's server. */
export const e2eOauthPort = (lane: Lane = currentLane()): number => lane.port + 77;

/** Environment of a lane's server. */
export function e2eServerEnv(lane: Lane = E2E_LANES[0]!): Record<string, string> {
  const provider = `http://127.0.0.1:${e2eOauthPort(lane)}`;
  return {
    PORT: String(lane.port),
    HOST: '127.0.0.1',
    WORKERS: '1',
    SITE_URL: lane.origin,
    DATABASE_URL: `file:${lane.db}`,
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
