/**
 * Payments the owner records at the door, and their voiding, as commands (docs/decisions/030;
 * the request's rules are domain/money/recorded-payments.ts; docs/decisions/045 for the ledger):
 * - record: a `charges` row (kind balance, the method, succeeded; its id the phone's when
 *   given) whose balance part is what it pays of the ledger's balance; a live booking paid off
 *   gets its `balance_paid_at` (ledger-state.ts `balanceAfter`), and the customer's receipt;
 *   the runner derives `balance_remaining` and `payment_status` from the rows written
 *   (docs/decisions/061). The Idempotency-Key is the runner's (request_keys): the same request
 *   answers that payment, another is a 422 with M.keyReused; it is also stored on the payment
 *   (`idempotency_key`, `request_fingerprint`), whose unique index makes a race harmless. Two
 *   keys are two payments.
 * - void: the recorded payment voided with its reason, the other recorded payments' balance
 *   parts taking up what they paid beyond the balance (balanceAfterVoid), the booking's
 *   `balance_paid_at` cleared when it is due again, and a corrected receipt. Voiding it again answers as it is.
 * Pure.
 */
import { chargeBlocker, PAYMENT_GOING_THROUGH } from '../money/balance-charge';
import type { ChargeMoneyRow } from '../money/ledger';
import type { DamageLine } from '../money/damages';
import {
  balanceAfterVoid,
  isRecordedMethod,
  MAX_PAYMENT_NOTE,
  parseRecordedPayment,
  paymentMethodText,
  recordedPaymentFingerprintSource,
  RECORDED_PAYMENT_MESSAGES as M,
  type RecordedPaymentRequest,
} from '../money/recorded-payments';
import { decided, pbDate, refuse, type Change, type Command, type FieldValue, type Outcome, whenFound } from './command';
import { balanceAfter, type MoneyRows } from './ledger-state';
import { isGoingAhead, NO_SUCH_BOOKING } from '../booking/lifecycle';
import type { BookingRow } from '../booking/booking-row';
import { ChargeStatus, chargeTransition } from '../money/charge-lifecycle';
import { trimmedText } from '../text';

export const RECORDED_PAYMENT_COMMAND_MESSAGES = {
  bookingNotFound: NO_SUCH_BOOKING,
  paymentNotFound: 'Payment not found.',
  voidMissing: 'Please choose the payment to void.',
  voidReasonTooLong: `The reason must be at most ${MAX_PAYMENT_NOTE} characters.`,
} as const;
const C = RECORDED_PAYMENT_COMMAND_MESSAGES;

/** The phone's client-made id (PocketBase's id shape). */
const CLIENT_ID = /^[a-z0-9]{15}$/;

/** A booking as the recorded-payment commands read it. */
export type PaymentBooking = Pick<BookingRow, 'id' | 'status' | 'payment_status' | 'balance_paid_at'> & {
  /** Its rows as the ledger reads them: the balance is derived from them (docs/decisions/045), never the stored `balance_remaining`. */
  money: MoneyRows;
};

export interface RecordPaymentInput extends RecordedPaymentRequest {
  /** The phone's client-made id for the payment, '' when none (or not of the id's shape). */
  clientId: string;
}

export interface RecordPaymentState {
  /** The request's Idempotency-Key and the SHA-256 of its fingerprint, stored on the payment. */
  key: string;
  fingerprint: string;
  /** The new payment's id when the phone gave none (made by the server's load). */
  freshId: string;
  /** The staff member recording it ('' for a superuser). */
  staffId: string;
  /** A charge of the booking may still move money (pending, processing, a link open). */
  paymentOpen: boolean;
  booking: PaymentBooking | null;
  /** The damages of the payment links closed for this payment (none: no link, or none with damages). */
  closedDamages?: ClosedDamages;
}

/**
 * The damages a payment link asked for when cash or a check is recorded instead and the link is
 * closed (docs/decisions/045, one way of collecting at a time): they stay owed, so the payment
 * pays them after the balance. Cents; the damage lines and description as the link stored them.
 */
export interface ClosedDamages {
  cents: number;
  lines: readonly DamageLine[];
  description: string;
}

/** The customer's receipt for payment `paymentId` (composed from the records as changed). */
export interface PaymentReceiptMail {
  paymentId: string;
}

export interface PaymentAnswer {
  paymentId: string;
}

/** What a live booking's fields become once a payment of balance part `partCents` succeeded (none when nothing changes). */
function paidBalanceFields(b: PaymentBooking, partCents: number, payment: ChargeMoneyRow, nowMs: number): Record<string, FieldValue> | null {
  const live = isGoingAhead(b);
  if (!live || partCents <= 0) return null;
  // What the ledger still has to collect with the payment, as every reader derives it (docs/decisions/045).
  if (balanceAfter(b.money, {}, [payment]) > 0 || b.balance_paid_at) return null;
  return { balance_paid_at: pbDate(nowMs) };
}

