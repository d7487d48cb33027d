/**
 * POST /api/fn/check-slot-overlap (docs/product.md §7 check_slot_overlap).
 * Body { check_date: 'YYYY-MM-DD', start_hour, end_hour, is_install }; response: a JSON boolean,
 * true when the range overlaps active bookings on that date (so the slot is unavailable).
 */
import { isYmd } from '@domain/schedule/calendar';
import { slotHasConflict } from '@domain/schedule/overlap';
import { bookingsOnDates } from '../booking-store/bookings-repo';
import { nowMs } from '../clock';
import { badRequest, readJsonObject } from '../http';
import { loadCrews } from '../settings';

/** A whole hour given as a number or a string of digits; NaN for anything else (null, '', true, []). */
function hourOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d{1,2}$/.test(value.trim())) return Number(value);
  return Number.NaN;
}

export function checkSlotOverlapRoute(e: core.RequestEvent): void {
  const body = readJsonObject(e);
  const date = body.check_date;
  const start = hourOf(body.start_hour);
  const end = hourOf(body.end_hour);
  if (!isYmd(date)) throw badRequest('check_date must be a date as YYYY-MM-DD.');
  if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end > 24 || start >= end) {
    throw badRequest('start_hour and end_hour must be whole hours with start before end.');
  }
  const bookings = bookingsOnDates($app, [date]);
  return e.json(200, slotHasConflict(date, { startHour: start, endHour: end }, bookings, nowMs(), loadCrews($app)));
}
