/**
 * A `mail_log` row's statuses (pb_migrations: `mail_log.status`; the mail outbox,
 * docs/architecture.md), the only place they are spelt: `queued` until the outbox takes it,
 * `sending` while it does, then `sent`, `logged` (no SMTP configured), `failed` or `skipped`.
 */
import { oneOfOr, valuesOf, type ValueOf } from '../one-of';
export const MailLogStatus = { Queued: 'queued', Sending: 'sending', Sent: 'sent', Logged: 'logged', Failed: 'failed', Skipped: 'skipped' } as const;
export type MailLogStatus = ValueOf<typeof MailLogStatus>;
export const MAIL_LOG_STATUSES = valuesOf(MailLogStatus);

/** A stored `mail_log.status` as the union; a value the migrations do not allow reads as `failed`. */
export function asMailLogStatus(value: string): MailLogStatus {
  return oneOfOr(MAIL_LOG_STATUSES, value, MailLogStatus.Failed);
}
