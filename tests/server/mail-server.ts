/**
 * A PocketBase server of a test file's own, with an SMTP sink, for the files that read the
 * e-mails as delivered (docs/decisions/021: every e-mail goes through the mail outbox): a fresh
 * data dir from the migrated template, the frozen clock, no rate limits, mail from
 * bookings@test.local. `stop` stops both and removes the data dir.
 */
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll } from 'vitest';
import { signedInStaff, type SignedInStaff } from './admin-fixtures';
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

/** A MailServer with an admin and a staff member (no role) signed in on it. */
export interface MailServerWithStaff extends MailServer {
  admin: SignedInStaff;
  member: SignedInStaff;
}

/**
 * For a test file: registers the beforeAll that starts a MailServer (`name` names its data dir)
 * and signs an admin and a staff member in on it, and the afterAll that stops it. Answers it,
 * its fields filled in once beforeAll has run.
 */
export function mailServerHooks(name: string): MailServerWithStaff {
  const mail = {} as MailServerWithStaff;
  beforeAll(async () => {
    Object.assign(mail, await startMailServer(name));
    mail.admin = await signedInStaff('admin', { url: mail.server.url, superuserClient: mail.su });
    mail.member = await signedInStaff('', { url: mail.server.url, superuserClient: mail.su });
  }, 120_000);
  afterAll(() => mail.stop?.());
  return mail;
}
