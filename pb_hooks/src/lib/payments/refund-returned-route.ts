/**
 * POST /api/fn/admin-refunds/returned (docs/decisions/045), admin only: the owner gave back by
 * hand money that came in as cash, a check or another way, for a cancelled booking or an
 * excess. Body { bookingId, paymentId: 'deposit' | <charge id> } → 200 { booking }. In one
 * transaction the refund waiting 'to return' becomes 'returned', the booking's payment status
 * follows the ledger and the customer's refund receipt is queued (only now: no receipt for
 * money nobody returned yet). Marking it again answers as it is.
 * Refused: 400 a malformed body; 404 no such booking; 409 nothing of that payment waits to be
 * given back.
 */
import { BOOKING_NOT_FOUND, findBooking } from '../bookings/bookings-repo';
import { paymentMethodText } from '@domain/recorded-payments';
import { requireAdmin } from '../admin/staff-auth';
import { nowMs, toPbDate } from '../clock';
import { badRequest, readJsonObject, refusableTransaction } from '../http';
import { deliverMail, queueMail } from '../mail/mail-outbox';
import { ledgerRefundReceiptMail } from '../mail/receipts';
import { movementsOfRecords, chargesOfBooking, syncPaymentStatus } from './ledger-records';

export const RETURNED_MESSAGES = {
  body: 'Please choose the booking and the payment given back.',
  nothing: 'Nothing of this payment waits to be given back by hand.',
} as const;

export function refundReturnedRoute(e: core.RequestEvent): void {
  requireAdmin(e);
  const body = readJsonObject(e);
  const bookingId = typeof body.bookingId === 'string' ? body.bookingId.trim() : '';
  const paymentId = typeof body.paymentId === 'string' ? body.paymentId.trim() : '';
  if (!bookingId || !paymentId) throw badRequest(RETURNED_MESSAGES.body);
  let mailIds: string[] = [];
  refusableTransaction($app, (tx) => {
    const b = findBooking(tx, bookingId);
    if (!b) return BOOKING_NOT_FOUND;
    const charges = chargesOfBooking(tx, b.id);
    const refund = movementsOfRecords(b, charges).find((m) => m.direction === 'refund' && m.of!.split('#')[0] === paymentId);
    if (refund?.status === 'returned') return;
    if (!refund || refund.status !== 'to_return') return { status: 409, message: RETURNED_MESSAGES.nothing };
    const at = toPbDate(nowMs());
    let byHand: string;
    let amount: number;
    if (paymentId === 'deposit') {
      b.set('deposit_refund', 'returned');
      b.set('refunded_at', at);
      byHand = paymentMethodText(b.getString('deposit_method'), b.getString('deposit_check_number'), b.getString('deposit_note'));
      amount = b.getInt('deposit_amount');
    } else {
      const c = charges.find((x) => x.id === paymentId)!;
      c.set('refund_status', 'returned');
      c.set('refunded_at', at);
      tx.save(c);
      byHand = paymentMethodText(c.getString('method'), c.getString('check_number'), c.getString('note'));
      amount = c.getInt('refund_amount') || c.getInt('amount');
    }
    syncPaymentStatus(tx, b);
    tx.save(b);
    mailIds = [queueMail(tx, ledgerRefundReceiptMail(b, `returned-${paymentId}`, amount, byHand))];
  });
  deliverMail($app, mailIds);
  return e.json(200, { booking: $app.findRecordById('bookings', bookingId) });
}
