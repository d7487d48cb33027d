/**
 * The owner's answer to a consultation request as a command (docs/decisions/033;
 * domain/consultations/consultation-status.ts): confirm, move to another free Wednesday slot (which confirms
 * it), mark done, or cancel; each change raises the calendar file's sequence (but a thank-you)
 * and e-mails the customer once. The same action on the state it already reached changes
 * nothing and mails nothing. Pure.
 */
import { CONSULTATION_STATUS_MESSAGES as M, type ConsultationAction, ConsultationStatus, isConsultationAction, nextConsultationStatus } from '../consultations/consultation-status';
import { consultationDateProblem, type DateContext } from '../schedule/season';
import { CONSULTATION_SLOTS } from '../schedule/slots';
import { decided, refuse, type Change, type Command } from './command';
import type { ConsultationRow } from '../consultations/consultation-row';

export const CONSULTATION_COMMAND_MESSAGES = {
  missing: 'Please choose the consultation.',
  notFound: 'Consultation not found.',
} as const;

export interface ConsultationStatusInput {
  id: string;
  action: ConsultationAction;
  /** The new date and slot (a reschedule), else as sent ('' when not). */
  date: string;
  timeSlot: string;
}

export interface ConsultationStatusState {
  /** Today, the season and the blocked days (a reschedule's date is checked against them). */
  dateContext: DateContext;
  consultation: (Pick<ConsultationRow, 'id' | 'status'> & { date: string; timeSlot: string; icsSequence: number }) | null;
  /** Slots ('HH:MM') of the input's date held by requests that are not cancelled. */
  takenSlots: readonly string[];
}

/** The e-mail to the customer for `action` just applied (the server composes it from the stored request). */
export interface ConsultationUpdateMail {
  consultationId: string;
  action: ConsultationAction;
}

export interface ConsultationStatusAnswer {
  consultationId: string;
}

/** Checks { id, action, date?, timeSlot? } (a reschedule needs a date and one of CONSULTATION_SLOTS). */
export function parseConsultationStatus(body: Record<string, unknown>): { ok: true; value: ConsultationStatusInput } | { ok: false; message: string } {
  const id = typeof body.id === 'string' ? body.id.trim() : '';
  if (!id) return { ok: false, message: CONSULTATION_COMMAND_MESSAGES.missing };
  const action = body.action;
  if (!isConsultationAction(action)) return { ok: false, message: M.action };
  const date = typeof body.date === 'string' ? body.date : '';
  const timeSlot = typeof body.timeSlot === 'string' ? body.timeSlot : '';
  if (action === 'reschedule' && (!date || !CONSULTATION_SLOTS.some((s) => s.id === timeSlot))) return { ok: false, message: M.slot };
  return { ok: true, value: { id, action, date, timeSlot } };
}

export const consultationStatusCommand: Command<ConsultationStatusInput, ConsultationStatusState, ConsultationUpdateMail, ConsultationStatusAnswer> = {
  name: 'consultation-status',
  parse: (body) => parseConsultationStatus(body),
  idempotency: { by: 'natural', header: 'required', why: 'the same action on the state it reached changes nothing and mails nothing (nextConsultationStatus replay)' },
  decide(state, input) {
    if (input.action === 'reschedule') {
      const problem = consultationDateProblem(input.date, state.dateContext);
      if (problem) return refuse(400, problem);
    }
    const c = state.consultation;
    if (!c) return refuse(404, CONSULTATION_COMMAND_MESSAGES.notFound);
    const next = nextConsultationStatus(c.status, input.action);
    if (!next.ok) return refuse(409, next.message);
    const answer = { consultationId: c.id };
    const sameTime = c.date === input.date && c.timeSlot === input.timeSlot;
    if (next.replay || (input.action === 'reschedule' && sameTime && c.status === ConsultationStatus.Confirmed)) return decided([], answer);
    const fields: Extract<Change, { op: 'update' }>['fields'] & Record<string, string | number> = { status: next.status };
    if (input.action === 'reschedule') {
      if (!sameTime && state.takenSlots.includes(input.timeSlot)) return refuse(409, M.taken);
      fields.consultation_date = input.date;
      fields.consultation_time_slot = input.timeSlot;
    }
    if (input.action !== 'complete') fields.ics_sequence = c.icsSequence + 1;
    return { changes: [{ op: 'update', collection: 'consultation_requests', id: c.id, fields }], mails: [{ consultationId: c.id, action: input.action }], answer };
  },
};
