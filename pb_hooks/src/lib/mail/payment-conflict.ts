/**
 * The e-mails sent when a payment arrived for a booking that could no longer own its slot
 * (docs/architecture.md reading 15): the customer learns the deposit is refunded and how to book again;
 * the business learns which payment was refunded and why. Queued once per booking in the mail
 * outbox (mail-outbox.ts), by whichever comes first: the refund, or its first failure.
 */
import { BUSINESS } from '@domain/business';
import { formatLongDate } from '@domain/schedule/calendar';
import { formatCents } from '@domain/money/cents';
import { formatSlotRange } from '@domain/schedule/slots';
import { bookingDetails } from './booking-summary';
import { mailKey, type QueuedMail } from './mail-outbox';
import { composeMail } from './compose';
import { PaymentConflictMailKind } from '@domain/mail/payment-conflict-kind';
import { bookingField } from '../booking-row';

/** `lines` as an e-mail in the one look (layout.ts): the first the greeting, each other its own paragraph. */
const letter = (lines: string[], closing: string, title: string) =>
  composeMail(
    lines[0]!,
    lines.slice(1).map((l) => ({ lines: [l] })),
    closing,
    { title },
  );

/**
 * Both notices for booking record `r`. `refunded` says whether the refund is already made
 * (else it is being retried).
 */
export function paymentConflictMails(r: core.Record, refunded: boolean): QueuedMail[] {
  const b = bookingDetails(r);
  const when = `${formatLongDate(b.installDate)}, ${formatSlotRange(b.installTimeSlot)}`;
  const deposit = formatCents(b.depositCents);
  const refundLine = refunded
    ? `Your deposit of ${deposit} has been refunded in full; your bank may take 5 to 10 days to show it.`
    : `We are refunding your deposit of ${deposit} in full; your bank may take 5 to 10 days to show it.`;
  const customer = [
    `Hello ${r.getString('customer_name')},`,
    `We received your payment for ${b.packageTitle} (${b.treeSize}) on ${when}, but that checkout had already ended and the time is no longer available, so your booking could not be confirmed.`,
    refundLine,
    `We are sorry for the trouble. Please choose another time at our booking page, or call ${BUSINESS.phone} and we will find one with you.`,
  ];
  const customerMail: QueuedMail = {
    key: mailKey(PaymentConflictMailKind.Customer, r.id),
    to: r.getString('customer_email'),
    subject: `Your payment was refunded: ${b.packageTitle} on ${formatLongDate(b.installDate)}`,
    ...letter(customer, `${BUSINESS.name}`, 'Your payment was refunded'),
    kind: PaymentConflictMailKind.Customer,
    relatedId: r.id,
  };
  const notice = [
    `A payment arrived for a booking that could no longer own its slot, so it was not confirmed and the deposit (${deposit}) ${refunded ? 'was refunded' : 'is waiting to be refunded (retried every 5 minutes)'}.`,
    `Customer: ${r.getString('customer_name')} (${r.getString('customer_email')}, ${r.getString('customer_phone')})`,
    `Booking: ${b.packageTitle}, ${b.treeSize}, installation ${when}`,
    `Payment: ${bookingField(r, 'payment_intent_id')}${r.getString('refund_id') ? `, refund ${r.getString('refund_id')}` : ''}`,
  ];
  return [
    customerMail,
    {
      key: mailKey(PaymentConflictMailKind.Notice, r.id),
      to: BUSINESS.email,
      subject: `Payment refunded (slot no longer available): ${r.getString('customer_name')}`,
      ...letter(notice, `${BUSINESS.name} bookings`, 'Payment refunded: slot no longer available'),
      kind: 'business_notice',
      relatedId: r.id,
    },
  ];
}
