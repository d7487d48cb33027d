/**
 * The e-mails sent once a booking's deposit is paid (docs/product.md §7): a confirmation to the
 * customer with an ICS attachment of the install and removal visits, and a notice to the
 * business; what they say is domain/mail/letter.ts's (the reference, the visits with their
 * arrival windows, the choices, the priced lines, how to prepare, the policies). Built from the booking record, to be queued in the mail outbox (mail-outbox.ts) in
 * the transaction that confirms the booking.
 */
import { confirmationSections, ownerNoticeSections, visitLines, type LetterBooking } from '@domain/mail/letter';
import { BUSINESS } from '@domain/business';
import { businessToday, formatLongDate, parseTimestamp } from '@domain/schedule/calendar';
import { buildIcs, type CalendarEvent, type Invitation } from '@domain/mail/ics';
import type { PriceLine } from '@domain/money/pricing';
import { bookingReference } from '@domain/mail/receipts';
import { parseSlotId } from '@domain/schedule/slots';
import { bookingDetails } from './booking-summary';
import { adminBookingPath } from '@domain/admin/admin-links';
import { nowMs } from '../clock';
import { configuredOrigin } from '../http';
import { composeMail } from './compose';
import { factsOf, type MailButton, type MailFact } from './layout';
import { mailKey, type QueuedMail } from './mail-outbox';
import { businessSender } from './send-mail';
import { bookingField } from '../booking-row';

/**
 * The calendar events of booking `r`'s visits: one stable UID per visit, its SEQUENCE from
 * `ics_sequence` (raised by each change), and the manage link in the description when given.
 */
export function visitEvents(r: core.Record, packageLine: string, manageUrl = ''): CalendarEvent[] {
  const events: CalendarEvent[] = [];
  const address = r.getString('customer_address');
  const add = (kind: 'install' | 'removal', date: string, slot: string) => {
    const s = parseSlotId(slot);
    if (!date || !s) return;
    events.push({
      uid: `booking-${r.id}-${kind}@${BUSINESS.baseZip}.thoughtfullyadorned`,
      date,
      startMinutes: s.startHour * 60,
      endMinutes: s.endHour * 60,
      summary: `${BUSINESS.name}: tree ${kind === 'install' ? 'installation' : 'removal'}`,
      description: `${packageLine}. Arrival within a one-hour window. Questions: ${BUSINESS.phone}, ${BUSINESS.email}.${manageUrl ? ` Your booking: ${manageUrl}` : ''}`,
      location: address,
      sequence: r.getInt('ics_sequence'),
    });
  };
  add('install', bookingField(r, 'install_date'), bookingField(r, 'install_time_slot'));
  add('removal', bookingField(r, 'removal_date'), bookingField(r, 'removal_time_slot'));
  return events;
}

/**
 * The iTIP parties of booking `r`'s calendar files (domain/mail/ics.ts): the business organizes,
 * under the address its e-mails come from (send-mail.ts businessSender); the customer attends.
 */
export function visitInvitation(r: core.Record): Invitation {
  return { organizer: businessSender(), attendee: { email: r.getString('customer_email'), name: r.getString('customer_name') } };
}

/** The key facts of a booking's e-mails, shown first (layout.ts): its reference, its visits, its address. */
export function bookingFacts(letter: LetterBooking): MailFact[] {
  return [{ label: 'Booking reference', value: letter.reference }, ...factsOf(visitLines(letter)), { label: 'Address', value: letter.address }];
}

const MANAGE_LINK = /^(.*)\/my-booking\?token=([A-Za-z0-9_-]+)$/;

/**
 * The 'Add to calendar' address of manage link `manageUrl` (`<origin>/my-booking?token=…`):
 * `<origin>/api/fn/visits.ics?token=…` with the same token (my-booking/visits-ics-route.ts), or '' for
 * anything else.
 */
export function calendarUrlOf(manageUrl: string): string {
  const m = MANAGE_LINK.exec(manageUrl);
  return m ? `${m[1]}/api/fn/visits.ics?token=${m[2]}` : '';
}

/**
 * The customer's buttons: 'Manage your booking' to `manageUrl`, then, with `calendar`, 'Add to
 * calendar' (the visits' file by the same token); none without a manage link.
 */
export function manageButtons(manageUrl: string, calendar = false): MailButton[] {
  if (!manageUrl) return [];
  const ics = calendar ? calendarUrlOf(manageUrl) : '';
  return [{ label: 'Manage your booking', url: manageUrl }, ...(ics ? [{ label: 'Add to calendar', url: ics }] : [])];
}

