/**
 * The customer's own consultation through its manage link (consultations/consultation-links.ts;
 * the rules are domain/consultations/consultation-link.ts and
 * domain/commands/consultation-manage-command.ts):
 * - POST /api/fn/my-consultation { token } → 200 MyConsultationView;
 * - POST /api/fn/my-consultation/move { token, date, timeSlot, from: { date, timeSlot } } → 200
 *   { moved: true, view }: another free Wednesday slot by the same rules as a new request
 *   (400 the season's sentence, 409 a slot taken, also by a request at the same instant); the
 *   request is pending again for the owner to confirm;
 * - POST /api/fn/my-consultation/cancel { token, from } → 200 { cancelled: true, view }; the slot
 *   is free again.
 * Both changes are on the command runner (lib/commands/run-command.ts), e-mail the customer (the
 * calendar file under the request's UID at a higher SEQUENCE, METHOD:CANCEL on a cancel) and the
 * owner, and refuse a `from` that is not the consultation as it is now (409). A wrong, expired or
 * revoked link is a 404 with the booking links' sentence and no personal data; a cancelled,
 * done or started consultation is read-only (409 on a change). The admin sees the new status
 * and date through its usual pull of consultation_requests.
 */
import { BUSINESS } from '@domain/business';
import {
  consultationCancelCommand,
  consultationMoveCommand,
  type ConsultationCancelInput,
  type ConsultationChangeMail,
  type ConsultationManageAnswer,
  type ConsultationManageState,
  type ConsultationMoveInput,
  type LinkedConsultation,
} from '@domain/commands/consultation-manage-command';
import { CONSULTATION_SLOT_TAKEN, consultationSlotLabel } from '@domain/consultations/consultation';
import { consultationChangeable, type MyConsultationView } from '@domain/consultations/consultation-link';
import { formatLongDate } from '@domain/schedule/calendar';
import { nowMs } from '../clock';
import { linkPageRead, runCommand, runRead, type ServerCommand, type ServerRead } from '../commands/run-command';
import { takenConsultationSlots } from '../consultations/consultations-repo';
import { composeMail } from '../mail/compose';
import { consultationUpdateMail } from '../consultations/consultation-update-mail';
import { mailKey, type QueuedMail } from '../mail/mail-outbox';
import { loadDateContext, loadNotice } from '../settings';
import { consultationForToken, liveConsultationLinkIds, requireConsultation } from '../consultations/consultation-links';
import { consultationField } from '../consultation-row';

/** The view of consultation request `r` at `now` (epoch ms). */
export function myConsultationView(r: core.Record, now: number): MyConsultationView {
  const c = { status: consultationField(r, 'status'), date: consultationField(r, 'consultation_date'), timeSlot: consultationField(r, 'consultation_time_slot') };
  return {
    ...c,
    dateLabel: formatLongDate(c.date),
    timeLabel: consultationSlotLabel(c.timeSlot),
    customerName: consultationField(r, 'customer_name'),
    address: consultationField(r, 'customer_address'),
    changeable: consultationChangeable(c, now),
  };
}

/** The consultation page's read (run-command.ts runRead): the request the token opens (404 for a dead link). */
export const myConsultationRead: ServerRead<Record<string, unknown>> = linkPageRead('/api/fn/my-consultation', requireConsultation, myConsultationView);

export function myConsultationRoute(e: core.RequestEvent): void {
  runRead(e, myConsultationRead);
}

/** The consultation the token opens, read again inside the command's transaction. */
function linkedConsultation(tx: CoreApp, token: string): LinkedConsultation | null {
  const r = consultationForToken(tx, token, nowMs());
  if (!r) return null;
  return {
    id: r.id,
    status: consultationField(r, 'status'),
    date: consultationField(r, 'consultation_date'),
    timeSlot: consultationField(r, 'consultation_time_slot'),
    icsSequence: consultationField(r, 'ics_sequence'),
    liveLinkIds: liveConsultationLinkIds(tx, r.id),
  };
}

/** The owner's notice of a change the customer made (kind business_notice), keyed by the request's revision. */
function ownerNotice(r: core.Record, m: ConsultationChangeMail): QueuedMail {
  const name = consultationField(r, 'customer_name');
  const was = `${formatLongDate(m.from.date)} at ${consultationSlotLabel(m.from.timeSlot)}`;
  const now = `${formatLongDate(consultationField(r, 'consultation_date'))} at ${consultationSlotLabel(consultationField(r, 'consultation_time_slot'))}`;
  const subject = m.action === 'cancel' ? `Consultation cancelled by the customer: ${name}, ${was}` : `Consultation moved by the customer: ${name}, now ${now}`;
  const lines = m.action === 'cancel' ? [`Cancelled: ${was}`, 'The time is free again for another request.'] : [`Was: ${was}`, `Now: ${now} (pending: please confirm the new time)`];
  lines.push(`Address: ${consultationField(r, 'customer_address')}`, `Phone: ${consultationField(r, 'customer_phone')}`, `E-mail: ${consultationField(r, 'customer_email')}`);
  const body = composeMail(`${name} changed their consultation through its manage link.`, [{ lines }], `${BUSINESS.name} bookings`, { title: subject });
  return {
    key: mailKey(`consultation_customer_${m.action}`, r.id, consultationField(r, 'ics_sequence')),
    to: BUSINESS.email,
    subject,
    ...body,
    kind: 'business_notice',
    relatedId: r.id,
    attachments: [],
  };
}

/** The customer's e-mail (the owner's answer's wording, lib/consultations/consultation-update-mail.ts) or the owner's notice. */
function changeMail(tx: CoreApp, m: ConsultationChangeMail): QueuedMail {
  const r = tx.findRecordById('consultation_requests', m.consultationId);
  return m.to === 'customer' ? consultationUpdateMail(tx, r, m.action) : ownerNotice(r, m);
}

const answerView = (app: CoreApp, a: ConsultationManageAnswer) => myConsultationView(app.findRecordById('consultation_requests', a.consultationId), nowMs());

export const consultationMove: ServerCommand<ConsultationMoveInput, ConsultationManageState, ConsultationChangeMail, ConsultationManageAnswer> = {
  command: consultationMoveCommand,
  path: '/api/fn/my-consultation/move',
  load: (tx, input) => ({
    found: linkedConsultation(tx, input.token),
    dateContext: loadDateContext(tx),
    takenSlots: [...takenConsultationSlots(tx, input.date)],
    noticeHours: loadNotice(tx).consultation,
  }),
  composeMail: changeMail,
  respond: (app, a) => ({ moved: true, view: answerView(app, a) }),
  // Two moves or requests onto one slot at the same instant: the partial unique index refuses the second.
  writeRefusal: (err) => (String(err).includes('UNIQUE') ? { status: 409, message: CONSULTATION_SLOT_TAKEN } : null),
};

export const consultationCancel: ServerCommand<ConsultationCancelInput, ConsultationManageState, ConsultationChangeMail, ConsultationManageAnswer> = {
  command: consultationCancelCommand,
  path: '/api/fn/my-consultation/cancel',
  load: (tx, input) => ({ found: linkedConsultation(tx, input.token), dateContext: loadDateContext(tx), takenSlots: [], noticeHours: 0 }),
  composeMail: changeMail,
  respond: (app, a) => ({ cancelled: true, view: answerView(app, a) }),
};

export function myConsultationMoveRoute(e: core.RequestEvent): void {
  runCommand(e, consultationMove);
}

export function myConsultationCancelRoute(e: core.RequestEvent): void {
  runCommand(e, consultationCancel);
}
