/**
 * What the mail outbox asks of a message by kind before and after sending it (docs/decisions/028,
 * 034): each kind that needs it registers its checks here, and the outbox asks them without
 * knowing the kinds. The topics own their checks and the composition root (lib/app.ts) registers
 * them, so mail/, on a lower floor than the topics, imports none of them (docs/architecture.md
 * "Layers"): a visit reminder is checked again at send time and written to the booking's history
 * (bookings/visit-reminder-checks.ts), a staff password reset is sent only while its link lives
 * (admin/staff-password-reset.ts), a renewal only while its customer wants it
 * (customers/renewal-mail-checks.ts). Kept apart from mail-outbox.ts so that the message
 * builders, which import the outbox, are not imported by it.
 */

export const VISIT_REMINDER_KIND = 'visit_reminder';
/** A staff account's password reset link (lib/admin/staff-password-reset.ts). */
export const STAFF_PASSWORD_RESET_KIND = 'staff_password_reset';

/** The checks of one kind of message; a kind without checks is always sent and nothing follows. */
export interface MailKindChecks {
  /** Whether outbox row `rec` (read through `app`) should still be sent. */
  stillWanted?: (app: CoreApp, rec: core.Record) => boolean;
  /** After row `rec` was sent, inside the transaction `tx` that records it. */
  afterSent?: (tx: CoreApp, rec: core.Record) => void;
}

const checksByKind = new Map<string, MailKindChecks>();

/** Registers `checks` for mail kind `kind` (once per kind, at the bundle's load: lib/app.ts). */
export function registerMailKindChecks(kind: string, checks: MailKindChecks): void {
  checksByKind.set(kind, checks);
}

/** Whether outbox row `rec` should still be sent: its kind's `stillWanted`, or true. */
export function stillWanted(app: CoreApp, rec: core.Record): boolean {
  return checksByKind.get(rec.getString('kind'))?.stillWanted?.(app, rec) ?? true;
}

/** After row `rec` was sent (inside the transaction that records it): its kind's `afterSent`, if any. */
export function afterSent(tx: CoreApp, rec: core.Record): void {
  checksByKind.get(rec.getString('kind'))?.afterSent?.(tx, rec);
}
