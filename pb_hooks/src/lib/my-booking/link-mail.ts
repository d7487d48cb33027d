/**
 * The e-mails that carry only a booking's manage link (docs/decisions/027; manage-links.ts):
 * the owner's fresh link (the earlier one no longer works), and the links a customer asked for
 * on the "E-mail me my link" page. Like every e-mail with a link, their stored copies lose the
 * token once sent (mail-outbox.ts, domain/mail/redaction.ts).
 */
import { manageSection, visitLines } from '@domain/mail/letter';
import { BUSINESS } from '@domain/business';
import type { FreshLinkMail, LinkRequestMail } from '@domain/commands/manage-link-commands';
import { bookingFacts, letterBookingOf, manageButtons } from '../mail/booking-confirmation';
import { composeMail } from '../mail/compose';
import { mailKey, type QueuedMail } from '../mail/mail-outbox';
import { BookingStatus } from '@domain/booking/lifecycle';

const closing = `Questions? Reply to this e-mail or call ${BUSINESS.phone}.`;

/** The kind (and outbox key kind) of the customer's requested links, counted for its hourly limit. */
export const LINK_REQUEST_KIND = 'manage_link_request';

/** The owner's fresh link `m.manageUrl` for booking record `r` (its `link_version` already raised), keyed by booking and version. */
export function freshLinkMail(r: core.Record, m: FreshLinkMail): QueuedMail {
  const letter = letterBookingOf(r);
  const body = composeMail(
    `Hello ${r.getString('customer_name')},`,
    [{ lines: [`Here is a new link to your booking (reference ${letter.reference}). The link in our earlier e-mails no longer works; please use this one.`] }, manageSection(m.manageUrl)],
    closing,
    { title: 'Your new booking link', facts: bookingFacts(letter), buttons: manageButtons(m.manageUrl) },
  );
  return {
    key: mailKey('manage_link', r.id, m.version),
    to: r.getString('customer_email'),
    subject: `Your new booking link (${letter.reference})`,
    ...body,
    kind: 'manage_link',
    relatedId: r.id,
  };
}

/** The customer's requested links: one section per booking of `bookings` (the records of `m.links`, same order). */
export function requestedLinksMail(bookings: readonly core.Record[], m: LinkRequestMail): QueuedMail {
  const sections = bookings.map((r, i) => {
    const letter = letterBookingOf(r);
    const cancelled = r.getString('status') === BookingStatus.Cancelled ? ' (cancelled)' : '';
    return { heading: `Booking ${letter.reference}${cancelled}`, lines: visitLines(letter), link: { label: 'Manage your booking', url: m.links[i]!.manageUrl } };
  });
  const many = bookings.length > 1;
  const body = composeMail(
    'Hello,',
    [
      {
        lines: [
          `You asked for the link to your ${many ? 'bookings' : 'booking'}. ${many ? 'Each link opens its booking' : 'The link opens your booking'}: see it, pay the balance, and move a visit or cancel within our policies.`,
        ],
      },
      ...sections,
    ],
    `${closing} If you did not ask for this, you can ignore this e-mail.`,
    { title: many ? 'Your booking links' : 'Your booking link', buttons: many ? [] : manageButtons(m.links[0]!.manageUrl) },
  );
  return {
    key: mailKey(LINK_REQUEST_KIND, m.links[0]!.bookingId, m.atMs),
    to: m.email,
    subject: many ? 'Your booking links' : `Your booking link (${letterBookingOf(bookings[0]!).reference})`,
    ...body,
    kind: LINK_REQUEST_KIND,
    relatedId: m.links[0]!.bookingId,
  };
}
