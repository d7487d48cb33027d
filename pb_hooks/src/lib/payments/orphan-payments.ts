/**
 * Payments that arrive for a booking (or a charge) that no longer exists, because the owner
 * deleted it while a payment link was still open somewhere (docs/decisions/021), or that the
 * booking no longer expects (a second deposit through an older checkout page): the money is
 * refunded in full under a key per payment (a redelivered event never refunds twice) and the
 * owner is e-mailed, once per payment, whether or not the refund could be made.
 */
import { findBooking } from '../booking-store/bookings-repo';
import { deliverMail, queueMailNow } from '../mail/mail-outbox';
import { orphanPaymentNotice } from '../mail/owner-notices';
import { paymentMode } from './mode';
import { createRefund } from './stripe';
import { logError } from '../log';

/**
 * Refunds PaymentIntent `paymentIntentId` (`amountCents`) paid for booking `bookingId`, deleted
 * or paid another way, and reports it as what it is. Returns whether the refund was made. Never throws.
 */
export function refundOrphanPayment(app: CoreApp, bookingId: string, paymentIntentId: string, amountCents: number): boolean {
  // Only payments our checkouts made (they name a booking): never someone else's on the same account.
  if (!paymentIntentId || !bookingId || paymentMode() === 'demo') return false;
  let refunded = false;
  try {
    createRefund(paymentIntentId, `refund-orphan-${paymentIntentId}`, { booking_id: bookingId, reason: 'booking_deleted' });
    refunded = true;
  } catch (err) {
    logError(`refund: payment ${paymentIntentId} for deleted booking ${bookingId}: ${String(err)}`);
  }
  try {
    // Said as it is: a booking that still exists was paid twice, not deleted.
    deliverMail(app, queueMailNow(app, [orphanPaymentNotice(bookingId, paymentIntentId, amountCents, refunded, findBooking(app, bookingId))]));
  } catch (err) {
    logError(`refund: reporting payment ${paymentIntentId}: ${String(err)}`);
  }
  return refunded;
}
