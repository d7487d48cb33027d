/**
 * POST /api/fn/check-slot-overlap (docs/product.md §7 check_slot_overlap).
 * Body { check_date: 'YYYY-MM-DD', start_hour, end_hour, is_install }; response: a JSON boolean,
 * true when the range overlaps active bookings on that date (so the slot is unavailable).
 */
import { isYmd, type Ymd } from '@domain/schedule/calendar';
import { slotHasConflict } from '@domain/schedule/overlap';
import { bookingsOnDates } from '../booking-store/bookings-repo';
import { nowMs } from '../clock';
import { runRead, type ServerRead } from '../commands/run-command';
import { loadCrews } from '../settings';

/** A whole hour given as a number or a string of digits; NaN for anything else (null, '', true, []). */
function hourOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\d{1,2}$/.test(value.trim())) return Number(value);
  return Number.NaN;
}

/** The read on the runner (run-command.ts runRead): the date and hours checked, then the day's bookings. */
export const slotOverlapRead: ServerRead<{ date: Ymd; startHour: number; endHour: number }> = {
  path: '/api/fn/check-slot-overlap',
  parse(body) {
    const date = body.check_date;
    const start = hourOf(body.start_hour);
    const end = hourOf(body.end_hour);
    if (!isYmd(date)) return { ok: false, message: 'check_date must be a date as YYYY-MM-DD.' };
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < 0 || end > 24 || start >= end) {
      return { ok: false, message: 'start_hour and end_hour must be whole hours with start before end.' };
    }
    return { ok: true, value: { date, startHour: start, endHour: end } };
  },
  answer: (app, q) => slotHasConflict(q.date, { startHour: q.startHour, endHour: q.endHour }, bookingsOnDates(app, [q.date]), nowMs(), loadCrews(app)),
};

export function checkSlotOverlapRoute(e: core.RequestEvent): void {
  runRead(e, slotOverlapRead);
}
