/**
 * How the admin shows a stored booking (docs/product.md §2 Admin dashboard, Bookings tab; §4 booking
 * status and payment_status): the package's current name for legacy values, the Deposit Status
 * and Balance Due cells (the Balance Due from the booking's ledger, docs/decisions/045), status labels and colours, the payment provider's link, which rows are
 * abandoned checkouts, and the newest-first order. Pure: callers pass the row and "now".
 */
import { chargeBlocker } from '../money/balance-charge';
import { parseTimestamp } from '../schedule/calendar';
import { findPackage } from '../catalog';
import { balanceOf, bookingLedger, type LooseRow } from '../money/booking-money';
import { paymentStatusOf } from '../money/ledger';
import { BookingStatus, PaymentStatus } from './lifecycle';
import { DepositState } from './deposit-state';
import type { BookingRow } from './booking-row';

export { DepositState };

/** The booking fields these rules read (PocketBase record shape; amounts in cents). */
export type DisplayedBooking = Pick<BookingRow, 'id' | 'package_type' | 'status' | 'payment_status' | 'deposit_amount' | 'balance_remaining' | 'created_at'> &
  Partial<Pick<BookingRow, 'payment_mode' | 'payment_intent_id' | 'hold_expires_at'>>;

/** The package's current title; legacy designer / premium / luxury read as their new names (docs/product.md §1). */
export function packageTitle(packageType: string): string {
  return findPackage(packageType)?.title ?? packageType;
}

/**
 * True when the balance can be charged now: something is left to pay and the booking can be
 * charged at all (domain/money/balance-charge.ts chargeBlocker: deposit paid, not cancelled or refunded).
 */
export function balanceChargeable(b: Pick<DisplayedBooking, 'balance_remaining' | 'payment_status' | 'status'>): boolean {
  return b.balance_remaining > 0 && chargeBlocker(b) === null;
}

export type BalanceCell =
  /** A clickable amount that opens the damages dialog. */
  | { kind: 'due'; cents: number }
  /** An amount that cannot be charged (unpaid hold, a booking the rules block): what it owes, shown, not clickable. */
  | { kind: 'owed'; cents: number }
  /**
   * Payments on their way (a payment recorded on this device and not yet sent, a payment link
   * open, a charge the bank is processing): what is due beyond them, and their cents. Not
   * clickable: one way of collecting at a time (docs/decisions/045).
   */
  | { kind: 'pending'; cents: number; pendingCents: number }
  /** '$0 Paid'. */
  | { kind: 'paid' }
  /** '$0'. */
  | { kind: 'none' }
  /** A cancelled booking: marked Cancelled, nothing due (whatever balance it kept). */
  | { kind: 'nothing_due' };

/**
 * The Balance Due cell (docs/product.md §2) from the booking's ledger (domain/money/booking-money.ts
 * `bookingLedger` over the booking row and its `charges` rows, as the server and the manage page
 * read it): 'Nothing due' once cancelled; '$0' for a payment conflict (refunded) or a booking owing
 * nothing; '$0 Paid' when paid in full (the ledger's `paymentStatusOf`); a booking that cannot be
 * charged (chargeBlocker: an unpaid hold) shows what it owes; payments in flight show what is due
 * beyond them and their cents; else the amount due, clickable. Cents.
 */
export function balanceCell(b: Pick<DisplayedBooking, 'payment_status' | 'status'> & LooseRow, charges: readonly LooseRow[] = []): BalanceCell {
  if (b.status === BookingStatus.Cancelled) return { kind: 'nothing_due' };
  const ledger = bookingLedger(b, charges);
  const { money } = ledger;
  if (ledger.booking.cancelled) return { kind: 'none' };
  const balance = balanceOf(ledger);
  if (balance === 0) return paymentStatusOf(money, ledger.booking, false) === 'paid' ? { kind: 'paid' } : { kind: 'none' };
  if (chargeBlocker(b) !== null) return { kind: 'owed', cents: balance };
  if (money.pendingCents > 0) return { kind: 'pending', cents: money.dueCents, pendingCents: money.pendingCents };
  return { kind: 'due', cents: money.dueCents };
}

