/**
 * A paid deposit applied to its booking, as a command (docs/architecture.md reading 15 and "The
 * path of a command"; docs/decisions/010, 039, 045, 047), from whichever signal learns of it
 * first: the demo page's Pay, verify-booking-payment, or the Stripe webhook. The server reads
 * the booking, whether its slots are still free and whether its conversion is counted inside
 * the one transaction; this decides:
 * - a booking that can still own its slots is confirmed (`transition` 'deposit_received'; a hold
 *   that lapsed while its slots stayed free is paid as if still held), its balance falls due,
 *   its e-mails are queued (the confirmation, the owner's notice, the deposit's receipt) and,
 *   for a website booking, its conversion is recorded once;
 * - a booking that can no longer own them becomes `payment_conflict` (`transition`
 *   'slot_lost') with its deposit's refund queued: the server refunds it after the commit;
 * - a booking already settled changes nothing, so a redelivered signal e-mails and refunds
 *   nothing again (naturally idempotent).
 * `payment_status` is the ledger's summary of the fields written (booking-money.ts). The card's
 * brand and last 4 digits are stored when the signal knew them. Pure.
 */
import { paymentDecision } from '../booking/ownership';
import { BookingStatus, lifecycleOf, transition } from '../booking/lifecycle';
import type { ParseResult } from '../contact-schema';
import type { ChargeMoneyRow } from '../money/ledger';
import type { PaymentBookingRow } from './booking-money';
import type { BookingFields } from '../booking/booking-row';
import { decided, pbDate, refuse, type Change, type Command, type FieldValue } from './command';
import { SettleOutcome } from './settle-outcome';
import { RefundStatus } from '../money/charge-lifecycle';
import { trimmedText } from '../text';

/** What the payment provider told about the paid session ('' when it did not say). */
export interface SettleDepositInput {
  sessionId: string;
  paymentIntentId: string;
  customerId: string;
  paymentMethodId: string;
  /** The card's brand as Stripe names it ('visa', 'mastercard', …) and its last 4 digits. */
  cardBrand: string;
  cardLast4: string;
}

export interface SettleDepositState {
  /** The booking of the session, or null (none, or deleted meanwhile). */
  booking: (PaymentBookingRow & BookingFields<'booked_by' | 'checkout_session_id'>) | null;
  /** Whether its visits' slots are free of every other booking active now. */
  slotsFree: boolean;
  /** Its charges, for the ledger. */
  charges: ChargeMoneyRow[];
  /** Whether its conversion is counted already (a booking confirmed again after a lapse counts once). */
  converted: boolean;
}

/** An e-mail of a confirmation; the server composes it from the booking as changed. */
export interface SettleDepositMail {
  kind: 'confirmation' | 'owner_notice' | 'receipt';
  bookingId: string;
}

/** The outcome: `outcome` null when no booking has the session; `changed` only for the call that made the change. */
export interface SettleDepositAnswer {
  bookingId: string;
  outcome: SettleOutcome | null;
  changed: boolean;
}

/** Where a conversion is filed: the page a paid checkout lands on (docs/decisions/039). */
export const CONVERSION_PATH = '/booking/success';

/**
 * The `analytics_events` fields of the conversion of booking `bookingId`, paid through checkout
 * session `sessionId` ('' if none) at `paidAtMs` (epoch ms).
 */
export function conversionFields(bookingId: string, sessionId: string, paidAtMs: number): Record<string, FieldValue> {
  return { event_type: 'conversion', page_path: CONVERSION_PATH, converted: true, metadata: { booking_id: bookingId, session_id: sessionId, paid_at: pbDate(paidAtMs) } };
}

/** Checks { sessionId, paymentIntentId, customerId?, paymentMethodId?, cardBrand?, cardLast4? } (a session and a payment are needed). */
export function parseSettleDeposit(body: Record<string, unknown>): ParseResult<SettleDepositInput> {
  const sessionId = trimmedText(body.sessionId);
  const paymentIntentId = trimmedText(body.paymentIntentId);
  if (!sessionId || !paymentIntentId) return { ok: false, message: 'No payment session found.' };
  const last4 = trimmedText(body.cardLast4);
  return {
    ok: true,
    value: {
      sessionId,
      paymentIntentId,
      customerId: trimmedText(body.customerId),
      paymentMethodId: trimmedText(body.paymentMethodId),
      cardBrand: trimmedText(body.cardBrand).slice(0, 40),
      cardLast4: /^\d{4}$/.test(last4) ? last4 : '',
    },
  };
}

export const settleDepositCommand: Command<SettleDepositInput, SettleDepositState, SettleDepositMail, SettleDepositAnswer> = {
  name: 'settle-deposit',
  parse: (body) => parseSettleDeposit(body),
  idempotency: { by: 'natural', header: 'none', why: 'a settled booking is already_settled (paymentDecision): nothing changes, nothing is mailed or refunded again' },
  decide(state, input, nowMs) {
    const b = state.booking;
    if (!b) return decided([], { bookingId: '', outcome: null, changed: false });
    const decision = paymentDecision(b, state.slotsFree);
    if (decision === 'already_settled') return decided([], { bookingId: b.id, outcome: b.status === BookingStatus.PaymentConflict ? SettleOutcome.Conflict : SettleOutcome.Confirmed, changed: false });
    // A hold that lapsed while its slots stayed free is paid as if it were still held (docs/decisions/010).
    const lapsed = decision === 'confirm' && b.status === BookingStatus.Cancelled;
    const from = lifecycleOf(lapsed ? { ...b, status: BookingStatus.PendingPayment, cancel_reason: '' } : b);
    const next = transition(from, decision === 'confirm' ? { type: 'deposit_received' } : { type: 'slot_lost' });
    if (!next.ok) return refuse(409, next.reason);

    const paidAt = pbDate(nowMs);
    const fields: Record<string, FieldValue> = { payment_intent_id: input.paymentIntentId };
    if (input.customerId) fields.stripe_customer_id = input.customerId;
    if (input.paymentMethodId) fields.payment_method_id = input.paymentMethodId;
    if (input.cardBrand && input.cardLast4) {
      fields.card_brand = input.cardBrand;
      fields.card_last4 = input.cardLast4;
    }
    fields.status = next.state.status;
    fields.cancel_reason = next.state.cancelReason;
    fields.deposit_paid_at = paidAt;
    // The money came in but cannot keep its slot: its refund is queued, made after the commit.
    if (decision === 'conflict') fields.deposit_refund = RefundStatus.Pending;
    // balance_remaining and payment_status follow from the rows written: the runner derives them (docs/decisions/061).

    const changes: Change[] = [{ op: 'update', collection: 'bookings', id: b.id, fields }];
    if (decision === 'conflict') return decided(changes, { bookingId: b.id, outcome: SettleOutcome.Conflict, changed: true });
    // Only website bookings are conversions: no website visit led to a phone booking.
    if (!b.booked_by && !state.converted) changes.push({ op: 'create', collection: 'analytics_events', fields: conversionFields(b.id, b.checkout_session_id, nowMs) });
    const mails: SettleDepositMail[] = [
      { kind: 'confirmation', bookingId: b.id },
      { kind: 'owner_notice', bookingId: b.id },
      { kind: 'receipt', bookingId: b.id },
    ];
    return { changes, mails, answer: { bookingId: b.id, outcome: SettleOutcome.Confirmed, changed: true } };
  },
};
