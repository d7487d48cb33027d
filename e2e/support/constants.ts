/** Settings shared by playwright.config.ts and the specs. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test } from '@playwright/test';

/** The server's frozen clock: Friday 2026-11-20, noon in New York. */
export const E2E_NOW = '2026-11-20T17:00:00Z';
export const E2E_SUPERUSER = { email: 'e2e-superuser@test.local', password: 'e2e-superuser-password-1' };

/**
 * One e2e server: its port, its fresh data dir, the SMTP sink it sends e-mail to (started by
 * e2e/support/global-setup.ts) and the file that sink appends what it receives to.
 */
export interface E2EServer {
  name: string;
  port: number;
  baseURL: string;
  smtpPort: number;
  dataDir: string;
  mailFile: string;
}

/** How many servers the suite runs on at once: one Playwright project (and worker) each. */
export const E2E_SERVER_COUNT = 3;

/**
 * The servers of this run. Their ports, data dirs and mail dir are chosen in Playwright's runner
 * (playwright.config.ts evaluates this file first) and kept in process.env, which every worker
 * and web server inherits; so all agree, and two runs on one machine never collide.
 * E2E_PORT / E2E_SMTP_PORT fix the first server's ports, E2E_PORT_2 / E2E_SMTP_PORT_2 the
 * second's, and so on. Synchronous because the config is:
 * a child process prints the free ports (scripts/dev/free-ports.mjs), below the OS's ephemeral
 * range so the server tests run beside them never take one.
 */
function chooseServers(): E2EServer[] {
  const suffix = (i: number) => (i === 0 ? '' : `_${i + 1}`);
  const names = Array.from({ length: E2E_SERVER_COUNT }, (_, i) => [`E2E_PORT${suffix(i)}`, `E2E_SMTP_PORT${suffix(i)}`]).flat();
  const unset = names.filter((name) => !process.env[name]);
  if (unset.length > 0) {
    const script = fileURLToPath(new URL('../../scripts/dev/free-ports.mjs', import.meta.url));
    const ports = execFileSync(process.execPath, [script, String(unset.length), '--below-ephemeral'], { encoding: 'utf8' })
      .trim()
      .split('\n');
    unset.forEach((name, i) => {
      process.env[name] = ports[i];
    });
  }
  const mailDir = (process.env.E2E_MAIL_DIR ??= mkdtempSync(path.join(os.tmpdir(), 'e2e-mail-')));
  return Array.from({ length: E2E_SERVER_COUNT }, (_, i) => {
    const n = i + 1;
    const port = Number(process.env[`E2E_PORT${suffix(i)}`]);
    return {
      name: `server-${n}`,
      port,
      baseURL: `http://127.0.0.1:${port}`,
      smtpPort: Number(process.env[`E2E_SMTP_PORT${suffix(i)}`]),
      // One fresh data dir per server and run.
      dataDir: (process.env[`E2E_DATA_DIR${suffix(i)}`] ??= mkdtempSync(path.join(os.tmpdir(), 'pb-e2e-'))),
      mailFile: path.join(mailDir, `mail-${n}.jsonl`),
    };
  });
}
export const E2E_SERVERS = chooseServers();

/**
 * The server of the running test's project (its metadata.server, playwright.config.ts): each
 * project's worker speaks to its own server only. Call it in a test, a hook or a test fixture.
 */
export function e2eServer(): E2EServer {
  const server = (test.info().project.metadata as { server?: E2EServer }).server;
  if (!server) throw new Error(`Project ${test.info().project.name} names no e2e server (metadata.server in playwright.config.ts)`);
  return server;
}

/** The base URL of the running test's server (e2eServer). */
export function e2eBaseUrl(): string {
  return e2eServer().baseURL;
}
