/**
 * The customer's 'Pay online' for the balance from the manage link (docs/decisions/027 and
 * 045), the step before Stripe: nothing due or the removal's payment page open refuses it
 * (409); a Checkout link already open for the booking is the answer (one payment page at a
 * time); else the balance is stored as a pending charge (pending-charge-command.ts) under the
 * attempt's key, which the server numbers after the booking's charges (two clicks at once
 * share it) or takes from an attempt whose Stripe call got no answer. Pure.
 */
import type { ChargeRequest } from '../money/balance-charge';
import { balancePayableOnline, SELF_SERVICE_MESSAGES as M } from '../booking/self-service';
import { decided, isRefusal, refuse, type Command, type Outcome } from './command';
import { pendingChargeCommand, type PendingChargeState } from './pending-charge-command';
import type { BookingRow } from '../booking/booking-row';

export interface PayBalanceInput {
  /** The booking of the manage link (the server checked the token). */
  bookingId: string;
}

export interface PayBalanceState {
  booking: Pick<BookingRow, 'status' | 'payment_status'> & { balanceCents: number; removalHeld: boolean };
  /** The Checkout URL of a link already open for the booking, or ''. */
  openLinkUrl: string;
  /** The pending charge's state under the attempt's key. */
  pending: PendingChargeState;
}

/** A link already open (`url`), or the attempt's charge (`chargeId`, `replay` when the key's first click made it). */
export type PayBalanceAnswer = { url: string } | { chargeId: string; replay: boolean };

/** What the customer's payment of the balance asks for. */
export const balanceRequest = (bookingId: string): ChargeRequest => ({ bookingId, selection: null, description: 'Balance paid online' });

export const payBalanceCommand: Command<PayBalanceInput, PayBalanceState, never, PayBalanceAnswer> = {
  name: 'my-booking-pay-balance',
  parse: (body) => (typeof body.bookingId === 'string' && body.bookingId ? { ok: true, value: { bookingId: body.bookingId } } : { ok: false, message: M.nothingDue }),
  idempotency: { by: 'natural', header: 'none', why: 'an open link is answered again; two clicks share the attempt key the server numbers, stored on the charge' },
  decide(state, input, nowMs): Outcome<never, PayBalanceAnswer> {
    const b = state.booking;
    if (!balancePayableOnline(b, b.balanceCents)) return refuse(409, M.nothingDue);
    // The open page is the removal's (docs/decisions/029): one payment at a time, and not that one for the balance.
    if (b.removalHeld) return refuse(409, M.removalPaymentOpen);
    if (state.openLinkUrl) return decided([], { url: state.openLinkUrl });
    const out = pendingChargeCommand.decide(state.pending, balanceRequest(input.bookingId), nowMs);
    return isRefusal(out) ? out : { changes: out.changes, mails: [], answer: out.answer };
  },
};
