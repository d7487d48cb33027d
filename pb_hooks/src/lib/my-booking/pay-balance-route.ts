/**
 * POST /api/fn/my-booking/pay-balance (docs/decisions/027 and 045), anyone with the booking's
 * manage link: body { token } → 200 { url } of a Checkout page for the balance (one open link
 * per booking: a second click gets the same one; the webhook settles it and the receipt
 * follows; in demo mode the demo payment page, whose Pay settles it the same way:
 * payments/demo-checkout-route.ts), or { paid: true } when that charge had already been paid
 * (a replay). Refused: 404 a wrong, expired or used link; 409
 * nothing due, the removal's payment page open, or an attempt still with Stripe; 502 Stripe
 * declined making the page; 503 Stripe could not be reached (the next click finishes it under
 * the same key).
 * Composed around Stripe (docs/architecture.md "The path of a command"): the pay-balance
 * command (domain/commands/pay-balance-command.ts) decides and stores the pending charge in
 * one transaction through the runner's executeCommand; the Checkout page is made outside any
 * transaction and its outcome recorded (payments/charge-outcome.ts recordChargeOutcome).
 */
import { CHARGE_MESSAGES, chargeFingerprintSource } from '@domain/money/balance-charge';
import { balanceRequest, payBalanceCommand, type PayBalanceAnswer, type PayBalanceInput, type PayBalanceState } from '@domain/commands/pay-balance-command';
import { executeCommand, type ServerCommand } from '../commands/run-command';
import { nowMs } from '../clock';
import { apiError, appOrigin, readJsonObject } from '../http';
import { answerRun } from '../payments/command-request';
import { chargeableOf, claimAbandonedCharge, openCharges, pendingChargeState, releaseCharge } from '../payments/balance-charges';
import { recordChargeOutcome } from '../payments/charge-outcome';
import { payChargeByLink } from '../payments/balance-payment';
import { requireBooking } from './manage-links';
import { ChargeStatus } from '@domain/money/charge-lifecycle';

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
    const link = open.find((c) => c!.getString('status') === ChargeStatus.RequiresCheckout && c!.getString('checkout_url'));
    // Two clicks at once share the key (the same attempt number), so they make one charge. An
    // attempt whose Stripe call got no answer (an outage) is finished under its own key at the
    // next click, not refused as in flight until the reconcile job.
    const prefix = `customer-balance-${b.id}-`;
    const unanswered = open.find((c) => c!.getString('status') === ChargeStatus.Pending && c!.getString('idempotency_key').startsWith(prefix));
    const key = unanswered ? unanswered.getString('idempotency_key') : `${prefix}${chargeCount(tx, b.id) + 1}`;
    const request = balanceRequest(b.id);
    const chargeable = chargeableOf(tx, b);
    return {
      booking: { status: chargeable.status, paymentStatus: chargeable.payment_status, balanceCents: chargeable.balance_remaining, removalHeld: !!b.getString('removal_hold') },
      openLinkUrl: link ? link.getString('checkout_url') : '',
      pending: pendingChargeState(tx, { key, fingerprint: $security.sha256(chargeFingerprintSource(request)), request, staffId: '' }),
    };
  },
  respond: (_app, a) => a,
};

export function myBookingPayBalanceRoute(e: core.RequestEvent): void {
  const booking = requireBooking($app, readJsonObject(e), nowMs());
  const run = executeCommand($app, payBalance, { bookingId: booking.id }, { staffId: '', origin: appOrigin(e), fingerprint: '' });
  if (run.kind !== 'answered') return answerRun(e, run);
  const a = run.body as PayBalanceAnswer;
  if ('url' in a) return e.json(200, { url: a.url });
  const chargeId = a.chargeId;
  if (!a.replay || claimAbandonedCharge($app, chargeId)) {
    // Stripe is called only now, outside every transaction, under the stored key.
    const outcome = payChargeByLink($app.findRecordById('charges', chargeId), booking, appOrigin(e));
    if (outcome.status === 'unknown') {
      releaseCharge($app, chargeId);
      throw apiError(503, CHARGE_MESSAGES.unreachable);
    }
    recordChargeOutcome($app, { via: 'call', chargeId, outcome });
  }
  const charge = $app.findRecordById('charges', chargeId);
  const status = charge.getString('status');
  if (status === ChargeStatus.Succeeded) return e.json(200, { paid: true });
  if (status === ChargeStatus.RequiresCheckout && charge.getString('checkout_url')) return e.json(200, { url: charge.getString('checkout_url') });
  if (status === ChargeStatus.Pending) throw apiError(409, CHARGE_MESSAGES.stillProcessing);
  throw apiError(502, charge.getString('error') || CHARGE_MESSAGES.failed);
}
