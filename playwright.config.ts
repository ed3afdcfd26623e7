import { defineConfig, devices } from '@playwright/test';

// Browser tests against the production build, in Debian's Chromium (Playwright's own download does not work
// here). The server binds 127.0.0.1 and is stopped by Playwright when the run ends.
import { E2E_DB, E2E_INT_DB, E2E_INT_PORT, E2E_PORT as PORT, E2E_SMTP_ORIGIN, e2eIntegrationsServerEnv, e2eServerEnv } from './e2e/env';

/** The files of the 'scans' project (see `projects`). */
const SCANS = /\/(a11y|routes)\.spec\.ts$/;
/** Tests that start a server of their own and share nothing with the flows (tagged `@own-server`). */
const OWN_SERVER = /@own-server/;

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // Two workers: the scans below run beside the flows. The flows share one server and its database (sign-ups,
  // outbox, rate limits, page cache), so they run one at a time, in file order.
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  // Sign-in hashes a password (about 0.1 s alone, more on a busy CI machine): give waits some room.
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    // Spanish-first product: a Spanish browser unless a test says otherwise.
    locale: 'es-ES',
    // The sales team's default timezone: the booking page has no timezone to detect (it reloads with the
    // browser's when they differ; e2e/meetings.spec.ts sets others on purpose).
    timezoneId: 'America/Lima',
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Listed first, the flows start at once on one worker; the scans take the other (and both once the flows
  // are done).
  projects: [
    { name: 'flows', testIgnore: SCANS, grepInvert: OWN_SERVER, fullyParallel: false, workers: 1 },
    // Read-only walks over every route, as an anonymous visitor (GET only): no test depends on another's
    // state, so their tests spread over the workers the flows leave free.
    { name: 'scans', testMatch: SCANS, fullyParallel: true },
    // Suites with a server and database of their own (the page fuzz on PostgreSQL): they take the worker the
    // flows leave free instead of lengthening the flows' one line.
    { name: 'own-servers', testIgnore: SCANS, grep: OWN_SERVER },
  ],
  webServer: [
    {
      // The mail server the integrations server delivers to (e2e/meetings.spec.ts reads what it received).
      command: 'node e2e/smtp-sink-server.mjs',
      url: `${E2E_SMTP_ORIGIN}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // A database of its own, fresh on every run (the tests read the email outbox from it).
      command: `rm -rf ${E2E_DB}* && npm run build && node scripts/start.mjs`,
      env: e2eServerEnv(),
      url: `http://127.0.0.1:${PORT}/readyz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The same build with analytics and monitoring configured (e2e/integrations.spec.ts). Started after
      // the first server, so the build is there.
      command: `rm -rf ${E2E_INT_DB}* && node scripts/start.mjs`,
      env: e2eIntegrationsServerEnv(),
      url: `http://127.0.0.1:${E2E_INT_PORT}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
