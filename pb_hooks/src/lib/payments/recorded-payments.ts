/**
 * Payments the owner records at the door, and their voiding (docs/decisions/030;
 * domain/recorded-payments.ts for the rules):
 * - POST /api/fn/booking-payments, header Idempotency-Key (the admin's outbox sends its
 *   client-made key, so a replay from the phone's outbox counts once), body
 *   { id?, bookingId, method: 'cash' | 'check' | 'other', amountCents, checkNumber?, note? } →
 *   200 { payment, booking }: a `charges` row (kind balance, the method, status succeeded,
 *   `id` the client-made one when given) and the booking with its balance lowered (paid at 0),
 *   the customer's receipt queued in the same transaction. Two keys are two payments: the
 *   second of a booking already paid is still recorded (the owner then voids one).
 * - POST /api/fn/booking-payments/void, header Idempotency-Key, body { paymentId, reason } →
 *   200 { payment, booking }: the payment voided (once: a replay answers the same), its amount
 *   due again, the customer told by a corrected receipt.
 * Admin only (401, 403). 400 a malformed body or key; 404 no such booking or payment; 409 a
 * cancelled, refunded or unpaid booking, or a payment that is not a recorded one; 422 a key
 * reused for another request.
 */
import { BOOKING_NOT_FOUND, findBooking } from '../bookings/bookings-repo';
import { chargeBlocker } from '@domain/balance-charge';
import { OWNERSHIP_MESSAGES } from '@domain/booking-ownership';
import {
  balanceAfterVoid,
  isRecordedMethod,
  MAX_PAYMENT_NOTE,
  paymentMethodText,
  parseRecordedPayment,
  recordedPaymentFingerprintSource,
  RECORDED_PAYMENT_MESSAGES as M,
} from '@domain/recorded-payments';
import { requireAdmin, staffIdOf } from '../admin/staff-auth';
import { nowMs, toPbDate } from '../clock';
import { badRequest, idempotencyKeyHeader, readJsonObject, refusableTransaction, type Refusal } from '../http';
import { deliverMail, queueMail } from '../mail/mail-outbox';
import { voidedPaymentMail } from '../mail/receipts';
import { applyPaidCharge, findChargeByKey, openCharges } from './balance-charges';
import { closeOpenCollections, PAYMENT_GOING_THROUGH } from './open-collections';

const CLIENT_ID = /^[a-z0-9]{15}$/;

function answer(e: core.RequestEvent, paymentId: string): void {
  const payment = $app.findRecordById('charges', paymentId);
  return e.json(200, { payment, booking: $app.findRecordById('bookings', payment.getString('booking')) });
}

/** The stored payment of key `key` when its request was the same (`fingerprint`), a refusal when not, or null. */
function replayed(tx: CoreApp, key: string, fingerprint: string): { id: string } | Refusal | null {
  const prior = findChargeByKey(tx, key);
  if (!prior) return null;
  return prior.getString('request_fingerprint') === fingerprint ? { id: prior.id } : { status: 422, message: M.keyReused };
}

