/**
 * A test's server starts from the template, already migrated, and is the one it started (scripts/lib/server.mjs spawnServer): when another
 * server already holds the port, starting fails with the bind error instead of taking the other
 * server's answers to the health check for its own (the server tests run beside the end-to-end
 * servers, each on ports checked free but not reserved).
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PB_BIN } from '../../scripts/build/build-steps.mjs';
import { freePort, startServer } from '../../scripts/lib/server.mjs';
import { template } from './support';

let impostor: http.Server;
let port: number;
const dataDirs: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pb-server-start-'));
  dataDirs.push(dir);
  return dir;
};

beforeAll(async () => {
  port = await freePort();
  // Answers every request 200, /api/health included, as another PocketBase would.
  impostor = http.createServer((_req, res) => res.end('{"code":200,"message":"API is healthy."}'));
  await new Promise<void>((resolve) => impostor.listen(port, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => impostor.close(resolve));
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('starting a server on a port another server holds', () => {
  it('fails with the bind error, not with the other server taken for its own', async () => {
    await expect(startServer({ port, dataDir: newDataDir(), template: template() })).rejects.toThrow(/address already in use/);
  });

  it('starts on a port of its own choosing and answers from its own data', async () => {
    const server = await startServer({ dataDir: newDataDir(), template: template() });
    try {
      expect(server.port).not.toBe(port);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  });
});

describe('the template data dir', () => {
  it('holds every migration, so a server started from it migrates nothing (about a second of CPU each start)', () => {
    const copy = newDataDir();
    cpSync(template(), copy, { recursive: true });
    const said = execFileSync(PB_BIN, ['migrate', 'up', '--dir', copy, '--migrationsDir', path.resolve('pb_migrations'), '--hooksDir', path.resolve('pb_hooks')], { encoding: 'utf8' });
    expect(said.trim()).toBe('No new migrations to apply.');
  });
});
