/**
 * A `mail_log` row's statuses (pb_migrations: `mail_log.status`; the mail outbox,
 * docs/architecture.md), the only place they are spelt: `queued` until the outbox takes it,
 * `sending` while it does, then `sent`, `logged` (no SMTP configured), `failed` or `skipped`.
 */
import { oneOfOr } from '../one-of';
export const MailLogStatus = {
  Queued: 'queued',
  Sending: 'sending',
  Sent: 'sent',
  Logged: 'logged',
  Failed: 'failed',
  Skipped: 'skipped',
} as const;
export type MailLogStatus = (typeof MailLogStatus)[keyof typeof MailLogStatus];
export const MAIL_LOG_STATUSES: readonly MailLogStatus[] = Object.values(MailLogStatus);

/** A stored `mail_log.status` as the union; a value the migrations do not allow reads as `failed`. */
export function asMailLogStatus(value: string): MailLogStatus {
  return oneOfOr(MAIL_LOG_STATUSES, value, MailLogStatus.Failed);
}
