/**
 * Stripe's events about balance and damage charges (docs/decisions/013 and 021).
 *
 * Checkout events for a charge's payment link (a session whose metadata names a `charge_id`):
 * paid (checkout.session.completed or async_payment_succeeded with payment_status paid) → the
 * charge succeeds and the booking's balance follows, once; expired or failed → the charge
 * fails, so the booking can be charged again. The charge must still name that very session.
 *
 * PaymentIntent events for a charge (metadata `charge_id`): payment_intent.succeeded settles a
 * pending or processing charge; payment_intent.payment_failed fails it, keeps the balance due
 * and e-mails the owner. Each is an input of the charge-outcome command
 * (domain/commands/charge-outcome-command.ts, run by lib/payments/charge-outcome.ts recordChargeOutcome).
 *
 * A charge paid by card stores that card's brand and last 4 digits on its booking, as the card
 * on file (domain/commands/card-on-file-command.ts), best effort after the charge is settled.
 *
 * Money that arrives for a charge deleted with its booking is refunded and reported
 * (orphan-payments.ts). Events are already verified (stripe-webhook-route.ts).
 */
import { cardOnFileCommand, type CardOnFileAnswer, type CardOnFileInput, type CardOnFileState } from '@domain/commands/card-on-file-command';
import { executeCommand, type ServerCommand } from '../commands/run-command';
import { logWarning } from '../log';
import { recordChargeOutcome } from './charge-outcome';
import { failureMessage } from './balance-payment';
import { refundOrphanPayment } from './orphan-payments';
import { cardOf, paymentIdsOf, retrieveCard, retrieveCheckoutSession, withCard, type StripeCheckoutSession, type StripePaymentIntent } from './stripe';
import { bookingField } from '../booking-row';
import { ChargeStatus } from '@domain/money/charge-lifecycle';

/** The card-on-file command on the server (domain/commands/card-on-file-command.ts), run through `executeCommand`. */
export const cardOnFile: ServerCommand<CardOnFileInput, CardOnFileState, never, CardOnFileAnswer> = {
  command: cardOnFileCommand,
  path: '/api/fn/stripe-webhook',
  load(tx, input) {
    try {
      const b = tx.findRecordById('bookings', input.bookingId);
      return { booking: { id: b.id, cardBrand: bookingField(b, 'card_brand'), cardLast4: bookingField(b, 'card_last4') } };
    } catch {
      return { booking: null };
    }
  },
  respond: (_app, a) => a,
};

/**
 * Stores on booking `bookingId` the card `read` names (Stripe is asked outside any transaction);
 * the payment is already recorded, so a card that cannot be read or stored is only logged.
 */
function storeCard(app: CoreApp, bookingId: string, read: () => { cardBrand: string; cardLast4: string }): void {
  if (!bookingId) return;
  try {
    const card = read();
    if (card.cardLast4) executeCommand(app, cardOnFile, { bookingId, ...card }, { staffId: '', origin: '', fingerprint: '' });
  } catch (err) {
    logWarning(`stripe-webhook: the card of booking ${bookingId} was not stored: ${String(err)}`);
  }
}

function chargeExists(app: CoreApp, chargeId: string): boolean {
  try {
    app.findRecordById('charges', chargeId);
    return true;
  } catch {
    return false;
  }
}

/** Handles `type` for `session` when it is a charge's Checkout link; false for any other session. */
export function handleChargeCheckoutEvent(app: CoreApp, type: string, session: StripeCheckoutSession & { amount_total?: number }): boolean {
  const chargeId = session.metadata?.charge_id;
  if (typeof chargeId !== 'string' || !chargeId) return false;
  if ((type === 'checkout.session.completed' || type === 'checkout.session.async_payment_succeeded') && session.payment_status === 'paid') {
    const paymentIntentId = paymentIdsOf(session).paymentIntentId;
    if (!chargeExists(app, chargeId)) refundOrphanPayment(app, session.metadata?.booking_id ?? '', paymentIntentId, session.amount_total ?? 0);
    else {
      recordChargeOutcome(app, { via: 'checkout_paid', chargeId, sessionId: session.id, paymentIntentId });
      storeCard(app, session.metadata?.booking_id ?? '', () => withCard(paymentIdsOf(retrieveCheckoutSession(session.id))));
    }
  } else if (type === 'checkout.session.expired' || type === 'checkout.session.async_payment_failed') {
    recordChargeOutcome(app, { via: 'checkout_expired', chargeId, sessionId: session.id });
  }
  return true;
}

/** Handles payment_intent.succeeded / payment_failed for a charge's intent; false for any other intent (deposits). */
export function handleChargeIntentEvent(app: CoreApp, type: string, intent: StripePaymentIntent & { amount_received?: number }): boolean {
  const chargeId = intent.metadata?.charge_id;
  if (typeof chargeId !== 'string' || !chargeId || typeof intent.id !== 'string') return false;
  if (type === 'payment_intent.succeeded') {
    const settled = recordChargeOutcome(app, { via: 'intent', chargeId, paymentIntentId: intent.id, result: { status: ChargeStatus.Succeeded } });
    if (!settled.found) refundOrphanPayment(app, intent.metadata?.booking_id ?? '', intent.id, intent.amount_received || intent.amount || 0);
    else {
      const pm = intent.payment_method;
      storeCard(app, intent.metadata?.booking_id ?? '', () => (pm && typeof pm === 'object' ? cardOf(pm) : retrieveCard(pm ?? '')));
    }
  } else if (type === 'payment_intent.payment_failed') {
    const error = intent.last_payment_error ? failureMessage(intent.last_payment_error) : '';
    recordChargeOutcome(app, { via: 'intent', chargeId, paymentIntentId: intent.id, result: { status: ChargeStatus.Failed, error: error || 'The bank declined the payment.' } });
  }
  return true;
}
