/**
 * Receipt e-mails (docs/product.md §9 Payment; docs/decisions/026): one to the customer for every
 * money movement on a booking, queued in the mail outbox inside the transaction that records
 * the movement, under a key per movement, so a redelivered webhook or a replayed request sends
 * none twice. The lines come from domain/mail/receipts.ts.
 */
import { BUSINESS } from '@domain/business';
import { manageSection } from '@domain/mail/letter';
import { bookingReference, receiptLines, receiptSubject, refundReceiptLines, type Receipt, type ReceiptKind, type ReceiptLine, type RefundPart } from '@domain/mail/receipts';
import { balanceOf, bookingLedger } from '@domain/money/booking-money';
import { isRecordedMethod, paymentMethodText } from '@domain/money/recorded-payments';
import { nowMs } from '../clock';
import { bookingMoneyRowOf, chargeMoneyRowOf, chargesOfBooking } from '../ledger-records';
import { mailKey, type QueuedMail } from './mail-outbox';
import { composeMail } from './compose';
import { manageButtons } from './booking-confirmation';
import { bookingField } from '../booking-row';
import { chargeField } from '../charge-row';

/**
 * What `booking` still has to pay as its ledger reads it in `tx` (domain/money/booking-money.ts
 * balanceOf over the booking and its charges, as written so far in the transaction), for a
 * receipt's 'Remaining due': never the stored `balance_remaining` (docs/decisions/045). Cents.
 */
function remainingOf(tx: CoreApp, booking: core.Record): number {
  return balanceOf(bookingLedger(bookingMoneyRowOf(booking), chargesOfBooking(tx, booking.id).map(chargeMoneyRowOf)));
}

function isDemo(paymentId: string): boolean {
  return paymentId.startsWith('demo_');
}

function receiptMail(key: string, booking: core.Record, receipt: Receipt, manageUrl = ''): QueuedMail {
  const body = composeMail(
    `Hello ${booking.getString('customer_name')},`,
    [{ lines: [`Here is your receipt from ${BUSINESS.name}.`] }, { lines: receiptLines(receipt) }, ...(manageUrl ? [manageSection(manageUrl)] : [])],
    `Questions about this receipt? Reply to this e-mail or call ${BUSINESS.phone}.`,
    { title: receiptSubject(receipt), facts: [{ label: 'Booking reference', value: receipt.reference }], buttons: manageButtons(manageUrl) },
  );
  return { key, to: booking.getString('customer_email'), subject: receiptSubject(receipt), ...body, kind: 'receipt', relatedId: booking.id };
}

/** How booking `booking`'s deposit was paid, in a receipt's words: as the owner recorded it for a phone booking (docs/decisions/037), else the card or the demo. */
function depositMethodText(booking: core.Record): string {
  const recorded = bookingField(booking, 'deposit_method');
  if (isRecordedMethod(recorded)) return paymentMethodText(recorded, booking.getString('deposit_check_number'), booking.getString('deposit_note'));
  return isDemo(bookingField(booking, 'payment_intent_id')) || bookingField(booking, 'payment_mode') === 'demo' ? 'Demo payment (no card charged)' : 'Card (secure online checkout)';
}

/** The receipt for the deposit of just-confirmed booking `booking` (keyed once per booking), with its manage link. */
export function depositReceiptMail(booking: core.Record, manageUrl: string): QueuedMail {
  const deposit = bookingField(booking, 'deposit_amount');
  return receiptMail(
    mailKey('receipt', booking.id, 'deposit'),
    booking,
    {
      kind: 'deposit',
      amountCents: deposit,
      method: depositMethodText(booking),
      at: nowMs(),
      reference: bookingReference(booking.id),
      remainingCents: bookingField(booking, 'total_price') - deposit,
      lines: [],
    },
    manageUrl,
  );
}

/**
 * The receipt for charge `charge` (a `charges` record that just succeeded) of `booking`, read
 * in `tx` once the charge is written: the balance part and each damage line by item and
 * quantity (keyed once per charge), what remains due as the ledger reads it, and the booking's
 * manage link.
 */
