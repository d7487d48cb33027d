/**
 * The reconcile job's rule (docs/decisions/021): what a charge left `pending` by a request that
 * died (a crash, a timeout) really became, from what Stripe knows. Pure: the server lists the
 * customer's PaymentIntents outside any transaction (pb_hooks/src/lib/payments/charge-reconcile.ts)
 * and records the outcome this answers through the charge's own outcome path
 * (lib/ledger/balance-charges.ts).
 * - a demo charge, or a booking without a saved Stripe customer, never reached a PaymentIntent:
 *   it failed as interrupted, and the booking can be charged again;
 * - Stripe could not be asked: 'unknown', the charge stays pending for the next run;
 * - no PaymentIntent names the charge (metadata `charge_id`): nothing was charged, failed as interrupted;
 * - else the intent's state: succeeded, processing, or failed with the bank's sentence.
 */
import { CHARGE_MESSAGES } from '../money/balance-charge';
import { ChargeStatus } from '../money/charge-lifecycle';

/** A PaymentIntent's status as Stripe names it (https://docs.stripe.com/payments/paymentintents/lifecycle); Stripe's own spelling. */
export type StripeIntentStatus = 'requires_payment_method' | 'requires_confirmation' | 'requires_action' | 'processing' | 'requires_capture' | 'canceled' | 'succeeded';

/** A PaymentIntent as the rule reads it (Stripe's list; `failure` already worded for people, '' when none). */
export interface ListedIntent {
  id: string;
  status: StripeIntentStatus;
  chargeId: string;
  failure: string;
}

/** What to record for the charge: an outcome as the charge paths take it, or nothing yet. */
export type ReconcileDecision =
  | {
      record: 'outcome';
      outcome: { status: typeof ChargeStatus.Succeeded | typeof ChargeStatus.Processing; paymentIntentId: string } | { status: typeof ChargeStatus.Failed; paymentIntentId: string; error: string };
    }
  | { record: 'nothing' };

export interface ReconcileFacts {
  chargeId: string;
  /** The server takes demo payments (no Stripe at all). */
  demo: boolean;
  /** The booking's saved Stripe customer ('' when none). */
  customerId: string;
  /** The customer's PaymentIntents since the request, or null when Stripe could not be asked. */
  intents: readonly ListedIntent[] | null;
}

/** The outcome of the abandoned charge of `facts` (see the file's comment). */
export function reconcileDecision(facts: ReconcileFacts): ReconcileDecision {
  const interrupted = { record: 'outcome', outcome: { status: ChargeStatus.Failed, paymentIntentId: '', error: CHARGE_MESSAGES.interrupted } } as const;
  if (facts.demo || !facts.customerId) return interrupted;
  if (!facts.intents) return { record: 'nothing' };
  const intent = facts.intents.find((pi) => pi.chargeId === facts.chargeId);
  if (!intent) return interrupted;
  if (intent.status === 'succeeded' || intent.status === 'processing') return { record: 'outcome', outcome: { status: intent.status, paymentIntentId: intent.id } };
  return { record: 'outcome', outcome: { status: ChargeStatus.Failed, paymentIntentId: intent.id, error: intent.failure || CHARGE_MESSAGES.failed } };
}
