/**
 * The demo payment page's API (docs/architecture.md reading 6), available only without a Stripe key:
 *   GET  /api/fn/demo-checkout?session_id=…  → { sessionId, state: open|paid|expired|cancelled, booking }
 *        (booking null a day after the checkout closed: lib/mail/booking-summary.ts)
 *   POST /api/fn/demo-checkout/pay    { sessionId } → { url } of /booking-success, deposit confirmed;
 *        410 when the session had already ended (nothing charged); 409 when it ended at the
 *        same moment and the payment was refunded (lib/payments/settle-payment.ts)
 *   POST /api/fn/demo-checkout/cancel { sessionId } → { url } of /booking-cancel, hold released
 * It completes the same state transitions a paid Stripe Checkout Session would. Pay and Cancel
 * are declared for the command runner's outside-call path (demoSessionCall; their rules
 * domain/commands/demo-checkout-command.ts; docs/architecture.md "The path of a command").
 *
 * A session may also be a customer's payment link (the manage page's 'Pay online', a priced
 * removal: lib/payments/balance-payment.ts payChargeByLink), its `charges` row waiting on it:
 *   GET  → { sessionId, state, booking: null, charge: { title, amountCents, booking } }
 *        (`booking` the booked visits and amounts, shown only while the link is open);
 *   Pay  → { url } of this page again, now paid: the charge settles as the Stripe webhook's
 *        paid link would (charge-outcome.ts recordChargeOutcome, the charge-outcome command: the
 *        balance lowered or the held removal booked, the receipt e-mailed), once; 410 when the link had closed;
 *   Cancel → { url } of this page again: the charge fails and a held removal date is let go
 *        (charge-outcome.ts expireChargeCheckout), the balance still due.
 * Both run the charge-outcome command as the Stripe webhook's events do; demoChargeStep only
 * says which.
 */
import { parseTimestamp } from '@domain/schedule/calendar';
import {
  demoCancelCommand,
  demoChargeState,
  demoChargeStep,
  demoPayCommand,
  demoSessionState,
  DEMO_CHECKOUT_MESSAGES,
  parseDemoSession,
  type DemoCancelState,
  type DemoPayAnswer,
  type DemoPayState,
  type DemoSessionInput,
} from '@domain/commands/demo-checkout-command';
import type { SettleDepositMail } from '@domain/commands/settle-deposit-command';
import { chargeTitle, type ChargeKind } from '@domain/money/balance-charge';
import { bookingDetails, bookingSummary } from '../mail/booking-summary';
import { findBySession } from '../booking-store/bookings-repo';
import { bookingRowOf, bookingField } from '../booking-row';
import { nowMs } from '../clock';
import type { ServerCommand } from '../commands/run-command';
import { runOutsideCall, type OutsideCall } from '../commands/run-outside-call';
import { apiError, badRequest, queryParam, readJsonObject } from '../http';
import { expireChargeCheckout, recordChargeOutcome } from './charge-outcome';
import { demoPaymentUrl, requireDemoMode } from './mode';
import { runRefunds } from './refund';
import { releaseHoldServer } from './release-hold';
import { settleDeposit } from './settle-payment';
import { findRecordBy } from '../records';
import { chargeField } from '../charge-row';

/** The answer when a payment could not secure its slot (the deposit is refunded). */
export const PAYMENT_CONFLICT_MESSAGE = 'This checkout ended before your payment arrived and the time is no longer available, so your booking was not confirmed. Your deposit has been refunded.';

/** The checked { sessionId } of `body`, or 400. */
function sessionInput(body: Record<string, unknown>): DemoSessionInput {
  const parsed = parseDemoSession(body);
  if (!parsed.ok) throw badRequest(parsed.message);
  return parsed.value;
}

/** The charge whose demo payment link is session `sessionId` (payChargeByLink), or null: a wizard's session is its booking's. */
function chargeOfSession(app: CoreApp, sessionId: string): core.Record | null {
  return findRecordBy(app, 'charges', 'stripe_checkout_session_id', sessionId);
}

/** What the demo page shows of payment link `charge`: what it is for and how much (cents); the booking's visits while it is open. */
function chargeSessionView(charge: core.Record, sessionId: string) {
  const state = demoChargeState(chargeField(charge, 'status'));
  let booking: core.Record | null;
  try {
    booking = state === 'open' ? $app.findRecordById('bookings', chargeField(charge, 'booking')) : null;
  } catch {
    booking = null;
  }
  return {
    sessionId,
    state,
    booking: null,
    charge: {
      title: chargeTitle(chargeField(charge, 'kind') as ChargeKind, chargeField(charge, 'description')),
      amountCents: chargeField(charge, 'amount'),
      booking: booking ? bookingDetails(booking) : null,
    },
  };
}

/**
 * Pay or Cancel on payment link `charge` (see the file's comment): settled or closed through
 * the charge-outcome command (as Stripe's events for a link), the receipt sent after its commit; answers the page again.
 */
