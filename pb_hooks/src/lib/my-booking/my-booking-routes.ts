/**
 * The customer's own booking through its manage link (docs/decisions/027; the rules are
 * domain/self-service.ts):
 * - POST /api/fn/my-booking { token } → 200 MyBookingView;
 * - POST /api/fn/my-booking/move { token, visit: 'install' | 'removal', date, timeSlot } → 200
 *   { moved: true, view } once the visit has moved: the same rules as checkout (season, work
 *   days, blocked dates, slots for the tree size) and the same transaction, so two customers
 *   moving onto one free slot end with one owner; the deposit carries over (on the command
 *   runner, lib/commands/run-command.ts; the rule is domain/commands/visit-move-command.ts);
 * - POST /api/fn/my-booking/cancel { token } → 200 { cancelled: true, refunded } with
 *   everything paid refunded, each payment its own way (payments/refund.ts: a card through
 *   Stripe, retried by the hold-expiry job when Stripe cannot be reached; cash or a check to be
 *   given back by the owner); an open payment page is closed first, and a payment going
 *   through refuses it (409) (docs/decisions/045); the cancel itself is
 *   domain/commands/booking-cancel-command.ts, run in the runner's one transaction between
 *   the two Stripe calls;
 * - POST /api/fn/my-booking/pay-balance { token } → 200 { url } of a Checkout page for the
 *   balance (one open link per booking: a second click gets the same one; the webhook settles
 *   it and the receipt follows), or { paid: true } in demo mode; 409 when nothing is due.
 * Every change revokes the booking's links (the change's e-mail carries a new one), records a
 * `customer_change` job event (the admin sees it through realtime), raises `ics_sequence` and
 * e-mails both sides. A wrong, expired, used or deleted booking's link is a 404 with one
 * sentence; a change the rules no longer allow is a 409 whatever the page showed.
 */
import { balancePayableOnline, SELF_SERVICE_MESSAGES as M } from '@domain/self-service';
import { CHARGE_MESSAGES, chargeFingerprintSource } from '@domain/balance-charge';
import { customerCancelCommand, type CancelAnswer, type CancellationMail, type CustomerCancelInput, type CustomerCancelState } from '@domain/commands/booking-cancel-command';
import { customerMoveCommand, type CustomerMoveInput, type CustomerMoveState, type MoveAnswer, type VisitMovedMail } from '@domain/commands/visit-move-command';
import { selfServiceBookingOf } from '../bookings/bookings-repo';
import { loadMoveWorld, visitMovedMail } from '../bookings/visit-move';
import { nowMs } from '../clock';
import { runCommand, type ServerCommand } from '../commands/run-command';
import { apiError, appOrigin, readJsonObject } from '../http';
import { deliverMail } from '../mail/mail-outbox';
import { claimAbandonedCharge, insertPendingCharge, openCharges, recordChargeOutcome, releaseCharge } from '../payments/balance-charges';
import { payChargeByLink } from '../payments/balance-payment';
import { runRefunds } from '../payments/refund';
import { closeOpenCollections, PAYMENT_GOING_THROUGH } from '../payments/open-collections';
import { bookingFactsOf, cancelTargetOf, parseForCommand, runParsedCommand } from './booking-command-state';
import { bookingForToken, requireBooking } from './manage-links';
import { myBookingView } from './my-booking-view';

export function myBookingRoute(e: core.RequestEvent): void {
  const now = nowMs();
  const booking = requireBooking($app, readJsonObject(e), now);
  return e.json(200, myBookingView(booking, now));
}

/**
 * The customer's move through the link (on the command runner; the rule is
 * domain/commands/visit-move-command.ts customerMoveCommand): the booking the token opens,
 * found again inside the transaction (the link may have been used meanwhile).
 */
export const customerMove: ServerCommand<CustomerMoveInput, CustomerMoveState, VisitMovedMail, MoveAnswer> = {
  command: customerMoveCommand,
  path: '/api/fn/my-booking/move',
  load(tx, input) {
    const found = bookingForToken(tx, input.token, nowMs());
    return { found: found ? { booking: bookingFactsOf(found.booking), world: loadMoveWorld(tx, found.booking, input, 'customer') } : null };
  },
  composeMail: visitMovedMail,
  respond: (app, a) => ({ moved: true, view: myBookingView(app.findRecordById('bookings', a.bookingId), nowMs()) }),
};

export function myBookingMoveRoute(e: core.RequestEvent): void {
  runCommand(e, customerMove);
}

