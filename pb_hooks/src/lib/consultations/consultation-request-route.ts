/**
 * POST /api/fn/consultation-request (docs/product.md §2 Consultation request, §5, §7; docs/architecture.md
 * "Server interface"). Body { date: 'YYYY-MM-DD', timeSlot: 'HH:MM', customerName,
 * customerEmail, customerPhone, customerAddress, notes? }.
 *
 * Validates with the shared schema and docs/product.md's messages, checks the date (a Wednesday in the
 * consultation window, after today, not blocked), then in one transaction re-checks that the
 * slot is free and stores the request as `pending` with its manage link's row
 * (consultations/consultation-links.ts), queueing the confirmation e-mail (with an ICS
 * attachment and the 'Manage your consultation' link) and the business notice in the same transaction; they are sent after it and
 * retried by the mail outbox until they go out.
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
import { CONSULTATION_SLOT_TAKEN as SLOT_TAKEN, parseConsultationRequest } from '@domain/consultations/consultation';
import { consultationDateProblem } from '@domain/schedule/season';
import { OWNERSHIP_MESSAGES } from '@domain/booking/ownership';
import { consultationChoices } from '@domain/schedule/consultation-choices';
import { consultationInsideNotice, noticeRefusal } from '@domain/schedule/notice';
import { parseZip } from '@domain/place/distance';
import { centroid } from '../bookings/distance';
import { nowMs, today } from '../clock';
import { consultationCapReached, consultationVisitsOn, takenConsultationSlots } from './consultations-repo';
import { apiError, badRequest, callerLimitsEnabled, configuredOrigin, readJsonObject } from '../http';
import { admitAnonymousRecipient } from '../anonymous-recipients';
import { consultationMails } from '../mail/consultation-confirmation';
import { deliverMail, queueMail } from '../mail/mail-outbox';
import { loadDateContext, loadNotice, loadTravelBuffer } from '../settings';
import { issueConsultationToken, myConsultationUrl } from './consultation-links';
import { ConsultationStatus } from '@domain/consultations/consultation-status';

export function consultationRequestRoute(e: core.RequestEvent): void {
  const parsed = parseConsultationRequest(readJsonObject(e));
  if (!parsed.ok) throw badRequest(parsed.message);
  const r = parsed.value;
  const dateProblem = consultationDateProblem(r.date, loadDateContext($app));
  if (dateProblem) throw badRequest(dateProblem);
  const now = nowMs();
  const hours = loadNotice($app).consultation;
  if (consultationInsideNotice(r.date, r.timeSlot, now, hours)) throw apiError(409, noticeRefusal('consultation', hours));
  const travel = { zip: parseZip(r.customerAddress), bufferMinutes: loadTravelBuffer($app), centroid };

  let taken = false;
  let tooFar: string | null = null;
  let capped = false;
  let id = '';
  let mailIds: string[] = [];
  let manageToken = '';
  const caller = { ip: e.realIP(), email: r.customerEmail, phone: r.customerPhone };
  try {
    $app.runInTransaction((tx) => {
      if (callerLimitsEnabled() && consultationCapReached(tx, caller, today())) {
        capped = true;
        return;
      }
      const held = takenConsultationSlots(tx, r.date);
      if (held.has(r.timeSlot)) {
        taken = true;
        return;
      }
      const choices = consultationChoices(r.date, held, consultationVisitsOn(tx, r.date), now, hours, travel);
      if (!choices.some((c) => c.id === r.timeSlot && c.available)) {
        const fit = choices.filter((c) => c.available).map((c) => c.label);
        tooFar = `That consultation time leaves too little time to drive from our visit nearby. ${fit.length > 0 ? `Times that fit that day: ${fit.join(', ')}.` : 'No other time that day fits; please choose another day.'}`;
        return;
      }
      // Its confirmation e-mails an address nobody confirmed: counted per connection (anonymous-recipients.ts; a 429 rolls back).
      admitAnonymousRecipient(tx, caller.ip, caller.email, now);
      const rec = new Record(tx.findCollectionByNameOrId('consultation_requests'));
      rec.load({
        customer_name: r.customerName,
        customer_email: r.customerEmail,
        customer_phone: r.customerPhone,
        customer_address: r.customerAddress,
        consultation_date: r.date,
        consultation_time_slot: r.timeSlot,
        notes: r.notes,
        status: ConsultationStatus.Pending,
        client_ip: caller.ip,
      });
      tx.save(rec);
      id = rec.id;
      // Its manage link, stored (as a hash) with the request (consultations/consultation-links.ts).
      manageToken = issueConsultationToken(tx, rec);
      const manageUrl = myConsultationUrl(configuredOrigin(tx), manageToken);
      // Queued with the request itself: a crash right after cannot lose the e-mails.
      mailIds = consultationMails({ id, ...r, manageUrl }).map((m) => queueMail(tx, m));
    });
  } catch (err) {
    // The partial unique index is the last line of defence; anything else is unexpected.
    if (!/UNIQUE constraint failed|not_unique|must be unique/i.test(String(err))) throw err;
    taken = true;
  }
  if (capped) throw apiError(429, OWNERSHIP_MESSAGES.tooManyConsultations);
  if (taken) throw apiError(409, SLOT_TAKEN);
  if (tooFar) throw apiError(409, tooFar);

  deliverMail($app, mailIds);
  return e.json(200, { id, date: r.date, timeSlot: r.timeSlot, status: ConsultationStatus.Pending, manageToken });
}
