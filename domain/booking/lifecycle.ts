/**
 * A booking's lifecycle (docs/product.md §4 "booking status", docs/decisions/045): its status
 * as stored (the `status` select of pb_migrations), each visit's state, the events that move
 * them, and ONE pure transition. Every path that changes a booking's status (checkout, the
 * webhook, the hold expiry, a move, the removal's addition, the done marks, a cancellation by
 * either side) asks `transition` and stores what it answers, so they cannot disagree. The
 * money's state (payment_status) is not here: it follows from the ledger (domain/money/ledger.ts).
 */
import { oneOfOr, valuesOf, type ValueOf } from '../one-of';

/**
 * The booking statuses, as in the migrations (`pending` is a legacy row's): the only place they
 * are spelt. Code names them `BookingStatus.Cancelled`; the type is their union.
 */
export const BookingStatus = {
  Pending: 'pending',
  PendingPayment: 'pending_payment',
  Confirmed: 'confirmed',
  Completed: 'completed',
  Cancelled: 'cancelled',
  PaymentConflict: 'payment_conflict',
} as const;
export type BookingStatus = ValueOf<typeof BookingStatus>;
export const BOOKING_STATUSES = valuesOf(BookingStatus);

/** Statuses of a booking that never went ahead or no longer goes ahead: cancelled, or its late payment refunded (docs/decisions/010). */
export const GONE_STATUSES = ['cancelled', 'payment_conflict'] as const satisfies readonly BookingStatus[];
/** Statuses of a booking whose deposit was paid and that was not cancelled: it goes ahead, or went ahead. */
export const GOING_AHEAD_STATUSES = ['confirmed', 'completed'] as const satisfies readonly BookingStatus[];
/** Statuses still waiting for the deposit (`pending` is a legacy row's). */
export const AWAITING_DEPOSIT_STATUSES = ['pending', 'pending_payment'] as const satisfies readonly BookingStatus[];
/** Statuses whose booking holds its slots (holdsSlots). */
export const SLOT_HOLDING_STATUSES = ['confirmed', 'pending_payment'] as const satisfies readonly BookingStatus[];

/** A booking's money state (`payment_status`), as in the migrations; it follows from the ledger (domain/money/ledger.ts). */
export const PaymentStatus = { Pending: 'pending', DepositPaid: 'deposit_paid', Paid: 'paid', RefundPending: 'refund_pending', Refunded: 'refunded' } as const;
export type PaymentStatus = ValueOf<typeof PaymentStatus>;
export const PAYMENT_STATUSES = valuesOf(PaymentStatus);

/** Payment states of a booking whose deposit (or more) is held. */
export const PAID_PAYMENT_STATUSES = ['deposit_paid', 'paid'] as const satisfies readonly PaymentStatus[];
/** Payment states of a booking whose money is being given back, or was. */
export const REFUNDED_PAYMENT_STATUSES = ['refund_pending', 'refunded'] as const satisfies readonly PaymentStatus[];

/** Whether `value` is among a status set's, for the named questions below. */
const has = (set: readonly string[], value: string): boolean => set.includes(value);

/**
 * Whether a booking is live: not cancelled and not a refunded late payment (`payment_conflict`).
 * A live booking may still await its deposit. Takes the row's `status`.
 */
export function isLive(b: { status: BookingStatus }): boolean {
  return !has(GONE_STATUSES, b.status);
}

/** Whether the booking is confirmed or completed: its deposit paid, not cancelled (what the owner's money and changes act on). */
export function isGoingAhead(b: { status: BookingStatus }): boolean {
  return has(GOING_AHEAD_STATUSES, b.status);
}

/** Whether the booking still waits for its deposit (`pending_payment`, or a legacy row's `pending`). */
export function awaitsDeposit(b: { status: BookingStatus }): boolean {
  return has(AWAITING_DEPOSIT_STATUSES, b.status);
}

/** Whether the booking's deposit (or all of it) is held: `payment_status` deposit_paid or paid. */
export function isPaid(b: { payment_status: PaymentStatus }): boolean {
  return has(PAID_PAYMENT_STATUSES, b.payment_status);
}

/** Whether the booking's money is being given back or was (`refund_pending`, `refunded`). */
export function isRefunded(b: { payment_status: PaymentStatus }): boolean {
  return has(REFUNDED_PAYMENT_STATUSES, b.payment_status);
}

