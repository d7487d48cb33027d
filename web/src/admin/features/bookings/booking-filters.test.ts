import { describe, expect, it } from 'vitest';
import { bookingFilterOf, filterBookings, filtersOf, type BookingFilter, type FilterableBooking } from './booking-filters';

const TODAY = '2026-12-10';

/** A booking row as the mirror holds it: $600 total, $300 deposit paid by card. */
function row(id: string, over: Record<string, unknown> = {}): FilterableBooking {
  const b: FilterableBooking & Record<string, unknown> = {
    id,
    status: 'confirmed',
    payment_status: 'deposit_paid',
    total_price: 60_000,
    deposit_amount: 30_000,
    deposit_method: '',
    deposit_paid_at: '2026-11-01 12:00:00.000Z',
    dispute_id: '',
    cancel_reason: '',
    deposit_refund: '',
    install_date: '2026-12-12',
    removal_date: '2027-01-05',
    ...over,
  };
  return b;
}

const balancePaid = { id: 'c1', booking: 'paid', kind: 'balance', amount: 30_000, status: 'succeeded', method: '' };

describe('filtersOf', () => {
  const cases: [string, FilterableBooking, readonly object[], BookingFilter[]][] = [
    ['a coming visit with the balance owed', row('b'), [], ['all', 'upcoming', 'balance_due']],
    ['a coming visit paid in full', row('paid', { payment_status: 'paid' }), [balancePaid], ['all', 'upcoming']],
    ['visits over, balance still owed', row('past', { install_date: '2026-11-20', removal_date: '2026-12-01' }), [], ['all', 'balance_due']],
    ['the removal today counts as upcoming', row('today', { install_date: '2026-11-20', removal_date: TODAY }), [], ['all', 'upcoming', 'balance_due']],
    ['cancelled: nothing due, not upcoming', row('x', { status: 'cancelled', cancel_reason: 'owner_cancelled' }), [], ['all', 'cancelled']],
    ['a payment that lost its slot: All only', row('conflict', { status: 'payment_conflict' }), [], ['all']],
    ['a checkout still open is upcoming, not a balance', row('open', { status: 'pending_payment', payment_status: 'pending', deposit_paid_at: '' }), [], ['all', 'upcoming']],
    ['the balance on its way is still due until it lands', row('pend', {}), [{ ...balancePaid, booking: 'pend', status: 'processing' }], ['all', 'upcoming', 'balance_due']],
  ];
  it.each(cases)('%s', (_name, b, charges, expected) => {
    expect([...filtersOf(b, charges, TODAY)].sort()).toEqual([...expected].sort());
  });
});

describe('filterBookings', () => {
  const list = [
    row('a'),
    row('paid', { payment_status: 'paid' }),
    row('c', { status: 'cancelled', cancel_reason: 'owner_cancelled' }),
    row('old', { install_date: '2026-11-01', removal_date: '2026-11-30' }),
  ];
  const charges = (id: string) => (id === 'paid' ? [balancePaid] : []);

  it('lists the chosen filter in order and counts every filter over the same bookings', () => {
    const out = filterBookings(list, charges, 'balance_due', TODAY);
    expect(out.listed.map((b) => b.id)).toEqual(['a', 'old']);
    expect(out.counts).toEqual({ upcoming: 2, balance_due: 2, cancelled: 1, all: 4 });
  });

  it('All lists everything; Cancelled only the cancelled', () => {
    expect(filterBookings(list, charges, 'all', TODAY).listed).toHaveLength(4);
    expect(filterBookings(list, charges, 'cancelled', TODAY).listed.map((b) => b.id)).toEqual(['c']);
  });

  it('an empty list counts zero everywhere', () => {
    expect(filterBookings([], charges, 'upcoming', TODAY)).toEqual({ listed: [], counts: { upcoming: 0, balance_due: 0, cancelled: 0, all: 0 } });
  });
});

describe('bookingFilterOf', () => {
  it('reads a known ?filter= and falls back to All otherwise', () => {
    expect(bookingFilterOf('cancelled')).toBe('cancelled');
    expect(bookingFilterOf('balance_due')).toBe('balance_due');
    expect(bookingFilterOf(null)).toBe('all');
    expect(bookingFilterOf('<script>')).toBe('all');
  });
});
