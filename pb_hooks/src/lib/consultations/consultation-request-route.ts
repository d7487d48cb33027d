/**
 * POST /api/fn/consultation-request (docs/product.md §2 Consultation request, §5, §7; docs/architecture.md
 * "Server interface"). Body { date: 'YYYY-MM-DD', timeSlot: 'HH:MM', customerName,
 * customerEmail, customerPhone, customerAddress, notes? }.
 *
 * On the command runner (lib/commands/run-command.ts; the rule is
 * domain/commands/consultation-request-command.ts): validated with the shared schema and
 * docs/product.md's messages, then in one transaction the date checked (a Wednesday in the
 * consultation window, after today, not blocked), the slot re-checked and the request stored as
 * `pending` with its manage link's row (consultations/consultation-links.ts), the confirmation
 * e-mail (with an ICS attachment and the 'Manage your consultation' link) and the business
 * notice queued in the mail outbox in the same transaction; the runner sends them after the
 * commit and the outbox retries them until they go out.
 *
 * 200 { id, date, timeSlot, status: 'pending', manageToken } (`manageToken`: the token of the
 * request's own manage link, the one its e-mail carries, for the confirmation panel's 'Manage
 * your consultation'). 400 with a user-facing message for bad input;
 * 409 when the slot is already taken (also when two requests race for it), starts inside the
 * consultation notice (domain/schedule/notice.ts) or leaves the owner too little time to drive
 * from or to another consultation that day (domain/schedule/consultation-choices.ts, naming the
 * times that fit); 429 when the caller
 * already has CONSULTATION_CAPS pending upcoming requests (per e-mail, phone or IP).
 */
import {
  consultationRequestCommand,
  consultationRequestRefusal,
  type ConsultationRequestAnswer,
  type ConsultationRequestedMail,
  type ConsultationRequestState,
} from '@domain/commands/consultation-request-command';
import { CONSULTATION_SLOT_TAKEN as SLOT_TAKEN, type ConsultationRequest } from '@domain/consultations/consultation';
import { consultationDateProblem } from '@domain/schedule/season';
import { parseZip } from '@domain/place/distance';
import { centroid } from '../bookings/distance';
import { nowMs, today } from '../clock';
import { runCommand, type ServerCommand } from '../commands/run-command';
import { consultationCapReached, consultationVisitsOn, takenConsultationSlots } from './consultations-repo';
import { callerLimitsEnabled, configuredOrigin } from '../http';
import { admitAnonymousRecipient } from '../anonymous-recipients';
import { consultationMails } from '../mail/consultation-confirmation';
import { loadDateContext, loadNotice, loadTravelBuffer } from '../settings';
import { myConsultationUrl } from './consultation-links';
import { stableManageToken, tokenHashOf } from '../booking-store/manage-links';
import { newRecordId } from '../waitlist/waitlist-repo';
import { consultationField } from '../consultation-row';

/**
 * The request from `clientIp` (e.realIP(); '' when unknown) on the runner. `load` reads the
 * state, makes the new request's id and its link's token, and, once the request would be taken,
 * counts the address against the connection's anonymous recipients (anonymous-recipients.ts; its
 * 429 rolls the transaction back), so a refused request counts nothing, as before.
 */
export function consultationRequest(clientIp: string): ServerCommand<ConsultationRequest, ConsultationRequestState, ConsultationRequestedMail, ConsultationRequestAnswer> {
  return {
    command: consultationRequestCommand,
    path: '/api/fn/consultation-request',
    load(tx, input) {
      const now = nowMs();
      const newId = newRecordId();
      // A new request's link_version is 0 (consultation-links.ts issueConsultationToken).
      const manageToken = stableManageToken(tx, newId, 0, 'consultation');
      const state: ConsultationRequestState = {
        dateProblem: consultationDateProblem(input.date, loadDateContext(tx)),
        noticeHours: loadNotice(tx).consultation,
        capped: callerLimitsEnabled() && consultationCapReached(tx, { ip: clientIp, email: input.customerEmail, phone: input.customerPhone }, today()),
        taken: takenConsultationSlots(tx, input.date),
        others: consultationVisitsOn(tx, input.date),
        travel: { zip: parseZip(input.customerAddress), bufferMinutes: loadTravelBuffer(tx), centroid },
        newId,
        manageToken,
        tokenHash: tokenHashOf(manageToken),
        manageUrl: myConsultationUrl(configuredOrigin(tx), manageToken),
        clientIp,
      };
      // Its confirmation e-mails an address nobody confirmed: counted per connection, only for a request taken.
      if (!consultationRequestRefusal(state, input, now)) admitAnonymousRecipient(tx, clientIp, input.customerEmail, now);
      return state;
    },
    composeMail(tx, m) {
      const c = tx.findRecordById('consultation_requests', m.consultationId);
      const [confirmation, notice] = consultationMails({
        id: c.id,
        customerName: consultationField(c, 'customer_name'),
        customerEmail: consultationField(c, 'customer_email'),
        customerPhone: consultationField(c, 'customer_phone'),
        customerAddress: consultationField(c, 'customer_address'),
        date: consultationField(c, 'consultation_date'),
        timeSlot: consultationField(c, 'consultation_time_slot'),
        notes: consultationField(c, 'notes'),
        manageUrl: m.manageUrl,
      });
      return m.copy === 'customer' ? confirmation! : notice!;
    },
    respond: (_app, a) => a,
    // Two requests for one slot at the same instant: the partial unique index is the last line of defence.
    writeRefusal: (err) => (/UNIQUE constraint failed|not_unique|must be unique/i.test(String(err)) ? { status: 409, message: SLOT_TAKEN } : null),
  };
}

export function consultationRequestRoute(e: core.RequestEvent): void {
  runCommand(e, consultationRequest(e.realIP()));
}
