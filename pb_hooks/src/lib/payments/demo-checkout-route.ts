/**
 * The demo payment page's API (docs/architecture.md reading 6), available only without a Stripe key:
 *   GET  /api/fn/demo-checkout?session_id=…  → { sessionId, state: open|paid|expired|cancelled, booking }
 *        (booking null a day after the checkout closed: lib/bookings/booking-summary.ts)
 *   POST /api/fn/demo-checkout/pay    { sessionId } → { url } of /booking-success, deposit confirmed;
 *        410 when the session had already ended (nothing charged); 409 when it ended at the
 *        same moment and the payment was refunded (lib/payments/settle-payment.ts)
 *   POST /api/fn/demo-checkout/cancel { sessionId } → { url } of /booking-cancel, hold released
 * It completes the same state transitions a paid Stripe Checkout Session would.
 */
import { parseTimestamp } from '@domain/calendar';
import { bookingSummary } from '../bookings/booking-summary';
import { findBySession } from '../bookings/bookings-repo';
import { nowMs } from '../clock';
import { apiError, appOrigin, badRequest, queryParam, readJsonObject } from '../http';
import { completePaidSession } from './complete-payment';
import { requireDemoMode } from './mode';
import { releaseHold } from './release-hold';

/** The answer when a payment could not secure its slot (the deposit is refunded). */
export const PAYMENT_CONFLICT_MESSAGE = 'This checkout ended before your payment arrived and the time is no longer available, so your booking was not confirmed. Your deposit has been refunded.';

type SessionState = 'open' | 'paid' | 'expired' | 'cancelled';

function sessionState(rec: core.Record): SessionState {
  const paid = rec.getString('payment_status');
  if (paid === 'deposit_paid' || paid === 'paid') return 'paid';
  if (rec.getString('status') === 'cancelled') return 'cancelled';
  const expires = parseTimestamp(rec.getString('hold_expires_at'));
  return Number.isFinite(expires) && expires > nowMs() ? 'open' : 'expired';
}

function sessionRecord(sessionId: unknown): core.Record {
  const id = typeof sessionId === 'string' ? sessionId.trim() : '';
  if (!id.startsWith('demo_cs_')) throw badRequest('No payment session found.');
  const rec = findBySession($app, id);
  if (!rec) throw apiError(404, 'Payment session not found.');
  return rec;
}

export function demoCheckoutRoute(e: core.RequestEvent): void {
  requireDemoMode();
  const rec = sessionRecord(queryParam(e, 'session_id'));
  return e.json(200, { sessionId: rec.getString('checkout_session_id'), state: sessionState(rec), booking: bookingSummary(rec, nowMs()) });
}

export function demoCheckoutPayRoute(e: core.RequestEvent): void {
  requireDemoMode();
  const rec = sessionRecord(readJsonObject(e).sessionId);
  const sessionId = rec.getString('checkout_session_id');
  const state = sessionState(rec);
  if (state === 'expired' || state === 'cancelled') {
    throw apiError(410, 'This checkout session has expired and no card was charged. Please book again.');
  }
  if (state === 'open') {
    // Like a card charged by Stripe: the payment settles in one transaction, and if the hold
    // was cancelled or its slot resold in the meantime, it is refunded, never confirmed.
    const settled = completePaidSession($app, sessionId, { paymentIntentId: `demo_pi_${$security.randomString(24)}` });
    if (settled?.outcome === 'conflict') throw apiError(409, PAYMENT_CONFLICT_MESSAGE);
  }
  return e.json(200, { url: `${appOrigin(e)}/booking-success?session_id=${encodeURIComponent(sessionId)}` });
}

export function demoCheckoutCancelRoute(e: core.RequestEvent): void {
  requireDemoMode();
  const rec = sessionRecord(readJsonObject(e).sessionId);
  if (sessionState(rec) === 'open') releaseHold($app, rec.getString('checkout_session_id'), 'customer_cancelled');
  return e.json(200, { url: `${appOrigin(e)}/booking-cancel` });
}
