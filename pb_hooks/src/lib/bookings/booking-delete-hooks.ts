/**
 * Deleting a booking never leaves money in flight without a trace (docs/decisions/021).
 *
 * - First (onRecordDeleteRequest): a booking money moved for (a deposit paid, a charge that
 *   succeeded or is still with the bank, a payment recorded at the door; domain/booking/deletion.ts)
 *   is never deleted by the admin: 400 with a sentence saying to cancel it instead, so its refund,
 *   its e-mail and its place in Revenue are kept (409 while a charge is still in progress).
 *   Only superusers (the PocketBase dashboard, maintenance and test data) are not refused.
 * - Before the delete (onRecordDeleteRequest, outside any transaction): every payment link of
 *   the booking that is still open at Stripe (a balance or damage charge's Checkout link, the
 *   deposit checkout of an unpaid hold) is expired, so no one can pay it afterwards, and the
 *   charge is marked failed. A link Stripe will not expire (already paid) or cannot be asked
 *   about keeps the booking: 409 or 503.
 * - In the delete's own transaction (onRecordDeleteExecute): a charge still `pending` (a request
 *   is with Stripe) or `processing` (the bank has not confirmed) refuses the delete with 409
 *   'A payment for this booking is still in progress.'; a charge that starts after the check
 *   finds no booking (its insert re-reads it in a later transaction).
 * Whatever still arrives for a deleted booking is refunded (lib/payments/orphan-payments.ts).
 *
 * One transaction (deleteBookingInOneTransaction, the first onRecordDeleteExecute hook of
 * bookings): PocketBase opens its own delete transaction only in its last execute handler, after
 * the JSVM's, so this hook opens one around them all: the money check, the tombstone, the row
 * and its cascade (charges, job events with their photos, manage links) and the booking's
 * inspiration uploads that no other booking links to commit together (docs/decisions/042).
 * Their files are removed once it commits.
 */
import { CHARGE_MESSAGES } from '@domain/money/balance-charge';
import { DELETE_PAID_REFUSED, moneyMovedFor } from '@domain/booking/deletion';
import { INSPIRATION_COLLECTION, linkedInspirationIds } from '@domain/booking/inspiration-images';
import { deleteUnlinkedUploads } from './inspiration-orphans';
import { apiError } from '../http';
import { openCharges } from '../ledger/balance-charges';
import { paymentMode } from '../payments/mode';
import { tryExpireCheckoutSession } from '../payments/stripe';
import { logError } from '../log';
import { asPaymentStatus } from '@domain/booking/lifecycle';
import { ChargeStatus, chargeTransition } from '@domain/money/charge-lifecycle';
import { bookingField } from '../booking-row';
import { chargeField } from '../charge-row';

/** The sentence for a payment service that could not be asked to close a link. */
const UNREACHABLE = 'The payment service could not be reached to close this booking\u2019s payment link. Please try again in a moment.';

/** Expires Checkout Session `sessionId`; throws 409 when it was paid meanwhile, 503 when Stripe is unreachable. */
function expireLink(sessionId: string): void {
  const reply = tryExpireCheckoutSession(sessionId);
  if (reply.ok) return;
  // Stripe answers 400 for a session that is no longer open: paid (money on its way) or expired.
  if (reply.status === 400 && !/complete/i.test(reply.error.message ?? '')) return;
  if (reply.status === 400) throw apiError(409, CHARGE_MESSAGES.deleteInFlight);
  logError(`booking delete: expiring session ${sessionId}: Stripe ${reply.status}: ${reply.error.message ?? ''}`);
  throw apiError(503, UNREACHABLE);
}

/** Refuses deleting `booking` when money moved for it: 409 while a charge is in progress, else 400. */
function refuseDeletingPaid(app: CoreApp, booking: core.Record): void {
  const charges = app.findRecordsByFilter('charges', 'booking = {:id}', '', 0, 0, { id: booking.id }).map((c) => ({ status: chargeField(c!, 'status') }));
  if (charges.some((c) => c.status === ChargeStatus.Pending || c.status === ChargeStatus.Processing)) throw apiError(409, CHARGE_MESSAGES.deleteInFlight);
  const paid = moneyMovedFor({ payment_status: asPaymentStatus(bookingField(booking, 'payment_status')), deposit_paid_at: bookingField(booking, 'deposit_paid_at') }, charges);
  if (paid) throw apiError(400, DELETE_PAID_REFUSED);
}

/** onRecordDeleteRequest for bookings: refuses a paid one (not for superusers), closes the booking's open payment links, then deletes. */
export function closePaymentLinksBeforeDelete(e: core.RecordRequestEvent): void {
  const booking = e.record!;
  const app = e.app;
  if (!e.hasSuperuserAuth()) refuseDeletingPaid(app, booking);
  const stripe = paymentMode() === 'stripe';
  for (const charge of openCharges(app, booking.id)) {
    const sessionId = chargeField(charge, 'stripe_checkout_session_id');
    if (chargeField(charge, 'status') !== ChargeStatus.RequiresCheckout) continue;
    if (stripe && sessionId) expireLink(sessionId);
    app.runInTransaction((tx) => {
      const fresh = tx.findRecordById('charges', charge.id);
      const closed = chargeTransition(chargeField(fresh, 'status'), { type: 'link_closed' });
      if (!closed) return;
      fresh.set('status', closed);
      fresh.set('error', 'The payment link was closed when the booking was deleted.');
      tx.save(fresh);
    });
  }
  const depositSession = bookingField(booking, 'checkout_session_id');
  if (stripe && depositSession && bookingField(booking, 'payment_status') === 'pending' && bookingField(booking, 'payment_mode') === 'stripe') {
    expireLink(depositSession);
  }
  e.next();
}

/** onRecordDeleteExecute for bookings (inside the delete's transaction): 409 while a charge may still take money. */
export function refuseDeleteWithMoneyInFlight(e: core.RecordEvent): void {
  // A link still open here was made after the request hook closed the others: refuse too.
  if (openCharges(e.app, e.record!.id).length > 0) throw apiError(409, CHARGE_MESSAGES.deleteInFlight);
  e.next();
}

/**
 * onRecordDeleteExecute for bookings, bound before the others: runs the rest of the delete in
 * one transaction, then, in it, deletes the booking's inspiration uploads that no other booking
 * links to (their public URLs answer 404 once it commits). Any refusal of a later hook (409)
 * rolls everything back.
 */
export function deleteBookingInOneTransaction(e: core.RecordEvent): void {
  const booking = e.record!;
  const uploads = e.app.findCachedCollectionByNameOrId(INSPIRATION_COLLECTION)!;
  // An unreadable list reads as no links (bookingField).
  const ids = linkedInspirationIds(bookingField(booking, 'style_inspiration_images'), { id: uploads.id, name: uploads.name });
  const outer = e.app;
  outer.runInTransaction((tx) => {
    e.app = tx;
    try {
      e.next();
    } finally {
      e.app = outer;
    }
    deleteUnlinkedUploads(tx, ids);
  });
}
