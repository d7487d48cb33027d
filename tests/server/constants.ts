/** The frozen server clock for server tests: Friday 2026-11-20, noon in New York. */
export const SERVER_NOW = '2026-11-20T17:00:00Z';
export const SUPERUSER = { email: 'superuser@test.local', password: 'test-superuser-password-1' };
