/** Settings shared by playwright.config.ts and the specs. */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * Sets E2E_PORT (the e2e server) and E2E_SMTP_PORT (the SMTP sink) in process.env to free ports
 * where they are not set already. Playwright evaluates this file first in its runner (through
 * playwright.config.ts), where the ports are chosen, and again in every worker, which inherits
 * them with the rest of the runner's environment, as does the web server; so all agree, and two
 * runs on one machine never collide. Synchronous because the config is: a child process prints
 * the ports (scripts/dev/free-ports.mjs).
 */
function choosePorts(): void {
  const unset = (['E2E_PORT', 'E2E_SMTP_PORT'] as const).filter((name) => !process.env[name]);
  if (unset.length === 0) return;
  const script = fileURLToPath(new URL('../../scripts/dev/free-ports.mjs', import.meta.url));
  const ports = execFileSync(process.execPath, [script, String(unset.length)], { encoding: 'utf8' })
    .trim()
    .split('\n');
  unset.forEach((name, i) => {
    process.env[name] = ports[i];
  });
}
choosePorts();

export const E2E_PORT = Number(process.env.E2E_PORT);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The server's frozen clock: Friday 2026-11-20, noon in New York. */
export const E2E_NOW = '2026-11-20T17:00:00Z';
export const E2E_SUPERUSER = { email: 'e2e-superuser@test.local', password: 'e2e-superuser-password-1' };
/** The SMTP sink the e2e server sends e-mail to (started by e2e/support/global-setup.ts). */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT);
