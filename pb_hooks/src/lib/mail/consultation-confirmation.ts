/**
 * The consultation e-mails (docs/product.md §7 send-confirmation-email with type 'consultation'): the
 * customer's confirmation of the request with an ICS attachment of the 30-minute visit, and a
 * notice to the business, queued in the mail outbox (mail-outbox.ts) with the request.
 */
import { BUSINESS } from '@domain/business';
import { formatLongDate } from '@domain/schedule/calendar';
import { consultationSlotLabel, consultationSlotMinutes } from '@domain/consultations/consultation';
import { buildIcs } from '@domain/mail/ics';
import { nowMs } from '../clock';
import { mailKey, type QueuedMail } from './mail-outbox';
import { businessSender } from './send-mail';
import { composeMail } from './compose';
import { factsOf } from './layout';
import { logError } from '../log';

/** The label of the consultation's manage link in every e-mail to the customer. */
export const MANAGE_CONSULTATION = 'Manage your consultation';

/** What the e-mails say: the stored request's fields (send-confirmation-email's body). */
export interface ConsultationMail {
  id: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  customerAddress: string;
  /** YYYY-MM-DD */
  date: string;
  /** 'HH:MM' */
  timeSlot: string;
  notes: string;
  /** The consultation's manage link (consultations/consultation-links.ts), its 'Manage your consultation' button; none when ''. */
  manageUrl?: string;
}

/**
 * The consultation's calendar file: one 30-minute event under the request's stable UID, at
 * revision `sequence` (raised by each change from the admin), as iTIP (domain/mail/ics.ts): a
 * REQUEST from the business to the customer (tentative until `confirmed`), withdrawn with
 * `method` CANCEL; PUBLISH for the business's own copy. '' for a slot that cannot be read.
 */
export function consultationIcs(
  c: Pick<ConsultationMail, 'id' | 'date' | 'timeSlot' | 'customerAddress' | 'customerName' | 'customerEmail'>,
  description: string,
  sequence = 0,
  method: 'PUBLISH' | 'REQUEST' | 'CANCEL' = 'REQUEST',
  confirmed = false,
): string {
  const span = consultationSlotMinutes(c.timeSlot);
  if (!span) return '';
  return buildIcs(
    [
      {
        uid: `consultation-${c.id}@${BUSINESS.baseZip}.thoughtfullyadorned`,
        date: c.date,
        startMinutes: span.start,
        endMinutes: span.end,
        summary: `${BUSINESS.name}: free design consultation`,
        description,
        location: c.customerAddress,
        sequence,
      },
    ],
    nowMs(),
    BUSINESS.name,
    method,
    { organizer: businessSender(), attendee: { email: c.customerEmail, name: c.customerName }, tentative: !confirmed },
  );
}

/**
 * The customer's confirmation (kind `consultation_confirmation`, with consultation.ics) and the
 * business notice (kind `business_notice`), both under the request's id, keyed once per request.
 * The customer's copy goes to an address nobody has confirmed yet, so it carries nothing the
 * sender typed (docs/architecture.md "Anonymous forms' e-mails"): a plain 'Hello,', the time
 * and our own words; no name, address, phone or notes, and a calendar file without the name or
 * the address. The business's notice has them all.
 */
export function consultationMails(c: ConsultationMail): QueuedMail[] {
  const when = `${formatLongDate(c.date)} at ${consultationSlotLabel(c.timeSlot)}`;
  let ics = '';
  try {
    ics = consultationIcs({ ...c, customerName: '', customerAddress: '' }, `Your free consultation request (we will contact you to confirm). Questions: ${BUSINESS.phone}, ${BUSINESS.email}.`);
  } catch (err) {
    logError(`Building the consultation calendar file failed: ${String(err)}`);
  }
  const attachments = ics ? [{ name: 'consultation.ics', content: ics }] : [];
  // The business organizes the visit: its copy is a plain PUBLISH, not an invitation to itself.
  const ownerAttachments = ics ? [{ name: 'consultation.ics', content: consultationIcs(c, `Consultation request from ${c.customerName}, ${c.customerPhone}.`, 0, 'PUBLISH') }] : [];
  const details = [`Requested time: ${when} (30 minutes)`, `Address: ${c.customerAddress}`, `Phone: ${c.customerPhone}`];
  if (c.notes) details.push(`Notes: ${c.notes}`);
  const requested = [`Requested time: ${when} (30 minutes)`];
  const body = composeMail(
    'Hello,',
    [
      { lines: [`Thank you for requesting a free design consultation with ${BUSINESS.name}.`, "We'll contact you soon to confirm your consultation."] },
      { lines: [...requested, 'We will visit at the address you gave us.'] },
      { lines: ['The attached calendar file adds the requested time to your calendar.', ...(c.manageUrl ? ['To pick another time or cancel, use the Manage your consultation button.'] : [])] },
    ],
    `Questions? Reply to this e-mail or call ${BUSINESS.phone}.`,
    { title: 'Your consultation request', facts: factsOf(requested), ...(c.manageUrl ? { buttons: [{ label: MANAGE_CONSULTATION, url: c.manageUrl }] } : {}) },
  );
  const confirmation: QueuedMail = {
    key: mailKey('consultation_confirmation', c.id),
    to: c.customerEmail,
    subject: `Consultation requested: ${when}`,
    ...body,
    kind: 'consultation_confirmation',
    relatedId: c.id,
    attachments,
  };
  const notice = composeMail(`New consultation request from ${c.customerName} (${c.customerEmail}).`, [{ lines: details }], `${BUSINESS.name} bookings`, {
    title: `New consultation request: ${c.customerName}`,
  });
  return [
    confirmation,
    {
      key: mailKey('consultation_notice', c.id),
      to: BUSINESS.email,
      subject: `New consultation request: ${c.customerName}, ${when}`,
      ...notice,
      kind: 'business_notice',
      relatedId: c.id,
      attachments: ownerAttachments,
    },
  ];
}
