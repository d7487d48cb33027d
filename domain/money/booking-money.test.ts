import { describe, expect, it } from 'vitest';
import { bookingLedger, bookingMoney, chargeMoneyRow, doorBalance, groupByBooking, keptOfRows, ledgerBookingOfRows, bookingMoneyRow, moneyLines } from './booking-money';

const booking = { status: 'confirmed', payment_status: 'deposit_paid', total_price: 100_000, deposit_amount: 50_000, deposit_paid_at: '2026-11-03 15:00:00.000Z' };

describe('bookingMoney: moneyOf over plain rows', () => {
  it.each<[string, Record<string, unknown>, Record<string, unknown>[], Record<string, number>]>([
    ['a deposit by card: half due', booking, [], { owedCents: 100_000, paidCents: 50_000, dueCents: 50_000, pendingCents: 0 }],
    [
      'cash recorded at the door and a voided check',
      booking,
      [
        { id: 'c1', kind: 'balance', amount: 20_000, balance_amount: 20_000, status: 'succeeded', method: 'cash' },
        { id: 'c2', kind: 'balance', amount: 30_000, balance_amount: 30_000, status: 'voided', method: 'check' },
      ],
      { paidCents: 70_000, dueCents: 30_000 },
    ],
    [
      'a payment queued on the admin device counts as pending',
      booking,
      [{ id: 'q1', kind: 'balance', amount: 10_000, status: 'queued', method: 'cash' }],
      { paidCents: 50_000, pendingCents: 10_000, dueCents: 40_000 },
    ],
    [
      'damages charged are owed and paid',
      booking,
      [{ id: 'd1', kind: 'balance_and_damages', amount: 53_500, balance_amount: 50_000, damages_amount: 3_500, status: 'succeeded' }],
      { owedCents: 103_500, paidCents: 103_500, dueCents: 0 },
    ],
    [
      'cash beyond the balance is a credit',
      booking,
      [{ id: 'c1', kind: 'balance', amount: 55_000, balance_amount: 50_000, status: 'succeeded', method: 'cash' }],
      { paidCents: 105_000, excessCents: 5_000, creditCents: 5_000, dueCents: 0 },
    ],
    [
      'an unpaid checkout hold: the deposit in flight',
      { ...booking, status: 'pending_payment', payment_status: 'pending', deposit_paid_at: '' },
      [],
      { paidCents: 0, pendingCents: 50_000, dueCents: 50_000 },
    ],
    ['cancelled keeping the deposit: nothing due', { ...booking, status: 'cancelled' }, [], { owedCents: 50_000, paidCents: 50_000, dueCents: 0 }],
    ['a payment conflict refunded (before deposit_refund): nothing held', { ...booking, status: 'payment_conflict', payment_status: 'refunded' }, [], { paidCents: 0, dueCents: 0, owedCents: 0 }],
  ])('%s', (_name, b, charges, expected) => {
    expect(bookingMoney(b, charges)).toMatchObject(expected);
  });

  it('reads rows missing fields (the mirror keeps what the server sent) as 0 and empty, a missing status as the lifecycle reads it (pending)', () => {
    expect(chargeMoneyRow({ id: 'x', kind: 'balance', amount: 5 })).toEqual({
      id: 'x',
      kind: 'balance',
      amount: 5,
      balance_amount: 0,
      damages_amount: 0,
      status: 'pending',
      method: '',
      stripe_checkout_session_id: '',
      refund_status: '',
      refund_amount: 0,
      refunds: [],
    });
    expect(bookingMoneyRow({})).toMatchObject({ status: 'pending', payment_status: 'pending', total_price: 0, deposit_refund: '' });
  });

  it("reads a charge's later refunds whether they come parsed (a record, the mirror) or as JSON text (a SQL row)", () => {
    const refunds = [{ n: 2, part: '', amount: 4_000, status: 'succeeded', refund_id: 're_2', refunded_at: '', waive: true }];
    expect(chargeMoneyRow({ id: 'x', refunds }).refunds).toEqual(refunds);
    expect(chargeMoneyRow({ id: 'x', refunds: JSON.stringify(refunds) }).refunds).toEqual(refunds);
    expect(chargeMoneyRow({ id: 'x', refunds: 'not json' }).refunds).toEqual([]);
  });

  it('keeps the deposit of a cancelled booking unless its refund was asked for', () => {
    const b = bookingMoneyRow({ ...booking, status: 'cancelled' });
    expect(keptOfRows(b, [])).toBe('deposit');
    expect(keptOfRows({ ...b, deposit_refund: 'pending' }, [])).toBe('nothing');
    expect(keptOfRows({ ...b, payment_status: 'refunded' }, [])).toBe('nothing');
    // Part of the deposit given back keeps the rest of it (the whole amount, or 0, keeps nothing).
    expect(keptOfRows({ ...b, deposit_refund: 'pending', deposit_refund_amount: 20_000 }, [])).toBe('deposit');
    expect(keptOfRows({ ...b, deposit_refund: 'succeeded', deposit_refund_amount: 50_000 }, [])).toBe('nothing');
    expect(bookingMoneyRow({ deposit_refund_amount: 20_000 }).deposit_refund_amount).toBe(20_000);
    expect(bookingMoneyRow({}).deposit_refund_amount).toBe(0);
    expect(ledgerBookingOfRows(b, [], 'nothing')).toEqual({ totalCents: 100_000, depositCents: 50_000, cancelled: true, kept: 'nothing' });
  });

  it('gives the movements with the money', () => {
    const l = bookingLedger(booking, [{ id: 'c1', kind: 'removal', amount: 8_500, status: 'succeeded', stripe_checkout_session_id: 'cs_1' }]);
    expect(l.movements.map((m) => [m.id, m.kind, m.method])).toEqual([
      ['deposit', 'deposit', 'card_checkout'],
      ['c1', 'removal', 'payment_link'],
    ]);
    expect(l.money.paidCents).toBe(58_500);
  });
});

