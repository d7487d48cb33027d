/**
 * Builders of domain/'s typed rows for the unit tests beside it (docs/architecture.md "One typed
 * booking"): one plain booking each, that a test changes with `over` where its case differs, so
 * the tests do not spell the same row again. Dates are `YYYY-MM-DD` in America/New_York.
 */
import type { SelfServiceBooking } from '../../domain/booking/self-service';
import type { BookingMoneyRow } from '../../domain/money/ledger';
import type { BookingChoices } from '../../domain/money/pricing';
import type { BookingSchedule } from '../../domain/schedule/overlap';
import type { DateContext } from '../../domain/schedule/season';
import type { BookingFacts } from '../../domain/commands/booking-changes';
import type { PaymentBookingRow } from '../../domain/commands/booking-money';
import type { PendingChargeState } from '../../domain/commands/pending-charge-command';

/** A confirmed booking's schedule, its deposit paid: the installation on 2026-12-05 from 9 to 15, no removal. */
export function scheduledBooking(over: Partial<BookingSchedule> = {}): BookingSchedule & { id: string } {
  return { id: 'b1', status: 'confirmed', payment_status: 'deposit_paid', install_date: '2026-12-05', install_time_slot: '9-15', removal_date: '', removal_time_slot: '', ...over };
}

/**
 * A confirmed booking as the customer's self-service rules read it: its deposit paid on Friday,
 * November 20, 2026 at 12 PM in New York, the installation on 2026-12-05 and its (included)
 * removal on 2027-01-05, both from 9 to 15 and not yet done.
 */
export function selfServiceBooking(over: Partial<SelfServiceBooking> = {}): SelfServiceBooking {
  return {
    status: 'confirmed',
    payment_status: 'deposit_paid',
    depositPaidAtMs: Date.UTC(2026, 10, 20, 17),
    install_date: '2026-12-05',
    install_time_slot: '9-15',
    removal_date: '2027-01-05',
    removal_time_slot: '9-15',
    install_done_at: '',
    removal_done_at: '',
    removalOptional: false,
    removal_hold: '',
    ...over,
  };
}

/** The wizard's choices of an Elevated Arbor for a 7.5–9 ft tree with nothing added and no distance known (pricing.ts quote). */
export function bookingChoices(over: Partial<BookingChoices> = {}): BookingChoices {
  return {
    packageSlug: 'elevated-arbor',
    treeSize: '7.5-9ft',
    addons: {},
    luxeFinish: false,
    removalRequested: false,
    extraTree: false,
    keepOrnaments: false,
    luxeKeepOrnaments: 0,
    distanceMiles: null,
    ...over,
  };
}

/** A confirmed booking's money fields as the ledger reads them: $1,000 in all, its card deposit of $500 paid on 2026-11-20, no refund, no dispute. */
export function bookingMoneyRow(over: Partial<BookingMoneyRow> = {}): BookingMoneyRow {
  return {
    status: 'confirmed',
    payment_status: 'deposit_paid',
    total_price: 100_000,
    deposit_amount: 50_000,
    deposit_method: '',
    deposit_paid_at: '2026-11-20 15:00:00.000Z',
    dispute_id: '',
    cancel_reason: '',
    ...over,
  };
}

/** The dates a consultation command checks on Friday, 2026-11-20: the 2026 season's windows, and 2026-12-09 blocked. */
export function consultationDateContext(): DateContext {
  return {
    today: '2026-11-20',
    season: { install: { start: '2026-11-20', end: '2026-12-24' }, removal: { start: '2026-12-26', end: '2027-01-31' }, consultation: { start: '2026-11-01', end: '2026-12-20' } },
    blocked: new Set(['2026-12-09']),
  } as unknown as DateContext;
}

/**
 * The booking commands' table tests: a confirmed booking's facts (booking-changes.ts BookingFacts)
 * whose deposit was paid an hour before FIXTURE_NOW (Friday November 20, 2026, 10:00 in New York:
 * the 72-hour window open), installed December 4 and removed December 28, 7.5–9 ft.
 */
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
