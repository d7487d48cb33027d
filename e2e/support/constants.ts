/** Settings shared by playwright.config.ts and the specs. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8097);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The server's frozen clock: Friday 2026-11-20, noon in New York. */
export const E2E_NOW = '2026-11-20T17:00:00Z';
export const E2E_SUPERUSER = { email: 'e2e-superuser@test.local', password: 'e2e-superuser-password-1' };
/** The SMTP sink the e2e server sends e-mail to (started by e2e/support/global-setup.ts). */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
