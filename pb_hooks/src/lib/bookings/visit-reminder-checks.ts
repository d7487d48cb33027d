/**
 * The mail outbox's checks of a visit reminder (docs/decisions/028; registered by lib/app.ts with
 * mail/outbox-checks.ts): checked again at send time (the visit may have moved, been cancelled or
 * been done since it was queued), and its sending written to the booking's history.
 */
import { formatLongDate } from '@domain/schedule/calendar';
import { parseReminderVersion, reminderStillDue } from '@domain/mail/reminders';
import { formatSlotRange } from '@domain/schedule/slots';
import { addServerEvent } from '../booking-store/job-events-repo';
import type { MailKindChecks } from '../mail/outbox-checks';
import { selfServiceBookingOf } from '../booking-store/bookings-repo';

/** A reminder's booking id and version from its outbox key `visit_reminder:<booking>:<version>`. */
function reminderKeyParts(key: string): { bookingId: string; version: string } | null {
  const m = /^visit_reminder:([^:]+):(.+)$/.exec(key);
  return m ? { bookingId: m[1]!, version: m[2]! } : null;
}

/**
 * `stillWanted`: false for a reminder whose visit no longer matches its key's version (or whose
 * booking was deleted); `afterSent`: a 'reminder_sent' line in the booking's history, once per
 * outbox row.
 */
export const visitReminderChecks: MailKindChecks = {
  stillWanted(app, rec) {
    const parts = reminderKeyParts(rec.getString('key'));
    if (!parts) return false;
    try {
      return reminderStillDue(selfServiceBookingOf(app.findRecordById('bookings', parts.bookingId)), parts.version);
    } catch {
      return false; // the booking was deleted
    }
  },
  afterSent(tx, rec) {
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
  },
};
