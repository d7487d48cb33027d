/**
 * POST /api/fn/charge-booking-balance (docs/product.md §5 Admin, §7; docs/decisions/015; docs/architecture.md reading 12;
 * docs/decisions/013). Admin only (401 signed out, 403 staff without the admin role).
 *
 * Header `Idempotency-Key` (required, 8–255 of [A-Za-z0-9_:.-]; one per charge attempt).
 * Body:
 *   { bookingId: string,
 *     additionalCharges?: { items?: { small?: n, fixtures?: n, textiles?: n },
 *                           incidentals?: boolean, totalLoss?: boolean } | null,
 *     chargeDescription?: string }   (default 'Post-removal damages and incidentals')
 * `additionalCharges` is the damage dialog's selection, never an amount: the server prices it
 * from the booking (domain/money/damages.ts; quantities whole numbers 0–999; items, incidentals and
 * total loss exclude each other) and adds the booking's remaining balance. Absent or null:
 * the balance alone.
 *
 * 200 { success, error, requiresCheckout, checkoutUrl, amountCharged (cents), chargeId,
 *       charge, booking }: the charge's outcome, also when the card was declined (success
 * false, error: the reason) or a Checkout link must be paid by the customer (requiresCheckout,
 * checkoutUrl). `charge` and `booking` are the records as they are now, for the admin's mirror.
 * The same key sent again, also at the same instant, answers the first outcome and never
 * charges twice; while the first request is still with Stripe a replay waits up to ~10 s.
 *
 * Errors (plain sentences): 400 missing or malformed key or body, or an empty damage
 * selection with no balance ('Please select at least one damage item to charge'); 404 no such
 * booking; 409 nothing left to pay, a cancelled, refunded or unpaid booking, damages on a
 * package they do not apply to, another charge of the booking in flight or waiting on its
 * link, or this key's charge still being processed; 422 the key was used for another request;
 * 503 Stripe could not be reached (the charge stays open: retry with the same key).
 * The pending charge is stored by the pending-charge command (domain/commands/
 * pending-charge-command.ts, through the runner's executeCommand) before Stripe is called.
 * A charge the bank accepted but has not confirmed answers success false with the 'processing'
 * sentence; the booking's balance stays due until the webhook says it succeeded.
 */
import { CHARGE_MESSAGES, chargeAnswer, type ChargeRequest } from '@domain/money/balance-charge';
import { pendingChargeCommand } from '@domain/commands/pending-charge-command';
import { apiError } from '../http';
import { claimAbandonedCharge, insertPendingCharge, releaseCharge, requestedAtMs } from '../ledger/balance-charges';
import { keyTakenMeanwhile, type OutsideCall } from '../commands/run-outside-call';
import { recordChargeOutcome } from './charge-outcome';
import { payCharge } from './balance-payment';
import { reconcileCharge, STRIPE_KEY_MEMORY_MS } from './charge-reconcile';
import { nowMs } from '../clock';
import { ChargeStatus } from '@domain/money/charge-lifecycle';
import { chargeField } from '../charge-row';

/** How long a replay waits for the first request of its key to finish (wall-clock ms). */
const REPLAY_WAIT_MS = 10_000;
const REPLAY_POLL_MS = 200;

/**
 * Calls Stripe (or the demo) for `chargeId`, which the caller owns (just inserted or claimed),
 * and records the outcome. An unclear Stripe answer leaves the charge open for a retry: 503.
 */
function attempt(chargeId: string, origin: string): void {
  const charge = $app.findRecordById('charges', chargeId);
  const booking = $app.findRecordById('bookings', chargeField(charge, 'booking'));
  const outcome = payCharge(charge, booking, origin);
  if (outcome.status === 'unknown') {
    releaseCharge($app, chargeId);
    throw apiError(503, CHARGE_MESSAGES.unreachable);
  }
  recordChargeOutcome($app, { via: 'call', chargeId, outcome });
}

/**
 * Finishes charge `chargeId`, whose request died and which the caller has claimed: within
 * Stripe's memory of idempotency keys, by asking again under the same key (Stripe answers the
 * first call's result); beyond it, only by reading what Stripe has (our row decides: never a
 * second PaymentIntent). 503 when Stripe cannot be reached.
 */
function finishAbandoned(chargeId: string, origin: string): void {
  const rec = $app.findRecordById('charges', chargeId);
  if (nowMs() - requestedAtMs(rec) < STRIPE_KEY_MEMORY_MS) return attempt(chargeId, origin);
  if (reconcileCharge($app, rec) === 'unknown') {
    releaseCharge($app, chargeId);
    throw apiError(503, CHARGE_MESSAGES.unreachable);
  }
}

/**
 * The answer of charge `chargeId` once it has one: waits for a request in flight, finishes a
 * charge whose request died, and answers 409 if it is still in flight after REPLAY_WAIT_MS.
 */
function settledCharge(chargeId: string, origin: string): core.Record {
  const deadline = Date.now() + REPLAY_WAIT_MS;
  for (;;) {
    const rec = $app.findRecordById('charges', chargeId);
    if (chargeField(rec, 'status') !== ChargeStatus.Pending) return rec;
    if (claimAbandonedCharge($app, chargeId)) {
      finishAbandoned(chargeId, origin);
      continue;
    }
    if (Date.now() >= deadline) throw apiError(409, CHARGE_MESSAGES.stillProcessing);
    sleep(REPLAY_POLL_MS);
  }
}

/** The 200 answer for `charge`: its outcome, and the charge and its booking as they are now. */
function answerOf(charge: core.Record) {
  const answer = chargeAnswer({
    status: chargeField(charge, 'status'),
    amount: chargeField(charge, 'amount'),
    checkout_url: chargeField(charge, 'checkout_url'),
    error: chargeField(charge, 'error'),
  });
  const booking = $app.findRecordById('bookings', chargeField(charge, 'booking'));
  return { ...answer, chargeId: charge.id, charge, booking };
}

/**
 * The admin's balance charge around Stripe (docs/decisions/048 and 063): the runner's request
 * steps (the admin, the required key, the body; a replay answered from the store with the
 * first request's charge once it has an outcome, never a second charge), then the
 * pending-charge command, keyed in its transaction, Stripe outside any transaction under the
 * stored key, and the outcome recorded.
 */
export const chargeBalanceCall: OutsideCall<ChargeRequest> = {
  path: '/api/fn/charge-booking-balance',
  caller: 'admin',
  request: pendingChargeCommand,
  keyMissing: CHARGE_MESSAGES.keyMissing,
  reword: (_app, stored, { ctx }) => answerOf(settledCharge(String(stored.chargeId ?? ''), ctx.origin)),
  steps({ key, input, claim, ctx }) {
    const inserted = insertPendingCharge($app, { key, fingerprint: claim?.fingerprint ?? '', request: input, staffId: ctx.staffId }, claim);
    if ('refusal' in inserted) throw apiError(inserted.refusal.status, inserted.refusal.message);
    if ('keyTaken' in inserted) return keyTakenMeanwhile();
    // A charge stored under the key before the store held it: its outcome, as a replay.
    if ('replayOf' in inserted) return answerOf(settledCharge(inserted.replayOf, ctx.origin));
    // Stripe is called only now, outside every transaction, under the stored key.
    attempt(inserted.chargeId, ctx.origin);
    return answerOf($app.findRecordById('charges', inserted.chargeId));
  },
};
