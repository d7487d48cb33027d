/**
 * Stripe's Checkout events for the payment links of balance and damage charges (issue 9;
 * docs/decisions/013): a session whose metadata names a `charge_id` belongs to a charge, not to
 * a booking's deposit. Paid (checkout.session.completed or async_payment_succeeded with
 * payment_status paid): the charge succeeds and the booking's balance follows, once. Expired or
 * failed: the charge fails, so the booking can be charged again. The event is already verified
 * (routes/stripe-webhook.ts); the charge must still name that very session.
 */
import { expireChargeCheckout, settleChargeCheckout } from './balance-charges';
import { paymentIdsOf, type StripeCheckoutSession } from './stripe';

/** Handles `type` for `session` when it is a charge's Checkout link; false for any other session. */
export function handleChargeCheckoutEvent(app: CoreApp, type: string, session: StripeCheckoutSession): boolean {
  const chargeId = session.metadata?.charge_id;
  if (typeof chargeId !== 'string' || !chargeId) return false;
  if ((type === 'checkout.session.completed' || type === 'checkout.session.async_payment_succeeded') && session.payment_status === 'paid') {
    settleChargeCheckout(app, chargeId, session.id, paymentIdsOf(session).paymentIntentId);
  } else if (type === 'checkout.session.expired' || type === 'checkout.session.async_payment_failed') {
    expireChargeCheckout(app, chargeId, session.id);
  }
  return true;
}
