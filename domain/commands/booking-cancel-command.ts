/**
 * Cancelling a booking, as two commands: the customer's through the manage link
 * (`my-booking/cancel`, docs/decisions/027 and 045: within the cooling-off window, everything
 * paid refunded) and the owner's from the admin (`admin-bookings/cancel`, docs/decisions/032:
 * the deposit refunded or kept, anything beyond it refunded). The status and reason come from
 * `transition` (domain/booking/lifecycle.ts); the refunds to queue and `payment_status` from
 * the ledger (domain/money/ledger.ts refundsToQueue, paymentStatusOf), each refund queued its
 * own way (a card 'pending' for Stripe, money paid by hand 'to_return'), as
 * pb_hooks/src/lib/payments/ledger-records.ts queueLedgerRefunds writes them for a late
 * payment. The refunds themselves run after the commit, outside the transaction (Stripe).
 * Pure.
 */
import { transition } from '../booking/lifecycle';
import { keptOnCancel, type Kept } from '../booking/policy';
import { moneyOf, paymentStatusOf, refundsToQueue, refundWrites, type ChargeMoneyRow, type LedgerBooking, type Movement } from '../money/ledger';
import { fromOf, isStaleFrom, SELF_SERVICE_MESSAGES as M, selfServiceOptions, type VisitAt } from '../booking/self-service';
import { decided, refuse, type Change, type Command, type FieldValue } from './command';
import { historyLine, lifecycleOfFacts, type BookingFacts, type ChangeTokens } from './booking-changes';

export const OWNER_CANCEL_MESSAGES = {
  missing: 'Please choose the booking to cancel.',
  refundChoice: 'Please choose whether to refund the deposit or keep it.',
  notFound: 'Booking not found.',
  notConfirmed: 'Only a confirmed booking can be cancelled here.',
} as const;

/** The booking's money as stored. */
export interface MoneyState {
  /** Its movements (pb_hooks/src/lib/payments/ledger-records.ts movementsOfRecords). */
  movements: readonly Movement[];
  /** `total_price` and `deposit_amount`, in cents. */
  totalCents: number;
  depositCents: number;
  /** The charges' rows as the ledger reads them (their refunds so far with them). */
  charges: readonly ChargeMoneyRow[];
}

/** What the ledger writes when a booking is cancelled. */
export interface CancelLedger {
  /** `deposit_refund` when the deposit is refunded, and `payment_status` as the ledger reads it after. */
  bookingFields: Record<string, FieldValue>;
  /** Each charge refunded: its `refund_status` and `refund_amount`. */
  changes: Change[];
  /** The refunds queued (none: nothing to give back). */
  refunds: Movement[];
}

/**
 * The ledger's writes when the booking with `money` is cancelled keeping `kept` (policy.ts
 * keptOnCancel): the refunds that bring what it holds down to what it is owed, newest payment
 * first, each queued its own way ('pending' a card, for Stripe; 'to_return' by hand; written as
 * the ledger's refundWrites says, as for a late payment), and its `payment_status` once they are
 * queued.
 */
export function cancelLedger(money: MoneyState, kept: Kept): CancelLedger {
  const book: LedgerBooking = { totalCents: money.totalCents, depositCents: money.depositCents, cancelled: true, kept };
  const refunds = refundsToQueue(money.movements, book);
  const writes = refundWrites(money.charges, refunds);
  const bookingFields: Record<string, FieldValue> = writes.depositRefund ? { deposit_refund: writes.depositRefund } : {};
  const after = [...money.movements, ...refunds];
  bookingFields.payment_status = paymentStatusOf(
    moneyOf(after, book),
    book,
    after.some((m) => m.direction === 'refund'),
  );
  return {
    bookingFields,
    changes: [...writes.charges].map(([id, fields]) => ({ op: 'update' as const, collection: 'charges', id, fields: fields as Record<string, FieldValue> })),
    refunds,
  };
}

/** What either cancel reads of a booking it may cancel. */
export interface CancelTarget {
  booking: BookingFacts;
  money: MoneyState;
  /** Charges in flight or waiting on their payment page (balance-charges.ts openCharges). */
  openCharges: number;
  tokens: Pick<ChangeTokens, 'liveLinkIds' | 'historyClientId'>;
}

/**
 * The writes of cancelling `t.booking` by `by` keeping `kept`, or the refusal `transition`
 * gives: status, reason and calendar SEQUENCE, the ledger's refunds, the history line. The
 * links stay: a cancelled booking's link shows it, read-only (docs/decisions/027).
 */
function cancelChanges(t: CancelTarget, by: 'customer' | 'owner', kept: Kept, history: string, nowMs: number, staffId = ''): { changes: Change[]; refunds: Movement[] } | { refused: string } {
  const b = t.booking;
  const next = transition(lifecycleOfFacts(b), { type: 'cancel', by });
  if (!next.ok) return { refused: next.reason };
  const ledger = cancelLedger(t.money, kept);
  return {
    refunds: ledger.refunds,
    changes: [
      ...ledger.changes,
      { op: 'update', collection: 'bookings', id: b.id, fields: { status: next.state.status, cancel_reason: next.state.cancelReason, ics_sequence: b.icsSequence + 1, ...ledger.bookingFields } },
      historyLine(b.id, by === 'owner' ? 'owner_change' : 'customer_change', history, t.tokens.historyClientId, nowMs, staffId),
    ],
  };
}

