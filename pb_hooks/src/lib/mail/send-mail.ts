/**
 * Sends an e-mail through PocketBase's mailer when SMTP is configured (SMTP_HOST, DESIGN.md
 * decision 7) and always records it in `mail_log`. Never throws: a failed send is logged and
 * reported in the return value, so it can never break a booking or a request.
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

export type MailStatus = 'sent' | 'logged' | 'failed';

export function sendMail(app: CoreApp, mail: OutgoingMail): MailStatus {
  let status: MailStatus = 'logged';
  let error = '';
  const settings = app.settings();
  if (settings.smtp.enabled) {
    try {
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
      status = 'sent';
    } catch (err) {
      status = 'failed';
      error = String(err).slice(0, 1000);
      console.error(`Sending "${mail.subject}" to ${mail.to} failed: ${error}`);
    }
  }
  try {
    const rec = new Record(app.findCollectionByNameOrId('mail_log'));
    rec.load({
      to: mail.to,
      subject: mail.subject,
      kind: mail.kind,
      body: mail.text,
      attachments: (mail.attachments ?? []).map((a) => a.name),
      status,
      error,
      related_id: mail.relatedId ?? '',
    });
    app.save(rec);
  } catch (err) {
    console.error(`Recording mail "${mail.subject}" failed: ${String(err)}`);
  }
  return status;
}

/** Escapes text for HTML bodies. */
export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
