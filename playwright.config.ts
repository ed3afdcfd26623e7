import { defineConfig, devices } from '@playwright/test';

// Browser tests against the production build, in Debian's Chromium (Playwright's own download does not work
// here). The server binds 127.0.0.1 and is stopped by Playwright when the run ends.
import { E2E_INT_DB, E2E_INT_PORT, E2E_LANES, E2E_SMTP_ORIGIN, e2eIntegrationsServerEnv, e2eServerEnv } from './e2e/env';

/** The files of the 'scans' project (see `projects`). */
const SCANS = /\/(a11y|routes)\.spec\.ts$/;
/** Tests that start a server of their own and share nothing with the flows (tagged `@own-server`). */
const OWN_SERVER = /@own-server/;
/**
 * The flows of the second lane (its own server and database, e2e/env.ts), about half the flows' time.
 * A new file joins the first lane unless it is named here. Files that use the server with analytics and
 * monitoring configured (integrations, moderation, notifications, meetings) stay in the first lane: they
 * share that server's database.
 */
const LANE_2 = new RegExp(
  `/(${[
    'phone-walk',
    'operators',
    'commercial-pages',
    'interviews',
    'accounts',
    'jobs',
    'hire',
    'learning',
    'hiring-journey',
    'messages',
    'salary-pages',
    'hire-screens',
    'flags',
  ].join('|')})\\.spec\\.ts$`,
);
const [LANE_1_SERVER, LANE_2_SERVER] = E2E_LANES;

// The page fuzz shares its requests between SQLite and PostgreSQL by a seeded hash (e2e/page-fuzz.spec.ts).
// Each database's fuzz may run in another worker: the seed is chosen once here, in the runner, whose
// environment every worker inherits.
process.env.PAGE_FUZZ_SEED ??= String(Math.floor(Math.random() * 2 ** 31));

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // Three workers: the flows' two lanes, and the scans beside them. The flows of a lane share one server
  // and its database (sign-ups, outbox, rate limits, page cache), so they run one at a time, in file order.
  // On a two-core machine the lanes still overlap well: a flow mostly waits for its browser and server.
  workers: 3,
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
    baseURL: LANE_1_SERVER!.origin,
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
  // Listed first, each lane of flows starts at once on a worker of its own; the own-server suites, then the
  // scans, take the third (and the lanes' workers once the flows are done).
  projects: [
    { name: 'flows', testIgnore: [SCANS, LANE_2], grepInvert: OWN_SERVER, fullyParallel: false, workers: 1 },
    {
      name: 'flows-2',
      testMatch: LANE_2,
      grepInvert: OWN_SERVER,
      fullyParallel: false,
      workers: 1,
      use: { baseURL: LANE_2_SERVER!.origin },
    },
    // Suites with a server and database of their own (the page fuzz on SQLite and on PostgreSQL): listed
    // before the scans, so they start at once on the worker the lanes leave free, in parallel with them.
    { name: 'own-servers', testIgnore: SCANS, grep: OWN_SERVER },
    // Read-only walks over every route, as an anonymous visitor (GET only): no test depends on another's
    // state, so their tests spread over the workers the flows leave free.
    { name: 'scans', testMatch: SCANS, fullyParallel: true },
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
      command: `rm -rf ${LANE_1_SERVER!.db}* && npm run build && node scripts/start.mjs`,
      env: e2eServerEnv(LANE_1_SERVER),
      url: `${LANE_1_SERVER!.origin}/readyz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The second lane's server: the same build, a database of its own. Started after the first server, so
      // the build is there.
      command: `rm -rf ${LANE_2_SERVER!.db}* && node scripts/start.mjs`,
      env: e2eServerEnv(LANE_2_SERVER),
      url: `${LANE_2_SERVER!.origin}/readyz`,
      reuseExistingServer: false,
      timeout: 120_000,
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
