/**
 * The e-mail a change sends, and its one way out over SMTP (docs/architecture.md reading 7). Nothing
 * calls smtpSend but the mail outbox (mail-outbox.ts, docs/decisions/021): every message is
 * queued first, in the transaction of the change that causes it.
 */
import { BUSINESS } from '@domain/business';

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
}

/** How a message ended: sent over SMTP, only logged (no SMTP configured), or given up. */
export type MailStatus = 'sent' | 'logged' | 'failed' | 'skipped';

/** Whether SMTP is configured (SMTP_HOST sets PocketBase's SMTP settings at start). */
export function smtpEnabled(app: CoreApp): boolean {
  return app.settings().smtp.enabled;
}

/** Sends `mail` over SMTP now. Throws PocketBase's mailer error when the server refuses or cannot be reached. */
export function smtpSend(app: CoreApp, mail: OutgoingMail): void {
  const settings = app.settings();
  const message = new MailerMessage({
    from: { address: settings.meta.senderAddress, name: settings.meta.senderName || BUSINESS.name },
    to: [{ address: mail.to }],
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
  });
  if (mail.attachments?.length) {
    const files: Record<string, unknown> = {};
    for (const a of mail.attachments) files[a.name] = $textReader(a.content);
    (message as unknown as { attachments: unknown }).attachments = files;
  }
  app.newMailClient().send(message);
}

/** Escapes text for HTML bodies. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
