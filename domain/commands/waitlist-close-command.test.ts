import { describe, expect, it } from 'vitest';
import { isRefusal } from './command';
import { waitlistCloseCommand, type WaitlistCloseState } from './waitlist-close-command';

const DAY = '2026-12-05';
const booking = (over: Partial<WaitlistCloseState['bookings'][number]> = {}): WaitlistCloseState['bookings'][number] => ({
  id: 'b1',
  status: 'confirmed',
  payment_status: 'deposit_paid',
  booked_by: '',
  install_date: DAY,
  removal_date: '',
  ...over,
});
const state = (over: Partial<WaitlistCloseState> = {}, entry: Partial<NonNullable<WaitlistCloseState['entry']>> = {}): WaitlistCloseState => ({
  entry: { id: 'e1', date: DAY, kind: 'install', bookingId: '', status: 'waiting', ...entry },
  openOfferId: null,
  moving: null,
  bookings: [],
  ...over,
});

describe('waitlistCloseCommand', () => {
  it.each<[string, WaitlistCloseState, string[][], string, string]>([
    ['no reason: stays in line', state(), [], 'none', ''],
    ['a move whose booking was cancelled: left', state({ moving: 'cancelled' }, { bookingId: 'm1' }), [['waitlist_entries', 'left']], 'left', ''],
    [
      'a move whose booking is gone, with an open offer: left, the offer declined and passed on',
      state({ moving: '', openOfferId: 'o1' }, { bookingId: 'm1', status: 'offered' }),
      [
        ['waitlist_entries', 'left'],
        ['waitlist_offers', 'declined'],
      ],
      'left',
      DAY,
    ],
    ['a move whose booking is live: stays', state({ moving: 'confirmed' }, { bookingId: 'm1' }), [], 'none', ''],
    ['the customer paid a booking that day: booked', state({ bookings: [booking()] }), [['waitlist_entries', 'booked']], 'booked', ''],
    [
      'a phone booking that day, with an open offer: booked, the offer ended',
      state({ bookings: [booking({ status: 'pending_payment', payment_status: 'pending', booked_by: 'staff1' })], openOfferId: 'o1' }, { status: 'offered' }),
      [
        ['waitlist_entries', 'booked'],
        ['waitlist_offers', 'ended'],
      ],
      'booked',
      DAY,
    ],
    ['an unpaid checkout hold: stays', state({ bookings: [booking({ status: 'pending_payment', payment_status: 'pending' })] }), [], 'none', ''],
    ['a cancelled booking: stays', state({ bookings: [booking({ status: 'cancelled' })] }), [], 'none', ''],
    ['a booking whose visit that day is the other kind: stays', state({ bookings: [booking({ install_date: '2026-12-01', removal_date: DAY })] }), [], 'none', ''],
    [
      'a removal entry and a removal that day: booked',
      state({ bookings: [booking({ install_date: '2026-12-01', removal_date: DAY })] }, { kind: 'removal' }),
      [['waitlist_entries', 'booked']],
      'booked',
      '',
    ],
    ['a move entry: another booking of theirs that day moves nothing', state({ moving: 'confirmed', bookings: [booking({ id: 'b2' })] }, { bookingId: 'm1' }), [], 'none', ''],
    [
      'a move entry whose own booking is now on that day: booked',
      state({ moving: 'confirmed', bookings: [booking({ id: 'm1' })] }, { bookingId: 'm1' }),
      [['waitlist_entries', 'booked']],
      'booked',
      '',
    ],
    ['an entry out of line already: nothing', state({ moving: 'cancelled' }, { bookingId: 'm1', status: 'declined' }), [], 'none', ''],
  ])('%s', (_name, s, writes, closed, freedDate) => {
    const out = waitlistCloseCommand.decide(s, { entryId: 'e1' }, 0);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes.map((c) => [c.collection, (c.fields as { status: string }).status])).toEqual(writes);
    expect(out.answer.closed).toBe(closed);
    expect(out.answer.freedDate).toBe(freedDate);
  });

  it('an unknown entry changes nothing', () => {
    const out = waitlistCloseCommand.decide({ ...state(), entry: null }, { entryId: 'e1' }, 0);
    expect(isRefusal(out) ? null : out.changes).toEqual([]);
  });
});