export function recordPaymentRoute(e: core.RequestEvent): void {
  requireAdmin(e);
  const key = idempotencyKeyHeader(e, OWNERSHIP_MESSAGES.idempotencyKeyInvalid);
  const body = readJsonObject(e);
  const parsed = parseRecordedPayment(body);
  if (!parsed.ok) throw badRequest(parsed.message);
  const req = parsed.value;
  const clientId = typeof body.id === 'string' && CLIENT_ID.test(body.id) ? body.id : '';
  const fingerprint = $security.sha256(recordedPaymentFingerprintSource(req));
  const staffId = staffIdOf(e);
  // One way of collecting at a time (docs/decisions/045): a payment link still open for this
  // booking is closed before cash or a check is recorded, so the same balance is not paid twice.
  if (!findChargeByKey($app, key)) closeOpenCollections($app, req.bookingId);
  let paymentId = '';
  let mailIds: string[] = [];
  refusableTransaction($app, (tx) => {
    const prior = replayed(tx, key, fingerprint);
    if (prior && !('id' in prior)) return prior;
    if (prior) return void (paymentId = prior.id);
    if (openCharges(tx, req.bookingId).length > 0) return { status: 409, message: PAYMENT_GOING_THROUGH };
    const booking = findBooking(tx, req.bookingId);
    if (!booking) return BOOKING_NOT_FOUND;
    const blocker = chargeBlocker({ status: booking.getString('status'), payment_status: booking.getString('payment_status') });
    if (blocker) return { status: 409, message: blocker };
    const rec = new Record(tx.findCollectionByNameOrId('charges'));
    if (clientId) rec.set('id', clientId);
    rec.load({
      booking: booking.id,
      kind: 'balance',
      method: req.method,
      amount: req.amountCents,
      // What it pays of the balance; the rest (a second payment of a paid booking) stays as a
      // credit a void of another payment can draw on.
      balance_amount: Math.min(req.amountCents, Math.max(0, booking.getInt('balance_remaining'))),
      damages_amount: 0,
      damage_lines: [],
      check_number: req.checkNumber,
      note: req.note,
      description: paymentMethodText(req.method, req.checkNumber, req.note).slice(0, 500),
      idempotency_key: key,
      request_fingerprint: fingerprint,
      status: 'succeeded',
      requested_at: toPbDate(nowMs()),
      created_by: staffId,
    });
    tx.save(rec);
    paymentId = rec.id;
    mailIds = applyPaidCharge(tx, rec);
  });
  deliverMail($app, mailIds);
  return answer(e, paymentId);
}

/** The booking's recorded payments still standing, oldest first. */
function succeededRecordedPayments(tx: CoreApp, bookingId: string): core.Record[] {
  return tx.findRecordsByFilter('charges', "booking = {:b} && status = 'succeeded' && method != ''", 'created_at', 0, 0, { b: bookingId } as unknown as dbx.Params) as core.Record[];
}

export function voidPaymentRoute(e: core.RequestEvent): void {
  requireAdmin(e);
  idempotencyKeyHeader(e, OWNERSHIP_MESSAGES.idempotencyKeyInvalid);
  const body = readJsonObject(e);
  const paymentId = typeof body.paymentId === 'string' ? body.paymentId.trim() : '';
  const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
  if (!paymentId) throw badRequest('Please choose the payment to void.');
  if (!reason) throw badRequest(M.voidReason);
  if (reason.length > MAX_PAYMENT_NOTE) throw badRequest(`The reason must be at most ${MAX_PAYMENT_NOTE} characters.`);
  const staffId = staffIdOf(e);
  let mailIds: string[] = [];
  refusableTransaction($app, (tx) => {
    let payment: core.Record;
    try {
      payment = tx.findRecordById('charges', paymentId);
    } catch {
      return { status: 404, message: 'Payment not found.' };
    }
    if (!isRecordedMethod(payment.getString('method'))) return { status: 409, message: M.notVoidable };
    // Voided already (a replay, or the other phone): the same answer, nothing twice.
    if (payment.getString('status') === 'voided') return;
    const booking = tx.findRecordById('bookings', payment.getString('booking'));
    payment.set('status', 'voided');
    payment.set('voided_at', toPbDate(nowMs()));
    payment.set('void_reason', reason);
    payment.set('voided_by', staffId);
    tx.save(payment);
    const others = succeededRecordedPayments(tx, booking.id);
    const after = balanceAfterVoid(
      booking.getInt('balance_remaining'),
      payment.getInt('balance_amount'),
      others.map((o) => ({ amountCents: o.getInt('amount'), balanceCents: o.getInt('balance_amount') })),
    );
    others.forEach((o, i) => {
      if (after.partsCents[i] === o.getInt('balance_amount')) return;
      o.set('balance_amount', after.partsCents[i]);
      tx.save(o);
    });
    const balance = after.balanceCents;
    booking.set('balance_remaining', balance);
    if (balance > 0 && booking.getString('payment_status') === 'paid') {
      booking.set('payment_status', 'deposit_paid');
      booking.set('balance_paid_at', '');
    }
    tx.save(booking);
    mailIds = [queueMail(tx, voidedPaymentMail(payment, booking))];
  });
  deliverMail($app, mailIds);
  return answer(e, paymentId);
}
