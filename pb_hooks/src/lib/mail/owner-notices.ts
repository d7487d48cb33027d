/**
 * E-mails to the business about money that went wrong after the fact (docs/decisions/021): a
 * charge the bank turned down after it was processing, a customer's dispute, and a payment that
 * arrived for a booking that had been deleted (refunded). Each is keyed once per event's
 * subject (charge, dispute, payment) in the mail outbox, so a redelivered webhook e-mails no one
 * twice.
 */
import { BUSINESS } from '@domain/business';
import { formatLongDate } from '@domain/schedule/calendar';
import { formatCents } from '@domain/money/cents';
import { mailKey, type QueuedMail } from './mail-outbox';
import { bookingBalanceOf } from '../ledger-records';
import { composeMail } from './compose';
import { asBookingStatus, isLive } from '@domain/booking/lifecycle';
import { bookingField } from '../booking-row';
import { chargeField } from '../charge-row';

function notice(key: string, subject: string, lines: string[], relatedId: string, kind = 'business_notice'): QueuedMail {
  return {
    key,
    to: BUSINESS.email,
    subject,
    // A notice to the owner: every line its own paragraph, in the one look (layout.ts).
    ...composeMail(
      lines[0]!,
      lines.slice(1).map((l) => ({ lines: [l] })),
      `${BUSINESS.name} bookings`,
      { title: subject },
    ),
    kind,
    relatedId,
  };
}

function customerLine(b: core.Record): string {
  return `Customer: ${b.getString('customer_name')} (${b.getString('customer_email')}, ${b.getString('customer_phone')}); installation ${formatLongDate(bookingField(b, 'install_date'))}.`;
}

/** The bank turned down charge `charge` of booking `booking`: the balance (its ledger's, charges read in `tx`; docs/decisions/061) is due again. */
export function chargeFailedNotice(tx: CoreApp, charge: core.Record, booking: core.Record): QueuedMail {
  return notice(
    mailKey('charge_failed_notice', charge.id),
    `Payment failed: ${formatCents(chargeField(charge, 'amount'))} from ${booking.getString('customer_name')}`,
    [
      `The bank turned down the charge of ${formatCents(chargeField(charge, 'amount'))} (${chargeField(charge, 'description') || chargeField(charge, 'kind')}) that was processing.`,
      `Reason: ${chargeField(charge, 'error') || 'not given'}.`,
      `Nothing was taken: the booking shows a balance of ${formatCents(bookingBalanceOf(tx, booking))} due again. Charge again or ask the customer to pay another way.`,
      customerLine(booking),
      `Payment: ${chargeField(charge, 'stripe_payment_intent_id')}`,
    ],
    booking.id,
  );
}

/** What a Stripe dispute object tells us (https://docs.stripe.com/api/disputes/object). */
export interface DisputeFacts {
  id: string;
  amountCents: number;
  reason: string;
  paymentIntentId: string;
}

/** The customer's bank disputes a payment of booking `booking`. */
export function disputeNotice(booking: core.Record, d: DisputeFacts): QueuedMail {
  return notice(
    mailKey('dispute_notice', d.id),
    `Payment disputed: ${formatCents(d.amountCents)} from ${booking.getString('customer_name')}`,
    [
      `The customer's bank opened a dispute (${d.reason || 'no reason given'}) over ${formatCents(d.amountCents)}. The booking is flagged 'Disputed'.`,
      'Answer it with your evidence (the signed booking, photos, messages) in the Stripe Dashboard before its deadline, or the money goes back to the customer.',
      customerLine(booking),
      `Payment: ${d.paymentIntentId}, dispute ${d.id}`,
    ],
    booking.id,
  );
}

/**
 * A payment `paymentIntentId` of `amountCents` arrived for booking `bookingId` that nothing of
 * the booking expects: the booking was deleted (`booking` null), or it still exists and was
 * paid another way (a second deposit through an older checkout page, a payment link replaced
 * meanwhile). `refunded` says whether the refund is made (else the refund failed and the owner
 * must refund it in the Stripe Dashboard).
 */
export function orphanPaymentNotice(bookingId: string, paymentIntentId: string, amountCents: number, refunded: boolean, booking: core.Record | null = null): QueuedMail {
  const outcome = refunded ? 'It was refunded in full; the customer may need to hear from you.' : 'It could not be refunded automatically: refund it in the Stripe Dashboard.';
  if (booking) {
    return notice(
      mailKey('orphan_payment_notice', paymentIntentId),
      `Extra payment from ${booking.getString('customer_name')} ${refunded ? '' : 'NOT '}refunded: ${formatCents(amountCents)}`,
      [
        `A second payment of ${formatCents(amountCents)} arrived for booking ${bookingId}, which was already paid another way (an older checkout page or a replaced payment link). The booking is unchanged.`,
        outcome,
        customerLine(booking),
        `Payment: ${paymentIntentId}`,
      ],
      bookingId,
    );
  }
  return notice(
    mailKey('orphan_payment_notice', paymentIntentId),
    `Payment for a deleted booking ${refunded ? '' : 'NOT '}refunded: ${formatCents(amountCents)}`,
    [`A payment of ${formatCents(amountCents)} arrived for booking ${bookingId}, which had been deleted.`, outcome, `Payment: ${paymentIntentId}`],
    bookingId,
  );
}

/**
 * Charge `charge` of booking `booking` was paid after the booking was cancelled, or for money
 * already collected another way (docs/decisions/045): `refundCents` of it is being refunded to
 * the card automatically. Keyed once per charge.
 */
export function latePaymentNotice(charge: core.Record, booking: core.Record, refundCents: number): QueuedMail {
  const cancelled = !isLive({ status: asBookingStatus(booking.getString('status')) });
  return notice(
    mailKey('late_payment_notice', charge.id),
    `Payment refunded automatically: ${formatCents(refundCents)} from ${booking.getString('customer_name')}`,
    [
      cancelled
        ? `A payment of ${formatCents(chargeField(charge, 'amount'))} arrived for a booking that had been cancelled.`
        : `A payment of ${formatCents(chargeField(charge, 'amount'))} arrived for money this booking had already paid another way.`,
      `${formatCents(refundCents)} of it is being refunded to the card it came from; the customer receives the refund's receipt.`,
      customerLine(booking),
      `Payment: ${chargeField(charge, 'stripe_payment_intent_id') || charge.id}`,
    ],
    booking.id,
  );
}
