/**
 * The deposit's Checkout page recorded on its booking, as a command (docs/product.md §7;
 * docs/architecture.md reading 6 and "The path of a command"; docs/decisions/045, 047). The
 * server asks Stripe for the session outside any transaction, under the booking's own Stripe
 * idempotency key; then, in one transaction that re-reads the booking:
 * - a page stored meanwhile (a concurrent request of the same checkout) stands;
 * - else the session Stripe gave is stored;
 * - else (Stripe failed) the hold is let go at once: `transition` 'hold_ended' with
 *   `checkout_failed`, so the slots are free again and the answer is a 502.
 * A replay reaches the same state (naturally idempotent). Pure.
 */
import { lifecycleOf, transition } from '../booking/lifecycle';
import type { ParseResult } from '../contact-schema';
import type { PaymentBookingRow } from './booking-money';
import { decided, type Command } from './command';

export interface CheckoutSessionInput {
  bookingId: string;
  /** The session Stripe gave ('' each when it failed). */
  sessionId: string;
  url: string;
}

export interface CheckoutSessionState {
  booking: (PaymentBookingRow & { checkout_url: string; checkout_session_id: string }) | null;
}

/** The page to send the customer to: `url` '' when there is none (the route answers 502). */
export interface CheckoutSessionAnswer {
  url: string;
  sessionId: string;
  bookingId: string;
}

/** Checks { bookingId, sessionId?, url? } (both or neither of the session's id and URL). */
export function parseCheckoutSession(body: Record<string, unknown>): ParseResult<CheckoutSessionInput> {
  const bookingId = typeof body.bookingId === 'string' ? body.bookingId : '';
  if (!bookingId) return { ok: false, message: 'Please choose the booking.' };
  const sessionId = typeof body.sessionId === 'string' ? body.sessionId : '';
  const url = typeof body.url === 'string' ? body.url : '';
  return { ok: true, value: sessionId && url ? { bookingId, sessionId, url } : { bookingId, sessionId: '', url: '' } };
}

export const checkoutSessionCommand: Command<CheckoutSessionInput, CheckoutSessionState, never, CheckoutSessionAnswer> = {
  name: 'checkout-session',
  parse: (body) => parseCheckoutSession(body),
  idempotency: { by: 'natural', header: 'none', why: 'a stored page stands and a released hold stays released: a replay changes nothing' },
  decide(state, input) {
    const b = state.booking;
    const none = { url: '', sessionId: '', bookingId: input.bookingId };
    if (!b) return decided([], none);
    if (b.checkout_url) return decided([], { url: b.checkout_url, sessionId: b.checkout_session_id, bookingId: b.id });
    if (input.sessionId && input.url) {
      return decided([{ op: 'update', collection: 'bookings', id: b.id, fields: { checkout_session_id: input.sessionId, checkout_url: input.url } }], {
        url: input.url,
        sessionId: input.sessionId,
        bookingId: b.id,
      });
    }
    const next = transition(lifecycleOf(b), { type: 'hold_ended', reason: 'checkout_failed' });
    // Anything but a hold waiting for its deposit (paid another way meanwhile) is left as it is.
    if (!next.ok) return decided([], none);
    return decided([{ op: 'update', collection: 'bookings', id: b.id, fields: { status: next.state.status, cancel_reason: next.state.cancelReason } }], none);
  },
};
