import { describe, expect, it } from 'vitest';
import { bookingsByDate, datesBetween, firstOpenDate, FULL_DAYS_MAX_SPAN, isFullDay, workDaysLegend } from './full-days';
import { BookingStatus, PaymentStatus } from '../booking/lifecycle';
import { installDateProblem, seasonFor, type DateContext } from './season';

const ctx: DateContext = { today: '2026-11-20', season: seasonFor('2026-11-20'), blocked: new Set() };
const install = (d: string) => installDateProblem(d, ctx);

describe('isFullDay', () => {
  it.each([
    ['every slot taken', { bookable: true, slots: [{ available: false }, { available: false }] }, true],
    ['one slot free', { bookable: true, slots: [{ available: false }, { available: true }] }, false],
    ['no slot offered (all inside the notice)', { bookable: true, slots: [] }, false],
    ['a date that cannot be booked', { bookable: false, slots: [] }, false],
    ['no answer', null, false],
  ])('%s', (_name, answer, full) => {
    expect(isFullDay(answer)).toBe(full);
  });
});

describe('firstOpenDate: the day whose month a calendar opens on', () => {
  it('is the first allowed day when none is full', () => {
    // Saturday November 21 is the first work day after Friday November 20.
    expect(firstOpenDate(ctx.today, install, new Set())).toBe('2026-11-21');
  });

  it("skips full days, into the next month when the rest of this one's are full", () => {
    const novemberLeft = ['2026-11-21', '2026-11-22', '2026-11-24', '2026-11-27', '2026-11-28', '2026-11-29'];
    expect(firstOpenDate(ctx.today, install, new Set(novemberLeft.slice(0, 2)))).toBe('2026-11-24');
    expect(firstOpenDate(ctx.today, install, new Set(novemberLeft))).toBe('2026-12-01');
  });

  it('falls back to the first allowed day when every allowed day is full, and null when none is allowed', () => {
    const all = new Set(datesBetween('2026-11-21', '2026-12-23'));
    expect(firstOpenDate(ctx.today, install, all)).toBe('2026-11-21');
    expect(firstOpenDate(ctx.today, () => 'Closed', new Set())).toBeNull();
  });
});

describe('datesBetween', () => {
  it('lists both ends and every day between, across a month and a year', () => {
    expect(datesBetween('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02']);
    expect(datesBetween('2026-12-02', '2026-12-01')).toEqual([]);
    expect(datesBetween('2026-01-01', '2027-12-31')).toHaveLength(FULL_DAYS_MAX_SPAN);
  });
});

describe('workDaysLegend', () => {
  it("names the season's install weekdays, and the removal window", () => {
    expect(workDaysLegend('install', ctx.season)).toBe('We install on Tuesdays, Fridays, Saturdays and Sundays.');
    expect(workDaysLegend('install', { ...ctx.season, workDays: [1, 6] })).toBe('We install on Mondays and Saturdays.');
    expect(workDaysLegend('removal', ctx.season)).toBe('We remove on any day from December 26 to January 31.');
  });
});

describe('bookingsByDate', () => {
  it('lists a booking under its install and its removal date, once under a day holding both', () => {
    const a = { status: BookingStatus.Confirmed, payment_status: PaymentStatus.Paid, install_date: '2026-11-24', install_time_slot: '9-12', removal_date: '2026-12-28', removal_time_slot: '9-12' };
    const b = { status: BookingStatus.Confirmed, payment_status: PaymentStatus.Paid, install_date: '2026-11-24', install_time_slot: '12-15', removal_date: '', removal_time_slot: '' };
    const same = { status: BookingStatus.Confirmed, payment_status: PaymentStatus.Paid, install_date: '2026-12-28', install_time_slot: '9-12', removal_date: '2026-12-28', removal_time_slot: '15-18' };
    const byDate = bookingsByDate([a, b, same]);
    expect([...byDate.keys()].sort()).toEqual(['2026-11-24', '2026-12-28']);
    expect(byDate.get('2026-11-24')).toEqual([a, b]);
    expect(byDate.get('2026-12-28')).toEqual([a, same]);
  });
});
