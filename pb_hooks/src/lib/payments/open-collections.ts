/**
 * One way of collecting one amount at a time (docs/decisions/045): before a change that settles
 * the booking's money another way (the customer's or the owner's cancellation, cash or a check
 * recorded at the door), the booking's open payment links are closed at Stripe and their
 * charges marked failed (a held removal's date let go). A link Stripe says is already paid, or
 * a card charge the bank is still processing, cannot be closed: the change is refused with a
 * sentence, and the payment, when it lands, is settled by the ledger (kept if owed, refunded
 * if not). Called outside any transaction (Stripe).
 */
import { CHARGE_MESSAGES, PAYMENT_GOING_THROUGH } from '@domain/money/balance-charge';
import { apiError } from '../http';
import { logError } from '../log';
import { openCharges } from '../ledger/balance-charges';
import { expireChargeCheckout } from './charge-outcome';
import { paymentMode } from './mode';
import { tryExpireCheckoutSession } from './stripe';
import { ChargeStatus } from '@domain/money/charge-lifecycle';
import { chargeField } from '../charge-row';

// The sentence lives with the charge rules, so a pure command can refuse with it too.
export { PAYMENT_GOING_THROUGH };

/**
 * Closes booking `bookingId`'s open payment links and answers the ids of the charges closed;
 * throws 409 with `busy` when a payment cannot be stopped, 503 when Stripe cannot be reached.
 */
export function closeOpenCollections(app: CoreApp, bookingId: string, busy: string = PAYMENT_GOING_THROUGH): string[] {
  const closed: string[] = [];
  for (const c of openCharges(app, bookingId)) {
    const session = chargeField(c, 'stripe_checkout_session_id');
    if (chargeField(c, 'status') !== ChargeStatus.RequiresCheckout || !session) throw apiError(409, busy);
    if (paymentMode() === 'stripe') {
      const reply = tryExpireCheckoutSession(session);
      if (!reply.ok) {
        // Stripe answers 400 for a session no longer open: paid (money on its way) or already expired.
        if (reply.status === 400 && /complete/i.test(reply.error.message ?? '')) throw apiError(409, busy);
        if (reply.status !== 400) {
          logError(`closing payment link ${session} of booking ${bookingId}: Stripe ${reply.status}: ${reply.error.message ?? ''}`);
          throw apiError(503, CHARGE_MESSAGES.unreachable);
        }
      }
    }
    expireChargeCheckout(app, c.id, session);
    closed.push(c.id);
  }
  return closed;
}
