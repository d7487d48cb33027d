/**
 * Moving one visit of a booking to another date and slot, for the customer's manage link
 * (my-booking/my-booking-routes.ts, docs/decisions/027) and the owner's admin
 * (bookings/owner-move-route.ts, docs/decisions/036): the same season rules as checkout
 * (domain/season.ts: window, work days, blocked dates; the slot offered for the tree size;
 * the removal after the installation) and the same overlap check inside the caller's
 * transaction, so two moves onto one free slot end with one owner.
 */
import { formatLongDate, type Ymd } from '@domain/calendar';
import { isTreeSize } from '@domain/catalog';
import { slotHasConflict } from '@domain/overlap';
import { SELF_SERVICE_MESSAGES as M } from '@domain/self-service';
import { moveDateProblem } from '@domain/visit-move';
import { findSlot, formatSlotRange, visitName, type TimeSlot } from '@domain/slots';
import type { Refusal } from '../http';
import { badRequest } from '../http';
import { loadBookingDateContext, loadCrews } from '../settings';
import { bookingsOnDates } from './bookings-repo';

export type Visit = 'install' | 'removal';

export interface VisitMove {
  visit: Visit;
  /** `YYYY-MM-DD` in America/New_York. */
  date: Ymd;
  slot: TimeSlot;
}

/**
 * The visit, date and slot of a move request `body` { visit, date, timeSlot } for `booking`,
 * checked against the season. Throws 400 with a sentence when the visit is unknown, the date
 * not bookable, the slot not offered on it for the tree size, or an installation would land on
 * or after the removal.
 */
export function parseVisitMove(body: Record<string, unknown>, booking: core.Record): VisitMove {
  const visit = body.visit;
  if (visit !== 'install' && visit !== 'removal') throw badRequest(M.badVisit);
  const date = typeof body.date === 'string' ? body.date : '';
  const slotId = typeof body.timeSlot === 'string' ? body.timeSlot : '';
  const size = booking.getString('tree_size');
  const problem = moveDateProblem(
    visit,
    date,
    { install_date: booking.getString('install_date'), removal_date: booking.getString('removal_date') },
    loadBookingDateContext($app, booking.getString('install_date')),
  );
  if (problem) throw badRequest(problem);
  const slot = isTreeSize(size) ? findSlot(size, date, visit, slotId) : null;
  if (!slot) throw badRequest(`That ${visitName(visit)} time slot is not offered on this date. Please choose another slot.`);
  return { visit, date, slot };
}

/** Whether booking `b`'s visit is already at the move's date and slot. */
export function alreadyThere(b: core.Record, move: VisitMove): boolean {
  return b.getString(`${move.visit}_date`) === move.date && b.getString(`${move.visit}_time_slot`) === move.slot.id;
}

/**
 * Inside transaction `tx`: moves booking `b`'s visit when no other booking holds the slot at
 * `now` (epoch ms), raising `ics_sequence`, and saves it. Returns the refusal (409, the slot
 * taken) without writing, or the old time as a sentence ('Friday, December 4, 2026, 9 AM - 3 PM').
 */
export function moveVisit(tx: CoreApp, b: core.Record, move: VisitMove, now: number): Refusal | { before: string } {
  const others = bookingsOnDates(tx, [move.date]).filter((o) => o.id !== b.id);
  if (slotHasConflict(move.date, move.slot, others, now, loadCrews(tx))) return { status: 409, message: M.slotTaken };
  const dateField = `${move.visit}_date`;
  const slotField = `${move.visit}_time_slot`;
  const before = `${formatLongDate(b.getString(dateField))}, ${formatSlotRange(b.getString(slotField))}`;
  b.set(dateField, move.date);
  b.set(slotField, move.slot.id);
  b.set('ics_sequence', b.getInt('ics_sequence') + 1);
  tx.save(b);
  return { before };
}

/** The new time of a move as a sentence's end ('Friday, December 11, 2026, 9 AM - 3 PM'). */
export const movedTo = (move: VisitMove): string => `${formatLongDate(move.date)}, ${formatSlotRange(move.slot.id)}`;
