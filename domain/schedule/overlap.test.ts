import { describe, expect, it } from 'vitest';
import { activeVisitsOn, hoursOverlap, isActiveBooking, slotChoices, slotHasConflict, slotTaken, type BookingSchedule } from './overlap';

const now = Date.UTC(2026, 10, 20, 15);
const booking = (over: Partial<BookingSchedule>): BookingSchedule => ({
  status: 'confirmed',
  payment_status: 'deposit_paid',
  hold_expires_at: '',
  install_date: '2026-11-24',
  install_time_slot: '9-15',
  removal_date: '2026-12-28',
  removal_time_slot: '12-18',
  ...over,
});

describe('overlap (docs/product.md §7 check_slot_overlap)', () => {
  it.each<[[number, number], [number, number], boolean]>([
    [[9, 12], [12, 15], false],
    [[9, 15], [12, 18], true],
    [[9, 18], [12, 15], true],
    [[15, 21], [9, 15], false],
  ])('%j vs %j', (a, b, expected) => {
    expect(hoursOverlap({ startHour: a[0], endHour: a[1] }, { startHour: b[0], endHour: b[1] })).toBe(expected);
  });

  it.each<[string, Partial<BookingSchedule>, boolean]>([
    ['deposit paid', {}, true],
    ['fully paid', { payment_status: 'paid', status: 'completed' }, true],
    ['confirmed, payment pending', { payment_status: 'pending' }, true],
    ['held, not expired', { status: 'pending_payment', payment_status: 'pending', hold_expires_at: '2026-11-20 15:10:00.000Z' }, true],
    ['held, expired', { status: 'pending_payment', payment_status: 'pending', hold_expires_at: '2026-11-20 14:59:59.000Z' }, false],
    ['held, no expiry', { status: 'pending_payment', payment_status: 'pending' }, false],
    ['cancelled', { status: 'cancelled' }, false],
  ])('active booking: %s', (_n, over, expected) => {
    expect(isActiveBooking(booking(over), now)).toBe(expected);
  });

  it('checks installs and removals on the date, and capacity', () => {
    const list = [booking({})];
    expect(slotHasConflict('2026-11-24', { startHour: 12, endHour: 18 }, list, now)).toBe(true);
    expect(slotHasConflict('2026-11-24', { startHour: 15, endHour: 21 }, list, now)).toBe(false);
    expect(slotHasConflict('2026-12-28', { startHour: 9, endHour: 12 }, list, now)).toBe(false);
    expect(slotHasConflict('2026-12-28', { startHour: 9, endHour: 15 }, list, now)).toBe(true);
    expect(slotHasConflict('2026-11-25', { startHour: 9, endHour: 15 }, list, now)).toBe(false);
    expect(slotHasConflict('2026-11-24', { startHour: 12, endHour: 18 }, list, now, 2)).toBe(false);
    expect(slotHasConflict('2026-11-24', { startHour: 12, endHour: 18 }, [...list, booking({})], now, 2)).toBe(true);
  });

  it('works out the active visits of a date once, for every slot of it', () => {
    const list = [booking({}), booking({ install_time_slot: '15-21' }), booking({ status: 'cancelled', install_time_slot: '12-18' }), booking({ install_date: '2026-11-27' })];
    const visits = activeVisitsOn('2026-11-24', list, now);
    expect(visits).toEqual([[{ startHour: 9, endHour: 15 }], [{ startHour: 15, endHour: 21 }]]);
    expect(slotTaken({ startHour: 12, endHour: 18 }, visits)).toBe(true);
    expect(slotTaken({ startHour: 12, endHour: 18 }, visits, 2)).toBe(true);
    expect(slotTaken({ startHour: 9, endHour: 12 }, visits, 2)).toBe(false);
  });

  it('counts a booking once when two of its visits overlap the slot', () => {
    // A staged record with both visits on one date still takes one crew.
    const both = booking({ removal_date: '2026-11-24', removal_time_slot: '12-18' });
    const visits = activeVisitsOn('2026-11-24', [both], now);
    expect(visits).toEqual([
      [
        { startHour: 9, endHour: 15 },
        { startHour: 12, endHour: 18 },
      ],
    ]);
    expect(slotTaken({ startHour: 12, endHour: 15 }, visits, 2)).toBe(false);
    expect(slotHasConflict('2026-11-24', { startHour: 12, endHour: 15 }, [both, booking({})], now, 2)).toBe(true);
  });
});

describe('slotChoices: the slots of a date for a tree size, each available or not', () => {
  it('marks the slots overlapping a booking taken with one crew, free with two; a cancelled booking holds nothing', () => {
    const list = [booking({})];
    const one = slotChoices('7.5-9ft', '2026-11-24', 'install', list, now, 1);
    expect(one.map((s) => [s.id, s.available])).toEqual(expect.arrayContaining([['9-15', false]]));
    expect(one.every((s) => s.available === !hoursOverlap(s, { startHour: 9, endHour: 15 }))).toBe(true);
    expect(slotChoices('7.5-9ft', '2026-11-24', 'install', list, now, 2).every((s) => s.available)).toBe(true);
    expect(slotChoices('7.5-9ft', '2026-11-24', 'install', [booking({ status: 'cancelled' })], now, 1).every((s) => s.available)).toBe(true);
  });
});
