import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookingLedger } from '../money/booking-money';
import {
  booksOf,
  bookingsTable,
  customerKey,
  customersOf,
  customersTable,
  exportFileName,
  movedMoney,
  newYorkDateOf,
  paymentsTable,
  rangeDates,
  seasonsIn,
  type BooksBookingRow,
  type BooksChargeRow,
} from './books';
import { toCsv } from './csv';

const NOW = Date.parse('2026-11-27T12:00:00Z');

let n = 0;
/** A paid-deposit booking of $1,650 ($825 deposit by card) installed on `install_date`, with `over` applied. */
function booking(over: Partial<BooksBookingRow> & Record<string, unknown> = {}): BooksBookingRow {
  n += 1;
  return {
    id: `b${n}`,
    created_at: '2026-11-01 15:00:00.000Z',
    updated_at: '2026-11-01 15:00:00.000Z',
    customer_name: 'Ann Lee',
    customer_email: 'ann@example.com',
    customer_phone: '555-0100',
    customer_address: '1 Elm St',
    package_type: 'elevated-arbor',
    tree_size: '7.5-9ft',
    install_date: '2026-12-05',
    install_time_slot: '9:00 AM',
    removal_date: '2027-01-05',
    removal_time_slot: '9:00 AM',
    status: 'confirmed',
    payment_status: 'deposit_paid',
    total_price: 165_000,
    deposit_amount: 82_500,
    deposit_paid_at: '2026-11-01 15:00:00.000Z',
    ...over,
  };
}

/** A charge row of `booking`, succeeded, with `over` applied. */
function charge(bookingId: string, over: Partial<BooksChargeRow> & Record<string, unknown> = {}): BooksChargeRow & Record<string, unknown> {
  n += 1;
  return { id: `c${n}`, booking: bookingId, created_at: '2026-12-05 20:00:00.000Z', kind: 'balance', amount: 82_500, status: 'succeeded', method: 'cash', ...over };
}

describe('rangeDates and file names', () => {
  it.each([
    [{ season: 2026 }, '2026-07-01', '2027-06-30', 'bookings-2026.csv'],
    [{ from: '2026-11-01', to: '2026-11-30' }, '2026-11-01', '2026-11-30', 'bookings-2026-11-01_2026-11-30.csv'],
  ])('%o', (range, from, to, file) => {
    expect(rangeDates(range)).toMatchObject({ from, to });
    expect(exportFileName('bookings', range)).toBe(file);
  });

  it('seasons present: a January removal-season install belongs to the season before; newest first', () => {
    expect(seasonsIn([{ install_date: '2026-12-05' }, { install_date: '2026-01-10' }, { install_date: '2025-11-20' }, { install_date: '' }])).toEqual([2026, 2025]);
  });

  it.each([
    ['2026-11-21 03:00:00.000Z', '2026-11-20'],
    ['2026-11-21 05:00:00.000Z', '2026-11-21'],
    ['2026-07-01 03:59:00.000Z', '2026-06-30'],
    ['', ''],
    ['nonsense', ''],
  ])('New York date of %s is %s', (ts, date) => expect(newYorkDateOf(ts)).toBe(date));
});

describe('which rows a range holds', () => {
  it('a booking by its install date; a movement by the day it happened', () => {
    const early = booking({ install_date: '2026-11-20', deposit_paid_at: '2026-10-31 15:00:00.000Z' });
    const late = booking({ install_date: '2026-12-20', deposit_paid_at: '2026-11-15 15:00:00.000Z' });
    const books = booksOf([early, late], [], { from: '2026-11-01', to: '2026-11-30' }, NOW);
    expect(books.bookings.map((b) => b.row.id)).toEqual([early.id]);
    expect(books.payments.map((p) => p.bookingId)).toEqual([late.id]);
  });

  it('both ends included, in New York time (a payment at 11 PM on the last day counts)', () => {
    const b = booking({ install_date: '2026-11-30', deposit_paid_at: '2026-12-01 04:30:00.000Z' });
    const books = booksOf([b], [], { from: '2026-11-01', to: '2026-11-30' }, NOW);
    expect(books.bookings).toHaveLength(1);
    expect(books.payments).toHaveLength(1);
  });

  it('leaves out an unpaid checkout that ran out, keeps one still held', () => {
    const gone = booking({ status: 'pending_payment', payment_status: 'pending', deposit_paid_at: '', hold_expires_at: '2026-11-01 16:00:00.000Z' });
    const held = booking({ status: 'pending_payment', payment_status: 'pending', deposit_paid_at: '', hold_expires_at: '2026-11-27 12:30:00.000Z' });
    const books = booksOf([gone, held], [], { season: 2026 }, NOW);
    expect(books.bookings.map((b) => b.row.id)).toEqual([held.id]);
    expect(books.payments).toEqual([]);
  });
});

