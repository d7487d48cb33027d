import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
// Importing the constants chooses free ports for this run (E2E_PORT / E2E_SMTP_PORT to fix them).
import { E2E_BASE_URL, E2E_NOW, E2E_PORT, E2E_SMTP_PORT, E2E_SUPERUSER } from './e2e/support/constants';

// One fresh data dir per run; set in the runner and inherited by the workers.
const dataDir = (process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'pb-e2e-')));
// Playwright empties its output dir as a run starts, so a run at the same time in this checkout
// would delete this one's traces: each run writes under its own port. --last-failed reads the
// last run to finish.
const outputDir = path.join('test-results', `run-${E2E_PORT}`);
process.env.PLAYWRIGHT_LAST_RUN_OUTPUT_FILE ??= fileURLToPath(new URL('test-results/.last-run.json', import.meta.url));

/**
 * End-to-end tests in Debian's Chromium against `npm start`'s server (already built by
 * `npm test`), on a fresh data dir with a frozen clock.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // An SMTP sink for the server's e-mails (webServer env SMTP_HOST / SMTP_PORT below).
  globalSetup: './e2e/support/global-setup.ts',
  expect: { timeout: 10_000 },
  // The list as it runs, then the 10 slowest spec files (scripts/dev/reporters/).
  reporter: [['list'], ['./scripts/dev/reporters/playwright-slowest.mjs']],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node scripts/dev/start.mjs',
    url: `${E2E_BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(E2E_PORT),
      PB_DATA_DIR: dataDir,
      SKIP_BUILD: process.env.E2E_BUILD === '1' ? '0' : '1',
      APP_NOW: E2E_NOW,
      PB_SUPERUSER_EMAIL: E2E_SUPERUSER.email,
      PB_SUPERUSER_PASSWORD: E2E_SUPERUSER.password,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(E2E_SMTP_PORT),
      MAIL_FROM: 'hello@e2e.test',
      // Every spec shares 127.0.0.1 and its per-IP limits (60 page views a minute, 10 logins in
      // 5 minutes); a spec that counts on a fresh budget speaks from its own forwarded address.
      TRUSTED_PROXY_HEADERS: 'X-Forwarded-For',
      // No replica beside the temp data dir (docs/decisions/041).
      REPLICA_DIR: 'off',
    },
  },
});
