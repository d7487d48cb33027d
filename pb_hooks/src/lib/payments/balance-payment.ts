/**
 * Moves the money of one `pending` charge (docs/decisions/015; docs/decisions/013), outside any
 * transaction. Demo mode: the saved card always succeeds and nothing is called, and a payment
 * link is the local demo payment page (docs/architecture.md reading 6). Stripe: the
 * card saved at checkout is charged off-session (PaymentIntent, confirm, Stripe idempotency key
 * = the charge's Idempotency-Key); when the bank wants the customer (authentication_required)
 * or no card is saved, a Checkout Session is created instead for the customer to pay.
 * Everything the calls send is built from the stored charge and booking, so a retry sends
 * Stripe identical parameters under the same keys and gets the first result back.
 */
import { CHARGE_MESSAGES, chargeTitle, type ChargeKind } from '@domain/money/balance-charge';
import type { ChargeOutcome } from '../ledger/balance-charges';
import { demoPaymentUrl, newDemoSessionId, paymentMode } from './mode';
import { createChargeCheckoutSession, createOffSessionPaymentIntent, type StripeErrorBody, type StripeReply } from './stripe';
import { logError, logWarning } from '../log';
import { ChargeStatus } from '@domain/money/charge-lifecycle';
import { chargeField } from '../charge-row';

/** A charge attempt's end: an outcome to record, or `unknown` when Stripe gave no clear answer. */
export type ChargeAttempt = ChargeOutcome | { status: 'unknown' };

/**
 * True when a failed Stripe call may still have happened or may succeed when repeated: no
 * answer, a concurrent request under the same idempotency key (409), rate limiting, or Stripe's
 * own error. Such a charge stays `pending` and is retried with the same key.
 */
function outcomeUnknown(status: number): boolean {
  return status === 0 || status === 409 || status === 429 || status >= 500;
}

/**
 * An off-session failure the customer can resolve themself on a Checkout page: the bank wants
 * them to authenticate (Stripe sends it as the code or as the decline code), or the saved
 * customer or card no longer exists.
 */
function needsCustomer(error: StripeErrorBody): boolean {
  return error.code === 'authentication_required' || error.decline_code === 'authentication_required' || error.code === 'resource_missing';
}

/** What the admin is told about a failed charge: Stripe's card message, written for people, or docs/product.md's. */
export function failureMessage(error: StripeErrorBody): string {
  return error.type === 'card_error' && error.message ? error.message : CHARGE_MESSAGES.failed;
}

/** Logs a Stripe call without a clear answer (never shown to the admin as is): the outcome is unknown. */
function unknownOutcome(charge: core.Record, reply: StripeReply<unknown>): ChargeAttempt {
  if (!reply.ok) logError(`charge-booking-balance: charge ${charge.id}: Stripe ${reply.status}: ${reply.error.message ?? ''}`);
  return { status: 'unknown' };
}

/** The Checkout link for the customer to pay the charge themself. */
function checkoutFallback(charge: core.Record, booking: core.Record, origin: string, paymentIntentId: string): ChargeAttempt {
  const reply = createChargeCheckoutSession({
    chargeId: charge.id,
    bookingId: booking.id,
    amountCents: chargeField(charge, 'amount'),
    title: chargeTitle(chargeField(charge, 'kind') as ChargeKind, chargeField(charge, 'description')),
    customerId: booking.getString('stripe_customer_id'),
    customerEmail: booking.getString('customer_email'),
    successUrl: `${origin}/`,
    cancelUrl: `${origin}/`,
  });
  if (reply.ok && reply.value.id && reply.value.url) {
    return { status: ChargeStatus.RequiresCheckout, paymentIntentId, checkoutSessionId: reply.value.id, checkoutUrl: reply.value.url };
  }
  if (!reply.ok && outcomeUnknown(reply.status)) return unknownOutcome(charge, reply);
  return { status: ChargeStatus.Failed, paymentIntentId, error: reply.ok ? CHARGE_MESSAGES.failed : failureMessage(reply.error) };
}

/**
 * The customer's own payment of `charge` through the manage link: always a Checkout link for
 * them to pay (never the saved card behind their back). Demo mode opens the demo payment page
 * instead, so a trial shows what customers will see: a `demo_cs_` session the page's Pay
 * settles and its Cancel closes (lib/payments/demo-checkout-route.ts), as Stripe's events would.
 */
export function payChargeByLink(charge: core.Record, booking: core.Record, origin: string): ChargeAttempt {
  if (paymentMode() === 'demo') {
    const sessionId = newDemoSessionId();
    return { status: ChargeStatus.RequiresCheckout, paymentIntentId: '', checkoutSessionId: sessionId, checkoutUrl: demoPaymentUrl(origin, sessionId) };
  }
  return checkoutFallback(charge, booking, origin, '');
}

/**
 * Charges `charge` (a `pending` charges record) for `booking` and returns how it ended.
 * `origin` is where the Checkout page sends the customer back. Never throws for a Stripe
 * failure.
 */
export function payCharge(charge: core.Record, booking: core.Record, origin: string): ChargeAttempt {
  if (paymentMode() === 'demo') return { status: ChargeStatus.Succeeded, paymentIntentId: `demo_pi_${$security.randomString(24)}` };

  const customerId = booking.getString('stripe_customer_id');
  const paymentMethodId = booking.getString('payment_method_id');
  if (!customerId || !paymentMethodId) return checkoutFallback(charge, booking, origin, '');

  const reply = createOffSessionPaymentIntent({
    amountCents: chargeField(charge, 'amount'),
    customerId,
    paymentMethodId,
    description: chargeTitle(chargeField(charge, 'kind') as ChargeKind, chargeField(charge, 'description')),
    metadata: { charge_id: charge.id, booking_id: booking.id },
    idempotencyKey: chargeField(charge, 'idempotency_key'),
  });
  if (reply.ok) {
    const intent = reply.value;
    // A card charged off-session succeeds at once, fails with a 402, or (a bank debit, a slow
    // method) is processing: not paid until the webhook says it succeeded. Any other state
    // means the customer has to act, which only a Checkout page lets them do.
    if (intent.status === 'succeeded') return { status: ChargeStatus.Succeeded, paymentIntentId: intent.id };
    if (intent.status === 'processing') return { status: ChargeStatus.Processing, paymentIntentId: intent.id };
    return checkoutFallback(charge, booking, origin, intent.id);
  }
  if (outcomeUnknown(reply.status)) return unknownOutcome(charge, reply);
  const intentId = reply.error.payment_intent?.id ?? '';
  if (needsCustomer(reply.error)) return checkoutFallback(charge, booking, origin, intentId);
  logWarning(`charge-booking-balance: charge ${charge.id} declined: ${reply.error.code ?? reply.status}`);
  return { status: ChargeStatus.Failed, paymentIntentId: intentId, error: failureMessage(reply.error) };
}