/**
 * The customer's cancel (the rule is domain/commands/booking-cancel-command.ts
 * customerCancelCommand), run by myBookingCancelRoute between the Stripe calls.
 */
export const customerCancel: ServerCommand<CustomerCancelInput, CustomerCancelState, CancellationMail, CancelAnswer> = {
  command: customerCancelCommand,
  path: '/api/fn/my-booking/cancel',
  load(tx, input) {
    const found = bookingForToken(tx, input.token, nowMs());
    return { found: found ? cancelTargetOf(tx, found.booking, 'customer') : null, paymentGoingThrough: PAYMENT_GOING_THROUGH };
  },
  respond: (_app, a) => a,
};

export function myBookingCancelRoute(e: core.RequestEvent): void {
  const body = readJsonObject(e);
  const input = parseForCommand(customerCancel, body);
  const booking = requireBooking($app, body, nowMs());
  // One way of collecting at a time: a payment page the customer opened is closed first (at
  // Stripe, outside any transaction), so nothing can be paid for a cancelled booking (docs/decisions/045).
  closeOpenCollections($app, booking.id);
  const answer = runParsedCommand(customerCancel, input, '') as CancelAnswer;
  // Outside the transaction: Stripe may be slow. A failure stays pending and is retried; cash waits for the owner.
  const refunded = runRefunds($app, answer.bookingId);
  return e.json(200, { cancelled: true, refunded });
}

/** How many charges booking `bookingId` has had: the customer's next payment attempt is numbered after them. */
function chargeCount(bookingId: string): number {
  return $app.findRecordsByFilter('charges', 'booking = {:b}', '', 0, 0, { b: bookingId } as unknown as dbx.Params).length;
}

export function myBookingPayBalanceRoute(e: core.RequestEvent): void {
  const body = readJsonObject(e);
  const now = nowMs();
  const booking = requireBooking($app, body, now);
  if (!balancePayableOnline(selfServiceBookingOf(booking), booking.getInt('balance_remaining'))) throw apiError(409, M.nothingDue);
  // The open page is the removal's (docs/decisions/029): one payment at a time, and not that one for the balance.
  if (booking.getString('removal_hold')) throw apiError(409, M.removalPaymentOpen);
  // A link already open for this booking is the answer: one payment page at a time.
  const open = openCharges($app, booking.id).find((c) => c!.getString('status') === 'requires_checkout' && c!.getString('checkout_url'));
  if (open) return e.json(200, { url: open.getString('checkout_url') });

  const request = { bookingId: booking.id, selection: null, description: 'Balance paid online' };
  // Two clicks at once share the key (the same attempt number), so they make one charge. An
  // attempt whose Stripe call got no answer (an outage) is finished under its own key at the
  // next click, not refused as in flight until the reconcile job.
  const prefix = `customer-balance-${booking.id}-`;
  const unanswered = openCharges($app, booking.id).find((c) => c!.getString('status') === 'pending' && c!.getString('idempotency_key').startsWith(prefix));
  const key = unanswered ? unanswered.getString('idempotency_key') : `${prefix}${chargeCount(booking.id) + 1}`;
  const inserted = insertPendingCharge($app, { key, fingerprint: $security.sha256(chargeFingerprintSource(request)), request, staffId: '' });
  if ('refusal' in inserted) throw apiError(inserted.refusal.status, inserted.refusal.message);
  const chargeId = 'replayOf' in inserted ? inserted.replayOf : inserted.chargeId;
  if ('chargeId' in inserted || claimAbandonedCharge($app, chargeId)) {
    const charge = $app.findRecordById('charges', chargeId);
    const outcome = payChargeByLink(charge, booking, appOrigin(e));
    if (outcome.status === 'unknown') {
      releaseCharge($app, chargeId);
      throw apiError(503, CHARGE_MESSAGES.unreachable);
    }
    deliverMail($app, recordChargeOutcome($app, chargeId, outcome));
  }
  const charge = $app.findRecordById('charges', chargeId);
  const status = charge.getString('status');
  if (status === 'succeeded') return e.json(200, { paid: true });
  if (status === 'requires_checkout' && charge.getString('checkout_url')) return e.json(200, { url: charge.getString('checkout_url') });
  if (status === 'pending') throw apiError(409, CHARGE_MESSAGES.stillProcessing);
  throw apiError(502, charge.getString('error') || CHARGE_MESSAGES.failed);
}
