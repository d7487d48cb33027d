/**
 * Payments the owner takes at the door (docs/product.md §9 Payment: the balance is due "on-site
 * by cash, check or card, or via an online link"): cash, a check with its number, or another
 * way, recorded on the booking from the admin, also offline, and voided with a reason when
 * recorded by mistake. The request's rules and sentences; pure, shared by the admin's form and
 * the server (which decides). Amounts in integer cents.
 */
import { trimmedText } from '../text';

export const RECORDED_PAYMENT_METHODS = ['cash', 'check', 'other'] as const;
export type RecordedPaymentMethod = (typeof RECORDED_PAYMENT_METHODS)[number];

/** The largest single payment the form accepts (cents): a typo guard, not a business rule. */
export const MAX_RECORDED_PAYMENT_CENTS = 10_000_000;
export const MAX_PAYMENT_NOTE = 500;
export const MAX_CHECK_NUMBER = 40;

export const RECORDED_PAYMENT_MESSAGES = {
  bookingMissing: 'Please choose the booking the payment is for.',
  method: 'Please choose how the customer paid: cash, check or other.',
  amount: 'Please enter the amount received, in dollars and cents, more than $0 and at most $100,000.',
  checkNumber: 'Please enter the check number.',
  checkNumberTooLong: `The check number must be at most ${MAX_CHECK_NUMBER} characters.`,
  noteTooLong: `The note must be at most ${MAX_PAYMENT_NOTE} characters.`,
  voidReason: 'Please say why the payment is voided.',
  notVoidable: 'Only a cash, check or other payment recorded here can be voided.',
  keyReused: 'This payment was already recorded with different details. Please record it again as a new payment.',
} as const;

/** A payment as the admin records it. */
export interface RecordedPaymentRequest {
  bookingId: string;
  method: RecordedPaymentMethod;
  amountCents: number;
  /** The check's number ('' unless method is check). */
  checkNumber: string;
  note: string;
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** How a payment was made, as the admin records it: the method, the check's number ('' unless a check), a note. */
export type PaymentMethodDetails = Pick<RecordedPaymentRequest, 'method' | 'checkNumber' | 'note'>;

/** Checks `{ method, checkNumber?, note? }` of a payment taken at the door. Never throws. */
export function parsePaymentMethod(body: Record<string, unknown>): Parsed<PaymentMethodDetails> {
  const M = RECORDED_PAYMENT_MESSAGES;
  const method = body.method;
  if (!RECORDED_PAYMENT_METHODS.includes(method as RecordedPaymentMethod)) return { ok: false, message: M.method };
  const checkNumber = method === 'check' ? trimmedText(body.checkNumber) : '';
  if (method === 'check' && !checkNumber) return { ok: false, message: M.checkNumber };
  if (checkNumber.length > MAX_CHECK_NUMBER) return { ok: false, message: M.checkNumberTooLong };
  const note = trimmedText(body.note);
  if (note.length > MAX_PAYMENT_NOTE) return { ok: false, message: M.noteTooLong };
  return { ok: true, value: { method: method as RecordedPaymentMethod, checkNumber, note } };
}

/** Checks a request body `{ bookingId, method, amountCents, checkNumber?, note? }`. Never throws. */
export function parseRecordedPayment(body: Record<string, unknown>): Parsed<RecordedPaymentRequest> {
  const M = RECORDED_PAYMENT_MESSAGES;
  const bookingId = trimmedText(body.bookingId);
  if (!bookingId) return { ok: false, message: M.bookingMissing };
  if (!RECORDED_PAYMENT_METHODS.includes(body.method as RecordedPaymentMethod)) return { ok: false, message: M.method };
  const amount = body.amountCents;
  if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < 1 || amount > MAX_RECORDED_PAYMENT_CENTS) return { ok: false, message: M.amount };
  const how = parsePaymentMethod(body);
  if (!how.ok) return how;
  return { ok: true, value: { bookingId, amountCents: amount, ...how.value } };
}

/** The same request, as the server compares a replay of its key with the first. */
export function recordedPaymentFingerprintSource(r: RecordedPaymentRequest): string {
  return JSON.stringify(['recorded', r.bookingId, r.method, r.amountCents, r.checkNumber, r.note]);
}

/** "Cash", "Check no. 1042", "Other: Zelle": how a receipt and the admin name the method. */
export function paymentMethodText(method: string, checkNumber: string, note = ''): string {
  if (method === 'cash') return 'Cash';
  if (method === 'check') return `Check no. ${checkNumber}`;
  return note ? `Other: ${note}` : 'Other';
}

/** Whether `method` is one the owner records by hand (so a payment of it may be voided). */
export function isRecordedMethod(method: string): method is RecordedPaymentMethod {
  return (RECORDED_PAYMENT_METHODS as readonly string[]).includes(method);
}

/**
 * The balance once a recorded payment whose balance part was `voidedPartCents` is voided, with
 * what `others` (the booking's other recorded payments still standing, oldest first: amount and
 * balance part) now pay: the voided part is due again, less what the others paid beyond the
 * balance (the same money recorded twice), each credit used oldest first. Cents.
 */
export function balanceAfterVoid(balanceCents: number, voidedPartCents: number, others: readonly { amountCents: number; balanceCents: number }[]): { balanceCents: number; partsCents: number[] } {
  let balance = balanceCents + voidedPartCents;
  const partsCents = others.map((o) => {
    const credit = o.amountCents - o.balanceCents;
    if (balance === 0 || credit <= 0) return o.balanceCents;
    const used = Math.min(balance, credit);
    balance -= used;
    return o.balanceCents + used;
  });
  return { balanceCents: balance, partsCents };
}