/** Booking record `r` as the e-mails read it (domain/mail/letter.ts). */
export function letterBookingOf(r: core.Record): LetterBooking {
  const b = bookingDetails(r);
  const paidAt = parseTimestamp(bookingField(r, 'deposit_paid_at'));
  return {
    reference: bookingReference(r.id),
    packageTitle: b.packageTitle,
    treeSize: b.treeSize,
    installDate: b.installDate,
    installTimeSlot: b.installTimeSlot,
    removalDate: b.removalDate,
    removalTimeSlot: b.removalTimeSlot,
    address: r.getString('customer_address'),
    luxeFinish: bookingField(r, 'luxe_finish'),
    keepOrnaments: bookingField(r, 'keep_ornaments'),
    addons: bookingField(r, 'selected_addons')
      .filter((a) => typeof a.id === 'string' && typeof a.price === 'number')
      .map((a) => ({ id: String(a.id), quantity: typeof a.quantity === 'number' ? a.quantity : 1, price: Number(a.price) })),
    style: { palette: bookingField(r, 'style_color_palette'), theme: bookingField(r, 'style_theme'), topper: bookingField(r, 'style_topper') },
    styleRequests: bookingField(r, 'style_special_requests'),
    notes: r.getString('notes'),
    parkingInstructions: bookingField(r, 'parking_instructions'),
    priceLines: bookingField(r, 'price_lines')
      .filter((l) => typeof l.label === 'string' && typeof l.amountCents === 'number')
      .map((l): PriceLine => ({ code: String(l.code ?? ''), label: String(l.label), amountCents: Number(l.amountCents) })),
    travelFeeCents: bookingField(r, 'travel_fee'),
    totalCents: b.totalCents,
    depositCents: b.depositCents,
    balanceCents: b.balanceCents,
    bookedOn: businessToday(new Date(Number.isFinite(paidAt) ? paidAt : nowMs())),
    depositPaidAtMs: Number.isFinite(paidAt) ? paidAt : nowMs(),
  };
}

/**
 * The customer's confirmation and the business notice for paid booking `r`, keyed once per
 * booking (a redelivered payment queues nothing new). Both carry the ICS of the visits; the
 * customer's carries the manage link `manageUrl` (in the ICS description too), the owner's
 * 'Open in the admin' (the booking's details on the dashboard).
 */
export function bookingConfirmationMails(r: core.Record, manageUrl: string): QueuedMail[] {
  const letter = letterBookingOf(r);
  const name = r.getString('customer_name');
  const email = r.getString('customer_email');
  const packageLine = `${letter.packageTitle}, ${letter.treeSize}`;
  const attachments = [{ name: 'visits.ics', content: buildIcs(visitEvents(r, packageLine, manageUrl), nowMs(), BUSINESS.name, 'REQUEST', visitInvitation(r)) }];
  const ownerAttachments = [{ name: 'visits.ics', content: buildIcs(visitEvents(r, packageLine), nowMs(), BUSINESS.name) }];

  const customer = composeMail(
    `Hello ${name},`,
    [
      { lines: [`Thank you for booking with ${BUSINESS.name}. Your deposit has been received and your dates are secured. The attached calendar file adds your visits to your calendar.`] },
      ...confirmationSections(letter, manageUrl),
    ],
    `Questions? Reply to this e-mail or call ${BUSINESS.phone}.`,
    { title: 'Your booking is confirmed', facts: bookingFacts(letter), buttons: manageButtons(manageUrl, true) },
  );
  const notice = composeMail(`New booking from ${name}.`, ownerNoticeSections(letter, { name, email, phone: r.getString('customer_phone') }), `${BUSINESS.name} bookings`, {
    title: `New booking: ${name}`,
    facts: bookingFacts(letter),
    // Into the admin on the site's public address (configuredOrigin), the booking's details open.
    buttons: [{ label: 'Open in the admin', url: `${configuredOrigin($app)}${adminBookingPath(r.id)}` }],
  });
  return [
    {
      key: mailKey('booking_confirmation', r.id, 'deposit'),
      to: email,
      subject: `Booking confirmed: ${packageLine} on ${formatLongDate(letter.installDate)}`,
      ...customer,
      kind: 'booking_confirmation',
      relatedId: r.id,
      attachments,
    },
    {
      key: mailKey('new_booking_notice', r.id, 'deposit'),
      to: BUSINESS.email,
      subject: `New booking: ${name}, ${formatLongDate(letter.installDate)}`,
      ...notice,
      kind: 'business_notice',
      relatedId: r.id,
      attachments: ownerAttachments,
    },
  ];
}
