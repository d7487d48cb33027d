/**
 * The e-mails sent once a booking's deposit is paid (docs/product.md §7): a confirmation to the
 * customer with an ICS attachment of the install and removal visits, and a notice to the
 * business. Built from the booking record, to be queued in the mail outbox (mail-outbox.ts) in
 * the transaction that confirms the booking.
 */
import { BUSINESS } from '@domain/business';
import { formatLongDate } from '@domain/calendar';
import { buildIcs, type CalendarEvent } from '@domain/ics';
import { formatCents } from '@domain/money';
import { formatSlotRange, parseSlotId } from '@domain/slots';
import { bookingDetails } from '../bookings/booking-summary';
import { nowMs } from '../clock';
import { mailKey, type QueuedMail } from './mail-outbox';
import { escapeHtml } from './send-mail';

function visitEvents(r: core.Record, packageLine: string): CalendarEvent[] {
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
      description: `${packageLine}. Arrival within a one-hour window. Questions: ${BUSINESS.phone}, ${BUSINESS.email}.`,
      location: address,
    });
  };
  add('install', r.getString('install_date'), r.getString('install_time_slot'));
  add('removal', r.getString('removal_date'), r.getString('removal_time_slot'));
  return events;
}

/**
 * The customer's confirmation and the business notice for paid booking `r`, keyed once per
 * booking (a redelivered payment queues nothing new).
 */
export function bookingConfirmationMails(r: core.Record): QueuedMail[] {
  const b = bookingDetails(r);
  const name = r.getString('customer_name');
  const email = r.getString('customer_email');
  const packageLine = `${b.packageTitle}, ${b.treeSize}`;
  const visits = [`Installation: ${formatLongDate(b.installDate)}, ${formatSlotRange(b.installTimeSlot)}`];
  if (b.removalDate && b.removalTimeSlot) visits.push(`Removal: ${formatLongDate(b.removalDate)}, ${formatSlotRange(b.removalTimeSlot)}`);
  const amounts = [`Total: ${formatCents(b.totalCents)}`, `Deposit paid: ${formatCents(b.depositCents)}`, `Balance due on install day: ${formatCents(b.balanceCents)}`];
  const text = [
    `Hello ${name},`,
    '',
    `Thank you for booking with ${BUSINESS.name}. Your deposit has been received and your dates are secured.`,
    '',
    packageLine,
    ...visits,
    `Address: ${r.getString('customer_address')}`,
    '',
    ...amounts,
    '',
    'The attached calendar file adds your visits to your calendar.',
    `Questions? Reply to this e-mail or call ${BUSINESS.phone}.`,
  ].join('\n');
  const html = `<p>Hello ${escapeHtml(name)},</p>
<p>Thank you for booking with ${escapeHtml(BUSINESS.name)}. Your deposit has been received and your dates are secured.</p>
<p><strong>${escapeHtml(packageLine)}</strong><br>${visits.map(escapeHtml).join('<br>')}<br>Address: ${escapeHtml(r.getString('customer_address'))}</p>
<p>${amounts.map(escapeHtml).join('<br>')}</p>
<p>The attached calendar file adds your visits to your calendar. Questions? Reply to this e-mail or call ${escapeHtml(BUSINESS.phone)}.</p>`;
  const ics = buildIcs(visitEvents(r, packageLine), nowMs(), BUSINESS.name);

  const confirmation: QueuedMail = {
    key: mailKey('booking_confirmation', r.id, 'deposit'),
    to: email,
    subject: `Booking confirmed: ${packageLine} on ${formatLongDate(b.installDate)}`,
    html,
    text,
    kind: 'booking_confirmation',
    relatedId: r.id,
    attachments: [{ name: 'visits.ics', content: ics }],
  };
  const notice = [`New booking from ${name} (${email}, ${r.getString('customer_phone')}).`, packageLine, ...visits, `Address: ${r.getString('customer_address')}`, ...amounts].join('\n');
  return [
    confirmation,
    {
      key: mailKey('new_booking_notice', r.id, 'deposit'),
      to: BUSINESS.email,
      subject: `New booking: ${name}, ${formatLongDate(b.installDate)}`,
      html: `<p>${notice.split('\n').map(escapeHtml).join('<br>')}</p>`,
      text: notice,
      kind: 'business_notice',
      relatedId: r.id,
      attachments: [{ name: 'visits.ics', content: ics }],
    },
  ];
}
