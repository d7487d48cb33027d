/**
 * The owner gives back part of a charge, as a command (docs/decisions/045; docs/architecture.md
 * "The path of a command"): e.g. $40 of a $120 damages charge, and later another $30. Each
 * refund of a charge is its own movement: an entry of the charge's `refunds` (numbered from 2,
 * pb_migrations/1732000175) with its own Stripe key `refund-charge-<charge>-<n>`
 * (domain/money/ledger.ts chargeRefundKey), queued `pending` here; the route asks Stripe after
 * the commit and the record-refunds command records it with its receipt. The money given back
 * is no longer owed (Movement.waives), so a live booking does not show it as due again.
 * Only money received by card is refunded here: money paid by hand is given back in person.
 * Never more than what the payment still holds: the ledger's `refundable` (paid less refunds
 * made, queued or to return), so per method refunded ≤ paid. Replays are recognised by the
 * required `Idempotency-Key`. Pure; cents.
 */
import { formatCents } from '../money/cents';
import { isCardMethod, moneyOf, movementsOf, nextChargeRefundNumber, type ChargeRefundRow } from '../money/ledger';
import { refuse, type Change, type Command, whenFound } from './command';
import type { RecordRefundsState } from './record-refunds-command';
import { ChargeStatus, RefundStatus } from '../money/charge-lifecycle';
import { NO_SUCH_BOOKING } from '../booking/lifecycle';

export const REFUND_CHARGE_MESSAGES = {
  body: 'Please choose the booking and the payment to refund.',
  amount: 'Please enter the amount to refund, in dollars and cents above zero.',
  notFound: NO_SUCH_BOOKING,
  noPayment: 'This booking has no such payment.',
  notReceived: 'Only a payment received can be refunded.',
  byHand: 'This payment was made by hand (cash, a check or another way): give it back in person.',
  full: 'This payment has already been refunded in full.',
} as const;

/** The sentence for an amount above what the payment still holds. */
export function refundTooMuch(leftCents: number): string {
  return `Only ${formatCents(leftCents)} of this payment can still be refunded.`;
}

export interface RefundChargeInput {
  bookingId: string;
  /** The payment refunded: a charge's id, or '<charge id>#damages' for the damages part of a balance-and-damages charge. */
  paymentId: string;
  amountCents: number;
}

export interface RefundChargeAnswer {
  bookingId: string;
  chargeId: string;
  paymentId: string;
  /** The refund's number among the charge's refunds (its Stripe key's suffix). */
  n: number;
  amountCents: number;
}

/** Checks { bookingId, paymentId, amountCents }. */
export function parseRefundCharge(body: Record<string, unknown>): { ok: true; value: RefundChargeInput } | { ok: false; message: string } {
  const bookingId = typeof body.bookingId === 'string' ? body.bookingId.trim() : '';
  const paymentId = typeof body.paymentId === 'string' ? body.paymentId.trim() : '';
  if (!bookingId || !paymentId || paymentId === 'deposit') return { ok: false, message: REFUND_CHARGE_MESSAGES.body };
  const amountCents = body.amountCents;
  if (typeof amountCents !== 'number' || !Number.isSafeInteger(amountCents) || amountCents <= 0) return { ok: false, message: REFUND_CHARGE_MESSAGES.amount };
  return { ok: true, value: { bookingId, paymentId, amountCents } };
}

export const refundChargeCommand: Command<RefundChargeInput, RecordRefundsState, never, RefundChargeAnswer> = {
  name: 'refund-charge',
  parse: (body) => parseRefundCharge(body),
  idempotency: { by: 'key', header: 'required', fingerprint: (input) => JSON.stringify(['refund-charge', input.bookingId, input.paymentId, input.amountCents]) },
  decide: whenFound('booking', REFUND_CHARGE_MESSAGES.notFound, (b, state, input) => {
    const chargeId = input.paymentId.split('#')[0]!;
    const charge = state.charges.find((c) => c.id === chargeId);
    const movements = movementsOf(b, state.charges);
    const payment = movements.find((m) => m.id === input.paymentId && m.direction === 'payment');
    if (!charge || !payment) return refuse(404, REFUND_CHARGE_MESSAGES.noPayment);
    if (payment.status !== ChargeStatus.Succeeded || movements.some((m) => m.of === payment.id && m.direction === 'void')) return refuse(409, REFUND_CHARGE_MESSAGES.notReceived);
    if (!isCardMethod(payment.method)) return refuse(409, REFUND_CHARGE_MESSAGES.byHand);
    const left = moneyOf(movements, state.book).refundable.find((r) => r.id === payment.id)?.cents ?? 0;
    if (left <= 0) return refuse(409, REFUND_CHARGE_MESSAGES.full);
    if (input.amountCents > left) return refuse(409, refundTooMuch(left));
    // The owner's refunds are always entries, so each has its own key and carries `waive`.
    const n = Math.max(2, nextChargeRefundNumber(charge));
    const entry: ChargeRefundRow = { n, part: payment.id === chargeId ? '' : 'damages', amount: input.amountCents, status: RefundStatus.Pending, refund_id: '', refunded_at: '', waive: true };
    const after = state.charges.map((c) => (c.id === chargeId ? { ...c, refunds: [...(c.refunds ?? []), entry] } : c));
    const changes: Change[] = [{ op: 'update', collection: 'charges', id: chargeId, fields: { refunds: after.find((c) => c.id === chargeId)!.refunds! } }];
    // The booking's payment_status follows from the charge written: the runner derives it (docs/decisions/061).
    return { changes, mails: [], answer: { bookingId: b.id, chargeId, paymentId: payment.id, n, amountCents: input.amountCents } };
  }),
};
