/**
 * Deposit refunds: for payments that could not secure their slot (`payment_conflict`,
 * docs/architecture.md decision 15) and for bookings their customer cancelled through the manage
 * link in time (`cancelled`, docs/decisions/027). Stripe is called outside any transaction; the booking moves from
 * `refund_pending` to `refunded` only once the refund exists. Demo payments record a refund
 * without calling anyone. A failed Stripe call leaves `refund_pending`, which the hold-expiry
 * job retries. The refund sends the customer a receipt. The customer and the business are e-mailed once (mail outbox keys per booking):
 * with the refund, or with its first failure ('we are refunding').
 */
import { findBooking } from '../bookings/bookings-repo';
import { nowMs, toPbDate } from '../clock';
import { cancellationMails } from '../mail/booking-change';
import { deliverMail, queueMail, sendMailNow, type QueuedMail } from '../mail/mail-outbox';
import { paymentConflictMails } from '../mail/payment-conflict';
import { refundReceiptMail } from '../mail/receipts';
import { createRefund } from './stripe';
import { logError } from '../log';

/** What the customer and the owner are told about the refund of booking `r`. */
function refundMails(r: core.Record, refunded: boolean): QueuedMail[] {
  return r.getString('status') === 'cancelled' ? cancellationMails(r, refunded) : paymentConflictMails(r, refunded);
}

/** Refunds booking `bookingId`'s deposit if it waits for a refund; true when it is now refunded. */
export function refundDeposit(app: CoreApp, bookingId: string): boolean {
  const rec = findBooking(app, bookingId);
  if (!rec) return false;
  if (rec.getString('payment_status') !== 'refund_pending') return false;
  let refundId = '';
  if (rec.getString('payment_mode') === 'stripe') {
    const intent = rec.getString('payment_intent_id');
    try {
      if (!intent) throw new Error('no payment intent to refund');
      refundId = createRefund(intent, `refund-${bookingId}`, { booking_id: bookingId }).id;
    } catch (err) {
      logError(`refund: booking ${bookingId}: ${String(err)}`);
      sendMailNow(app, refundMails(rec, false));
      return false;
    }
  } else {
    refundId = `demo_re_${$security.randomString(24)}`;
  }
  let refunded = false;
  let mailIds: string[] = [];
  app.runInTransaction((tx) => {
    const fresh = tx.findRecordById('bookings', bookingId);
    if (fresh.getString('payment_status') !== 'refund_pending') return;
    fresh.set('payment_status', 'refunded');
    fresh.set('refund_id', refundId);
    fresh.set('refunded_at', toPbDate(nowMs()));
    tx.save(fresh);
    mailIds = [...refundMails(fresh, true), refundReceiptMail(fresh, fresh.getInt('deposit_amount'))].map((m) => queueMail(tx, m));
    refunded = true;
  });
  deliverMail(app, mailIds);
  return refunded;
}

/** Retries every refund still pending (cron). Returns how many are now refunded. */
export function retryPendingRefunds(app: CoreApp): number {
  const pending = app.findRecordsByFilter('bookings', "payment_status = 'refund_pending'", '', 100, 0);
  return pending.filter((r) => refundDeposit(app, r!.id)).length;
}