export function chargeReceiptMail(tx: CoreApp, charge: core.Record, booking: core.Record, manageUrl: string): QueuedMail {
  const intent = chargeField(charge, 'stripe_payment_intent_id');
  const recorded = chargeField(charge, 'method');
  const method = isRecordedMethod(recorded)
    ? paymentMethodText(recorded, chargeField(charge, 'check_number'), chargeField(charge, 'note'))
    : isDemo(intent)
      ? 'Demo payment (no card charged)'
      : chargeField(charge, 'stripe_checkout_session_id')
        ? 'Online payment link (card)'
        : 'Card on file';
  const lines: ReceiptLine[] = [];
  const balancePart = chargeField(charge, 'balance_amount');
  const damageLines = chargeField(charge, 'damage_lines')
    .filter((l) => typeof l.label === 'string' && typeof l.quantity === 'number' && typeof l.cents === 'number')
    .map((l): ReceiptLine => ({ label: String(l.label), quantity: Number(l.quantity), cents: Number(l.cents) }));
  // A single sum needs no breakdown; a balance with damages, or damages, are itemised.
  if (balancePart > 0 && damageLines.length > 0) lines.push({ label: 'Balance', quantity: null, cents: balancePart });
  lines.push(...damageLines);
  return receiptMail(
    mailKey('receipt', charge.id, 'charge'),
    booking,
    {
      kind: chargeField(charge, 'kind') as ReceiptKind,
      amountCents: chargeField(charge, 'amount'),
      method,
      at: nowMs(),
      reference: bookingReference(booking.id),
      remainingCents: remainingOf(tx, booking),
      lines,
      // The owner's words about the damages (the dialog's Description) reach the customer.
      description: chargeField(charge, 'damages_amount') > 0 || damageLines.length > 0 ? chargeField(charge, 'description') : '',
    },
    manageUrl,
  );
}

/**
 * The one receipt for the refunds `parts` made together on `booking` (docs/decisions/045): their
 * sum, each refund listed when there are several (domain/mail/receipts.ts refundReceiptLines).
 * A part's `refundId` is Stripe's refund (or demo) id, or the movement's id for money given back
 * by hand; `byHand` names the way it was given back ('Cash', 'Check no. 12'…), '' for a card.
 * Keyed once, by its first refund.
 */
export function ledgerRefundReceiptMail(booking: core.Record, parts: readonly RefundPart[], byHand: string): QueuedMail {
  const first = parts[0]?.refundId ?? '';
  const method = byHand ? `${byHand}, given back to you` : isDemo(first) ? 'Demo refund (no card charged)' : 'Refund to the card used (your bank may take 5 to 10 days to show it)';
  return receiptMail(mailKey('receipt', booking.id, `refund-${first}`), booking, {
    kind: 'refund',
    amountCents: parts.reduce((sum, p) => sum + p.amountCents, 0),
    method,
    at: nowMs(),
    reference: bookingReference(booking.id),
    remainingCents: 0,
    lines: refundReceiptLines(parts),
  });
}

/**
 * The correction for recorded payment `payment` of `booking`, just voided (its balance back
 * on the booking): what was voided, why, and what is due now as the ledger reads it in `tx`
 * (keyed once per payment).
 */
export function voidedPaymentMail(tx: CoreApp, payment: core.Record, booking: core.Record): QueuedMail {
  return receiptMail(mailKey('receipt', payment.id, 'void'), booking, {
    kind: 'void',
    amountCents: chargeField(payment, 'amount'),
    method: `${paymentMethodText(chargeField(payment, 'method'), chargeField(payment, 'check_number'), chargeField(payment, 'note'))} (voided: ${chargeField(payment, 'void_reason')})`,
    at: nowMs(),
    reference: bookingReference(booking.id),
    remainingCents: remainingOf(tx, booking),
    lines: [],
  });
}
