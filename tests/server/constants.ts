/** The frozen server clock for server tests: Friday 2026-11-20, noon in New York. */
export const SERVER_NOW = '2026-11-20T17:00:00Z';
export const SUPERUSER = { email: 'superuser@test.local', password: 'test-superuser-password-1' };

/**
 * The hook runtimes of every server the server tests start (HOOK_POOL_SIZE; the servers inherit
 * it from the test process, vitest.config.ts): 4 warm in about a quarter of the production pool's
 * time and serve these tests' calls (a burst beyond them makes throwaway runtimes, as in
 * production). warm-start.test.ts starts the production pool.
 */
export const TEST_HOOK_POOL_SIZE = '4';
