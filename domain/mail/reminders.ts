/**
 * Visit reminders (docs/decisions/028): an e-mail at 9 AM New York time the day before each
 * installation and removal, once per visit and time (the mail outbox's key), checked again when
 * it is sent. Pure: the server's job and the outbox read these. Dates `YYYY-MM-DD` and slots
 * '9-15' in America/New_York; times epoch ms.
 */
import { addDays, businessToday, newYorkTimeMs, type Ymd } from '../schedule/calendar';
import { hasRemovalVisit, type SelfServiceBooking } from '../booking/self-service';
import type { VisitKind } from '../schedule/slots';
import { BookingStatus, isPaid } from '../booking/lifecycle';

/** The hour (New York) reminders go out, the day before the visit. */
export const REMINDER_HOUR = 9;

/** A booking as the reminder rules read it: the self-service rules' view, with its id. */
export type ReminderBooking = SelfServiceBooking & { id: string };

/** One reminder to send: the booking, the visit and the time it is for. */
export interface DueReminder {
  bookingId: string;
  visit: VisitKind;
  date: Ymd;
  timeSlot: string;
  /** The outbox version: visit, date and slot, so a moved visit gets its own reminder. */
  version: string;
}

/** A reminder's version: its visit, date and slot ('install-2026-12-05-9-15'). */
export function reminderVersion(visit: VisitKind, date: Ymd, timeSlot: string): string {
  return `${visit}-${date}-${timeSlot}`;
}

/** The visit, date and slot a reminder version names, or null for anything else. */
export function parseReminderVersion(version: string): { visit: VisitKind; date: Ymd; timeSlot: string } | null {
  const m = /^(install|removal)-(\d{4}-\d{2}-\d{2})-(.+)$/.exec(version);
  return m ? { visit: m[1] as VisitKind, date: m[2]!, timeSlot: m[3]! } : null;
}

/** When the reminder for a visit on `date` goes out: 9 AM the day before, New York time. */
export function reminderSendAtMs(date: Ymd): number {
  return newYorkTimeMs(addDays(date, -1), REMINDER_HOUR);
}

/** The booking's visit of `kind` if there is one: its date and slot, and whether it is done. */
function visitOf(b: ReminderBooking, kind: VisitKind): { date: Ymd; timeSlot: string; done: boolean } | null {
  if (kind === 'install') return { date: b.install_date, timeSlot: b.install_time_slot, done: !!b.install_done_at };
  // A removal held for an unpaid Checkout page is not a visit yet.
  if (!hasRemovalVisit(b)) return null;
  return { date: b.removal_date, timeSlot: b.removal_time_slot, done: !!b.removal_done_at };
}

function active(b: ReminderBooking): boolean {
  return b.status === BookingStatus.Confirmed && isPaid(b);
}

/**
 * The reminders due at `now` among `bookings`: each active booking's visits tomorrow (New
 * York), once 9 AM today has passed, not done, and booked before that 9 AM (a booking made
 * later already has its confirmation in hand).
 */
export function dueReminders(bookings: readonly ReminderBooking[], now: number): DueReminder[] {
  const tomorrow = addDays(businessToday(new Date(now)), 1);
  const out: DueReminder[] = [];
  for (const b of bookings) {
    if (!active(b)) continue;
    for (const kind of ['install', 'removal'] as const) {
      const v = visitOf(b, kind);
      if (!v || v.done || v.date !== tomorrow) continue;
      const sendAt = reminderSendAtMs(v.date);
      if (now < sendAt || !(b.depositPaidAtMs < sendAt)) continue;
      out.push({ bookingId: b.id, visit: kind, date: v.date, timeSlot: v.timeSlot, version: reminderVersion(kind, v.date, v.timeSlot) });
    }
  }
  return out;
}

/** Whether the reminder `version` of booking `b` should still go out: the booking active, the visit still at that time and not done. */
export function reminderStillDue(b: ReminderBooking, version: string): boolean {
  const wanted = parseReminderVersion(version);
  const v = wanted && visitOf(b, wanted.visit);
  return active(b) && !!v && !v.done && v.date === wanted!.date && v.timeSlot === wanted!.timeSlot;
}
