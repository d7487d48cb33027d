/**
 * What the mail outbox asks of a message by kind before and after sending it (docs/decisions/028):
 * a visit reminder is checked again at send time (the visit may have moved, been cancelled or
 * been done since it was queued), and its sending is written to the booking's history; a staff
 * password reset is sent only while its link lives (docs/decisions/034). Kept
 * apart from mail-outbox.ts so that the message builders, which import the outbox, are not
 * imported by it.
 */
import { formatLongDate, parseTimestamp } from '@domain/schedule/calendar';
import { parseReminderVersion, reminderStillDue } from '@domain/mail/reminders';
import { resetLinkAlive } from '@domain/admin/staff-password-reset';
import { formatSlotRange } from '@domain/schedule/slots';
import { addServerEvent } from '../admin/job-events-repo';
import { selfServiceBookingOf } from '../bookings/bookings-repo';
import { RENEWAL_KIND, renewalStillWanted } from '../customers/renewal-mail-checks';

export const VISIT_REMINDER_KIND = 'visit_reminder';
/** A staff account's password reset link (lib/admin/staff-password-reset.ts). */
export const STAFF_PASSWORD_RESET_KIND = 'staff_password_reset';

/** A reminder's booking id and version from its outbox key `visit_reminder:<booking>:<version>`. */
function reminderKeyParts(key: string): { bookingId: string; version: string } | null {
  const m = /^visit_reminder:([^:]+):(.+)$/.exec(key);
  return m ? { bookingId: m[1]!, version: m[2]! } : null;
}

/**
 * Whether outbox row `rec` should still be sent: false for a reminder whose visit no longer
 * matches, for a password reset whose link has died (an SMTP outage held it back), and for a
 * renewal whose customer unsubscribed meanwhile (customers/renewal-mail-checks.ts).
 */
export function stillWanted(app: CoreApp, rec: core.Record): boolean {
  if (rec.getString('kind') === RENEWAL_KIND) return renewalStillWanted(app, rec.getString('related_id'));
  if (rec.getString('kind') === STAFF_PASSWORD_RESET_KIND) {
    const linkSeconds = app.findCollectionByNameOrId('staff').passwordResetToken.duration;
    return resetLinkAlive(parseTimestamp(rec.getString('queued_at')), linkSeconds, Date.now());
  }
  if (rec.getString('kind') !== VISIT_REMINDER_KIND) return true;
  const parts = reminderKeyParts(rec.getString('key'));
  if (!parts) return false;
  try {
    return reminderStillDue(selfServiceBookingOf(app.findRecordById('bookings', parts.bookingId)), parts.version);
  } catch {
    return false; // the booking was deleted
  }
}

/** After row `rec` was sent (inside the transaction that records it): a reminder goes into the booking's history. */
export function afterSent(tx: CoreApp, rec: core.Record): void {
  if (rec.getString('kind') !== VISIT_REMINDER_KIND) return;
  const parts = reminderKeyParts(rec.getString('key'));
  const visit = parts && parseReminderVersion(parts.version);
  if (!parts || !visit) return;
  try {
    tx.findRecordById('bookings', parts.bookingId);
  } catch {
    return;
  }
  addServerEvent(tx, {
    booking: parts.bookingId,
    kind: 'reminder_sent',
    text: `Reminder e-mailed to ${rec.getString('to')} for the ${visit.visit === 'install' ? 'installation' : 'removal'} on ${formatLongDate(visit.date)}, ${formatSlotRange(visit.timeSlot)}.`,
    clientId: `reminder_${rec.id}`,
  });
}