export const recordPaymentCommand: Command<RecordPaymentInput, RecordPaymentState, PaymentReceiptMail, PaymentAnswer> = {
  name: 'booking-payments',
  parse(body) {
    const parsed = parseRecordedPayment(body);
    if (!parsed.ok) return parsed;
    const clientId = typeof body.id === 'string' && CLIENT_ID.test(body.id) ? body.id : '';
    return { ok: true, value: { ...parsed.value, clientId } };
  },
  idempotency: { by: 'key', header: 'required', fingerprint: recordedPaymentFingerprintSource, reused: M.keyReused },
  decide(state, input, nowMs): Outcome<PaymentReceiptMail, PaymentAnswer> {
    if (state.paymentOpen) return refuse(409, PAYMENT_GOING_THROUGH);
    const b = state.booking;
    if (!b) return refuse(404, C.bookingNotFound);
    const blocker = chargeBlocker(b);
    if (blocker) return refuse(409, blocker);
    const id = input.clientId || state.freshId;
    // What it pays of the balance; the rest (a second payment of a paid booking) stays a credit
    // a void of another payment can draw on.
    const part = Math.min(input.amountCents, balanceAfter(b.money));
    // Then the damages of a link it replaces, which stay owed (the link closed for it).
    const closed = state.closedDamages ?? { cents: 0, lines: [], description: '' };
    const damagesPart = Math.min(input.amountCents - part, closed.cents);
    const kind = damagesPart <= 0 ? 'balance' : part > 0 ? 'balance_and_damages' : 'damages';
    const method = paymentMethodText(input.method, input.checkNumber, input.note);
    const at = pbDate(nowMs);
    const changes: Change[] = [
      {
        op: 'create',
        collection: 'charges',
        id,
        fields: {
          booking: b.id,
          kind,
          method: input.method,
          amount: input.amountCents,
          balance_amount: part,
          damages_amount: Math.max(0, damagesPart),
          damage_lines: damagesPart > 0 ? [...closed.lines] : [],
          check_number: input.checkNumber,
          note: input.note,
          description: (damagesPart > 0 && closed.description ? `${closed.description} (${method})` : method).slice(0, 500),
          idempotency_key: state.key,
          request_fingerprint: state.fingerprint,
          status: ChargeStatus.Succeeded,
          requested_at: at,
          created_by: state.staffId,
        },
      },
    ];
    const row: ChargeMoneyRow = {
      id,
      kind,
      amount: input.amountCents,
      balance_amount: part,
      damages_amount: Math.max(0, damagesPart),
      status: ChargeStatus.Succeeded,
      method: input.method,
      stripe_checkout_session_id: '',
    };
    const fields = paidBalanceFields(b, part, row, nowMs);
    if (fields) changes.push({ op: 'update', collection: 'bookings', id: b.id, fields });
    return { changes, mails: [{ paymentId: id }], answer: { paymentId: id } };
  },
};

export interface VoidPaymentInput {
  paymentId: string;
  reason: string;
}

/** A recorded payment of the booking still standing: its amount and what it pays of the balance (cents). */
export interface StandingPayment {
  id: string;
  amountCents: number;
  balanceCents: number;
}

export interface VoidPaymentState {
  /** The staff member voiding it ('' for a superuser). */
  staffId: string;
  payment: { id: string; method: string; status: ChargeStatus; amountCents: number; balanceCents: number } | null;
  booking: PaymentBooking | null;
  /** The booking's other recorded payments still standing, oldest first. */
  others: readonly StandingPayment[];
}

export const voidPaymentCommand: Command<VoidPaymentInput, VoidPaymentState, PaymentReceiptMail, PaymentAnswer> = {
  name: 'booking-payments-void',
  parse(body) {
    const paymentId = trimmedText(body.paymentId);
    const reason = trimmedText(body.reason);
    if (!paymentId) return { ok: false, message: C.voidMissing };
    if (!reason) return { ok: false, message: M.voidReason };
    if (reason.length > MAX_PAYMENT_NOTE) return { ok: false, message: C.voidReasonTooLong };
    return { ok: true, value: { paymentId, reason } };
  },
  idempotency: { by: 'natural', header: 'required', why: 'a payment voided already (a replay, or the other phone) answers as it is and sends nothing twice' },
  decide: whenFound('payment', C.paymentNotFound, (p, state, input, nowMs): Outcome<PaymentReceiptMail, PaymentAnswer> => {
    if (!isRecordedMethod(p.method)) return refuse(409, M.notVoidable);
    const answer = { paymentId: p.id };
    if (p.status === ChargeStatus.Voided) return decided([], answer);
    const b = state.booking;
    if (!b) return refuse(404, C.bookingNotFound);
    const after = balanceAfterVoid(
      balanceAfter(b.money),
      p.balanceCents,
      state.others.map((o) => ({ amountCents: o.amountCents, balanceCents: o.balanceCents })),
    );
    // Only a succeeded payment recorded by hand is voided (chargeTransition 'void').
    const voided = chargeTransition(p.status, { type: 'void', recorded: isRecordedMethod(p.method) });
    if (!voided) return refuse(409, M.notVoidable);
    const changes: Change[] = [{ op: 'update', collection: 'charges', id: p.id, fields: { status: voided, voided_at: pbDate(nowMs), void_reason: input.reason, voided_by: state.staffId } }];
    state.others.forEach((o, i) => {
      if (after.partsCents[i] !== o.balanceCents) changes.push({ op: 'update', collection: 'charges', id: o.id, fields: { balance_amount: after.partsCents[i]! } });
    });
    const patches: ChargeMoneyRow[] = b.money.charges
      .filter((c) => c.id === p.id || state.others.some((o) => o.id === c.id))
      .map((c) => (c.id === p.id ? { ...c, status: voided } : { ...c, balance_amount: after.partsCents[state.others.findIndex((o) => o.id === c.id)]! }));
    // Due again: the booking is no longer paid off. Its balance_remaining and payment_status follow from the rows written (docs/decisions/061).
    if (balanceAfter(b.money, {}, patches) > 0 && b.balance_paid_at) changes.push({ op: 'update', collection: 'bookings', id: b.id, fields: { balance_paid_at: '' } });
    return { changes, mails: [{ paymentId: p.id }], answer };
  }),
};
