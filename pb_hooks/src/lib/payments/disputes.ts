/**
 * `charge.dispute.created` (docs/decisions/021): the customer's bank disputes a payment. The
 * booking that payment belongs to (its deposit, or one of its charges) is flagged 'Disputed'
 * (`dispute_id`, `disputed_at`) and the owner is e-mailed, in one transaction; a redelivered
 * event changes nothing and e-mails no one again.
 */
import { nowMs, toPbDate } from '../clock';
import { deliverMail, queueMail } from '../mail/mail-outbox';
import { disputeNotice, type DisputeFacts } from '../mail/owner-notices';
import { logError } from '../log';

/** The booking whose deposit or charge was PaymentIntent `paymentIntentId`, or null. */
function bookingOfIntent(tx: CoreApp, paymentIntentId: string): core.Record | null {
  const params = { pi: paymentIntentId } as unknown as dbx.Params;
  const deposit = tx.findRecordsByFilter('bookings', 'payment_intent_id = {:pi}', '', 1, 0, params);
  if (deposit[0]) return deposit[0];
  const charge = tx.findRecordsByFilter('charges', 'stripe_payment_intent_id = {:pi}', '', 1, 0, params);
  if (!charge[0]) return null;
  try {
    return tx.findRecordById('bookings', charge[0].getString('booking'));
  } catch {
    return null;
  }
}

/** Flags the booking of dispute `d`; false when no booking has its payment. */
export function recordDispute(app: CoreApp, d: DisputeFacts): boolean {
  let found = false;
  let mailIds: string[] = [];
  app.runInTransaction((tx) => {
    const booking = bookingOfIntent(tx, d.paymentIntentId);
    if (!booking) return;
    found = true;
    if (booking.getString('dispute_id') === d.id) return;
    booking.set('dispute_id', d.id);
    booking.set('disputed_at', toPbDate(nowMs()));
    tx.save(booking);
    mailIds = [queueMail(tx, disputeNotice(booking, d))];
  });
  deliverMail(app, mailIds);
  if (!found) logError(`stripe-webhook: dispute ${d.id} on ${d.paymentIntentId}, which no booking has`);
  return found;
}
