/**
 * POST /api/fn/consultations/status (docs/decisions/033), admin only: the owner confirms a
 * consultation request, moves it to another free slot (which confirms it), marks it done, or
 * cancels it; the customer is e-mailed each time (lib/consultations/consultation-update-mail.ts). On the
 * command runner (lib/commands/run-command.ts); the rule is
 * domain/commands/consultation-status-command.ts.
 * Header Idempotency-Key (the phone's outbox may send it again); body
 * { id, action: 'confirm' | 'reschedule' | 'complete' | 'cancel', date?, timeSlot? } (date and
 * slot for a reschedule: a Wednesday in the consultation window, not blocked, the slot free)
 * → 200 { consultation }. The same action on the state it already reached answers as it is and
 * mails nothing again. Refused: 400 a malformed body, a date the season refuses; 404 no such
 * request; 409 a done or cancelled request, a slot taken meanwhile (also by a request at the
 * same instant: the partial unique index decides).
 */
import { CONSULTATION_STATUS_MESSAGES as M } from '@domain/consultations/consultation-status';
import {
  consultationStatusCommand,
  type ConsultationStatusAnswer,
  type ConsultationStatusInput,
  type ConsultationStatusState,
  type ConsultationUpdateMail,
} from '@domain/commands/consultation-status-command';
import type { ServerCommand } from '../commands/run-command';
import { consultationUpdateMail } from './consultation-update-mail';
import { loadDateContext } from '../settings';
import { takenConsultationSlots } from './consultations-repo';
import { findRecord } from '../records';
import { consultationField } from '../consultation-row';

export const consultationStatus: ServerCommand<ConsultationStatusInput, ConsultationStatusState, ConsultationUpdateMail, ConsultationStatusAnswer> = {
  command: consultationStatusCommand,
  path: '/api/fn/consultations/status',
  caller: 'admin',
  load(tx, input) {
    const dateContext = loadDateContext(tx);
    const takenSlots = input.action === 'reschedule' ? [...takenConsultationSlots(tx, input.date)] : [];
    const r = findRecord(tx, 'consultation_requests', input.id);
    if (!r) return { dateContext, consultation: null, takenSlots };
    const consultation = {
      id: r.id,
      status: consultationField(r, 'status'),
      date: consultationField(r, 'consultation_date'),
      timeSlot: consultationField(r, 'consultation_time_slot'),
      icsSequence: consultationField(r, 'ics_sequence'),
    };
    return { dateContext, consultation, takenSlots };
  },
  composeMail: (tx, m) => consultationUpdateMail(tx, tx.findRecordById('consultation_requests', m.consultationId), m.action),
  respond: (app, a) => ({ consultation: app.findRecordById('consultation_requests', a.consultationId) }),
  // Two moves onto one slot at the same instant: the partial unique index refuses the second.
  writeRefusal: (err) => (String(err).includes('UNIQUE') ? { status: 409, message: M.taken } : null),
};
