/**
 * Payments the owner records at the door, and their voiding (docs/decisions/030; the rules are
 * domain/commands/recorded-payment-command.ts and domain/money/recorded-payments.ts):
 * - POST /api/fn/booking-payments, header Idempotency-Key (the admin's outbox sends its
 *   client-made key, so a replay from the phone's outbox counts once), body
 *   { id?, bookingId, method: 'cash' | 'check' | 'other', amountCents, checkNumber?, note? } →
 *   200 { payment, booking }: a `charges` row (kind balance, the method, status succeeded,
 *   `id` the client-made one when given) and the booking with its balance lowered (paid at 0,
 *   as the ledger reads it), the customer's receipt queued in the same transaction. Two keys
 *   are two payments: the second of a booking already paid is still recorded (the owner then
 *   voids one). A payment link still open for the booking is closed at Stripe first (one way
 *   of collecting at a time, docs/decisions/045), outside the command's transaction.
 * - POST /api/fn/booking-payments/void, header Idempotency-Key, body { paymentId, reason } →
 *   200 { payment, booking }: the payment voided (once: a replay answers the same), its amount
 *   due again, the customer told by a corrected receipt. On the command runner.
 * Admin only (401, 403). 400 a malformed body or key; 404 no such booking or payment; 409 a
 * cancelled, refunded or unpaid booking, a card payment going through, or a payment that is
 * not a recorded one; 422 a key reused for another request; 503 Stripe unreachable while
 * closing an open link.
 */
import {
  recordPaymentCommand,
  voidPaymentCommand,
  type ClosedDamages,
  type PaymentAnswer,
  type PaymentBooking,
  type PaymentReceiptMail,
  type RecordPaymentInput,
  type RecordPaymentState,
  type VoidPaymentInput,
  type VoidPaymentState,
} from '@domain/commands/recorded-payment-command';
import { recordedPaymentFingerprintSource } from '@domain/money/recorded-payments';
import { findBooking } from '../booking-store/bookings-repo';
import type { ServerCommand } from '../commands/run-command';
import type { OutsideCall } from '../commands/run-outside-call';
import { voidedPaymentMail } from '../mail/receipts';
import { openCharges, paidChargeReceipt } from '../ledger/balance-charges';
import type { DamageLine } from '@domain/money/damages';
import { bookingMoneyRowOf, chargeMoneyRowOf, chargesOfBooking, ledgerBookingOf } from '../ledger-records';
import { closeOpenCollections } from './open-collections';
import { bookingFieldsOf } from '../booking-row';
import { ChargeStatus } from '@domain/money/charge-lifecycle';
import { findRecord } from '../records';
import { chargeField } from '../charge-row';

/** Booking `b` as the recorded-payment commands read it (in `tx`). */
function paymentBookingOf(tx: CoreApp, b: core.Record): PaymentBooking {
  const charges = chargesOfBooking(tx, b.id);
  return {
    ...bookingFieldsOf(b, ['id', 'status', 'payment_status', 'balance_paid_at']),
    money: { booking: bookingMoneyRowOf(b), charges: charges.map(chargeMoneyRowOf), ledger: ledgerBookingOf(b, charges) },
  };
}

/** The payment and its booking, as stored now (both answers). */
function respondPayment(app: CoreApp, a: PaymentAnswer) {
  const payment = app.findRecordById('charges', a.paymentId);
  return { payment, booking: app.findRecordById('bookings', chargeField(payment, 'booking')) };
}

/** The receipt of a payment just recorded (with a new manage link), or of one just voided. */
function receiptOf(tx: CoreApp, paymentId: string, voided: boolean) {
  const payment = tx.findRecordById('charges', paymentId);
  const booking = tx.findRecordById('bookings', chargeField(payment, 'booking'));
  return voided ? voidedPaymentMail(tx, payment, booking) : paidChargeReceipt(tx, payment, booking);
}

