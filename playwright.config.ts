import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
// Importing the constants chooses this run's servers: free ports, fresh data dirs (E2E_PORT /
// E2E_SMTP_PORT and E2E_PORT_2 / E2E_SMTP_PORT_2 to fix the ports).
import { E2E_NOW, E2E_SERVERS, E2E_SUPERUSER } from './e2e/support/constants';

// Playwright empties its output dir as a run starts, so a run at the same time in this checkout
// would delete this one's traces: each run writes under its first server's port. --last-failed
// reads the last run to finish.
const outputDir = path.join('test-results', `run-${process.env.E2E_PORT}`);
process.env.PLAYWRIGHT_LAST_RUN_OUTPUT_FILE ??= fileURLToPath(new URL('test-results/.last-run.json', import.meta.url));

/**
 * The spec files of each server, one group a server, run one file after another by that
 * server's one worker: groups of about equal time, so the servers finish together. A spec
 * that leaves state another one's data counts on stays in that one's group (see the notes).
 */
const GROUPS: string[][] = [
  // admin deletes every staff account and changes crews and blocked dates; consultation and
  // reviews delete all their rows. csp books 2026-11-28 and 2026-12-30, my-consultation a
  // consultation on 2026-12-02, dates none of this group's other specs use; hydration,
  // wizard-taps and wizard-history book nothing.
  ['admin.spec.ts', 'consultation.spec.ts', 'csp.spec.ts', 'hydration.spec.ts', 'my-consultation.spec.ts', 'reviews.spec.ts', 'wizard-history.spec.ts', 'wizard-taps.spec.ts'],
  // admin-offline moves a booking to 2026-11-27, which booking-options books; a11y and site book
  // nothing.
  ['a11y.spec.ts', 'admin-offline.spec.ts', 'booking-options.spec.ts', 'site.spec.ts'],
  // Everything else (booking, close-the-books, customers, my-booking, notice-buffer, renewals,
  // stable-link, waitlist, waitlist-owner and the other admin-* specs): the last group takes every
  // spec no earlier group names, so a new spec always runs. notice-buffer books 2026-11-27 and
  // stable-link moves a booking to 2026-12-18 (admin-offline books it): both stay here.
];

/**
 * End-to-end tests in Debian's Chromium against `npm start`'s servers (already built by
 * `npm test`), each on a fresh data dir with a frozen clock.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir,
  fullyParallel: false,
  // One worker a project, each on its own server (projects below).
  workers: E2E_SERVERS.length,
  retries: 0,
  timeout: 60_000,
  // An SMTP sink for each server's e-mails (webServer env SMTP_HOST / SMTP_PORT below).
  globalSetup: './e2e/support/global-setup.ts',
  expect: { timeout: 10_000 },
  // The list as it runs, then the 10 slowest spec files (scripts/dev/reporters/).
  reporter: [['list'], ['./scripts/dev/reporters/playwright-slowest.mjs']],
  use: {
    trace: 'retain-on-failure',
    // No service worker: each test's fresh context would install it and precache the whole app
    // shell (about 150 files) for nothing, and later navigations would get the app shell instead
    // of the prerendered page a first visit gets. The offline admin's spec, which tests the worker,
    // allows it (e2e/admin-offline.spec.ts; docs/benchmarks.md "Where the suite's time goes").
    serviceWorkers: 'block',
    // Transitions, animations and smooth scrolling off (the app's own reduced-motion rule): no
    // test waits for one to end, and a quick user's timing is what the tests meet.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-gpu'],
    },
  },
  projects: E2E_SERVERS.map((server, i) => ({
    name: `chromium-${i + 1}`,
    ...(i < GROUPS.length ? { testMatch: GROUPS[i] } : { testIgnore: GROUPS.flat() }),
    workers: 1,
    metadata: { server },
    use: { ...devices['Desktop Chrome'], baseURL: server.baseURL },
  })),
  webServer: E2E_SERVERS.map((server) => ({
    name: server.name,
    command: 'node scripts/dev/start.mjs',
    url: `${server.baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: String(server.port),
      PB_DATA_DIR: server.dataDir,
      SKIP_BUILD: process.env.E2E_BUILD === '1' ? '0' : '1',
      APP_NOW: E2E_NOW,
      PB_SUPERUSER_EMAIL: E2E_SUPERUSER.email,
      PB_SUPERUSER_PASSWORD: E2E_SUPERUSER.password,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(server.smtpPort),
      MAIL_FROM: 'hello@e2e.test',
      // Every spec shares 127.0.0.1 and its per-IP limits (60 page views a minute, 10 logins in
      // 5 minutes); a spec that counts on a fresh budget speaks from its own forwarded address.
      TRUSTED_PROXY_HEADERS: 'X-Forwarded-For',
      // No replica beside the temp data dir (docs/decisions/041).
      REPLICA_DIR: 'off',
    },
  })),
});
