import { describe, expect, it } from 'vitest';
import { dayAnswer, fullForEveryTree, type OwnerDayRules } from './day-answer';
import { bookingsByDate, isFullDay } from './full-days';
import type { BookingSchedule } from './overlap';
import { seasonFor, type DateContext } from './season';

// Friday November 20, 2026, noon in New York.
const now = Date.UTC(2026, 10, 20, 17);
const ctx: DateContext = { today: '2026-11-20', season: seasonFor('2026-11-20'), blocked: new Set(), sameDay: true };
const rules: OwnerDayRules = { ctx, nowMs: now, crews: 1 };

const booking = (install_date: string, install_time_slot: string, over: Partial<BookingSchedule> = {}): BookingSchedule => ({
  status: 'confirmed',
  payment_status: 'deposit_paid',
  install_date,
  install_time_slot,
  removal_date: '2027-01-12',
  removal_time_slot: '9-12',
  ...over,
});

/** fullForEveryTree over `bookings` for the dates they hold. */
function fullOf(bookings: BookingSchedule[], r: OwnerDayRules = rules): string[] {
  const byDate = bookingsByDate(bookings);
  return [...fullForEveryTree(byDate.keys(), byDate, r)].sort();
}

describe("fullForEveryTree: the admin Schedule's full days", () => {
  it('marks a day whose every time is taken for every tree size, not one with a small tree time left', () => {
    // Saturday December 12: 9-15 and 15-21 cover every 3-hour slot; Tuesday December 8 keeps 15-18 and 18-21.
    const list = [booking('2026-12-12', '9-15'), booking('2026-12-12', '15-21'), booking('2026-12-08', '9-15')];
    expect(fullOf(list)).toEqual(['2026-12-12']);
    // The server's own answer for the 5-7 ft tree agrees, day by day.
    const byDate = bookingsByDate(list);
    const answer = (date: string) => dayAnswer(date, { ...rules, size: '5-7ft', kind: 'install', installDate: null, noticeHours: null, owner: true }, () => byDate.get(date) ?? []);
    expect(isFullDay(answer('2026-12-12'))).toBe(true);
    expect(isFullDay(answer('2026-12-08'))).toBe(false);
  });

  it("counts the crews: two crews leave a second visit's time on that day", () => {
    expect(fullOf([booking('2026-12-12', '9-15'), booking('2026-12-12', '15-21')], { ...rules, crews: 2 })).toEqual([]);
  });

  it('leaves out cancelled bookings and expired holds', () => {
    expect(fullOf([booking('2026-12-12', '9-15'), booking('2026-12-12', '15-21', { status: 'cancelled' })])).toEqual([]);
    const expired = booking('2026-12-12', '15-21', { status: 'pending_payment', payment_status: 'pending', hold_expires_at: '2026-11-20 16:00:00.000Z' });
    expect(fullOf([booking('2026-12-12', '9-15'), expired])).toEqual([]);
  });

  it("follows the day's closing hour: one 9-18 visit fills a Sunday, which closes at 6 PM", () => {
    expect(fullOf([booking('2026-12-13', '9-18')])).toEqual(['2026-12-13']);
    expect(fullOf([booking('2026-12-12', '9-18')])).toEqual([]);
  });

  it('marks a removal day by its removal visits', () => {
    const list = [booking('2026-11-24', '9-12', { removal_date: '2027-01-05', removal_time_slot: '9-15' }), booking('2026-11-27', '9-12', { removal_date: '2027-01-05', removal_time_slot: '15-21' })];
    expect(fullOf(list)).toEqual(['2027-01-05']);
  });

  it('never marks a day that cannot be booked: past, or out of the season', () => {
    expect(fullOf([booking('2026-11-17', '9-15', { removal_date: '' }), booking('2026-11-17', '15-21', { removal_date: '' })])).toEqual([]);
    expect(fullOf([booking('2026-12-24', '9-15', { removal_date: '' }), booking('2026-12-24', '15-21', { removal_date: '' })])).toEqual([]);
  });
});
