/**
 * Payments that arrive for a booking (or a charge) that no longer exists, because the owner
 * deleted it while a payment link was still open somewhere (docs/decisions/021): the money is
 * refunded in full under a key per payment (a redelivered event never refunds twice) and the
 * owner is e-mailed, once per payment, whether or not the refund could be made.
 */
import { deliverMail, queueMailNow } from '../mail/mail-outbox';
import { orphanPaymentNotice } from '../mail/owner-notices';
import { paymentMode } from './mode';
import { createRefund } from './stripe';
import { logError } from '../log';

/**
 * Refunds PaymentIntent `paymentIntentId` (`amountCents`) paid for deleted booking `bookingId`
 * and reports it. Returns whether the refund was made. Never throws.
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
    deliverMail(app, queueMailNow(app, [orphanPaymentNotice(bookingId, paymentIntentId, amountCents, refunded)]));
  } catch (err) {
    logError(`refund: reporting payment ${paymentIntentId}: ${String(err)}`);
  }
  return refunded;
}