/** The Deposit Status cell: 'paid' once the deposit (or everything) was paid, the refund states, else 'pending'. */
export function depositState(b: Pick<DisplayedBooking, 'payment_status'>): DepositState {
  switch (b.payment_status) {
    case PaymentStatus.DepositPaid:
    case PaymentStatus.Paid:
      return DepositState.Paid;
    case PaymentStatus.RefundPending:
      return DepositState.RefundPending;
    case PaymentStatus.Refunded:
      return DepositState.Refunded;
    default:
      return DepositState.Pending;
  }
}

/**
 * The payment provider's page for this booking's payment: Stripe's dashboard for a Stripe
 * PaymentIntent, null in demo mode or before a payment (docs/product.md §2 Deposit Status link).
 */
export function paymentDashboardUrl(b: Pick<DisplayedBooking, 'payment_mode' | 'payment_intent_id'>): string | null {
  const id = b.payment_intent_id ?? '';
  if (b.payment_mode !== 'stripe' || !/^pi_[A-Za-z0-9_]+$/.test(id)) return null;
  return `https://dashboard.stripe.com/payments/${id}`;
}

/** Stripe's list of payments, for the "Open payment dashboard" link (null in demo mode). */
export const STRIPE_PAYMENTS_URL = 'https://dashboard.stripe.com/payments';

/**
 * A checkout the customer never paid: cancelled without a payment (hold expired, replaced,
 * abandoned) or still awaiting payment after its hold expired. Such rows are hidden from the
 * Bookings list unless asked for; they never count in the insights either.
 */
export function isAbandonedCheckout(b: Pick<DisplayedBooking, 'status' | 'payment_status' | 'hold_expires_at'>, nowMs: number): boolean {
  if (b.payment_status !== PaymentStatus.Pending) return false;
  if (b.status === BookingStatus.Cancelled) return true;
  if (b.status !== BookingStatus.PendingPayment) return false;
  const expires = parseTimestamp(b.hold_expires_at);
  return !(Number.isFinite(expires) && expires > nowMs);
}

export type Tone = 'green' | 'yellow' | 'orange' | 'red' | 'grey';

/** docs/product.md §4 booking payment_status colours: paid green, deposit_paid yellow, pending orange, anything else grey. */
export function paymentStatusTone(paymentStatus: PaymentStatus): Tone {
  return ({ paid: 'green', deposit_paid: 'yellow', pending: 'orange' } as Record<string, Tone>)[paymentStatus] ?? 'grey';
}

const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  pending_payment: 'Awaiting payment',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
  payment_conflict: 'Payment refunded (slot taken)',
};

const PAYMENT_LABELS: Record<string, string> = {
  pending: 'Pending',
  deposit_paid: 'Deposit paid',
  paid: 'Paid',
  refund_pending: 'Refund pending',
  refunded: 'Refunded',
};

/** A booking status as the admin reads it ('pending_payment' → 'Awaiting payment'). */
export function bookingStatusLabel(status: BookingStatus): string {
  return STATUS_LABELS[status] ?? (status || 'Unknown');
}

/** A payment status as the admin reads it ('deposit_paid' → 'Deposit paid'). */
export function paymentStatusLabel(paymentStatus: PaymentStatus): string {
  return PAYMENT_LABELS[paymentStatus] ?? (paymentStatus || 'Unknown');
}

/** Booking status colours: confirmed and completed green, the pending ones orange, conflicts red, cancelled grey. */
export function bookingStatusTone(status: BookingStatus): Tone {
  return ({ confirmed: 'green', completed: 'green', pending: 'orange', pending_payment: 'orange', payment_conflict: 'red' } as Record<string, Tone>)[status] ?? 'grey';
}

/** Newest first (docs/product.md §2 'All Bookings' and 'All Consultations'): by created_at, then id, both descending. */
export function compareNewestFirst(a: { created_at: string; id: string }, b: { created_at: string; id: string }): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