describe('groupByBooking', () => {
  it('groups rows by booking, keeping their order', () => {
    const g = groupByBooking([
      { booking: 'a', id: '1' },
      { booking: 'b', id: '2' },
      { booking: 'a', id: '3' },
    ]);
    expect([...g.entries()].map(([k, v]) => [k, v.map((r) => r.id)])).toEqual([
      ['a', ['1', '3']],
      ['b', ['2']],
    ]);
  });
});

describe('doorBalance: what the today view collects at the door', () => {
  // Each booking's stored balance_remaining disagrees with its charges: the ledger's figure wins.
  it.each<[string, Record<string, unknown>, Record<string, unknown>[], { dueCents: number; queuedCents: number }]>([
    ['a stored balance of 0 while half is still owed', { ...booking, balance_remaining: 0 }, [], { dueCents: 50_000, queuedCents: 0 }],
    [
      'a stored balance never lowered by the cash recorded',
      { ...booking, balance_remaining: 50_000 },
      [{ id: 'c1', kind: 'balance', amount: 20_000, balance_amount: 20_000, status: 'succeeded', method: 'cash' }],
      { dueCents: 30_000, queuedCents: 0 },
    ],
    [
      'a payment queued on this phone counts, as pending',
      { ...booking, balance_remaining: 99_999 },
      [{ id: 'q1', kind: 'balance', amount: 10_000, status: 'queued', method: 'cash' }],
      { dueCents: 40_000, queuedCents: 10_000 },
    ],
    [
      'a link still open keeps the balance due (it is not paid yet)',
      { ...booking, balance_remaining: 0 },
      [{ id: 'l1', kind: 'balance', amount: 50_000, balance_amount: 50_000, status: 'requires_checkout', stripe_checkout_session_id: 'cs_1' }],
      { dueCents: 50_000, queuedCents: 0 },
    ],
    ['a cancelled booking owes nothing at the door', { ...booking, status: 'cancelled', balance_remaining: 50_000 }, [], { dueCents: 0, queuedCents: 0 }],
  ])('%s', (_name, b, charges, expected) => {
    expect(doorBalance(b, charges)).toEqual(expected);
  });
});

describe("the admin dialog's money lines", () => {
  it('an unpaid phone booking with its deposit link open: Paid $0, Pending $150, Balance due $150, adding up to the $300 owed', () => {
    const money = { paidCents: 0, pendingCents: 15_000, dueCents: 15_000 };
    expect(moneyLines(money)).toEqual([
      { label: 'Paid', cents: 0 },
      { label: 'Pending', cents: 15_000 },
      { label: 'Balance due', cents: 15_000 },
    ]);
  });

  it('no Pending line when nothing is in flight; read from the ledger of the rows, they add up to the total', () => {
    expect(moneyLines(bookingMoney(booking, []))).toEqual([
      { label: 'Paid', cents: 50_000 },
      { label: 'Balance due', cents: 50_000 },
    ]);
  });
});
