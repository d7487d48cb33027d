/**
 * POST /api/fn/admin-bookings/cancel (docs/decisions/032), admin only: the owner cancels a
 * booking, choosing to refund the deposit or to keep it as the policy allows.
 * Header Idempotency-Key (the phone's outbox sends its own, so it may come again); body
 * { bookingId, refund: boolean } → 200 { booking, refunded }.
 * - In one transaction: the booking is cancelled (`owner_cancelled`, its slots free at once),
 *   `refund_pending` when the deposit is to be refunded, the calendar SEQUENCE raised, its manage
 *   links revoked, the history written (`owner_change`), and, when the deposit is kept, the
 *   customer's cancellation e-mail (METHOD:CANCEL) and the owner's notice queued.
 * - Then the refund, outside it (Stripe under the key `refund-<booking>`, so a retry never
 *   refunds twice; demo recorded); its e-mails and receipt follow it (lib/payments/refund.ts).
 *   A Stripe failure stays refund_pending, retried by the hold-expiry job.
 * A booking already cancelled answers as it is (a replay from the outbox changes nothing).
 * Refused: 400 a malformed body or key; 404 no such booking; 409 a booking that is not
 * confirmed, or whose money is still moving (a charge in flight or waiting on its link).
 */
import { CHARGE_MESSAGES } from '@domain/balance-charge';
import { OWNERSHIP_MESSAGES } from '@domain/booking-ownership';
import { addServerEvent } from '../admin/job-events-repo';
import { requireAdmin, staffIdOf } from '../admin/staff-auth';
import { nowMs } from '../clock';
import { badRequest, idempotencyKeyHeader, readJsonObject, refusableTransaction } from '../http';
import { cancellationMails } from '../mail/booking-change';
import { deliverMail, queueMail } from '../mail/mail-outbox';
import { revokeManageLinks } from '../my-booking/manage-links';
import { openCharges } from '../payments/balance-charges';
import { refundDeposit } from '../payments/refund';

export function ownerCancelRoute(e: core.RequestEvent): void {
  requireAdmin(e);
  idempotencyKeyHeader(e, OWNERSHIP_MESSAGES.idempotencyKeyInvalid);
  const body = readJsonObject(e);
  const bookingId = typeof body.bookingId === 'string' ? body.bookingId.trim() : '';
  if (!bookingId) throw badRequest('Please choose the booking to cancel.');
  if (typeof body.refund !== 'boolean') throw badRequest('Please choose whether to refund the deposit or keep it.');
  const refund = body.refund;
  const staffId = staffIdOf(e);
  const now = nowMs();
  let mailIds: string[] = [];
  refusableTransaction($app, (tx) => {
    let b: core.Record;
    try {
      b = tx.findRecordById('bookings', bookingId);
    } catch {
      return { status: 404, message: 'Booking not found.' };
    }
    if (b.getString('status') === 'cancelled') return;
    if (b.getString('status') !== 'confirmed') return { status: 409, message: 'Only a confirmed booking can be cancelled here.' };
    if (openCharges(tx, b.id).length > 0) return { status: 409, message: CHARGE_MESSAGES.deleteInFlight };
    const paid = b.getString('payment_status') === 'deposit_paid' || b.getString('payment_status') === 'paid';
    b.set('status', 'cancelled');
    b.set('cancel_reason', 'owner_cancelled');
    if (refund && paid) b.set('payment_status', 'refund_pending');
    b.set('ics_sequence', b.getInt('ics_sequence') + 1);
    tx.save(b);
    revokeManageLinks(tx, b.id, now);
    addServerEvent(tx, {
      booking: b.id,
      kind: 'owner_change',
      text: `Cancelled from the admin; the deposit is ${refund && paid ? 'refunded' : 'kept'}.`,
      clientId: `owner_${$security.randomString(20)}`,
      staffId,
      at: now,
    });
    // A refund's own path sends these once it has happened (or failed); a kept deposit, now.
    if (!(refund && paid)) mailIds = cancellationMails(b, false).map((m) => queueMail(tx, m));
  });
  deliverMail($app, mailIds);
  const refunded = refund ? refundDeposit($app, bookingId) || $app.findRecordById('bookings', bookingId).getString('payment_status') === 'refunded' : false;
  return e.json(200, { booking: $app.findRecordById('bookings', bookingId), refunded });
}