/**
 * Whether the booking went ahead (or goes ahead): confirmed or completed, or its deposit paid
 * (a row whose status lags its money). Reviews, the waitlist's "someone booked it" and the
 * calendar feed ask this.
 */
export function wentAhead(b: { status: BookingStatus; payment_status: PaymentStatus }): boolean {
  return isGoingAhead(b) || isPaid(b);
}

/**
 * The SQL condition `column IN ('a', 'b')` over a set of this module's statuses, for the hooks'
 * queries, so their literals come from here (values are this module's constants, never input).
 */
export function sqlIn(column: string, values: readonly string[]): string {
  return `${column} IN (${values.map((v) => `'${v}'`).join(', ')})`;
}

/** The SQL condition `column NOT IN ('a', 'b')` (see sqlIn). */
export function sqlNotIn(column: string, values: readonly string[]): string {
  return `${column} NOT IN (${values.map((v) => `'${v}'`).join(', ')})`;
}

/** The PocketBase filter `(column != 'a' && column != 'b')` (see filterIn). */
export function filterNotIn(column: string, values: readonly string[]): string {
  return `(${values.map((v) => `${column} != '${v}'`).join(' && ')})`;
}

/** The same as a PocketBase filter: `(column = 'a' || column = 'b')`. */
export function filterIn(column: string, values: readonly string[]): string {
  return `(${values.map((v) => `${column} = '${v}'`).join(' || ')})`;
}

/** Why a booking was cancelled, as in the migrations (`cancel_reason`). */
export const CANCEL_REASONS = ['hold_expired', 'customer_cancelled', 'replaced', 'checkout_failed', 'owner_cancelled'] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/**
 * A visit's state: none (no such visit), held (a removal's date kept for an open payment,
 * docs/decisions/029), scheduled, done, or cancelled with the booking.
 */
export type VisitState = 'none' | 'held' | 'scheduled' | 'done' | 'cancelled';

export interface LifecycleState {
  status: BookingStatus;
  install: VisitState;
  removal: VisitState;
  cancelReason: CancelReason | '';
}

export type Visit = 'install' | 'removal';

/** What happens to a booking. */
export type LifecycleEvent =
  /** The deposit arrived and the slots are still the booking's (settle-payment). */
  | { type: 'deposit_received' }
  /** The deposit arrived but a slot was lost meanwhile (docs/decisions/010): refunded and flagged. */
  | { type: 'slot_lost' }
  /** The 30-minute hold ran out, the Checkout failed, another checkout replaced it, or the customer left the checkout page. */
  | { type: 'hold_ended'; reason: 'hold_expired' | 'checkout_failed' | 'replaced' | 'customer_cancelled' }
  | { type: 'visit_moved'; visit: Visit }
  /** The optional removal's payment page is opened (its date held), released, or it is added. */
  | { type: 'removal_held' }
  | { type: 'removal_released' }
  | { type: 'removal_added' }
  | { type: 'visit_done'; visit: Visit }
  | { type: 'cancel'; by: 'customer' | 'owner' };

export type Transition = { ok: true; state: LifecycleState } | { ok: false; reason: string };

/** The sentence of a request naming a booking that does not exist (or no longer does): every command's 404. */
export const NO_SUCH_BOOKING = 'Booking not found.';

/** The sentences of a refused transition. */
export const LIFECYCLE_MESSAGES = {
  notPending: 'This booking is no longer waiting for its deposit.',
  notConfirmed: 'Only a confirmed booking can be changed.',
  visitDone: 'That visit is already done.',
  noVisit: 'This booking has no such visit.',
  removalExists: 'This booking already has a removal.',
  noHeldRemoval: 'No removal is held for a payment on this booking.',
  installFirst: 'The installation must be done before the removal.',
  alreadyCancelled: 'This booking is already cancelled.',
  cancelFinished: 'A finished booking cannot be cancelled.',
} as const;

const M = LIFECYCLE_MESSAGES;
const ok = (state: LifecycleState): Transition => ({ ok: true, state });
const no = (reason: string): Transition => ({ ok: false, reason });

/** A booking is completed once every visit it has is done. */
function settled(s: LifecycleState): LifecycleState {
  const finished = s.install === 'done' && (s.removal === 'none' || s.removal === 'done');
  return s.status === 'confirmed' && finished ? { ...s, status: 'completed' } : s;
}

