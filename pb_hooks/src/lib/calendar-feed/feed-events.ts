/**
 * What the owner's calendar feed lists (docs/decisions/015 Calendar feed): the install and removal visit
 * of every booking that owns its slots (deposit paid or paid, confirmed or completed; not
 * cancelled, not a payment conflict, not an unpaid checkout hold, which lasts 30 minutes and
 * would linger in a calendar that polls hourly), and every consultation request that is not
 * cancelled, from FEED_DAYS_BACK days ago onward. Times are New York wall-clock times.
 */
import { BUSINESS } from '@domain/business';
import { addDays, isYmd, type Ymd } from '@domain/schedule/calendar';
import { consultationSlotMinutes } from '@domain/consultations/consultation';
import type { CalendarEvent } from '@domain/mail/ics';
import { formatCents } from '@domain/money/cents';
import { parseSlotId } from '@domain/schedule/slots';
import { bookingDetails } from '../mail/booking-summary';
import { bookingBalanceOf } from '../ledger-records';
import { filterIn, filterNotIn, GOING_AHEAD_STATUSES, GONE_STATUSES, PAID_PAYMENT_STATUSES } from '@domain/booking/lifecycle';
import { ConsultationStatus } from '@domain/consultations/consultation-status';
import { consultationRowOf } from '../consultation-row';
import { bookingField } from '../booking-row';

/** Past visits kept in the feed, so last week's jobs stay visible. */
export const FEED_DAYS_BACK = 60;

// A live booking that went ahead (lifecycle.ts isLive, wentAhead), as a filter.
const OWNS_SLOTS = `${filterNotIn('status', GONE_STATUSES)}
  && (${filterIn('payment_status', PAID_PAYMENT_STATUSES)} || ${filterIn('status', GOING_AHEAD_STATUSES)})`;

function uid(kind: string, id: string): string {
  return `${kind}-${id}@feed.${BUSINESS.baseZip}.thoughtfullyadorned`;
}

function lines(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join('\n');
}

/** The visits of booking `r` from `from` on; its balance due is its ledger's, charges read in `app` (docs/decisions/061). */
function bookingEvents(app: CoreApp, r: core.Record, from: Ymd): CalendarEvent[] {
  const b = bookingDetails(r);
  const name = r.getString('customer_name');
  const balance = bookingBalanceOf(app, r);
  const description = lines(
    `${b.packageTitle}, ${b.treeSize}${bookingField(r, 'luxe_finish') ? ', Luxe Finish' : ''}`,
    `Phone: ${r.getString('customer_phone')}`,
    `E-mail: ${r.getString('customer_email')}`,
    `Balance due: ${balance > 0 ? formatCents(balance) : '$0 Paid'}`,
    bookingField(r, 'parking_instructions') && `Parking: ${bookingField(r, 'parking_instructions')}`,
    r.getString('notes') && `Notes: ${r.getString('notes')}`,
  );
  const events: CalendarEvent[] = [];
  const add = (kind: 'install' | 'removal', date: string, slotId: string, label: string) => {
    const slot = parseSlotId(slotId);
    if (!date || date < from || !slot) return;
    events.push({
      uid: uid(kind, r.id),
      date,
      startMinutes: slot.startHour * 60,
      endMinutes: slot.endHour * 60,
      summary: `${label}: ${name}`,
      description,
      location: r.getString('customer_address'),
    });
  };
  add('install', bookingField(r, 'install_date'), bookingField(r, 'install_time_slot'), 'Install');
  add('removal', bookingField(r, 'removal_date'), bookingField(r, 'removal_time_slot'), 'Removal');
  return events;
}

function consultationEvent(r: core.Record): CalendarEvent | null {
  const c = consultationRowOf(r);
  const span = consultationSlotMinutes(c.consultation_time_slot);
  if (!span) return null;
  return {
    uid: uid('consultation', c.id),
    date: c.consultation_date,
    startMinutes: span.start,
    endMinutes: span.end,
    summary: `Consultation: ${c.customer_name}`,
    description: lines(`Status: ${c.status}`, `Phone: ${c.customer_phone}`, `E-mail: ${c.customer_email}`, c.notes && `Notes: ${c.notes}`),
    location: c.customer_address,
  };
}

/** The feed's events on `today` (New York), sorted by date and start time. */
export function feedEvents(app: CoreApp, today: Ymd): CalendarEvent[] {
  const from = addDays(today, -FEED_DAYS_BACK);
  const params = { from } as unknown as dbx.Params;
  const bookings = app.findRecordsByFilter('bookings', `${OWNS_SLOTS} && (install_date >= {:from} || removal_date >= {:from})`, 'install_date', 0, 0, params);
  const consultations = app.findRecordsByFilter('consultation_requests', `status != '${ConsultationStatus.Cancelled}' && consultation_date >= {:from}`, 'consultation_date', 0, 0, params);
  const events = [...bookings.flatMap((r) => bookingEvents(app, r!, from)), ...consultations.map((r) => consultationEvent(r!)).filter((ev): ev is CalendarEvent => ev !== null)];
  // A stored date the pattern let through but the calendar lacks (2026-02-30) is left out
  // rather than failing the whole feed.
  return events.filter((ev) => isYmd(ev.date)).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.startMinutes - b.startMinutes));
}
