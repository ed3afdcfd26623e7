import { defineConfig } from '@playwright/test';
import base from '../playwright.config';
import { E2E_DB, E2E_PORT, e2eServerEnv } from './env';

// `npm run shots`: full-page screenshots of every page type for reviewers (never compared in tests). Its own
// server and database (E2E_PORT and E2E_DB are set by the npm script; pictures live in the database), so it can run beside
// a test run.
// The shots are one project of their own, not the test run's scans and flows.
const { projects: _testProjects, ...shared } = base;

export default defineConfig({
  ...shared,
  testDir: './shots',
  testMatch: '*.shots.ts',
  timeout: 900_000,
  webServer: {
    command: `rm -rf ${E2E_DB}* && npm run build && node scripts/start.mjs`,
    // From the repository's root (a config's web server otherwise starts in the config's folder).
    cwd: new URL('..', import.meta.url).pathname,
    env: e2eServerEnv(),
    url: `http://127.0.0.1:${E2E_PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
