import { describe, expect, it } from 'vitest';
import { slotChoices, type BookingSchedule } from '../schedule/overlap';
import {
  formatNewYorkTime,
  hasFreeSlot,
  isOfferHold,
  markOfferHeld,
  nextOffers,
  offerSchedule,
  offerExpiry,
  offerHoursFrom,
  shortName,
  waitlistDay,
  WAITLIST_MESSAGES,
  type WaitingEntry,
} from './waitlist';

const NOW = Date.UTC(2026, 10, 20, 17); // Friday, November 20, noon in New York
const DAY = '2026-12-05';
const booked = (id: string, slot: string, date = DAY): BookingSchedule => ({
  id,
  status: 'confirmed',
  payment_status: 'deposit_paid',
  install_date: date,
  install_time_slot: slot,
  removal_date: '',
  removal_time_slot: '',
});
const waiting = (id: string, joinedAt: number, over: Partial<WaitingEntry> = {}): WaitingEntry => ({
  id,
  date: DAY,
  kind: 'install',
  size: '7.5-9ft',
  joinedAt,
  status: 'waiting',
  bookingId: '',
  noticeHours: 48,
  ...over,
});

describe('offerExpiry', () => {
  it.each([
    ['the offer window when the visit is far', DAY, 9, 12, NOW + 12 * 3_600_000],
    ['never past the visit start less the notice', '2026-11-22', 18, 12, Date.UTC(2026, 10, 22, 23) - 48 * 3_600_000],
    ['no offer inside the notice', '2026-11-22', 9, 12, null],
    ['no offer for a past date', '2026-11-14', 9, 12, null],
  ])('%s', (_name, date, startHour, hours, expected) => {
    expect(offerExpiry(date, { startHour }, NOW, 48, hours)).toBe(expected);
  });
});

describe('nextOffers', () => {
  const full = [booked('a', '9-15'), booked('b', '15-21')];
  it.each([
    ['nothing free: no offer', full, [waiting('e1', 1)], []],
    ['one slot free: the first in line, not the second', [booked('b', '15-21')], [waiting('e2', 2), waiting('e1', 1)], [['e1', '9-15']]],
    [
      'a bigger tree that does not fit is passed over for a smaller one behind it',
      [booked('a', '9-12'), booked('b', '15-21')],
      [waiting('big', 1, { size: '10-12ft' }), waiting('small', 2, { size: '5-7ft' })],
      [['small', '12-15']],
    ],
    [
      'two free slots for two in line',
      [booked('m', '12-15')],
      [waiting('e1', 1, { size: '5-7ft' }), waiting('e2', 2, { size: '5-7ft' })],
      [
        ['e1', '9-12'],
        ['e2', '15-18'],
      ],
    ],
    ['an entry already offered is not offered again', [booked('b', '15-21')], [waiting('e1', 1, { status: 'offered' })], []],
    ['a move entry is not in the way of itself', [booked('own', '9-15'), booked('b', '15-21')], [waiting('mover', 1, { bookingId: 'own' })], [['mover', '9-15']]],
  ])('%s', (_name, schedules, entries, expected) => {
    expect(nextOffers(entries, schedules, DAY, NOW, 12, 1).map((o) => [o.entry.id, o.slot.id])).toEqual(expected);
  });

  it('counts the crews', () => {
    expect(nextOffers([waiting('e1', 1)], [booked('a', '9-15'), booked('b', '15-21')], DAY, NOW, 12, 2)).toHaveLength(1);
  });
});

describe("markOfferHeld (the owner's phone booking)", () => {
  const offer = offerSchedule('o1', DAY, 'install', '9-15', new Date(NOW + 3_600_000).toISOString());
  const owner = (schedules: BookingSchedule[]) => {
    const slots = (s: readonly BookingSchedule[]) => slotChoices('7.5-9ft', DAY, 'install', s, NOW, 1);
    return Object.fromEntries(markOfferHeld(slots(schedules), slots(schedules.filter((s) => !isOfferHold(s)))).map((s) => [s.id, [s.available, s.offerHeld ?? false]]));
  };
  it.each([
    ['a time held only by an offer is selectable and marked', [booked('b', '15-21'), offer], { '9-15': [true, true], '12-18': [false, false], '15-21': [false, false] }],
    ['a time an offer and a booking both hold stays taken', [booked('b', '9-15'), offer], { '9-15': [false, false], '12-18': [false, false], '15-21': [true, false] }],
    ['no offer: the slots as they are', [booked('b', '15-21')], { '9-15': [true, false], '12-18': [false, false], '15-21': [false, false] }],
  ])('%s', (_name, schedules, want) => {
    expect(owner(schedules)).toEqual(want);
  });
  it('tells an offer hold from a booking', () => {
    expect([isOfferHold(offer), isOfferHold(booked('b', '9-15')), isOfferHold({ id: undefined })]).toEqual([true, false, false]);
  });
});

describe('the sentences', () => {
  it('names the day without the year, a short name and the time in New York', () => {
    expect(waitlistDay(DAY)).toBe('Saturday, December 5');
    expect(WAITLIST_MESSAGES.already(DAY)).toBe('You are already on the waitlist for Saturday, December 5.');
    expect(shortName('  Jane   van Doe ')).toBe('Jane D.');
    expect(shortName('Cher')).toBe('Cher');
    expect(formatNewYorkTime(Date.UTC(2026, 11, 1, 1))).toBe('8:00 PM');
    expect(WAITLIST_MESSAGES.offerOpen('Jane Doe', Date.UTC(2026, 11, 1, 1))).toBe('An offer for this time is open to Jane D. until 8:00 PM.');
  });

  it('reads the offer window from the setting, else 12 hours', () => {
    expect([offerHoursFrom({ offer_hours: 6 }), offerHoursFrom({ offer_hours: 0 }), offerHoursFrom(null), offerHoursFrom({ offer_hours: '6' })]).toEqual([6, 12, 12, 12]);
  });

  it('hasFreeSlot leaves out the slots inside the notice', () => {
    expect(hasFreeSlot('2026-11-22', '7.5-9ft', 'install', [booked('x', '12-18', '2026-11-22')], NOW, 48, 1)).toBe(false);
    expect(hasFreeSlot(DAY, '7.5-9ft', 'install', [], NOW, 48, 1)).toBe(true);
  });
});

describe("the season's closing hours (docs/decisions/055)", () => {
  // Saturday, December 5: 9-15 booked (12-18 overlaps it), so only 15-21 is left for a 7.5–9 ft tree.
  const rest = [booked('a', '9-15')];
  it('offers the late slot when the season closes at 9 PM', () => {
    expect(nextOffers([waiting('e1', 1)], rest, DAY, NOW, 12, 1).map((o) => o.slot.id)).toEqual(['15-21']);
  });

  it('offers nothing past a 6 PM Saturday closing, and joining is not refused for a free time there', () => {
    const closing = { 6: 18 };
    expect(nextOffers([waiting('e1', 1, { closingHours: closing })], rest, DAY, NOW, 12, 1)).toEqual([]);
    expect(hasFreeSlot(DAY, '7.5-9ft', 'install', rest, NOW, 48, 1, closing)).toBe(false);
    expect(hasFreeSlot(DAY, '7.5-9ft', 'install', rest, NOW, 48, 1)).toBe(true);
  });
});
