/**
 * Server tests: one real PocketBase (our build, hooks and migrations) on a temp dir and a free
 * port, with the clock frozen by APP_NOW and a superuser for inspecting the database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startServer } from '../../scripts/lib/server.mjs';
import { SERVER_NOW, SUPERUSER } from './constants';

declare module 'vitest' {
  export interface ProvidedContext {
    pbUrl: string;
    superuserToken: string;
  }
}

export default async function setup(project: TestProject) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pb-server-test-'));
  const server = await startServer({ dataDir, superuser: SUPERUSER, env: { APP_NOW: SERVER_NOW, RATE_LIMITS: 'off' } });
  const res = await fetch(`${server.url}/api/collections/_superusers/auth-with-password`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ identity: SUPERUSER.email, password: SUPERUSER.password }),
  });
  if (!res.ok) throw new Error(`Superuser login failed: ${res.status} ${await res.text()}`);
  const { token } = (await res.json()) as { token: string };
  project.provide('pbUrl', server.url);
  project.provide('superuserToken', token);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
