/**
 * Server tests: a template data dir (every migration applied, the test superuser saved) made
 * once, and from copies of it one real PocketBase (our build, hooks and migrations) per Vitest
 * worker, each on a temp dir and a port of its own (all chosen at once, so no two clash) with
 * the clock frozen by APP_NOW. Files run as many at a time as vitest.config.ts's maxWorkers,
 * each on its worker's server (support.ts picks it by VITEST_POOL_ID), so the files of one
 * worker still take turns on one database. A file that needs a server of its own starts it from
 * the template too (`template()` in support.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePorts, makeTemplateDataDir, startServer } from '../../scripts/lib/server.mjs';
import { SERVER_NOW, SUPERUSER, TEST_HOOK_POOL_SIZE } from './constants';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared servers' URLs, one per worker (index VITEST_POOL_ID − 1). */
    pbUrls: string[];
    /** A superuser token for each of pbUrls. */
    superuserTokens: string[];
    /** The template data dir (scripts/lib/server.mjs makeTemplateDataDir). */
    pbTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const dirs: string[] = [];
  const tempDir = (prefix: string) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
  const template = tempDir('pb-server-template-');
  await makeTemplateDataDir(template, SUPERUSER);
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const ports = await freePorts(workers);
  const started = await Promise.allSettled(
    ports.map((port) => startServer({ port, dataDir: tempDir('pb-server-test-'), template, env: { APP_NOW: SERVER_NOW, RATE_LIMITS: 'off', HOOK_POOL_SIZE: TEST_HOOK_POOL_SIZE } })),
  );
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(servers.map((s) => s.stop()));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    throw failed.reason;
  }
  const tokens = await Promise.all(
    servers.map(async (server) => {
      const res = await fetch(`${server.url}/api/collections/_superusers/auth-with-password`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ identity: SUPERUSER.email, password: SUPERUSER.password }),
      });
      if (!res.ok) throw new Error(`Superuser login failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { token: string }).token;
    }),
  );
  project.provide(
    'pbUrls',
    servers.map((s) => s.url),
  );
  project.provide('superuserTokens', tokens);
  project.provide('pbTemplate', template);
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  };
}
