import { describe, expect, it } from 'vitest';
import { changeTally, tallyOf, tilesOf, type TalliedBooking } from './booking-tally';

const NOW = Date.parse('2026-11-25T17:00:00Z');
const TODAY = '2026-11-25';
const booking = (fields: Partial<TalliedBooking>): TalliedBooking => ({
  status: 'confirmed',
  payment_status: 'deposit_paid',
  hold_expires_at: '',
  created_at: '2026-11-10 12:00:00.000Z',
  install_done_at: '',
  removal_date: '2027-01-10',
  removal_done_at: '',
  ...fields,
});

describe("the booking tiles from a tally (docs/decisions/060, GET /api/fn/insights' rules)", () => {
  it('leaves out cancelled bookings, payment conflicts and unpaid holds that ran out or have no expiry', () => {
    const tally = tallyOf([
      booking({}),
      booking({ status: 'cancelled' }),
      booking({ status: 'payment_conflict' }),
      booking({ status: 'pending_payment', payment_status: 'pending', hold_expires_at: '2026-11-25 16:59:59.000Z' }),
      booking({ status: 'pending_payment', payment_status: 'pending', hold_expires_at: '' }),
      booking({ status: 'pending_payment', payment_status: 'pending', hold_expires_at: '2026-11-25 17:10:00.000Z' }),
      booking({ status: 'pending_payment', payment_status: 'deposit_paid', hold_expires_at: '2026-11-01 00:00:00.000Z' }),
    ]);
    expect(tilesOf(tally, NOW, TODAY)).toEqual({ total: 3, pending: 2, completed: 0, thisMonth: 3 });
    // Ten minutes later the open hold has run out too.
    expect(tilesOf(tally, NOW + 10 * 60_000, TODAY).total).toBe(2);
  });

  it('counts as completed the completed bookings and the confirmed ones whose visits are done', () => {
    const tally = tallyOf([
      booking({ status: 'completed' }),
      booking({ install_done_at: '2026-11-20 15:00:00.000Z', removal_date: '' }),
      booking({ install_done_at: '2026-11-20 15:00:00.000Z', removal_done_at: '2027-01-10 15:00:00.000Z' }),
      booking({ install_done_at: '2026-11-20 15:00:00.000Z' }),
      booking({ status: 'pending', install_done_at: '2026-11-20 15:00:00.000Z', removal_date: '' }),
    ]);
    expect(tilesOf(tally, NOW, TODAY).completed).toBe(3);
  });

  it('counts This Month from the first of the month in New York', () => {
    // 04:30 UTC on November 1 is 00:30 in New York: November; 03:30 on the 1st was still October 31 there.
    const tally = tallyOf([booking({ created_at: '2026-11-01 04:30:00.000Z' }), booking({ created_at: '2026-11-01 03:30:00.000Z' }), booking({ created_at: '2026-10-15 12:00:00.000Z' })]);
    expect(tilesOf(tally, NOW, TODAY)).toMatchObject({ total: 3, thisMonth: 1 });
    expect(tilesOf(tally, NOW, '2026-10-31')).toMatchObject({ thisMonth: 3 });
  });

  it('a change taken out again leaves the tally as it was, with no group at zero', () => {
    const start = tallyOf([booking({})]);
    const b = booking({ status: 'pending' });
    expect(changeTally(changeTally(start, [b], 1), [b], -1)).toEqual(start);
    expect(changeTally(start, [booking({})], -1)).toEqual({});
  });
});
