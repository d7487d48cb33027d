/**
 * A booking's lifecycle (docs/product.md §4 "booking status", docs/decisions/045): its status
 * as stored (the `status` select of pb_migrations), each visit's state, the events that move
 * them, and ONE pure transition. Every path that changes a booking's status (checkout, the
 * webhook, the hold expiry, a move, the removal's addition, the done marks, a cancellation by
 * either side) asks `transition` and stores what it answers, so they cannot disagree. The
 * money's state (payment_status) is not here: it follows from the ledger (domain/money/ledger.ts).
 */

/** The booking statuses, as in the migrations (`pending` is a legacy row's). */
export const BOOKING_STATUSES = ['pending', 'pending_payment', 'confirmed', 'completed', 'cancelled', 'payment_conflict'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Why a booking was cancelled, as in the migrations (`cancel_reason`). */
export type CancelReason = 'hold_expired' | 'customer_cancelled' | 'replaced' | 'checkout_failed' | 'owner_cancelled';

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
  | { type: 'deposit_paid' }
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
  switch (event.type) {
    case 'deposit_paid':
      return s.status === 'pending_payment' || s.status === 'pending' ? ok({ ...s, status: 'confirmed' }) : no(M.notPending);
    case 'slot_lost':
      return s.status === 'pending_payment' || s.status === 'pending' || s.status === 'cancelled'
        ? ok({ ...s, status: 'payment_conflict', install: cancelledVisit(s.install), removal: cancelledVisit(s.removal) })
        : no(M.notPending);
    case 'hold_ended':
      return s.status === 'pending_payment' || s.status === 'pending'
        ? ok({ ...s, status: 'cancelled', cancelReason: event.reason, install: cancelledVisit(s.install), removal: cancelledVisit(s.removal) })
        : no(M.notPending);
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
  return status === 'confirmed' || status === 'pending_payment';
}

/** The lifecycle state of a stored booking row's fields. */
export function lifecycleOf(b: {
  status: string;
  cancel_reason?: string;
  install_done_at: string;
  removal_done_at: string;
  removal_date: string;
  removal_time_slot: string;
  removal_hold: string;
}): LifecycleState {
  const status = (BOOKING_STATUSES as readonly string[]).includes(b.status) ? (b.status as BookingStatus) : 'pending';
  const gone = status === 'cancelled' || status === 'payment_conflict';
  const visit = (exists: boolean, done: string): VisitState => (!exists ? 'none' : done ? 'done' : gone ? 'cancelled' : 'scheduled');
  const removalExists = !!b.removal_date && !!b.removal_time_slot;
  return {
    status,
    install: visit(true, b.install_done_at),
    removal: removalExists && b.removal_hold && !gone ? 'held' : visit(removalExists, b.removal_done_at),
    cancelReason: (b.cancel_reason ?? '') as CancelReason | '',
  };
}
