/**
 * Charges left `pending` by a request that died while Stripe had them (a crash, a kill -9, a
 * timeout), settled from what Stripe knows (docs/decisions/021). Never creates a PaymentIntent:
 * it only reads the customer's PaymentIntents and finds the one whose metadata names the
 * charge. Found: its real outcome is recorded (succeeded, processing, or failed). Not found:
 * nothing was charged, so the charge fails and the booking can be charged again. Stripe
 * unreachable: the charge stays pending for the next run.
 *
 * Run by the every-minute job on charges pending for ABANDONED_AFTER_MS, and by a replay of a
 * charge's Idempotency-Key when its first request is older than Stripe's memory of keys
 * (STRIPE_KEY_MEMORY_MS): within it, repeating the call under the same key is as safe.
 */
import { reconcileDecision } from '@domain/commands/reconcile-charge';
import { nowMs, toPbDate } from '../clock';
import { ABANDONED_AFTER_MS, claimAbandonedCharge, requestedAtMs } from '../ledger/balance-charges';
import { recordChargeOutcome } from './charge-outcome';
import { failureMessage } from './balance-payment';
import { paymentMode } from './mode';
import { listCustomerPaymentIntents } from './stripe';
import { logError } from '../log';
import { ChargeStatus } from '@domain/money/charge-lifecycle';
import { chargeField } from '../charge-row';

/** Stripe keeps idempotency keys for 24 hours; after 23 we no longer count on it (ms). */
export const STRIPE_KEY_MEMORY_MS = 23 * 60 * 60 * 1000;

/** What a reconcile learned: the charge now has an outcome, or Stripe could not be asked. */
export type ReconcileResult = 'settled' | 'unknown';

/**
 * Asks Stripe what happened under `pending` charge `charge` (which the caller has claimed) and
 * records it: the rule is domain/commands/reconcile-charge.ts reconcileDecision; Stripe is read
 * outside any transaction, and the outcome recorded by the charge-outcome command
 * (charge-outcome.ts recordChargeOutcome: a failure of a known intent as the bank's, so the
 * owner hears of it like any failure after the fact).
 */
export function reconcileCharge(app: CoreApp, charge: core.Record): ReconcileResult {
  let booking: core.Record;
  try {
    booking = app.findRecordById('bookings', chargeField(charge, 'booking'));
  } catch {
    return 'settled'; // the booking and its charges are gone
  }
  const customerId = booking.getString('stripe_customer_id');
  const demo = paymentMode() === 'demo';
  let intents: Parameters<typeof reconcileDecision>[0]['intents'] = [];
  if (!demo && customerId) {
    // Stripe's clock and ours may differ (APP_NOW in tests, drift): look back a day from the request.
    const sinceSec = Math.floor((Math.min(requestedAtMs(charge), Date.now()) - 24 * 60 * 60 * 1000) / 1000);
    const reply = listCustomerPaymentIntents(customerId, sinceSec);
    if (reply.ok) {
      intents = (reply.value.data ?? []).map((pi) => ({
        id: pi.id,
        status: pi.status,
        chargeId: pi.metadata?.charge_id ?? '',
        failure: pi.last_payment_error ? failureMessage(pi.last_payment_error) : '',
      }));
    } else {
      logError(`reconcile: charge ${charge.id}: Stripe ${reply.status}: ${reply.error.message ?? ''}`);
      intents = null;
    }
  }
  const decision = reconcileDecision({ chargeId: charge.id, demo, customerId, intents });
  if (decision.record === 'nothing') return 'unknown';
  const outcome = decision.outcome;
  if (outcome.status === ChargeStatus.Failed && outcome.paymentIntentId) {
    recordChargeOutcome(app, { via: 'intent', chargeId: charge.id, paymentIntentId: outcome.paymentIntentId, result: { status: ChargeStatus.Failed, error: outcome.error } });
  } else {
    recordChargeOutcome(app, { via: 'call', chargeId: charge.id, outcome });
  }
  return 'settled';
}

/**
 * The reconcile job (every minute, route-table.ts): every charge `pending` whose request started
 * ABANDONED_AFTER_MS ago or was released, claimed so no replay races it, then reconciled.
 * Returns how many got an outcome.
 */
export function reconcilePendingCharges(app: CoreApp): number {
  const cutoff = toPbDate(nowMs() - ABANDONED_AFTER_MS);
  const stale = app.findRecordsByFilter('charges', `status = '${ChargeStatus.Pending}' && (attempted_at = '' || attempted_at <= {:cutoff})`, 'created_at', 100, 0, { cutoff } as unknown as dbx.Params);
  let settled = 0;
  for (const row of stale) {
    try {
      if (!claimAbandonedCharge(app, row!.id)) continue;
      if (reconcileCharge(app, app.findRecordById('charges', row!.id)) === 'settled') settled++;
    } catch (err) {
      logError(`reconcile: charge ${row!.id}: ${String(err)}`);
    }
  }
  return settled;
}
