/**
 * Who may own a slot, and what happens to a payment that arrives for a booking (docs/architecture.md
 * decision 15; docs/decisions/010). Pure rules shared by the hooks (which enforce them inside one
 * transaction) and their tests. No I/O, no clock: callers pass what they read.
 */
import { BookingStatus, isPaid, isRefunded, type CancelReason, type PaymentStatus } from './lifecycle';

/** The booking fields the payment decision reads (PocketBase record shape). */
export interface PayableState {
  status: BookingStatus;
  payment_status: PaymentStatus;
  cancel_reason?: CancelReason | '' | null;
}

/**
 * What to do with a payment that has arrived (a paid checkout session) for a booking:
 * - `already_settled`: the deposit was recorded before, or the payment was already flagged
 *   (a redelivered webhook, a second verify call): change nothing.
 * - `confirm`: record the deposit; the booking owns its slots.
 * - `conflict`: the money must go back: the booking was cancelled by the customer, replaced by
 *   a newer checkout or never got a session, or its slots now belong to another booking.
 *
 * A hold that merely lapsed (`hold_expired`) is still payable while its slots are free: the
 * customer paid in good faith and nobody else wants the slot. `slotsFree` must be computed
 * in the same transaction that applies the decision, without counting this booking itself.
 */
export function paymentDecision(b: PayableState, slotsFree: boolean): 'already_settled' | 'confirm' | 'conflict' {
  if (isPaid(b) || isRefunded(b)) return 'already_settled';
  if (b.status === BookingStatus.PaymentConflict) return 'already_settled';
  // A legacy `pending` row is not payable: only a hold made by the checkout is (pending_payment).
  const payable = b.status === BookingStatus.PendingPayment || (b.status === BookingStatus.Cancelled && b.cancel_reason === 'hold_expired');
  return payable && slotsFree ? 'confirm' : 'conflict';
}

/**
 * Caps on what one caller can hold without paying (docs/decisions/010). Unpaid checkout holds are
 * capped per IP (an office behind one NAT still books: five colleagues can be mid-payment at
 * once, and a paid booking no longer counts) and per e-mail; pending upcoming consultation
 * requests per e-mail, phone and IP.
 */
export const HOLD_CAPS = { perIp: 5, perEmail: 2 } as const;
export const CONSULTATION_CAPS = { perIp: 5, perEmail: 2, perPhone: 2 } as const;

export const OWNERSHIP_MESSAGES = {
  tooManyHolds: 'You already have unpaid checkouts waiting. Please complete or cancel one of them, or wait 30 minutes, before starting another.',
  tooManyConsultations: 'You already have consultation requests waiting. We will contact you soon; to change one, please call or e-mail us.',
  /** One connection's anonymous forms e-mailed too many different addresses (pb_hooks/src/lib/anonymous-recipients.ts). */
  tooManyAddresses: 'Too many different e-mail addresses from this connection. Please wait an hour and try again, or call us.',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 8 to 255 letters, digits, dashes, underscores, colons or dots.',
  idempotencyKeyReused: 'This Idempotency-Key was already used for a different request. Please retry with a new key.',
  wizardIdInvalid: 'The wizard id must be 8 to 100 letters, digits, dashes or underscores.',
} as const;

/** An Idempotency-Key header value we accept (IETF draft: an opaque string; we bound it). */
export function isIdempotencyKey(v: string): boolean {
  return /^[A-Za-z0-9_:.-]{8,255}$/.test(v);
}

/** A wizard id (made once per browser session by the booking wizard). */
export function isWizardId(v: string): boolean {
  return /^[A-Za-z0-9_-]{8,100}$/.test(v);
}

/** The phone number's digits, so '(410) 555-0100' and '410.555.0100' count as one phone. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D+/g, '');
}
