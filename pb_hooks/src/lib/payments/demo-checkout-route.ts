/**
 * The demo payment page's API (docs/architecture.md reading 6), available only without a Stripe key:
 *   GET  /api/fn/demo-checkout?session_id=…  → { sessionId, state: open|paid|expired|cancelled, booking }
 *        (booking null a day after the checkout closed: lib/bookings/booking-summary.ts)
 *   POST /api/fn/demo-checkout/pay    { sessionId } → { url } of /booking-success, deposit confirmed;
 *        410 when the session had already ended (nothing charged); 409 when it ended at the
 *        same moment and the payment was refunded (lib/payments/settle-payment.ts)
 *   POST /api/fn/demo-checkout/cancel { sessionId } → { url } of /booking-cancel, hold released
 * It completes the same state transitions a paid Stripe Checkout Session would. Pay and Cancel
 * are on the command runner (domain/commands/demo-checkout-command.ts; docs/architecture.md
 * "The path of a command").
 */
import { parseTimestamp } from '@domain/schedule/calendar';
import {
  demoCancelCommand,
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
import { bookingSummary } from '../bookings/booking-summary';
import { findBySession } from '../bookings/bookings-repo';
import { nowMs } from '../clock';
import { runCommand, type ServerCommand } from '../commands/run-command';
import { apiError, badRequest, queryParam } from '../http';
import { requireDemoMode } from './mode';
import { runRefunds } from './refund';
import { releaseHoldServer } from './release-hold';
import { settleDeposit } from './settle-payment';

/** The answer when a payment could not secure its slot (the deposit is refunded). */
export const PAYMENT_CONFLICT_MESSAGE = 'This checkout ended before your payment arrived and the time is no longer available, so your booking was not confirmed. Your deposit has been refunded.';

function sessionRecord(sessionId: unknown): core.Record {
  const parsed = parseDemoSession({ sessionId });
  if (!parsed.ok) throw badRequest(parsed.message);
  const rec = findBySession($app, parsed.value.sessionId);
  if (!rec) throw apiError(404, DEMO_CHECKOUT_MESSAGES.notFound);
  return rec;
}

export function demoCheckoutRoute(e: core.RequestEvent): void {
  requireDemoMode();
  const rec = sessionRecord(queryParam(e, 'session_id'));
  const state = demoSessionState({ status: rec.getString('status'), payment_status: rec.getString('payment_status') }, parseTimestamp(rec.getString('hold_expires_at')), nowMs());
  return e.json(200, { sessionId: rec.getString('checkout_session_id'), state, booking: bookingSummary(rec, nowMs()) });
}

/** Demo Pay on the runner: the settle-deposit rule, its e-mails sent after the commit, a conflict refunded then answered 409. */
export const demoPay: ServerCommand<DemoSessionInput, DemoPayState, SettleDepositMail, DemoPayAnswer> = {
  command: demoPayCommand,
  path: '/api/fn/demo-checkout/pay',
  load(tx, input, ctx) {
    const state = settleDeposit.load(tx, { sessionId: input.sessionId, paymentIntentId: '', customerId: '', paymentMethodId: '', cardBrand: '', cardLast4: '' }, ctx);
    const rec = state.booking ? tx.findRecordById('bookings', state.booking.id) : null;
    return { ...state, holdExpiresAtMs: rec ? parseTimestamp(rec.getString('hold_expires_at')) : NaN, paymentIntentId: `demo_pi_${$security.randomString(24)}`, origin: ctx.origin };
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
    return { ...state, holdExpiresAtMs: rec ? parseTimestamp(rec.getString('hold_expires_at')) : NaN, origin: ctx.origin };
  },
  respond: (_app, a) => a,
};

export function demoCheckoutPayRoute(e: core.RequestEvent): void {
  requireDemoMode();
  runCommand(e, demoPay);
}

export function demoCheckoutCancelRoute(e: core.RequestEvent): void {
  requireDemoMode();
  runCommand(e, demoCancel);
}
