/**
 * A checkout hold that ran out, as a command (docs/decisions/010, 045; docs/architecture.md
 * "The path of a command"): a booking still `pending_payment` with its deposit unpaid whose
 * 30-minute hold ended before now is cancelled with reason `hold_expired`, as the one
 * `transition` (domain/booking/lifecycle.ts, event hold_ended) answers. A booking paid or
 * cancelled meanwhile, or whose hold was extended, is refused (409), so the job never undoes a
 * payment settled between its query and its transaction. `payment_status` is not touched: no
 * money came in. Run by the every-five-minutes job (pb_hooks/src/lib/bookings/expire-holds-job.ts);
 * naturally idempotent (a second run finds it cancelled). Pure.
 */
import { lifecycleOf, transition, NO_SUCH_BOOKING } from '../booking/lifecycle';
import { decided, refuse, type Command, whenFound } from './command';
import type { BookingFields } from '../booking/booking-row';

export const EXPIRE_HOLD_MESSAGES = {
  notFound: NO_SUCH_BOOKING,
  notHeld: 'This booking is no longer waiting for its deposit.',
  running: 'This booking’s checkout hold has not ended yet.',
} as const;

export interface ExpireHoldInput {
  bookingId: string;
}

/** The booking's fields the rule reads (as stored), or null when it is gone. */
export interface ExpireHoldState {
  booking:
    | (BookingFields<'id' | 'status' | 'payment_status' | 'cancel_reason' | 'install_done_at' | 'removal_done_at' | 'removal_date' | 'removal_time_slot' | 'removal_hold'> & {
        /** Epoch ms the hold ends (from `hold_expires_at`); NaN when none is set. */
        holdExpiresAtMs: number;
      })
    | null;
}

export interface ExpireHoldAnswer {
  cancelled: true;
  bookingId: string;
}

export const expireHoldCommand: Command<ExpireHoldInput, ExpireHoldState, never, ExpireHoldAnswer> = {
  name: 'expire-checkout-hold',
  parse: (body) => (typeof body.bookingId === 'string' && body.bookingId ? { ok: true, value: { bookingId: body.bookingId } } : { ok: false, message: EXPIRE_HOLD_MESSAGES.notFound }),
  idempotency: { by: 'natural', header: 'none', why: 'a booking cancelled once is refused the second time (not pending_payment)' },
  decide: whenFound('booking', EXPIRE_HOLD_MESSAGES.notFound, (b, state, _input, nowMs) => {
    if (b.payment_status !== 'pending') return refuse(409, EXPIRE_HOLD_MESSAGES.notHeld);
    if (!(b.holdExpiresAtMs < nowMs)) return refuse(409, EXPIRE_HOLD_MESSAGES.running);
    const next = transition(lifecycleOf(b), { type: 'hold_ended', reason: 'hold_expired' });
    if (!next.ok) return refuse(409, next.reason);
    return decided([{ op: 'update', collection: 'bookings', id: b.id, fields: { status: next.state.status, cancel_reason: next.state.cancelReason } }], { cancelled: true, bookingId: b.id });
  }),
};
