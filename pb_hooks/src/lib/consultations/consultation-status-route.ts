/**
 * POST /api/fn/consultations/status (docs/decisions/033), admin only: the owner confirms a
 * consultation request, moves it to another free slot (which confirms it), marks it done, or
 * cancels it; the customer is e-mailed each time (lib/mail/consultation-update.ts).
 * Header Idempotency-Key (the phone's outbox may send it again); body
 * { id, action: 'confirm' | 'reschedule' | 'complete' | 'cancel', date?, timeSlot? } (date and
 * slot for a reschedule: a Wednesday in the consultation window, not blocked, the slot free)
 * → 200 { consultation }. The same action on the state it already reached answers as it is and
 * mails nothing again. Refused: 400 a malformed body, a date the season refuses; 404 no such
 * request; 409 a done or cancelled request, a slot taken meanwhile (also by a request at the
 * same instant: the partial unique index decides).
 */
import { OWNERSHIP_MESSAGES } from '@domain/booking-ownership';
import { CONSULTATION_STATUS_MESSAGES as M, isConsultationAction, nextConsultationStatus } from '@domain/consultation-status';
import { CONSULTATION_SLOTS } from '@domain/slots';
import { consultationDateProblem } from '@domain/season';
import { requireAdmin } from '../admin/staff-auth';
import { apiError, badRequest, idempotencyKeyHeader, readJsonObject, refusableTransaction, type Refusal } from '../http';
import { consultationUpdateMail } from '../mail/consultation-update';
import { deliverMail, queueMail } from '../mail/mail-outbox';
import { loadDateContext } from '../settings';
import { takenConsultationSlots } from './consultations-repo';

export function consultationStatusRoute(e: core.RequestEvent): void {
  requireAdmin(e);
  idempotencyKeyHeader(e, OWNERSHIP_MESSAGES.idempotencyKeyInvalid);
  const body = readJsonObject(e);
  const id = typeof body.id === 'string' ? body.id.trim() : '';
  const action = body.action;
  if (!id) throw badRequest('Please choose the consultation.');
  if (!isConsultationAction(action)) throw badRequest(M.action);
  const date = typeof body.date === 'string' ? body.date : '';
  const timeSlot = typeof body.timeSlot === 'string' ? body.timeSlot : '';
  if (action === 'reschedule') {
    if (!date || !CONSULTATION_SLOTS.some((s) => s.id === timeSlot)) throw badRequest(M.slot);
    const problem = consultationDateProblem(date, loadDateContext($app));
    if (problem) throw badRequest(problem);
  }
  let mailIds: string[] = [];
  try {
    refusableTransaction($app, (tx): Refusal | void => {
      let r: core.Record;
      try {
        r = tx.findRecordById('consultation_requests', id);
      } catch {
        return { status: 404, message: 'Consultation not found.' };
      }
      const next = nextConsultationStatus(r.getString('status'), action);
      if (!next.ok) return { status: 409, message: next.message };
      const sameTime = r.getString('consultation_date') === date && r.getString('consultation_time_slot') === timeSlot;
      if (next.replay || (action === 'reschedule' && sameTime && r.getString('status') === 'confirmed')) return;
      if (action === 'reschedule') {
        if (!sameTime && takenConsultationSlots(tx, date).has(timeSlot)) return { status: 409, message: M.taken };
        r.set('consultation_date', date);
        r.set('consultation_time_slot', timeSlot);
      }
      r.set('status', next.status);
      if (action !== 'complete') r.set('ics_sequence', r.getInt('ics_sequence') + 1);
      tx.save(r);
      mailIds = [queueMail(tx, consultationUpdateMail(tx, r, action))];
    });
  } catch (err) {
    // Two moves onto one slot at the same instant: the partial unique index refuses the second.
    if (String(err).includes('UNIQUE')) throw apiError(409, M.taken);
    throw err;
  }
  deliverMail($app, mailIds);
  return e.json(200, { consultation: $app.findRecordById('consultation_requests', id) });
}
