/**
 * POST /api/fn/my-booking/pay-balance (docs/decisions/027 and 045), anyone with the booking's
 * manage link: optional header Idempotency-Key (kept in the runner's one store, docs/decisions/063:
 * the same key and token answer the first answer from the charge as it is now; another token
 * under it is a 422); body { token } → 200 { url } of a Checkout page for the balance (one open link
 * per booking: a second click gets the same one; the webhook settles it and the receipt
 * follows; in demo mode the demo payment page, whose Pay settles it the same way:
 * payments/demo-checkout-route.ts), or { paid: true } when that charge had already been paid
 * (a replay). Refused: 404 a wrong, expired or used link; 409
 * nothing due, the removal's payment page open, or an attempt still with Stripe; 502 Stripe
 * declined making the page; 503 Stripe could not be reached (the next click finishes it under
 * the same key).
 * Declared around Stripe for the runner (lib/commands/run-outside-call.ts; docs/architecture.md
 * "The path of a command"): the pay-balance command (domain/commands/pay-balance-command.ts)
 * decides and stores the pending charge in one transaction through the runner's
 * executeCommand; the Checkout page is made outside any transaction and its outcome recorded
 * (payments/charge-outcome.ts recordChargeOutcome).
 */
import { CHARGE_MESSAGES, chargeFingerprintSource } from '@domain/money/balance-charge';
import { balanceRequest, payBalanceCommand, type PayBalanceAnswer, type PayBalanceInput, type PayBalanceState } from '@domain/commands/pay-balance-command';
import type { Command } from '@domain/commands/command';
import type { ServerCommand } from '../commands/run-command';
import { runOutsideCall, type OutsideCall } from '../commands/run-outside-call';
import { nowMs } from '../clock';
import { apiError } from '../http';
import { chargeableOf, claimAbandonedCharge, openCharges, pendingChargeState, releaseCharge } from '../ledger/balance-charges';
import { recordChargeOutcome } from '../payments/charge-outcome';
import { payChargeByLink } from '../payments/balance-payment';
import { requireBooking, tokenOf } from '../booking-store/manage-links';
import { bookingField } from '../booking-row';
import { ChargeStatus } from '@domain/money/charge-lifecycle';
import { chargeField } from '../charge-row';

/** How many charges booking `bookingId` has had: the customer's next payment attempt is numbered after them. */
function chargeCount(tx: CoreApp, bookingId: string): number {
  return tx.findRecordsByFilter('charges', 'booking = {:b}', '', 0, 0, { b: bookingId } as unknown as dbx.Params).length;
}

export const payBalance: ServerCommand<PayBalanceInput, PayBalanceState, never, PayBalanceAnswer> = {
  command: payBalanceCommand,
  path: '/api/fn/my-booking/pay-balance',
  load(tx, input) {
    const b = tx.findRecordById('bookings', input.bookingId);
    const open = openCharges(tx, b.id);
    const link = open.find((c) => chargeField(c!, 'status') === ChargeStatus.RequiresCheckout && chargeField(c!, 'checkout_url'));
    // Two clicks at once share the key (the same attempt number), so they make one charge. An
    // attempt whose Stripe call got no answer (an outage) is finished under its own key at the
    // next click, not refused as in flight until the reconcile job.
    const prefix = `customer-balance-${b.id}-`;
    const unanswered = open.find((c) => chargeField(c!, 'status') === ChargeStatus.Pending && chargeField(c!, 'idempotency_key').startsWith(prefix));
    const key = unanswered ? chargeField(unanswered, 'idempotency_key') : `${prefix}${chargeCount(tx, b.id) + 1}`;
    const request = balanceRequest(b.id);
    const chargeable = chargeableOf(tx, b);
    return {
      booking: { status: chargeable.status, payment_status: chargeable.payment_status, balanceCents: chargeable.balance_remaining, removalHeld: !!bookingField(b, 'removal_hold') },
      openLinkUrl: link ? chargeField(link, 'checkout_url') : '',
      pending: pendingChargeState(tx, { key, fingerprint: $security.sha256(chargeFingerprintSource(request)), request, staffId: '' }),
    };
  },
  respond: (_app, a) => a,
};