/** The customer's cancel: the token, and the installation as the page showed it (null when the request names none). */
export interface CustomerCancelInput {
  token: string;
  from: VisitAt | null;
}

export interface CustomerCancelState {
  /** The booking the token opens now, or null for a dead link. */
  found: CancelTarget | null;
  /** The sentence when a payment is still going through (open-collections.ts PAYMENT_GOING_THROUGH). */
  paymentGoingThrough: string;
}

export interface CancelAnswer {
  bookingId: string;
  /** Refunds were queued by this cancel; `refund`: the owner chose to refund the deposit (the customer's always does). */
  refundsQueued: boolean;
  refund: boolean;
}

/** An e-mail about a cancellation: the customer's letter or the owner's notice. */
export interface CancellationMail {
  bookingId: string;
  to: 'customer' | 'owner';
}

export const customerCancelCommand: Command<CustomerCancelInput, CustomerCancelState, CancellationMail, CancelAnswer> = {
  name: 'my-booking/cancel',
  parse: (body) => ({ ok: true, value: { token: typeof body.token === 'string' ? body.token.trim() : '', from: fromOf(body) } }),
  idempotency: { by: 'natural', header: 'none', why: 'a cancelled booking cannot be cancelled again, and a request naming an installation the booking no longer has is refused' },
  decide(state, input, nowMs) {
    const t = state.found;
    if (!t) return refuse(404, M.invalidLink);
    // The page showed another installation: the customer decided on a booking that has changed since.
    if (isStaleFrom(input.from, { date: t.booking.install_date, timeSlot: t.booking.install_time_slot })) return refuse(409, M.staleRequest);
    if (!selfServiceOptions(t.booking, nowMs).cancel) return refuse(409, M.cancelClosed);
    if (t.openCharges > 0) return refuse(409, state.paymentGoingThrough);
    // Within the cooling-off window everything paid is refunded, each payment its own way.
    const made = cancelChanges(t, 'customer', keptOnCancel('customer', true), 'The customer cancelled the booking; everything paid is refunded.', nowMs);
    if ('refused' in made) return refuse(409, made.refused);
    // The refunds' own path e-mails the customer once they are made (lib/payments/refund.ts).
    return decided(made.changes, { bookingId: t.booking.id, refundsQueued: made.refunds.length > 0, refund: true });
  },
};

export interface OwnerCancelInput {
  bookingId: string;
  /** Refund the deposit (true) or keep it (false). */
  refund: boolean;
}

export interface OwnerCancelState {
  /** The booking, or null when no booking has the id. */
  found: CancelTarget | null;
  /** The sentence when a payment is still moving (balance-charge.ts CHARGE_MESSAGES.deleteInFlight). */
  paymentInFlight: string;
  staffId: string;
}

export const ownerCancelCommand: Command<OwnerCancelInput, OwnerCancelState, CancellationMail, CancelAnswer> = {
  name: 'admin-bookings/cancel',
  parse(body) {
    const bookingId = typeof body.bookingId === 'string' ? body.bookingId.trim() : '';
    if (!bookingId) return { ok: false, message: OWNER_CANCEL_MESSAGES.missing };
    if (typeof body.refund !== 'boolean') return { ok: false, message: OWNER_CANCEL_MESSAGES.refundChoice };
    return { ok: true, value: { bookingId, refund: body.refund } };
  },
  idempotency: { by: 'natural', header: 'required', why: 'a booking already cancelled answers as it is and changes nothing (the outbox may send the same cancel again)' },
  decide(state, input, nowMs) {
    const t = state.found;
    if (!t) return refuse(404, OWNER_CANCEL_MESSAGES.notFound);
    const b = t.booking;
    const answer = { bookingId: b.id, refundsQueued: false, refund: input.refund };
    if (b.status === 'cancelled') return decided([], answer);
    if (t.openCharges > 0) return refuse(409, state.paymentInFlight);
    const text = `Cancelled from the admin; the deposit is ${input.refund ? 'refunded' : 'kept'}.`;
    // The owner keeps the deposit or refunds it; anything paid beyond it is always refunded, each its own way.
    const made = cancelChanges(t, 'owner', keptOnCancel('owner', input.refund), text, nowMs, state.staffId);
    if ('refused' in made) return refuse(409, b.status === 'confirmed' ? made.refused : OWNER_CANCEL_MESSAGES.notConfirmed);
    const refundsQueued = made.refunds.length > 0;
    // A refund's own path sends the cancellation e-mails once it has happened (or failed); nothing to refund, now.
    const mails: CancellationMail[] = refundsQueued
      ? []
      : [
          { bookingId: b.id, to: 'customer' },
          { bookingId: b.id, to: 'owner' },
        ];
    return { changes: made.changes, mails, answer: { ...answer, refundsQueued } };
  },
};