describe('the payments table', () => {
  it('one row per movement of money with its kind, method and direction, then a Total per method', () => {
    const b = booking({ customer_name: '=cmd()' });
    const balance = charge(b.id, { method: 'cash', refund_status: 'returned', refund_amount: 10_000, refunded_at: '2026-12-10 17:00:00.000Z' });
    const damages = charge(b.id, { kind: 'damages', amount: 5_000, method: '', stripe_checkout_session_id: 'cs_1', created_at: '2026-12-06 17:00:00.000Z' });
    const failed = charge(b.id, { status: 'failed', method: '', amount: 1_000 });
    const books = booksOf([b], [balance, damages, failed], { season: 2026 }, NOW);
    expect(paymentsTable(books)).toEqual([
      ['Date', 'Booking ID', 'Customer', 'What', 'Method', 'Direction', 'Amount'],
      ['2026-11-01', b.id, '=cmd()', 'deposit', 'card', 'payment', '825.00'],
      ['2026-12-05', b.id, '=cmd()', 'balance', 'cash', 'payment', '825.00'],
      ['2026-12-06', b.id, '=cmd()', 'damages', 'card', 'payment', '50.00'],
      ['2026-12-10', b.id, '=cmd()', 'balance', 'cash', 'refund', '100.00'],
      ['Total', '', '', '', 'card', 'total (net of refunds)', '875.00'],
      ['Total', '', '', '', 'cash', 'total (net of refunds)', '725.00'],
    ]);
    expect(toCsv(paymentsTable(books))).toContain(`'=cmd()`);
  });

  it('a Total whose refunds outweigh its payments is a refund row with a positive amount', () => {
    const b = booking({ status: 'cancelled', payment_status: 'refunded', deposit_refund: 'succeeded', deposit_paid_at: '2026-10-01 15:00:00.000Z', refunded_at: '2026-11-10 15:00:00.000Z' });
    const books = booksOf([b], [], { from: '2026-11-01', to: '2026-11-30' }, NOW);
    expect(paymentsTable(books).at(-1)).toEqual(['Total', '', '', '', 'card', 'total refunded (net of payments)', '825.00']);
  });

  it('a later refund of a charge is dated by its own refunded_at, a void by voided_at', () => {
    const b = booking();
    const c = charge(b.id, {
      method: '',
      refund_status: 'succeeded',
      refund_amount: 1_000,
      refunded_at: '2026-12-07 17:00:00.000Z',
      refunds: [{ n: 2, part: '', amount: 2_000, status: 'succeeded', refund_id: 're_2', refunded_at: '2026-12-12 17:00:00.000Z', waive: true }],
    });
    const v = charge(b.id, { method: 'check', amount: 3_000, status: 'voided', voided_at: '2026-12-08 17:00:00.000Z' });
    const lines = booksOf([b], [c, v], { season: 2026 }, NOW).payments.filter((p) => p.direction !== 'payment');
    expect(lines.map((l) => [l.date, l.direction, l.amountCents])).toEqual([
      ['2026-12-07', 'refund', 1_000],
      ['2026-12-08', 'void', 3_000],
      ['2026-12-12', 'refund', 2_000],
    ]);
  });
});

describe('the bookings table', () => {
  it('names the package and status, money from the ledger: paid, refunded, balance due', () => {
    const b = booking();
    const c = charge(b.id, { amount: 40_000, refund_status: 'returned', refund_amount: 5_000 });
    const [header, row] = bookingsTable(booksOf([b], [c], { season: 2026 }, NOW));
    expect(header).toContain('Balance due');
    expect(row).toEqual([
      b.id,
      '2026-11-01',
      'Ann Lee',
      'ann@example.com',
      '555-0100',
      '1 Elm St',
      'Elevated Arbor',
      '7.5-9ft',
      '2026-12-05',
      '9:00 AM',
      '2027-01-05',
      '9:00 AM',
      'Confirmed',
      '1650.00',
      '825.00',
      '1225.00',
      '50.00',
      // The $50 given back waived nothing (a refund the ledger queued), so $475 is still owed.
      '475.00',
    ]);
  });
});

