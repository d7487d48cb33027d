/**
 * POST /api/fn/admin-bookings/cancel (docs/decisions/032), admin only: the owner cancels a
 * booking, choosing to refund the deposit or to keep it as the policy allows.
 * Header Idempotency-Key (the phone's outbox sends its own, so it may come again); body
 * { bookingId, refund: boolean } → 200 { booking, refunded }.
 * - In one transaction: the booking is cancelled (`owner_cancelled`, its slots free at once),
 *   `refund_pending` when the deposit is to be refunded, the calendar SEQUENCE raised, its manage
 *   links revoked, the history written (`owner_change`), and, when the deposit is kept, the
 *   customer's cancellation e-mail (METHOD:CANCEL) and the owner's notice queued.
 * - Then the refunds, outside it, each payment its own way (lib/payments/refund.ts,
 *   docs/decisions/045): the deposit when refunded, and anything paid beyond it always; a card
 *   through Stripe under a key per payment (a retry never refunds twice; demo recorded), cash
 *   or a check to be given back by hand. A Stripe failure stays pending, retried by the
 *   hold-expiry job. Open payment links are closed first.
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
import { runRefunds } from '../payments/refund';
import { queueLedgerRefunds } from '../payments/ledger-records';
import { closeOpenCollections } from '../payments/open-collections';
import { transition } from '@domain/booking/lifecycle';
import { keptOnCancel } from '@domain/booking/policy';
import { lifecycleOfRecord, BOOKING_NOT_FOUND, findBooking } from './bookings-repo';

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
  // One way of collecting at a time: open payment links are closed first (docs/decisions/045).
  const existing = $app.findRecordsByFilter('bookings', 'id = {:id}', '', 1, 0, { id: bookingId } as unknown as dbx.Params)[0];
  if (existing && existing.getString('status') === 'confirmed') closeOpenCollections($app, bookingId, CHARGE_MESSAGES.deleteInFlight);
  let mailIds: string[] = [];
  let refundsQueued = false;
  refusableTransaction($app, (tx) => {
    const b = findBooking(tx, bookingId);
    if (!b) return BOOKING_NOT_FOUND;
    if (b.getString('status') === 'cancelled') return;
    if (openCharges(tx, b.id).length > 0) return { status: 409, message: CHARGE_MESSAGES.deleteInFlight };
    const next = transition(lifecycleOfRecord(b), { type: 'cancel', by: 'owner' });
    if (!next.ok) return { status: 409, message: b.getString('status') === 'confirmed' ? next.reason : 'Only a confirmed booking can be cancelled here.' };
    b.set('status', next.state.status);
    b.set('cancel_reason', next.state.cancelReason);
    b.set('ics_sequence', b.getInt('ics_sequence') + 1);
    // The owner keeps the deposit or refunds it; anything paid beyond it is always refunded, each its own way.
    refundsQueued = queueLedgerRefunds(tx, b, { kept: keptOnCancel('owner', refund) }).length > 0;
    tx.save(b);
    revokeManageLinks(tx, b.id, now);
    addServerEvent(tx, {
      booking: b.id,
      kind: 'owner_change',
      text: `Cancelled from the admin; the deposit is ${refund ? 'refunded' : 'kept'}.`,
      clientId: `owner_${$security.randomString(20)}`,
      staffId,
      at: now,
    });
    // A refund's own path sends these once it has happened (or failed); nothing to refund, now.
    if (!refundsQueued) mailIds = cancellationMails(b, false).map((m) => queueMail(tx, m));
  });
  deliverMail($app, mailIds);
  // A replay of the same request (the outbox) answers as the first did.
  const refunded = refundsQueued || refund ? runRefunds($app, bookingId) || $app.findRecordById('bookings', bookingId).getString('payment_status') === 'refunded' : false;
  return e.json(200, { booking: $app.findRecordById('bookings', bookingId), refunded });
}
