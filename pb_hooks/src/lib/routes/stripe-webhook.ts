/**
 * POST /api/fn/stripe-webhook: Stripe's events, verified with STRIPE_WEBHOOK_SECRET against the
 * raw body (DESIGN.md decision 6). checkout.session.completed / async_payment_succeeded with
 * payment_status paid settle the payment (idempotently: a redelivered event changes nothing):
 * confirmed while the booking can still own its slots, else refunded and flagged
 * `payment_conflict` (lib/payments/settle-payment.ts);
 * checkout.session.expired releases the slot hold. Sessions whose metadata names a `charge_id`
 * are the payment links of balance and damage charges (lib/payments/balance-webhook.ts).
 * 400 for a missing, bad or stale signature,
 * and nothing changes; 503 when no secret is configured.
 */
import { verifyStripeSignature } from '@domain/stripe-signature';
import { nowMs } from '../clock';
import { apiError, badRequest } from '../http';
import { handleChargeCheckoutEvent } from '../payments/balance-webhook';
import { completePaidSession } from '../payments/complete-payment';
import { releaseHold } from '../payments/release-hold';
import { paymentIdsOf, retrieveCheckoutSession, type StripeCheckoutSession } from '../payments/stripe';

const MAX_EVENT_BYTES = 512 * 1024;

interface StripeEvent {
  id: string;
  type: string;
  data: { object: StripeCheckoutSession };
}

/** Payment ids from the session, with the saved card when Stripe can tell us (best effort). */
function idsFor(session: StripeCheckoutSession) {
  try {
    const full = paymentIdsOf(retrieveCheckoutSession(session.id));
    if (full.paymentIntentId) return full;
  } catch (err) {
    console.warn(`stripe-webhook: could not expand session ${session.id}: ${String(err)}`);
  }
  return paymentIdsOf(session);
}

export function stripeWebhookRoute(e: core.RequestEvent): void {
  const secret = $os.getenv('STRIPE_WEBHOOK_SECRET');
  if (!secret) throw apiError(503, 'Webhooks are not configured.');
  const payload = toString(e.request!.body, MAX_EVENT_BYTES);
  const header = e.request!.header.get('Stripe-Signature');
  const valid = verifyStripeSignature(payload, header, secret, Math.floor(nowMs() / 1000), {
    hmacSha256Hex: (data, key) => $security.hs256(data, key),
    equal: (a, b) => $security.equal(a, b),
  });
  if (!valid) throw badRequest('Invalid Stripe signature.');

  let event: StripeEvent;
  try {
    event = JSON.parse(payload) as StripeEvent;
  } catch {
    throw badRequest('The event is not valid JSON.');
  }
  const session = event?.data?.object;
  // A balance or damage charge's payment link (issue 9) is settled on its charge, not a booking.
  if (session && typeof session.id === 'string' && !handleChargeCheckoutEvent($app, event.type, session)) {
    if ((event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') && session.payment_status === 'paid') {
      completePaidSession($app, session.id, idsFor(session));
    } else if (event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed') {
      releaseHold($app, session.id, 'hold_expired');
    }
  }
  return e.json(200, { received: true });
}
