/**
 * The owner marks money given back by hand (docs/decisions/045 "Refunds go back the way money
 * came in"): a refund of cash, a check or another way waits 'to return' until the owner says it
 * went back; then it is 'returned', the booking's `payment_status` follows the ledger, and only
 * now the customer's refund receipt is sent. Marking it again answers as it is. Pure.
 */
import { paymentMethodText } from '../money/recorded-payments';
import type { Movement } from '../money/ledger';
import { decided, pbDate, refuse, type Command, type Outcome, whenFound } from './command';
import type { MoneyRows } from './ledger-state';
import { RefundStatus } from '../money/charge-lifecycle';
import { trimmedText } from '../text';
import { NO_SUCH_BOOKING } from '../booking/lifecycle';

export const RETURNED_MESSAGES = {
  body: 'Please choose the booking and the payment given back.',
  nothing: 'Nothing of this payment waits to be given back by hand.',
  notFound: NO_SUCH_BOOKING,
} as const;

export interface RefundReturnedInput {
  bookingId: string;
  /** 'deposit' or the id of the charge whose refund went back. */
  paymentId: string;
}

/** How a payment taken by hand was made, for the receipt ("Check no. 1042"). */
export interface HandPayment {
  method: string;
  checkNumber: string;
  note: string;
}

/** The booking's money as the ledger reads it, and how its payments taken by hand were made. */
export interface BookingRefunds {
  id: string;
  deposit: HandPayment;
  money: MoneyRows;
  /** The booking's ledger movements (ledger.ts movementsOf of `money`). */
  movements: readonly Movement[];
  /** The booking's charges, by id, as taken by hand ('' fields for a card). */
  charges: readonly ({ id: string } & HandPayment)[];
}

export interface RefundReturnedState {
  /** null: no such booking. */
  booking: BookingRefunds | null;
}

/** The refund receipt, once the money went back: `amountCents` given back `byHand` ("Cash"). */
export interface ReturnedReceiptMail {
  bookingId: string;
  paymentId: string;
  amountCents: number;
  byHand: string;
}

export interface RefundReturnedAnswer {
  bookingId: string;
}

export const refundReturnedCommand: Command<RefundReturnedInput, RefundReturnedState, ReturnedReceiptMail, RefundReturnedAnswer> = {
  name: 'refund-returned',
  parse(body) {
    const bookingId = trimmedText(body.bookingId);
    const paymentId = trimmedText(body.paymentId);
    if (!bookingId || !paymentId) return { ok: false, message: RETURNED_MESSAGES.body };
    return { ok: true, value: { bookingId, paymentId } };
  },
  idempotency: { by: 'natural', header: 'none', why: 'a refund already returned answers as it is and sends no second receipt' },
  decide: whenFound('booking', RETURNED_MESSAGES.notFound, (b, _state, input, nowMs): Outcome<ReturnedReceiptMail, RefundReturnedAnswer> => {
    const answer = { bookingId: b.id };
    const ofPayment = (m: Movement) => m.direction === 'refund' && m.of!.split('#')[0] === input.paymentId;
    const refund = b.movements.find(ofPayment);
    if (refund?.status === RefundStatus.Returned) return decided([], answer);
    if (!refund || refund.status !== RefundStatus.ToReturn) return refuse(409, RETURNED_MESSAGES.nothing);
    const at = pbDate(nowMs);
    const { money } = b;
    if (input.paymentId === 'deposit') {
      const d = b.deposit;
      return {
        // payment_status follows from the rows written: the runner derives it (docs/decisions/061).
        changes: [{ op: 'update', collection: 'bookings', id: answer.bookingId, fields: { deposit_refund: RefundStatus.Returned, refunded_at: at } }],
        // The amount given back: the deposit's refund may be only part of it (`deposit_refund_amount`).
        mails: [{ bookingId: answer.bookingId, paymentId: 'deposit', amountCents: refund.amountCents, byHand: paymentMethodText(d.method, d.checkNumber, d.note) }],
        answer,
      };
    }
    const row = money.charges.find((c) => c.id === input.paymentId)!;
    const hand = b.charges.find((c) => c.id === input.paymentId) ?? { method: row.method, checkNumber: '', note: '' };
    return {
      changes: [{ op: 'update', collection: 'charges', id: row.id, fields: { refund_status: RefundStatus.Returned, refunded_at: at } }],
      mails: [{ bookingId: answer.bookingId, paymentId: row.id, amountCents: row.refund_amount || row.amount, byHand: paymentMethodText(hand.method, hand.checkNumber, hand.note) }],
      answer,
    };
  }),
};
