import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vitest/config';
import { assertOwnNodeModules } from './scripts/lib/own-node-modules.mjs';
import { TEST_HOOK_POOL_SIZE } from './tests/server/constants';

// A node_modules shared with another checkout makes runs fail at random: refuse it.
assertOwnNodeModules(fileURLToPath(new URL('.', import.meta.url)));

// Two projects: fast unit tests (domain, web) and server tests against the real PocketBase binary.
// The server tests run two files at a time, each worker on a shared server of its own
// (tests/server/global-setup.ts); they run after the unit tests when both are run at once.
export default defineConfig({
  resolve: { alias: { '@domain': fileURLToPath(new URL('./domain', import.meta.url)), '@': fileURLToPath(new URL('./web/src', import.meta.url)) } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // Worker threads start and import faster than the default child processes: about 0.83 ×
          // the CPU and 0.71 × the time of forks for this project, alternated (docs/benchmarks.md).
          pool: 'threads',
          include: ['domain/**/*.test.ts', 'web/src/**/*.test.{ts,tsx}', 'pb_hooks/src/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/{lint,docs,architecture}/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          // Every server a test starts inherits it (global-setup.ts passes it to the shared ones).
          env: { HOOK_POOL_SIZE: TEST_HOOK_POOL_SIZE },
        },
      },
    ],
  },
});
