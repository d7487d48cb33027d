/**
 * POST /api/fn/my-booking/pay-balance (docs/decisions/027 and 045), anyone with the booking's
 * manage link: body { token } → 200 { url } of a Checkout page for the balance (one open link
 * per booking: a second click gets the same one; the webhook settles it and the receipt
 * follows), or { paid: true } in demo mode. Refused: 404 a wrong, expired or used link; 409
 * nothing due, the removal's payment page open, or an attempt still with Stripe; 502 Stripe
 * declined making the page; 503 Stripe could not be reached (the next click finishes it under
 * the same key).
 */
import { balancePayableOnline, SELF_SERVICE_MESSAGES as M } from '@domain/self-service';
import { CHARGE_MESSAGES, chargeFingerprintSource } from '@domain/balance-charge';
import { selfServiceBookingOf } from '../bookings/bookings-repo';
import { nowMs } from '../clock';
import { apiError, appOrigin, readJsonObject } from '../http';
import { deliverMail } from '../mail/mail-outbox';
import { claimAbandonedCharge, insertPendingCharge, openCharges, recordChargeOutcome, releaseCharge } from '../payments/balance-charges';
import { payChargeByLink } from '../payments/balance-payment';
import { requireBooking } from './manage-links';

/** How many charges booking `bookingId` has had: the customer's next payment attempt is numbered after them. */
function chargeCount(bookingId: string): number {
  return $app.findRecordsByFilter('charges', 'booking = {:b}', '', 0, 0, { b: bookingId } as unknown as dbx.Params).length;
}

export function myBookingPayBalanceRoute(e: core.RequestEvent): void {
  const body = readJsonObject(e);
  const now = nowMs();
  const booking = requireBooking($app, body, now);
  if (!balancePayableOnline(selfServiceBookingOf(booking), booking.getInt('balance_remaining'))) throw apiError(409, M.nothingDue);
  // The open page is the removal's (docs/decisions/029): one payment at a time, and not that one for the balance.
  if (booking.getString('removal_hold')) throw apiError(409, M.removalPaymentOpen);
  // A link already open for this booking is the answer: one payment page at a time.
  const open = openCharges($app, booking.id).find((c) => c!.getString('status') === 'requires_checkout' && c!.getString('checkout_url'));
  if (open) return e.json(200, { url: open.getString('checkout_url') });

  const request = { bookingId: booking.id, selection: null, description: 'Balance paid online' };
  // Two clicks at once share the key (the same attempt number), so they make one charge. An
  // attempt whose Stripe call got no answer (an outage) is finished under its own key at the
  // next click, not refused as in flight until the reconcile job.
  const prefix = `customer-balance-${booking.id}-`;
  const unanswered = openCharges($app, booking.id).find((c) => c!.getString('status') === 'pending' && c!.getString('idempotency_key').startsWith(prefix));
  const key = unanswered ? unanswered.getString('idempotency_key') : `${prefix}${chargeCount(booking.id) + 1}`;
  const inserted = insertPendingCharge($app, { key, fingerprint: $security.sha256(chargeFingerprintSource(request)), request, staffId: '' });
  if ('refusal' in inserted) throw apiError(inserted.refusal.status, inserted.refusal.message);
  const chargeId = 'replayOf' in inserted ? inserted.replayOf : inserted.chargeId;
  if ('chargeId' in inserted || claimAbandonedCharge($app, chargeId)) {
    const charge = $app.findRecordById('charges', chargeId);
    const outcome = payChargeByLink(charge, booking, appOrigin(e));
    if (outcome.status === 'unknown') {
      releaseCharge($app, chargeId);
      throw apiError(503, CHARGE_MESSAGES.unreachable);
    }
    deliverMail($app, recordChargeOutcome($app, chargeId, outcome));
  }
  const charge = $app.findRecordById('charges', chargeId);
  const status = charge.getString('status');
  if (status === 'succeeded') return e.json(200, { paid: true });
  if (status === 'requires_checkout' && charge.getString('checkout_url')) return e.json(200, { url: charge.getString('checkout_url') });
  if (status === 'pending') throw apiError(409, CHARGE_MESSAGES.stillProcessing);
  throw apiError(502, charge.getString('error') || CHARGE_MESSAGES.failed);
}
