/**
 * The customer's e-mail when the owner answers a consultation request (docs/decisions/033):
 * confirmed, moved (both with the calendar file under the request's UID at a higher SEQUENCE),
 * done (a thank-you with the way to book), or cancelled (METHOD:CANCEL for the same UID). Keyed
 * by request, action and revision, so each change is mailed once.
 */
import { BUSINESS } from '@domain/business';
import { formatLongDate } from '@domain/schedule/calendar';
import { consultationSlotLabel } from '@domain/consultations/consultation';
import { ConsultationStatus, type ConsultationAction } from '@domain/consultations/consultation-status';
import { configuredOrigin } from '../http';
import { composeMail } from '../mail/compose';
import { consultationIcs, MANAGE_CONSULTATION } from '../mail/consultation-confirmation';
import { issueConsultationToken, myConsultationUrl } from './consultation-links';
import { mailKey, type QueuedMail } from '../mail/mail-outbox';
import { consultationField } from '../consultation-row';

const closing = `Questions? Reply to this e-mail or call ${BUSINESS.phone}.`;

/**
 * The e-mail for `action` just applied to consultation request `r` through `app` (the change's
 * transaction; its `ics_sequence` already raised), with the 'Manage your consultation' link
 * but for the thank-you; the calendar file is tentative while the request is pending (a
 * customer's own move).
 */
export function consultationUpdateMail(app: CoreApp, r: core.Record, action: ConsultationAction): QueuedMail {
  const c = {
    id: r.id,
    date: consultationField(r, 'consultation_date'),
    timeSlot: consultationField(r, 'consultation_time_slot'),
    customerAddress: consultationField(r, 'customer_address'),
    customerName: consultationField(r, 'customer_name'),
    customerEmail: consultationField(r, 'customer_email'),
  };
  const when = `${formatLongDate(c.date)} at ${consultationSlotLabel(c.timeSlot)}`;
  const seq = consultationField(r, 'ics_sequence');
  const texts: Record<ConsultationAction, { subject: string; lines: string[] }> = {
    confirm: { subject: `Your consultation is confirmed: ${when}`, lines: [`Your free design consultation is confirmed for ${when} (30 minutes), at ${c.customerAddress}.`] },
    reschedule: { subject: `Your consultation has moved: ${when}`, lines: [`Your free design consultation has moved to ${when} (30 minutes), at ${c.customerAddress}.`] },
    complete: {
      subject: `Thank you for your consultation with ${BUSINESS.name}`,
      lines: ['Thank you for meeting with us. When you are ready, you can book your tree online with the button above.'],
    },
    cancel: { subject: 'Your consultation is cancelled', lines: [`Your free design consultation on ${when} is cancelled. Call us any time to find another.`] },
  };
  const t = texts[action];
  const booking = `${configuredOrigin(app)}/booking`;
  const body = composeMail(`Hello ${consultationField(r, 'customer_name')},`, [{ lines: t.lines }], closing, {
    title: t.subject,
    ...(action === 'complete'
      ? { buttons: [{ label: 'Book your tree', url: booking }] }
      : {
          facts: [
            { label: action === 'cancel' ? 'Cancelled' : 'When', value: `${when} (30 minutes)` },
            { label: 'Address', value: c.customerAddress },
          ],
          // The consultation's one link (its row written or its expiry moved here, in the change's transaction).
          buttons: [{ label: MANAGE_CONSULTATION, url: myConsultationUrl(configuredOrigin(app), issueConsultationToken(app, r)) }],
        }),
  });
  const ics =
    action === 'complete'
      ? ''
      : consultationIcs(
          c,
          `Your free design consultation with ${BUSINESS.name}. Questions: ${BUSINESS.phone}, ${BUSINESS.email}.`,
          seq,
          action === 'cancel' ? 'CANCEL' : 'REQUEST',
          consultationField(r, 'status') !== ConsultationStatus.Pending,
        );
  return {
    key: mailKey(`consultation_${action}`, r.id, seq),
    to: consultationField(r, 'customer_email'),
    subject: t.subject,
    ...body,
    kind: 'consultation_update',
    relatedId: r.id,
    attachments: ics ? [{ name: 'consultation.ics', content: ics }] : [],
  };
}
