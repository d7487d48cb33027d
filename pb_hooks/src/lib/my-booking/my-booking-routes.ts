/**
 * The customer's own booking through its manage link (docs/decisions/027; the rules are
 * domain/booking/self-service.ts):
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
 * - POST /api/fn/my-booking/send-link { email } → 200 with one sentence whatever the address
 *   (send-link-route.ts: "e-mail me my link").
 * The link is the booking's one stable link (manage-links.ts): a change keeps it working (its
 * expiry follows the visits), and a cancelled booking's link shows it read-only. Every change
 * records a `customer_change` job event (the admin sees it through realtime), raises
 * `ics_sequence` and e-mails both sides. A change request names what it changes `from` (the
 * visit's date and slot as the page showed them; the installation's for a cancel): another one
 * is a 409 (SELF_SERVICE_MESSAGES.staleRequest), so a stale page or a request sent again changes
 * nothing. A wrong, expired, revoked or deleted booking's link is a 404 with one sentence; a
 * change the rules no longer allow is a 409 whatever the page showed.
 */
import { isStaleFrom, SELF_SERVICE_MESSAGES } from '@domain/booking/self-service';
import { customerCancelCommand, type CancelAnswer, type CancellationMail, type CustomerCancelInput, type CustomerCancelState } from '@domain/commands/booking-cancel-command';
import { customerMoveCommand, type CustomerMoveInput, type CustomerMoveState, type MoveAnswer, type VisitMovedMail } from '@domain/commands/visit-move-command';
import { freeMovedVisit, loadMoveWorld, visitMovedMail } from '../booking-changes/visit-move';
import { loadNotice, loadTravelBuffer } from '../settings';
import { parseZip } from '@domain/place/distance';
import { centroid } from '../bookings/distance';
import { visitNoticeHours } from '@domain/schedule/notice';
import { nowMs } from '../clock';
import { linkPageRead, runCommand, runRead, type ServerCommand, type ServerRead } from '../commands/run-command';
import { apiError } from '../http';
import { runRefunds } from '../payments/refund';
import { closeOpenCollections, PAYMENT_GOING_THROUGH } from '../payments/open-collections';
import { bookingFactsOf, cancelTargetOf } from '../booking-changes/booking-command-state';
import { runOutsideCall, type OutsideCall } from '../commands/run-outside-call';
import { bookingForToken, requireBooking } from '../booking-store/manage-links';
import { slotsFreed } from '../freed-slots';
import { bookingField } from '../booking-row';
import { myBookingView } from './my-booking-view';

/** The manage page's read (run-command.ts runRead): the booking the token opens (404 for a dead link), as the page shows it. */
export const myBookingRead: ServerRead<Record<string, unknown>> = linkPageRead('/api/fn/my-booking', requireBooking, myBookingView);

export function myBookingRoute(e: core.RequestEvent): void {
  runRead(e, myBookingRead);
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
    return {
      found: found ? { booking: bookingFactsOf(found.booking), world: loadMoveWorld(tx, found.booking, input, 'customer') } : null,
      noticeHours: found ? visitNoticeHours(loadNotice(tx), found.booking.getString('package_type')) : 0,
      travel: found ? { zip: parseZip(found.booking.getString('customer_address')), bufferMinutes: loadTravelBuffer(tx), centroid } : null,
    };
  },
  composeMail: visitMovedMail,
  respond: (app, a) => ({ moved: true, view: myBookingView(app.findRecordById('bookings', a.bookingId), nowMs()) }),
  // The customer's page waits on the answer; the e-mails to both sides follow it.
  deliver: 'after-answer',
  afterCommit: freeMovedVisit,
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

/**
 * The customer's cancel around Stripe (docs/decisions/048 and 063): the body parsed by the
 * cancel command, the link's booking (404) and a stale page (409) checked, then an open payment
 * page closed at Stripe, the cancel command, the refunds, and the freed slots to the waitlist.
 */
export const customerCancelCall: OutsideCall<CustomerCancelInput> = {
  path: customerCancel.path,
  request: customerCancelCommand,
  steps({ input, body }, run) {
    const booking = requireBooking($app, body, nowMs());
    // Checked again in the command's transaction; here so a stale page closes no payment page either.
    if (isStaleFrom(input.from, { date: bookingField(booking, 'install_date'), timeSlot: bookingField(booking, 'install_time_slot') })) throw apiError(409, SELF_SERVICE_MESSAGES.staleRequest);
    // One way of collecting at a time: a payment page the customer opened is closed first (at
    // Stripe, outside any transaction), so nothing can be paid for a cancelled booking (docs/decisions/045).
    closeOpenCollections($app, booking.id);
    const answer = run.command(customerCancel, input) as CancelAnswer;
    // Outside the transaction: Stripe may be slow. A failure stays pending and is retried; cash waits for the owner.
    const refunded = runRefunds($app, answer.bookingId);
    // Its slots go to the people waiting for those days (best effort, after the commit).
    slotsFreed($app, [bookingField(booking, 'install_date'), bookingField(booking, 'removal_date')]);
    return { cancelled: true, refunded };
  },
};

export function myBookingCancelRoute(e: core.RequestEvent): void {
  runOutsideCall(e, customerCancelCall);
}

// The balance's payment page moved to its own file; re-exported so the route table and lib/app.ts keep their import.
export { myBookingPayBalanceRoute } from './pay-balance-route';
