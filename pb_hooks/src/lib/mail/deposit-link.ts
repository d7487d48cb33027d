/**
 * The e-mail of a booking the owner took by phone with the deposit to pay online
 * (docs/decisions/037): what was booked, the deposit to pay, the Checkout link and how long the
 * times are held for it. Keyed once per booking. Paid, the usual confirmation and receipt follow
 * (lib/payments/settle-payment.ts).
 */
import { visitLines } from '@domain/mail/letter';
import { BUSINESS } from '@domain/business';
import { formatCents } from '@domain/money/cents';
import { DEPOSIT_LINK_HOLD_MINUTES } from '@domain/booking/phone-booking';
import { bookingFacts, letterBookingOf } from './booking-confirmation';
import { composeMail } from './compose';
import { mailKey, type QueuedMail } from './mail-outbox';

/** The customer's e-mail with booking `r`'s deposit link `url`. */
export function depositLinkMail(r: core.Record, url: string): QueuedMail {
  const letter = letterBookingOf(r);
  const hours = Math.floor(DEPOSIT_LINK_HOLD_MINUTES / 60);
  const body = composeMail(
    `Hello ${r.getString('customer_name')},`,
    [
      { lines: [`Thank you for booking with us by phone. Booking reference: ${letter.reference}`] },
      { heading: 'Your booking', lines: [`${letter.packageTitle}, ${letter.treeSize}`, ...visitLines(letter), `Address: ${letter.address}`, `Total: ${formatCents(letter.totalCents)}`] },
      {
        heading: 'Pay the deposit to confirm it',
        lines: [`The 50% deposit is ${formatCents(letter.depositCents)}. We hold these times for you for ${hours} hours; once the deposit is paid, your confirmation and receipt follow by e-mail.`],
        link: { label: `Pay the ${formatCents(letter.depositCents)} deposit`, url },
      },
    ],
    `Questions? Reply to this e-mail or call ${BUSINESS.phone}.`,
    {
      title: 'Pay your deposit to confirm your booking',
      facts: [...bookingFacts(letter), { label: 'Deposit due', value: formatCents(letter.depositCents) }],
      buttons: [{ label: `Pay the ${formatCents(letter.depositCents)} deposit`, url }],
    },
  );
  return {
    key: mailKey('deposit_link', r.id, 0),
    to: r.getString('customer_email'),
    subject: `Pay your deposit to confirm your booking (${letter.reference})`,
    ...body,
    kind: 'deposit_link',
    relatedId: r.id,
  };
}
