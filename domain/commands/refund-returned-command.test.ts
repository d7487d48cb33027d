import { describe, expect, it } from 'vitest';
import { bookingMoneyRow } from '../../tests/support/domain-builders';
import { movementsOf, type BookingMoneyRow, type ChargeMoneyRow } from '../money/ledger';
import { isRefusal } from './command';
import { derivedAfter } from '../../tests/support/derived-money';
import { refundReturnedCommand, RETURNED_MESSAGES, type RefundReturnedState } from './refund-returned-command';
import type { RefundStatus } from '../money/charge-lifecycle';

const NOW = Date.parse('2026-11-20T17:00:00Z');
const AT = '2026-11-20 17:00:00.000Z';

/** A cancelled booking of $1,100 whose cash deposit of $275 was paid on 2026-11-01, cancelled by the owner. */
const cashBooking = (over: Partial<BookingMoneyRow>): BookingMoneyRow =>
  bookingMoneyRow({
    status: 'cancelled',
    payment_status: 'refund_pending',
    total_price: 110000,
    deposit_amount: 27500,
    deposit_method: 'cash',
    deposit_paid_at: '2026-11-01 12:00:00.000Z',
    cancel_reason: 'owner_cancelled',
    ...over,
  });

/** A cancelled booking whose cash deposit of $275 and check of $100 wait to be given back (or went back). */
function state(depositRefund: RefundStatus | '', chargeRefund: RefundStatus | ''): RefundReturnedState {
  const booking: BookingMoneyRow = cashBooking({ deposit_refund: depositRefund });
  const charges: ChargeMoneyRow[] = [
    {
      id: 'c1',
      kind: 'balance',
      amount: 10000,
      balance_amount: 10000,
      damages_amount: 0,
      status: 'succeeded' as const,
      method: 'check',
      stripe_checkout_session_id: '',
      refund_status: chargeRefund,
      refund_amount: 10000,
    },
  ];
  const ledger = { totalCents: 110000, depositCents: 27500, cancelled: true, kept: 'nothing' as const };
  return {
    booking: {
      id: 'b1',
      deposit: { method: 'cash', checkNumber: '', note: '' },
      money: { booking, charges, ledger },
      movements: movementsOf(booking, charges),
      charges: [{ id: 'c1', method: 'check', checkNumber: '1042', note: '' }],
    },
  };
}

describe('the refund-returned command', () => {
  it.each([
    ['the deposit, the check still to return', state('to_return', 'to_return'), 'deposit', 'refund_pending', 27500, 'Cash'],
    ['the deposit, the check returned already', state('to_return', 'succeeded'), 'deposit', 'refunded', 27500, 'Cash'],
    ['the check, the deposit returned already', state('succeeded', 'to_return'), 'c1', 'refunded', 10000, 'Check no. 1042'],
  ])('%s: returned, payment_status from the ledger, one receipt', (_name, s, paymentId, paymentStatus, amountCents, byHand) => {
    const out = refundReturnedCommand.decide(s, { bookingId: 'b1', paymentId }, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.answer).toEqual({ bookingId: 'b1' });
    expect(out.mails).toEqual([{ bookingId: 'b1', paymentId, amountCents, byHand }]);
    expect(out.changes).toEqual(
      paymentId === 'deposit'
        ? [{ op: 'update', collection: 'bookings', id: 'b1', fields: { deposit_refund: 'returned', refunded_at: AT } }]
        : [{ op: 'update', collection: 'charges', id: 'c1', fields: { refund_status: 'returned', refunded_at: AT } }],
    );
    // payment_status is the runner's, from the rows written (docs/decisions/061).
    expect(derivedAfter(s.booking!.money.booking, s.booking!.money.charges, out.changes).payment_status).toBe(paymentStatus);
  });

  it.each([
    ['no such booking', { booking: null }, 'deposit', { status: 404, message: RETURNED_MESSAGES.notFound }],
    ['a payment with no refund waiting', state('', ''), 'c1', { status: 409, message: RETURNED_MESSAGES.nothing }],
    ['an unknown payment', state('to_return', ''), 'nope', { status: 409, message: RETURNED_MESSAGES.nothing }],
  ])('refuses %s', (_name, s, paymentId, refusal) => {
    expect(refundReturnedCommand.decide(s as RefundReturnedState, { bookingId: 'b1', paymentId }, NOW)).toEqual(refusal);
  });

  it('marking it again (a replay) changes nothing and mails nothing', () => {
    expect(refundReturnedCommand.decide(state('succeeded', 'to_return'), { bookingId: 'b1', paymentId: 'deposit' }, NOW)).toEqual({ changes: [], mails: [], answer: { bookingId: 'b1' } });
  });

  it('part of a cash deposit given back: the receipt names that part, and the booking keeps the rest', () => {
    const booking: BookingMoneyRow = cashBooking({ deposit_refund: 'to_return', deposit_refund_amount: 10000 });
    const ledger = { totalCents: 110000, depositCents: 27500, cancelled: true, kept: 'deposit' as const };
    const partial: RefundReturnedState = {
      booking: { id: 'b1', deposit: { method: 'cash', checkNumber: '', note: '' }, money: { booking, charges: [], ledger }, movements: movementsOf(booking, []), charges: [] },
    };
    const out = refundReturnedCommand.decide(partial, { bookingId: 'b1', paymentId: 'deposit' }, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes).toEqual([{ op: 'update', collection: 'bookings', id: 'b1', fields: { deposit_refund: 'returned', refunded_at: AT } }]);
    expect(derivedAfter(booking, [], out.changes).payment_status).toBe('refunded');
    expect(out.mails).toEqual([{ bookingId: 'b1', paymentId: 'deposit', amountCents: 10000, byHand: 'Cash' }]);
  });

  it('parses the booking and the payment, needs no key', () => {
    expect(refundReturnedCommand.parse({ bookingId: ' b1 ', paymentId: 'deposit' }, [])).toEqual({ ok: true, value: { bookingId: 'b1', paymentId: 'deposit' } });
    expect(refundReturnedCommand.parse({ bookingId: 'b1' }, [])).toEqual({ ok: false, message: RETURNED_MESSAGES.body });
    expect(refundReturnedCommand.idempotency).toMatchObject({ by: 'natural', header: 'none' });
  });
});
