/**
 * POST /api/fn/stripe-webhook: Stripe's events, verified with STRIPE_WEBHOOK_SECRET against the
 * raw body (docs/architecture.md reading 6; docs/decisions/021). Every event may come twice and in any
 * order; each handler changes a record only from the state it expects, so a redelivered or late
 * event changes nothing.
 * - checkout.session.completed / async_payment_succeeded with payment_status paid settle the
 *   deposit: confirmed while the booking can still own its slots, else refunded and flagged
 *   `payment_conflict` (lib/payments/settle-payment.ts); for a booking that was deleted, the
 *   payment is refunded and the owner told (lib/payments/orphan-payments.ts);
 * - checkout.session.expired / async_payment_failed release the slot hold;
 * - sessions and PaymentIntents whose metadata names a `charge_id` belong to balance and damage
 *   charges (lib/payments/balance-webhook.ts): payment_intent.succeeded and
 *   payment_intent.payment_failed settle a processing charge;
 * - charge.dispute.created flags the booking 'Disputed' and e-mails the owner
 *   (lib/payments/disputes.ts).
 * 400 for a missing, bad or stale signature, and nothing changes; 503 when no secret is
 * configured. The signature is checked first; then each change is a command run through the
 * runner's `executeCommand` (docs/architecture.md "The path of a command"): settle-deposit,
 * release-hold, stripe-dispute and card-on-file (domain/commands/), with Stripe's calls (the
 * session's card, a conflict's refund) outside their transactions.
 */
import { verifyStripeSignature } from '@domain/money/stripe-signature';
import { findBySession } from '../booking-store/bookings-repo';
import { nowMs } from '../clock';
import { apiError, badRequest } from '../http';
import { handleChargeCheckoutEvent, handleChargeIntentEvent } from './balance-webhook';
import { completePaidSession } from './complete-payment';
import { recordDispute } from './disputes';
import { refundOrphanPayment } from './orphan-payments';
import { releaseHold } from './release-hold';
import { paymentIdsOf, retrieveCheckoutSession, withCard, type StripeCheckoutSession, type StripePaymentIntent } from './stripe';
import { logWarning } from '../log';
import { runOutsideCall, type OutsideCall } from '../commands/run-outside-call';

const MAX_EVENT_BYTES = 512 * 1024;

interface StripeEvent {
  id: string;
  type: string;
  data: { object: Record<string, unknown> };
}

/** The fields of a Stripe Dispute we read (https://docs.stripe.com/api/disputes/object). */
interface StripeDispute {
  id: string;
  amount?: number;
  reason?: string;
  payment_intent?: string | { id: string } | null;
}

/** Payment ids from the session, with the saved card and its brand and last 4 digits when Stripe can tell us (best effort). */
function idsFor(session: StripeCheckoutSession) {
  try {
    const full = paymentIdsOf(retrieveCheckoutSession(session.id));
    if (full.paymentIntentId) return withCard(full);
  } catch (err) {
    logWarning(`stripe-webhook: could not expand session ${session.id}: ${String(err)}`);
  }
  return withCard(paymentIdsOf(session));
}

/** A Checkout Session's event: a charge's payment link, or a booking's deposit. */
function handleSessionEvent(type: string, session: StripeCheckoutSession & { amount_total?: number }): void {
  if (handleChargeCheckoutEvent($app, type, session)) return;
  if ((type === 'checkout.session.completed' || type === 'checkout.session.async_payment_succeeded') && session.payment_status === 'paid') {
    // The event's own payment id for a booking that is gone (nothing to save for later charges).
    const settled = findBySession($app, session.id) ? completePaidSession($app, session.id, idsFor(session)) : null;
    if (!settled) refundOrphanPayment($app, session.metadata?.booking_id ?? '', paymentIdsOf(session).paymentIntentId, session.amount_total ?? 0);
  } else if (type === 'checkout.session.expired' || type === 'checkout.session.async_payment_failed') {
    releaseHold($app, session.id, 'hold_expired');
  }
}