describe('customers', () => {
  it('one per e-mail trimmed and lower-cased: the latest name and address, bookings and paid in range, every season', () => {
    const old = booking({ customer_email: 'ANN@example.com ', install_date: '2025-12-05', created_at: '2025-10-01 15:00:00.000Z', customer_name: 'Ann Old' });
    const a1 = booking({ customer_email: ' Ann@Example.com', created_at: '2026-10-01 15:00:00.000Z', customer_name: 'Ann', customer_address: 'Old St' });
    const a2 = booking({ customer_email: 'ann@example.com', created_at: '2026-11-02 15:00:00.000Z', customer_name: 'Ann Lee', customer_address: '2 New St', install_date: '2026-12-12' });
    const none = booking({ customer_email: '', customer_name: 'Walk-in' });
    const all = [old, a1, a2, none];
    const customers = customersOf(booksOf(all, [], { season: 2026 }, NOW), all);
    expect(customers).toEqual([
      { name: 'Ann Lee', email: 'ann@example.com', phone: '555-0100', address: '2 New St', bookings: 2, seasons: [2025, 2026], paidCents: 165_000 },
      { name: 'Walk-in', email: '', phone: '555-0100', address: '1 Elm St', bookings: 1, seasons: [2026], paidCents: 82_500 },
    ]);
    expect(customersTable(customers)[1]).toEqual(['Ann Lee', 'ann@example.com', '555-0100', '2 New St', 2, '2025 2026', '1650.00']);
  });

  it.each([
    [' A@B.com ', 'a@b.com'],
    ['', ''],
  ])('customerKey(%j) = %j', (email, key) => expect(customerKey(email)).toBe(key));
});

describe('the season summary', () => {
  it('bookings and outstanding by install month, collected and refunded by the month the money moved', () => {
    const nov = booking({ install_date: '2026-11-28', deposit_paid_at: '2026-10-20 15:00:00.000Z' });
    const dec = booking({ install_date: '2026-12-05' });
    const gone = booking({ status: 'cancelled', install_date: '2026-12-06', deposit_refund: 'succeeded', refunded_at: '2026-11-20 15:00:00.000Z' });
    const { months, total } = booksOf([nov, dec, gone], [charge(dec.id)], { season: 2026 }, NOW).summary;
    expect(months).toEqual([
      { month: '2026-10', bookings: 0, collectedCents: 82_500, refundedCents: 0, outstandingCents: 0 },
      { month: '2026-11', bookings: 1, collectedCents: 165_000, refundedCents: 82_500, outstandingCents: 82_500 },
      { month: '2026-12', bookings: 1, collectedCents: 82_500, refundedCents: 0, outstandingCents: 0 },
    ]);
    expect(total).toEqual({ month: 'Total', bookings: 2, collectedCents: 330_000, refundedCents: 82_500, outstandingCents: 82_500 });
  });

  it('an empty range has no months and zero totals', () => {
    const books = booksOf([], [], { season: 2030 }, NOW);
    expect(books.summary.months).toEqual([]);
    expect(books.summary.total.collectedCents).toBe(0);
    expect(paymentsTable(books)).toHaveLength(1);
  });
});