/** The damages the payment links `closedIds` carried (closed just before the payment is recorded). */
function closedDamagesOf(tx: CoreApp, closedIds: readonly string[]): ClosedDamages {
  let cents = 0;
  let description = '';
  const lines: DamageLine[] = [];
  for (const id of closedIds) {
    const c = tx.findRecordById('charges', id);
    const damages = chargeField(c, 'kind') === 'damages' ? chargeField(c, 'amount') : chargeField(c, 'damages_amount');
    if (damages <= 0) continue;
    cents += damages;
    lines.push(...chargeField(c, 'damage_lines'));
    description = description || chargeField(c, 'description');
  }
  return { cents, lines, description };
}

/**
 * The record command for a request with Idempotency-Key `key` (the runner's store answers a
 * replay; the key is also stored on the payment it makes); `closedIds`: the payment links
 * closed for it, whose damages the payment may pay.
 */
export function recordPayment(key: string, closedIds: readonly string[] = []): ServerCommand<RecordPaymentInput, RecordPaymentState, PaymentReceiptMail, PaymentAnswer> {
  return {
    command: recordPaymentCommand,
    path: '/api/fn/booking-payments',
    load(tx, input, ctx) {
      const b = findBooking(tx, input.bookingId);
      return {
        key,
        fingerprint: $security.sha256(recordedPaymentFingerprintSource(input)),
        freshId: input.clientId ? '' : $security.randomStringWithAlphabet(15, 'abcdefghijklmnopqrstuvwxyz0123456789'),
        staffId: ctx.staffId,
        paymentOpen: openCharges(tx, input.bookingId).length > 0,
        booking: b ? paymentBookingOf(tx, b) : null,
        closedDamages: closedDamagesOf(tx, closedIds),
      };
    },
    composeMail: (tx, m) => receiptOf(tx, m.paymentId, false),
    respond: (app, a) => respondPayment(app, a),
    // The key stores the payment's id; a replay answers the payment as it is now.
    reword: (app, stored) => respondPayment(app, stored as unknown as PaymentAnswer),
  };
}

/**
 * A payment recorded around Stripe (docs/decisions/048 and 063): the runner's request steps
 * (the admin, the key header, the body; a replay answered from the store, the payment as it is
 * now, before anything is closed), then an open payment link closed at Stripe, then the record
 * command, keyed in its transaction.
 */
export const recordPaymentCall: OutsideCall<RecordPaymentInput> = {
  path: '/api/fn/booking-payments',
  caller: 'admin',
  request: recordPaymentCommand,
  reword: (app, stored) => respondPayment(app, stored as unknown as PaymentAnswer),
  steps({ key, input }, run) {
    // One way of collecting at a time (docs/decisions/045): a payment link still open for this
    // booking is closed at Stripe before cash or a check is recorded, so the same balance is not
    // paid twice. The damages a closed link asked for stay owed: the payment pays them after the balance.
    return run.keyed(recordPayment(key, closeOpenCollections($app, input.bookingId)), input);
  },
};

export const voidPayment: ServerCommand<VoidPaymentInput, VoidPaymentState, PaymentReceiptMail, PaymentAnswer> = {
  command: voidPaymentCommand,
  path: '/api/fn/booking-payments/void',
  caller: 'admin',
  load(tx, input, ctx) {
    const p = findRecord(tx, 'charges', input.paymentId);
    if (!p) return { staffId: ctx.staffId, payment: null, booking: null, others: [] };
    const b = findBooking(tx, chargeField(p, 'booking'));
    const others = b
      ? tx.findRecordsByFilter('charges', `booking = {:b} && status = '${ChargeStatus.Succeeded}' && method != '' && id != {:p}`, 'created_at', 0, 0, { b: b.id, p: p.id } as unknown as dbx.Params)
      : [];
    return {
      staffId: ctx.staffId,
      payment: { id: p.id, method: chargeField(p, 'method'), status: chargeField(p, 'status'), amountCents: chargeField(p, 'amount'), balanceCents: chargeField(p, 'balance_amount') },
      booking: b ? paymentBookingOf(tx, b) : null,
      others: (others as core.Record[]).map((o) => ({ id: o.id, amountCents: chargeField(o, 'amount'), balanceCents: chargeField(o, 'balance_amount') })),
    };
  },
  composeMail: (tx, m) => receiptOf(tx, m.paymentId, true),
  respond: (app, a) => respondPayment(app, a),
};