const cancelledVisit = (v: VisitState): VisitState => (v === 'done' || v === 'none' ? v : v === 'held' ? 'none' : 'cancelled');

/** The state after `event` on `state`, or a refusal with a plain sentence. Pure. */
export function transition(state: LifecycleState, event: LifecycleEvent): Transition {
  const s = state;
  const live = s.status === 'confirmed';
  const awaiting = awaitsDeposit(s);
  switch (event.type) {
    case 'deposit_received':
      return awaiting ? ok({ ...s, status: 'confirmed' }) : no(M.notPending);
    case 'slot_lost':
      return awaiting || s.status === 'cancelled' ? ok({ ...s, status: 'payment_conflict', install: cancelledVisit(s.install), removal: cancelledVisit(s.removal) }) : no(M.notPending);
    case 'hold_ended':
      return awaiting ? ok({ ...s, status: 'cancelled', cancelReason: event.reason, install: cancelledVisit(s.install), removal: cancelledVisit(s.removal) }) : no(M.notPending);
    case 'visit_moved': {
      if (!live) return no(M.notConfirmed);
      const v = s[event.visit];
      if (v === 'done') return no(M.visitDone);
      if (v !== 'scheduled') return no(M.noVisit);
      return ok(s);
    }
    case 'removal_held':
      if (!live) return no(M.notConfirmed);
      return s.removal === 'none' ? ok({ ...s, removal: 'held' }) : no(M.removalExists);
    case 'removal_released':
      return s.removal === 'held' ? ok({ ...s, removal: 'none' }) : no(M.noHeldRemoval);
    case 'removal_added':
      if (!live) return no(M.notConfirmed);
      return s.removal === 'none' || s.removal === 'held' ? ok({ ...s, removal: 'scheduled' }) : no(M.removalExists);
    case 'visit_done': {
      if (!live) return no(M.notConfirmed);
      const v = s[event.visit];
      if (v === 'done') return no(M.visitDone);
      if (v !== 'scheduled') return no(M.noVisit);
      if (event.visit === 'removal' && s.install !== 'done') return no(M.installFirst);
      return ok(settled({ ...s, [event.visit]: 'done' }));
    }
    case 'cancel':
      if (s.status === 'cancelled') return no(M.alreadyCancelled);
      if (s.status === 'completed') return no(M.cancelFinished);
      if (!live) return no(M.notConfirmed);
      return ok({ ...s, status: 'cancelled', cancelReason: event.by === 'owner' ? 'owner_cancelled' : 'customer_cancelled', install: cancelledVisit(s.install), removal: cancelledVisit(s.removal) });
  }
}

/** Whether a booking in `status` holds its slots (docs/architecture.md reading 4; a pending_payment hold is also timed). */
export function holdsSlots(status: BookingStatus): boolean {
  return has(SLOT_HOLDING_STATUSES, status);
}

/** A stored `status` as the union; a value the migrations do not allow reads as the legacy `pending`. */
export function asBookingStatus(value: string): BookingStatus {
  return oneOfOr(BOOKING_STATUSES, value, BookingStatus.Pending);
}

/** A stored `payment_status` as the union; a value the migrations do not allow reads as `pending`. */
export function asPaymentStatus(value: string): PaymentStatus {
  return oneOfOr(PAYMENT_STATUSES, value, PaymentStatus.Pending);
}

/** A stored `cancel_reason` as the union, '' when none (or one the migrations do not allow). */
export function asCancelReason(value: string): CancelReason | '' {
  return oneOfOr(CANCEL_REASONS, value, '' as const);
}

/** The lifecycle state of a stored booking row's fields. */
export function lifecycleOf(b: {
  status: BookingStatus;
  cancel_reason?: CancelReason | '';
  install_done_at: string;
  removal_done_at: string;
  removal_date: string;
  removal_time_slot: string;
  removal_hold: string;
}): LifecycleState {
  const status = asBookingStatus(b.status);
  const gone = !isLive({ status });
  const visit = (exists: boolean, done: string): VisitState => (!exists ? 'none' : done ? 'done' : gone ? 'cancelled' : 'scheduled');
  const removalExists = !!b.removal_date && !!b.removal_time_slot;
  return {
    status,
    install: visit(true, b.install_done_at),
    removal: removalExists && b.removal_hold && !gone ? 'held' : visit(removalExists, b.removal_done_at),
    cancelReason: b.cancel_reason ?? '',
  };
}
