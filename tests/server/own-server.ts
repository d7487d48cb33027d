/**
 * A PocketBase server of a test file's own, for the files that change its clock, settings or
 * environment (Stripe, mail, the sender) and so must leave the shared servers alone: a fresh data
 * dir from the migrated template (support.ts `template`), the frozen clock SERVER_NOW, no rate
 * limits, and a signed-in superuser client. `stop` stops it and removes its data dir.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll } from 'vitest';
import { startServer } from '../../scripts/lib/server.mjs';
import { staffToken } from './charge-fixtures';
import { SERVER_NOW } from './constants';
import { superuserAt, template } from './support';

export type Server = Awaited<ReturnType<typeof startServer>>;

export interface OwnServer {
  server: Server;
  /** A superuser client of this server. */
  su: PocketBase;
  /** The server's data dir (a temporary one), e.g. to read a file the server writes there. */
  dataDir: string;
  /** Stops the server in `server` (a restarted one too) and removes the data dir; call it as a method. */
  stop(): Promise<void>;
}

/**
 * Starts a server of one's own: `name` names its temporary data dir, `env` goes on top of
 * `{ APP_NOW: SERVER_NOW, RATE_LIMITS: 'off' }`; `capture` keeps its output (startServer).
 */
export async function startOwnServer(name: string, env: Record<string, string> = {}, opts: { capture?: boolean } = {}): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `pb-${name}-`));
  const server = await startServer({ dataDir, template: template(), capture: opts.capture, env: { APP_NOW: SERVER_NOW, RATE_LIMITS: 'off', ...env } });
  const su = await superuserAt(server.url);
  const own: OwnServer = {
    server,
    su,
    dataDir,
    async stop() {
      await this.server.stop();
      rmSync(this.dataDir, { recursive: true, force: true });
    },
  };
  return own;
}

/**
 * For a test file or a `describe` block with a server of its own: registers the beforeAll that
 * starts it (startOwnServer's arguments; `env` may be a function, read when the server starts,
 * e.g. for the address of a Stripe stand-in an earlier beforeAll started) and the afterAll that
 * stops it. Answers the OwnServer, its fields filled in once beforeAll has run; with
 * `opts.admin`, `admin` is a staff admin's token on it.
 */
export function ownServerHooks(name: string, env: Record<string, string> | (() => Record<string, string>) = {}, opts: { capture?: boolean; admin?: boolean } = {}): OwnServer & { admin: string } {
  const own = {} as OwnServer & { admin: string };
  beforeAll(async () => {
    Object.assign(own, await startOwnServer(name, typeof env === 'function' ? env() : env, opts));
    if (opts.admin) own.admin = await staffToken(own.su, 'admin');
  }, 120_000);
  afterAll(() => own.stop?.());
  return own;
}