/** The request of 'Pay online': the manage link's token. */
interface PayBalanceRequest {
  token: string;
}

/**
 * How 'Pay online' is read and keyed: the token (a dead link is the steps' 404); an optional
 * Idempotency-Key kept in the runner's one store (docs/decisions/062 and 063), under the
 * pay-balance command's name, fingerprinted by the token.
 */
const payBalanceRequest: Pick<Command<PayBalanceRequest, never, never, never>, 'name' | 'parse' | 'idempotency'> = {
  name: payBalanceCommand.name,
  parse: (body) => ({ ok: true, value: { token: tokenOf(body) } }),
  idempotency: { by: 'key', header: 'optional', fingerprint: (input) => input.token },
};

/**
 * The answer of the attempt's charge `chargeId`: Stripe is asked (outside every transaction,
 * under the charge's stored key) when `fresh` (this request stored it) or when its attempt got
 * no answer (claimed again), and the outcome recorded; then { paid }, { url }, 409 while it is
 * still with Stripe, 502 when Stripe declined making the page, 503 unreachable.
 */
function answerOfAttempt(chargeId: string, origin: string, fresh: boolean): { paid: true } | { url: string } {
  if (fresh || claimAbandonedCharge($app, chargeId)) {
    const charge = $app.findRecordById('charges', chargeId);
    const outcome = payChargeByLink(charge, $app.findRecordById('bookings', chargeField(charge, 'booking')), origin);
    if (outcome.status === 'unknown') {
      releaseCharge($app, chargeId);
      throw apiError(503, CHARGE_MESSAGES.unreachable);
    }
    recordChargeOutcome($app, { via: 'call', chargeId, outcome });
  }
  const charge = $app.findRecordById('charges', chargeId);
  const status = chargeField(charge, 'status');
  if (status === ChargeStatus.Succeeded) return { paid: true };
  if (status === ChargeStatus.RequiresCheckout && chargeField(charge, 'checkout_url')) return { url: chargeField(charge, 'checkout_url') };
  if (status === ChargeStatus.Pending) throw apiError(409, CHARGE_MESSAGES.stillProcessing);
  throw apiError(502, chargeField(charge, 'error') || CHARGE_MESSAGES.failed);
}

/** The answer of a decision of the pay-balance command: the open link, or its attempt's charge (see answerOfAttempt). */
function answerOfDecision(a: PayBalanceAnswer, origin: string, fresh: boolean): { paid: true } | { url: string } {
  return 'url' in a ? { url: a.url } : answerOfAttempt(a.chargeId, origin, fresh && !a.replay);
}

/**
 * 'Pay online' around Stripe (docs/decisions/048 and 063): the link's booking (404), the
 * pay-balance command storing the pending charge (and the request's key, when it has one) in
 * one transaction, then the Checkout page made outside any transaction and its outcome
 * recorded. A repeat of the key answers from the charge as it is now (the key's first answer
 * stands; another token under it is a 422).
 */
export const payBalanceCall: OutsideCall<PayBalanceRequest> = {
  path: payBalance.path,
  request: payBalanceRequest,
  reword: (_app, stored, { ctx }) => answerOfDecision(stored as unknown as PayBalanceAnswer, ctx.origin, false),
  steps({ body, ctx }, run) {
    const booking = requireBooking($app, body, nowMs());
    return answerOfDecision(run.keyed(payBalance, { bookingId: booking.id }) as PayBalanceAnswer, ctx.origin, true);
  },
};

export function myBookingPayBalanceRoute(e: core.RequestEvent): void {
  runOutsideCall(e, payBalanceCall);
}
