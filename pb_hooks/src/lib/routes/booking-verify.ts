/**
 * POST /api/fn/verify-booking-payment (SPEC.md §7). Body { sessionId }.
 * 200 { success: boolean, booking?: BookingSummary }: success once the deposit is paid.
 * 400 without a session id; 404 for an unknown session.
 */
import { bookingSummary } from '../booking-summary';
import { findBySession } from '../bookings-repo';
import { apiError, badRequest, readJsonObject } from '../http';

export function verifyBookingPaymentRoute(e: core.RequestEvent): void {
  const body = readJsonObject(e);
  const sessionId = typeof body.sessionId === 'string' ? body.sessionId.trim() : '';
  if (!sessionId) throw badRequest('No payment session found.');
  const rec = findBySession($app, sessionId);
  if (!rec) throw apiError(404, 'Payment session not found.');
  // The demo page confirms the deposit when Pay is pressed, so the stored state is the truth.
  const status = rec.getString('payment_status');
  const success = status === 'deposit_paid' || status === 'paid';
  return e.json(200, { success, booking: bookingSummary(rec) });
}
