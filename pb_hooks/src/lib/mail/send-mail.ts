/**
 * The e-mail a change sends, and its one way out over SMTP (docs/architecture.md reading 7). Nothing
 * calls smtpSend but the mail outbox (mail-outbox.ts, docs/decisions/021): every message is
 * queued first, in the transaction of the change that causes it.
 */
import { BUSINESS } from '@domain/business';
import { messageIdFor, senderName } from './message-id';
import type { MailLogStatus } from '@domain/mail/mail-status';

export interface Attachment {
  name: string;
  content: string;
}

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** What the message is, e.g. booking_confirmation, business_notice, consultation. */
  kind: string;
  /** Id of the record it is about (booking, consultation, testimonial). */
  relatedId?: string;
  attachments?: Attachment[];
  /** Its outbox key (mail-outbox.ts): the Message-ID is made from it, the same on every send. */
  key?: string;
  /** Extra headers (name → value): a marketing e-mail's List-Unsubscribe (RFC 2369, 8058); none on transactional mail. */
  headers?: Record<string, string>;
}

/** How a message ended: sent over SMTP, only logged (no SMTP configured), or given up. */
export type MailStatus = typeof MailLogStatus.Sent | typeof MailLogStatus.Logged | typeof MailLogStatus.Failed | typeof MailLogStatus.Skipped;

/**
 * Who every e-mail is from (docs/decisions/049): the configured sender address (MAIL_FROM or
 * the dashboard) and its display name (senderName). The calendar files name it as ORGANIZER,
 * so the invitation's organizer is the address the message came from (RFC 6047 §3).
 */
export function businessSender(app: CoreApp = $app): { email: string; name: string } {
  const meta = app.settings().meta;
  return { email: meta.senderAddress, name: senderName(meta.senderName, BUSINESS.name) };
}

/** Whether SMTP is configured (SMTP_HOST sets PocketBase's SMTP settings at start). */
export function smtpEnabled(app: CoreApp): boolean {
  return app.settings().smtp.enabled;
}

/**
 * Sends `mail` over SMTP now, from the business's name (message-id.ts senderName) at the
 * configured address, with the Message-ID of its outbox key when it has one. Throws PocketBase's
 * mailer error when the server refuses or cannot be reached.
 */
export function smtpSend(app: CoreApp, mail: OutgoingMail): void {
  const settings = app.settings();
  const sender = businessSender(app);
  const message = new MailerMessage({
    from: { address: sender.email, name: sender.name },
    to: [{ address: mail.to }],
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    headers: { ...(mail.headers ?? {}), ...(mail.key ? { 'Message-ID': messageIdFor(mail.key, settings.meta.senderAddress) } : {}) },
  });
  if (mail.attachments?.length) {
    const files: Record<string, unknown> = {};
    for (const a of mail.attachments) files[a.name] = $textReader(a.content);
    (message as unknown as { attachments: unknown }).attachments = files;
  }
  app.newMailClient().send(message);
}

/** Escapes text for HTML bodies (layout.ts's, for the builders that import it from here). */
export { escapeHtml } from './layout';