describe('rules over many bookings (fast-check)', () => {
  const chargeArb = fc.record({
    kind: fc.constantFrom('balance', 'removal', 'damages', 'tip', 'balance_and_damages'),
    amount: fc.integer({ min: 0, max: 200_000 }),
    damages_amount: fc.integer({ min: 0, max: 50_000 }),
    status: fc.constantFrom('succeeded', 'pending', 'processing', 'failed', 'voided', 'requires_checkout'),
    method: fc.constantFrom('', 'cash', 'check', 'other'),
    stripe_checkout_session_id: fc.constantFrom('', 'cs_1'),
    refund_status: fc.constantFrom('', 'pending', 'succeeded', 'failed', 'to_return', 'returned'),
    refund_amount: fc.integer({ min: 0, max: 100_000 }),
    day: fc.integer({ min: 0, max: 200 }),
  });
  const bookingArb = fc.record({
    status: fc.constantFrom('confirmed', 'completed', 'cancelled', 'payment_conflict', 'pending_payment'),
    payment_status: fc.constantFrom('pending', 'deposit_paid', 'paid', 'refund_pending', 'refunded'),
    deposit_refund: fc.constantFrom('', 'pending', 'succeeded', 'to_return', 'returned'),
    deposit_method: fc.constantFrom('', 'cash', 'check'),
    paidDay: fc.option(fc.integer({ min: 0, max: 200 }), { nil: null }),
    installDay: fc.integer({ min: 0, max: 200 }),
    email: fc.constantFrom('a@x.com', ' A@X.com', 'b@x.com', ''),
    charges: fc.array(chargeArb, { maxLength: 4 }),
  });
  type BookingSpec = typeof bookingArb extends fc.Arbitrary<infer T> ? T : never;
  const day = (d: number) => new Date(Date.UTC(2026, 8, 1 + d, 17)).toISOString().replace('T', ' ');

  const build = (specs: BookingSpec[]) => {
    const bookings: BooksBookingRow[] = [];
    const charges: (BooksChargeRow & Record<string, unknown>)[] = [];
    for (const s of specs) {
      const b = booking({
        status: s.status,
        payment_status: s.payment_status,
        deposit_refund: s.deposit_refund,
        deposit_method: s.deposit_method,
        deposit_paid_at: s.paidDay === null ? '' : day(s.paidDay),
        install_date: day(s.installDay).slice(0, 10),
        customer_email: s.email,
        hold_expires_at: '2030-01-01 00:00:00.000Z',
      });
      bookings.push(b);
      for (const c of s.charges)
        charges.push(
          charge(b.id, {
            kind: c.kind,
            amount: c.amount,
            balance_amount: c.kind === 'balance_and_damages' ? Math.max(0, c.amount - c.damages_amount) : 0,
            damages_amount: c.kind === 'balance_and_damages' ? c.damages_amount : 0,
            status: c.status,
            method: c.method,
            stripe_checkout_session_id: c.stripe_checkout_session_id,
            refund_status: c.refund_status,
            refund_amount: c.refund_amount,
            created_at: day(c.day),
            refunded_at: day(Math.min(200, c.day + 3)),
          }),
        );
    }
    return { bookings, charges };
  };

  it('over all time, each booking moved in less out equals the ledger`s money held (moneyOf paidCents)', () => {
    fc.assert(
      fc.property(fc.array(bookingArb, { minLength: 1, maxLength: 6 }), (specs) => {
        const { bookings, charges } = build(specs);
        const books = booksOf(bookings, charges, { from: '2000-01-01', to: '2100-12-31' }, NOW);
        for (const b of bookings) {
          const held = bookingLedger(
            b,
            charges.filter((c) => c.booking === b.id),
          ).money.paidCents;
          const net = books.payments.filter((p) => p.bookingId === b.id).reduce((t, p) => t + (p.direction === 'payment' ? p.amountCents : -p.amountCents), 0);
          expect(net).toBe(held);
        }
      }),
    );
  });

  it('in any range: totals by method equal the sum of their rows; the summary`s collected and refunded equal the rows', () => {
    fc.assert(
      fc.property(fc.array(bookingArb, { maxLength: 6 }), fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 60 }), (specs, start, len) => {
        const { bookings, charges } = build(specs);
        const range = { from: day(start).slice(0, 10), to: day(start + len).slice(0, 10) };
        const books = booksOf(bookings, charges, range, NOW);
        for (const t of books.totals) {
          const rows = books.payments.filter((p) => p.method === t.method);
          expect(t.inCents).toBe(rows.filter((p) => p.direction === 'payment').reduce((s, p) => s + p.amountCents, 0));
          expect(t.netCents).toBe(rows.reduce((s, p) => s + (p.direction === 'payment' ? p.amountCents : -p.amountCents), 0));
        }
        const sumIn = books.payments.filter((p) => p.direction === 'payment').reduce((s, p) => s + p.amountCents, 0);
        const sumOut = books.payments.filter((p) => p.direction !== 'payment').reduce((s, p) => s + p.amountCents, 0);
        expect(books.summary.total.collectedCents).toBe(sumIn);
        expect(books.summary.total.refundedCents).toBe(sumOut);
        expect(books.totals.reduce((s, t) => s + t.netCents, 0)).toBe(sumIn - sumOut);
        for (const p of books.payments) expect(p.date >= range.from && p.date <= range.to && p.amountCents > 0).toBe(true);
        // No amount cell is negative, so none starts with '-'.
        for (const row of [...paymentsTable(books), ...bookingsTable(books)].slice(1)) for (const cell of row) expect(String(cell).startsWith('-')).toBe(false);
        // Every booking in the range is one customer's, once.
        expect(customersOf(books, bookings).reduce((s, c) => s + c.bookings, 0)).toBe(books.bookings.length);
      }),
    );
  });

  it('movedMoney keeps only movements that moved money', () => {
    expect(movedMoney({ id: 'deposit', kind: 'deposit', method: 'cash', direction: 'payment', status: 'pending', amountCents: 1 })).toBe(false);
    expect(movedMoney({ id: 'x:void', kind: 'balance', method: 'cash', direction: 'void', status: 'succeeded', amountCents: 1, of: 'x' })).toBe(true);
    expect(movedMoney({ id: 'x:refund', kind: 'balance', method: 'cash', direction: 'refund', status: 'to_return', amountCents: 1, of: 'x' })).toBe(false);
  });
});