function answerChargeSession(origin: string, action: 'pay' | 'cancel', charge: core.Record, sessionId: string): { url: string } {
  const step = demoChargeStep(action, demoChargeState(chargeField(charge, 'status')));
  if (step === 'ended') throw apiError(410, DEMO_CHECKOUT_MESSAGES.chargeEnded);
  if (step === 'settle') recordChargeOutcome($app, { via: 'checkout_paid', chargeId: charge.id, sessionId, paymentIntentId: `demo_pi_${$security.randomString(24)}` });
  if (step === 'close') expireChargeCheckout($app, charge.id, sessionId);
  return { url: demoPaymentUrl(origin, sessionId) };
}

export function demoCheckoutRoute(e: core.RequestEvent): void {
  requireDemoMode();
  const { sessionId } = sessionInput({ sessionId: queryParam(e, 'session_id') });
  const rec = findBySession($app, sessionId);
  if (!rec) {
    const charge = chargeOfSession($app, sessionId);
    if (!charge) throw apiError(404, DEMO_CHECKOUT_MESSAGES.notFound);
    return e.json(200, chargeSessionView(charge, sessionId));
  }
  const state = demoSessionState(bookingRowOf(rec), parseTimestamp(bookingField(rec, 'hold_expires_at')), nowMs());
  return e.json(200, { sessionId: bookingField(rec, 'checkout_session_id'), state, booking: bookingSummary(rec, nowMs()) });
}

/** Demo Pay on the runner: the settle-deposit rule, its e-mails sent after the commit, a conflict refunded then answered 409. */
export const demoPay: ServerCommand<DemoSessionInput, DemoPayState, SettleDepositMail, DemoPayAnswer> = {
  command: demoPayCommand,
  path: '/api/fn/demo-checkout/pay',
  load(tx, input, ctx) {
    const state = settleDeposit.load(tx, { sessionId: input.sessionId, paymentIntentId: '', customerId: '', paymentMethodId: '', cardBrand: '', cardLast4: '' }, ctx);
    const rec = state.booking ? tx.findRecordById('bookings', state.booking.id) : null;
    return { ...state, holdExpiresAtMs: rec ? parseTimestamp(bookingField(rec, 'hold_expires_at')) : NaN, paymentIntentId: `demo_pi_${$security.randomString(24)}`, origin: ctx.origin };
  },
  composeMail: (tx, m) => settleDeposit.composeMail!(tx, m),
  respond(app, a) {
    if (a.outcome === 'conflict') {
      // The refund is made after the commit, once, by the call that made the conflict.
      if (a.changed) runRefunds(app, a.bookingId);
      throw apiError(409, PAYMENT_CONFLICT_MESSAGE);
    }
    return { url: a.url };
  },
};

/** Demo Cancel on the runner: the release-hold rule with `customer_cancelled` while the session is open. */
export const demoCancel: ServerCommand<DemoSessionInput, DemoCancelState, never, { url: string }> = {
  command: demoCancelCommand,
  path: '/api/fn/demo-checkout/cancel',
  load(tx, input, ctx) {
    const state = releaseHoldServer.load(tx, { sessionId: input.sessionId, reason: 'customer_cancelled' }, ctx);
    const rec = state.booking ? tx.findRecordById('bookings', state.booking.id) : null;
    return { ...state, holdExpiresAtMs: rec ? parseTimestamp(bookingField(rec, 'hold_expires_at')) : NaN, origin: ctx.origin };
  },
  respond: (_app, a) => a,
};

/**
 * Pay or Cancel (`sc`) of the session in the request's body, declared for the runner
 * (docs/decisions/063): only in demo mode (404 otherwise, before the body is read); a payment
 * link's charge settled or closed (answerChargeSession), else the wizard's session through
 * `sc`. Anyone's, with no Idempotency-Key: the commands are naturally idempotent.
 */
function demoSessionCall<State, Mail, Answer>(action: 'pay' | 'cancel', sc: ServerCommand<DemoSessionInput, State, Mail, Answer>): OutsideCall<DemoSessionInput> {
  return {
    path: sc.path,
    request: sc.command,
    fields(e) {
      requireDemoMode();
      return readJsonObject(e);
    },
    steps({ input, ctx }, run) {
      if (!findBySession($app, input.sessionId)) {
        const charge = chargeOfSession($app, input.sessionId);
        if (charge) return answerChargeSession(ctx.origin, action, charge, input.sessionId);
      }
      return run.command(sc, input);
    },
  };
}

/** The demo page's Pay (POST /api/fn/demo-checkout/pay), declared for the runner. */
export const demoPayCall = demoSessionCall('pay', demoPay);
/** The demo page's Cancel (POST /api/fn/demo-checkout/cancel), declared for the runner. */
export const demoCancelCall = demoSessionCall('cancel', demoCancel);

export function demoCheckoutPayRoute(e: core.RequestEvent): void {
  runOutsideCall(e, demoPayCall);
}

export function demoCheckoutCancelRoute(e: core.RequestEvent): void {
  runOutsideCall(e, demoCancelCall);
}