/** A verified event as the steps read it: its type and object (null when it has none with an id: acknowledged, nothing done). */
interface WebhookInput {
  type: string;
  object: Record<string, unknown> | null;
}

/** A charge.dispute.created event: the booking flagged and the owner told (disputes.ts, the stripe-dispute command). */
function handleDisputeEvent(object: Record<string, unknown>): void {
  const d = object as unknown as StripeDispute;
  const pi = typeof d.payment_intent === 'string' ? d.payment_intent : (d.payment_intent?.id ?? '');
  if (pi) recordDispute($app, { id: d.id, amountCents: d.amount ?? 0, reason: d.reason ?? '', paymentIntentId: pi });
}

/**
 * Each Stripe event kind's handling, declared once: which types it takes and the commands it
 * runs through the runner's executeCommand (settle-deposit, release-hold, the charge outcome,
 * stripe-dispute), Stripe's own calls outside their transactions. A type no entry takes is
 * acknowledged and changes nothing.
 */
export const STRIPE_EVENT_HANDLERS: readonly { takes: (type: string) => boolean; handle: (type: string, object: Record<string, unknown>) => void }[] = [
  { takes: (t) => t.startsWith('checkout.session.'), handle: (t, o) => handleSessionEvent(t, o as unknown as StripeCheckoutSession & { amount_total?: number }) },
  { takes: (t) => t.startsWith('payment_intent.'), handle: (t, o) => handleChargeIntentEvent($app, t, o as unknown as StripePaymentIntent) },
  { takes: (t) => t === 'charge.dispute.created', handle: (_t, o) => handleDisputeEvent(o) },
];

/**
 * The request of a Stripe event: the raw body checked against its signature first (503 with no
 * secret configured, 400 a missing, bad or stale signature: nothing read further, nothing
 * written), then read as JSON (400 when it is not).
 */
function verifiedEvent(e: core.RequestEvent): Record<string, unknown> {
  const secret = $os.getenv('STRIPE_WEBHOOK_SECRET');
  if (!secret) throw apiError(503, 'Webhooks are not configured.');
  const payload = toString(e.request!.body, MAX_EVENT_BYTES);
  const header = e.request!.header.get('Stripe-Signature');
  const valid = verifyStripeSignature(payload, header, secret, Math.floor(nowMs() / 1000), {
    hmacSha256Hex: (data, key) => $security.hs256(data, key),
    equal: (a, b) => $security.equal(a, b),
  });
  if (!valid) throw badRequest('Invalid Stripe signature.');
  let event: unknown;
  try {
    event = JSON.parse(payload);
  } catch {
    throw badRequest('The event is not valid JSON.');
  }
  return event && typeof event === 'object' ? (event as Record<string, unknown>) : {};
}

/**
 * The webhook, declared for the runner's outside-call path (docs/decisions/063): its request
 * is the verified event; its steps the handling of the event's kind (STRIPE_EVENT_HANDLERS).
 * Every event may come twice and in any order, and each command changes a record only from the
 * state it expects, so no key is stored.
 */
export const stripeWebhookCall: OutsideCall<WebhookInput> = {
  path: '/api/fn/stripe-webhook',
  fields: verifiedEvent,
  request: {
    name: 'stripe-webhook',
    parse: (event) => {
      const data = (event as Partial<StripeEvent>).data;
      const object = data && typeof data === 'object' ? data.object : undefined;
      const ok = !!object && typeof object === 'object' && typeof object.id === 'string';
      return { ok: true, value: { type: String(event.type), object: ok ? object : null } };
    },
    idempotency: { by: 'natural', header: 'none', why: 'Stripe redelivers events; each handler changes a record only from the state it expects' },
  },
  steps({ input: { type, object } }) {
    if (object) STRIPE_EVENT_HANDLERS.find((h) => h.takes(type))?.handle(type, object);
    return { received: true };
  },
};

export function stripeWebhookRoute(e: core.RequestEvent): void {
  runOutsideCall(e, stripeWebhookCall);
}
