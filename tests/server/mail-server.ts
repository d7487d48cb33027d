/**
 * A PocketBase server of a test file's own, with an SMTP sink, for the files that read the
 * e-mails as delivered (docs/decisions/021: every e-mail goes through the mail outbox): a fresh
 * data dir from the migrated template, the frozen clock, no rate limits, mail from
 * bookings@test.local. `stop` stops both and removes the data dir.
 */
import type PocketBase from 'pocketbase';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startOwnServer, type Server } from './own-server';

export interface MailServer {
  server: Server;
  sink: SmtpSink;
  /** A superuser client of this server. */
  su: PocketBase;
  stop(): Promise<void>;
}

/** Starts the sink, then the server (`name` names its temporary data dir), and signs a superuser in. */
export async function startMailServer(name: string): Promise<MailServer> {
  const sink = await startSmtpSink();
  const own = await startOwnServer(name, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(sink.port), MAIL_FROM: 'bookings@test.local' });
  return {
    server: own.server,
    sink,
    su: own.su,
    async stop() {
      await own.stop();
      await sink.stop();
    },
  };
}
