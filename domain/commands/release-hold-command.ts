/**
 * A checkout that ended unpaid lets its slots go, as a command (docs/architecture.md reading 6
 * and "The path of a command"; docs/decisions/010, 045): the Stripe session expired or its
 * payment failed (`hold_expired`), or the customer left the demo page (`customer_cancelled`).
 * A booking still waiting for its deposit (`pending_payment`, nothing paid) is cancelled with
 * that reason through `transition` 'hold_ended'; a paid or settled booking is never touched,
 * and a replay changes nothing (naturally idempotent). The server re-reads the booking inside
 * the transaction, so a payment settled at the same moment wins or loses cleanly. Pure.
 */
import { BookingStatus, lifecycleOf, PaymentStatus, transition } from '../booking/lifecycle';
import type { ParseResult } from '../contact-schema';
import type { ChargeMoneyRow } from '../money/ledger';
import type { PaymentBookingRow } from './booking-money';
import { decided, type Command } from './command';

export type HoldEndReason = 'hold_expired' | 'customer_cancelled';

export interface ReleaseHoldInput {
  sessionId: string;
  reason: HoldEndReason;
}

export interface ReleaseHoldState {
  /** The booking of the session, or null. */
  booking: PaymentBookingRow | null;
  charges: ChargeMoneyRow[];
}

/** `released` only for the call that let the slots go; `bookingId` '' when no booking has the session. */
export interface ReleaseHoldAnswer {
  bookingId: string;
  released: boolean;
}

/** Checks { sessionId, reason } ('hold_expired' unless 'customer_cancelled'). */
export function parseReleaseHold(body: Record<string, unknown>): ParseResult<ReleaseHoldInput> {
  const sessionId = typeof body.sessionId === 'string' ? body.sessionId.trim() : '';
  if (!sessionId) return { ok: false, message: 'No payment session found.' };
  return { ok: true, value: { sessionId, reason: body.reason === 'customer_cancelled' ? 'customer_cancelled' : 'hold_expired' } };
}

export const releaseHoldCommand: Command<ReleaseHoldInput, ReleaseHoldState, never, ReleaseHoldAnswer> = {
  name: 'release-hold',
  parse: (body) => parseReleaseHold(body),
  idempotency: { by: 'natural', header: 'none', why: 'a released hold is cancelled: releasing it again changes nothing' },
  decide(state, input) {
    const b = state.booking;
    if (!b) return decided([], { bookingId: '', released: false });
    const unchanged = decided([], { bookingId: b.id, released: false });
    // Money on its way (anything but `pending`) settles through settle-deposit, never here.
    if (b.status !== BookingStatus.PendingPayment || b.payment_status !== PaymentStatus.Pending) return unchanged;
    const next = transition(lifecycleOf(b), { type: 'hold_ended', reason: input.reason });
    if (!next.ok) return unchanged;
    const fields = { status: next.state.status, cancel_reason: next.state.cancelReason };
    return decided([{ op: 'update', collection: 'bookings', id: b.id, fields }], { bookingId: b.id, released: true });
  },
};
