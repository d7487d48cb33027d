/**
 * A PocketBase server of a test file's own, with an SMTP sink, for the files that read the
 * e-mails as delivered (docs/decisions/021: every e-mail goes through the mail outbox): a fresh
 * data dir from the migrated template, the frozen clock, no rate limits, mail from
 * bookings@test.local. `stop` stops both and removes the data dir.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type PocketBase from 'pocketbase';
import { startServer } from '../../scripts/lib/server.mjs';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { SERVER_NOW } from './constants';
import { superuserAt, template } from './support';

export interface MailServer {
  server: Awaited<ReturnType<typeof startServer>>;
  sink: SmtpSink;
  /** A superuser client of this server. */
  su: PocketBase;
  stop(): Promise<void>;
}

/** Starts the sink, then the server (`name` names its temporary data dir), and signs a superuser in. */
export async function startMailServer(name: string): Promise<MailServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `pb-${name}-`));
  const sink = await startSmtpSink();
  const server = await startServer({
    dataDir,
    template: template(),
    env: { APP_NOW: SERVER_NOW, RATE_LIMITS: 'off', SMTP_HOST: '127.0.0.1', SMTP_PORT: String(sink.port), MAIL_FROM: 'bookings@test.local' },
  });
  const su = await superuserAt(server.url);
  return {
    server,
    sink,
    su,
    async stop() {
      await server.stop();
      await sink.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
