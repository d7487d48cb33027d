/**
 * Test support for the booking commands' table tests: a confirmed booking's facts
 * (booking-changes.ts BookingFacts) whose deposit was paid an hour before FIXTURE_NOW (Friday
 * November 20, 2026, 10:00 in New York: the 72-hour window open), installed December 4 and
 * removed December 28, 7.5–9 ft. Nothing in the product imports it.
 */
import type { BookingFacts } from './booking-changes';
import type { PaymentBookingRow } from './booking-money';
import type { PendingChargeState } from './pending-charge-command';

export const FIXTURE_NOW = Date.parse('2026-11-20T15:00:00Z');
export const FIXTURE_PAID = FIXTURE_NOW - 3_600_000;

/** The booking's facts with `over` applied. */
export function bookingFacts(over: Partial<BookingFacts> = {}): BookingFacts {
  return {
    id: 'b1',
    status: 'confirmed',
    payment_status: 'deposit_paid',
    depositPaidAtMs: FIXTURE_PAID,
    install_date: '2026-12-04',
    install_time_slot: '9-15',
    removal_date: '2026-12-28',
    removal_time_slot: '9-15',
    install_done_at: '',
    removal_done_at: '',
    removalOptional: false,
    removal_hold: '',
    tree_size: '7.5-9ft',
    ics_sequence: 0,
    cancel_reason: '',
    ...over,
  };
}

/**
 * A booking waiting for its $200 deposit (of $400) as the deposit commands read it
 * (booking-money.ts PaymentBookingRow), with `over` applied.
 */
export function pendingPaymentRow(over: Partial<PaymentBookingRow> = {}): PaymentBookingRow {
  return {
    id: 'b1',
    status: 'pending_payment',
    payment_status: 'pending',
    cancel_reason: '',
    total_price: 40_000,
    deposit_amount: 20_000,
    deposit_method: '',
    deposit_paid_at: '',
    dispute_id: '',
    deposit_refund: '',
    install_done_at: '',
    removal_done_at: '',
    removal_date: '',
    removal_time_slot: '',
    removal_hold: '',
    ...over,
  };
}

/** A confirmed 7.5–9 ft Elevated Arbor with its $825 balance due, as the pending-charge command reads it. */
export function chargeableBooking(over: Partial<NonNullable<PendingChargeState['booking']>> = {}): NonNullable<PendingChargeState['booking']> {
  return {
    id: 'b1',
    package_type: 'elevated-arbor',
    tree_size: '7.5-9ft',
    luxe_finish: false,
    selected_addons: null,
    status: 'confirmed',
    payment_status: 'deposit_paid',
    balance_remaining: 82500,
    ...over,
  };
}
