/**
 * The customer's own booking through its manage link (docs/decisions/027; the rules are
 * domain/self-service.ts):
 * - POST /api/fn/my-booking { token } → 200 MyBookingView;
 * - POST /api/fn/my-booking/move { token, visit: 'install' | 'removal', date, timeSlot } → 200
 *   { moved: true, view } once the visit has moved: the same rules as checkout (season, work
 *   days, blocked dates, slots for the tree size) and the same transaction, so two customers
 *   moving onto one free slot end with one owner; the deposit carries over;
 * - POST /api/fn/my-booking/cancel { token } → 200 { cancelled: true, refunded } with
 *   everything paid refunded, each payment its own way (payments/refund.ts: a card through
 *   Stripe, retried by the hold-expiry job when Stripe cannot be reached; cash or a check to be
 *   given back by the owner); an open payment page is closed first, and a payment going
 *   through refuses it (409) (docs/decisions/045);
 * - POST /api/fn/my-booking/pay-balance { token } → 200 { url } of a Checkout page for the
 *   balance (one open link per booking: a second click gets the same one; the webhook settles
 *   it and the receipt follows), or { paid: true } in demo mode; 409 when nothing is due.
 * Every change revokes the booking's links (the change's e-mail carries a new one), records a
 * `customer_change` job event (the admin sees it through realtime), raises `ics_sequence` and
 * e-mails both sides. A wrong, expired, used or deleted booking's link is a 404 with one
 * sentence; a change the rules no longer allow is a 409 whatever the page showed.
 */
import { SELF_SERVICE_MESSAGES as M, visitChangeDeadlineMs, visitStartMs } from '@domain/self-service';
import { alreadyThere, movedTo, moveVisit, parseVisitMove } from '../bookings/visit-move';
import { visitName } from '@domain/slots';
import { nowMs } from '../clock';
import { configuredOrigin, readJsonObject } from '../http';
import { visitMovedMails } from '../mail/booking-change';
import { deliverMail, queueMail } from '../mail/mail-outbox';
import { openCharges } from '../payments/balance-charges';
import { runRefunds } from '../payments/refund';
import { queueLedgerRefunds } from '../payments/ledger-records';
import { closeOpenCollections, PAYMENT_GOING_THROUGH } from '../payments/open-collections';
import { transition } from '@domain/booking/lifecycle';
import { keptOnCancel } from '@domain/booking/policy';
import { lifecycleOfRecord } from '../bookings/bookings-repo';
import { changeByLink, issueManageToken, manageUrl, recordCustomerChange, requireBooking, revokeManageLinks } from './manage-links';
import { myBookingView } from './my-booking-view';

export function myBookingRoute(e: core.RequestEvent): void {
  const now = nowMs();
  const booking = requireBooking($app, readJsonObject(e), now);
  return e.json(200, myBookingView(booking, now));
}

export function myBookingMoveRoute(e: core.RequestEvent): void {
  const body = readJsonObject(e);
  const now = nowMs();
  const move = parseVisitMove(body, requireBooking($app, body, now));
  const origin = configuredOrigin($app);
  let mailIds: string[] = [];
  const bookingId = changeByLink(body, now, (tx, b, options) => {
    if (!(move.visit === 'install' ? options.moveInstall : options.moveRemoval)) return { status: 409, message: M.moveClosed };
    if (alreadyThere(b, move)) return { status: 409, message: M.sameSlot };
    // The new time has its own deadline: no move onto a visit the rules would already lock.
    if (now >= visitChangeDeadlineMs(move.visit, visitStartMs(move.date, move.slot.id), options.changeWindowEndsAtMs)) {
      return { status: 409, message: move.visit === 'install' ? M.installTooSoon : M.removalTooSoon };
    }
    const moved = moveVisit(tx, b, move, now);
    if ('status' in moved) return moved;
    revokeManageLinks(tx, b.id, now);
    recordCustomerChange(tx, b.id, `The customer moved the ${visitName(move.visit)} from ${moved.before} to ${movedTo(move)}.`, now);
    mailIds = visitMovedMails(b, move.visit, moved.before, manageUrl(origin, issueManageToken(tx, b))).map((m) => queueMail(tx, m));
  });
  deliverMail($app, mailIds);
  return e.json(200, { moved: true, view: myBookingView($app.findRecordById('bookings', bookingId), now) });
}

export function myBookingCancelRoute(e: core.RequestEvent): void {
  const body = readJsonObject(e);
  const now = nowMs();
  const booking = requireBooking($app, body, now);
  // One way of collecting at a time: a payment page the customer opened is closed first, so
  // nothing can be paid for a cancelled booking (docs/decisions/045).
  closeOpenCollections($app, booking.id);
  const bookingId = changeByLink(body, now, (tx, b, options) => {
    if (!options.cancel) return { status: 409, message: M.cancelClosed };
    if (openCharges(tx, b.id).length > 0) return { status: 409, message: PAYMENT_GOING_THROUGH };
    const next = transition(lifecycleOfRecord(b), { type: 'cancel', by: 'customer' });
    if (!next.ok) return { status: 409, message: next.reason };
    b.set('status', next.state.status);
    b.set('cancel_reason', next.state.cancelReason);
    b.set('ics_sequence', b.getInt('ics_sequence') + 1);
    // Within the cooling-off window everything paid is refunded, each payment its own way.
    queueLedgerRefunds(tx, b, { kept: keptOnCancel('customer', true) });
    tx.save(b);
    revokeManageLinks(tx, b.id, now);
    recordCustomerChange(tx, b.id, 'The customer cancelled the booking; everything paid is refunded.', now);
  });
  // Outside the transaction: Stripe may be slow. A failure stays pending and is retried; cash waits for the owner.
  const refunded = runRefunds($app, bookingId);
  return e.json(200, { cancelled: true, refunded });
}

// The balance's payment page moved to its own file; re-exported so the route table and lib/app.ts keep their import.
export { myBookingPayBalanceRoute } from './pay-balance-route';
