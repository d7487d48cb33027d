/**
 * The customer's own consultation through its manage link, as two commands (the consultation
 * counterpart of docs/decisions/051; domain/consultations/consultation-link.ts for the rules):
 * - move (`my-consultation/move`): to another free Wednesday slot, by the same rules as a new
 *   request (consultationDateProblem, the slot free); the request goes back to `pending` (the
 *   owner confirms the new time, as for a new request), the calendar file's sequence rises, the
 *   link's expiry follows the new date, and the customer and the owner are e-mailed;
 * - cancel (`my-consultation/cancel`): the request is cancelled (its slot is free again, as
 *   takenConsultationSlots skips cancelled requests), the calendar file withdrawn, both e-mailed.
 * Each names what it changes `from` (the date and slot the page showed): another one is a 409,
 * so a stale page or a request sent again changes nothing (docs/decisions/051 "A change names
 * what it changes from"). A cancel of a cancelled request answers as it is. Pure.
 */
import { fromOf, isStaleFrom, SELF_SERVICE_MESSAGES, type VisitAt } from '../booking/self-service';
import { MESSAGES } from '../messages';
import { CONSULTATION_SLOT_TAKEN, isConsultationSlot, UNKNOWN_CONSULTATION_SLOT } from '../consultations/consultation';
import { consultationChangeable, consultationLinkExpiresAtMs, MY_CONSULTATION_MESSAGES as M } from '../consultations/consultation-link';
import { isYmd } from '../schedule/calendar';
import { consultationInsideNotice, noticeRefusal } from '../schedule/notice';
import { consultationDateProblem, type DateContext } from '../schedule/season';
import { decided, pbDate, refuse, type Change, type Command, whenFound } from './command';
import { ConsultationStatus } from '../consultations/consultation-status';
import type { ConsultationRow } from '../consultations/consultation-row';

/** A move request: { token, date, timeSlot, from: { date, timeSlot } }. */
export interface ConsultationMoveInput {
  token: string;
  date: string;
  timeSlot: string;
  from: VisitAt;
}

/** A cancel request: { token, from: { date, timeSlot } }. */
export interface ConsultationCancelInput {
  token: string;
  from: VisitAt;
}

/** The consultation the token opens, read in the command's transaction (null: a dead link). */
export interface LinkedConsultation extends Pick<ConsultationRow, 'id' | 'status'> {
  date: string;
  timeSlot: string;
  icsSequence: number;
  /** Its links in force (`consultation_links`), whose expiry follows a move. */
  liveLinkIds: readonly string[];
}

export interface ConsultationManageState {
  found: LinkedConsultation | null;
  /** Today, the season and the blocked days (a move's date is checked against them). */
  dateContext: DateContext;
  /** Slots ('HH:MM') of the move's date held by requests that are not cancelled ([] for a cancel). */
  takenSlots: readonly string[];
  /** The owner's minimum notice before a consultation, hours (docs/decisions/052); 0 for none. */
  noticeHours: number;
}

/** One e-mail of a change: to the customer or the owner, composed by the server from the request as changed. */
export interface ConsultationChangeMail {
  consultationId: string;
  action: 'reschedule' | 'cancel';
  to: 'customer' | 'owner';
  /** The date and slot before the change. */
  from: VisitAt;
}

export interface ConsultationManageAnswer {
  consultationId: string;
}

function tokenOf(body: Record<string, unknown>): string {
  return typeof body.token === 'string' ? body.token.trim() : '';
}

/** The `from` of a change request, or the 400 asking for a reload when the page sent none or a malformed one. */
function requiredFrom(body: Record<string, unknown>): { ok: true; value: VisitAt } | { ok: false; message: string } {
  const from = fromOf(body);
  if (!from.ok) return from;
  return from.value ? { ok: true, value: from.value } : { ok: false, message: M.missingFrom };
}

/** Checks { token, date, timeSlot, from } (date YYYY-MM-DD, one of the 24 slots; the messages of a new request). */
export function parseConsultationMove(body: Record<string, unknown>): { ok: true; value: ConsultationMoveInput } | { ok: false; message: string } {
  const date = typeof body.date === 'string' ? body.date.trim() : '';
  if (!isYmd(date)) return { ok: false, message: MESSAGES.selectConsultation };
  if (!isConsultationSlot(body.timeSlot)) return { ok: false, message: UNKNOWN_CONSULTATION_SLOT };
  const from = requiredFrom(body);
  if (!from.ok) return from;
  return { ok: true, value: { token: tokenOf(body), date, timeSlot: body.timeSlot, from: from.value } };
}

/** Checks { token, from }. */
export function parseConsultationCancel(body: Record<string, unknown>): { ok: true; value: ConsultationCancelInput } | { ok: false; message: string } {
  const from = requiredFrom(body);
  if (!from.ok) return from;
  return { ok: true, value: { token: tokenOf(body), from: from.value } };
}

/** The customer's and the owner's e-mails of `action` on `c`. */
function mailsOf(c: LinkedConsultation, action: ConsultationChangeMail['action']): ConsultationChangeMail[] {
  const from = { date: c.date, timeSlot: c.timeSlot };
  return [
    { consultationId: c.id, action, to: 'customer', from },
    { consultationId: c.id, action, to: 'owner', from },
  ];
}

export const consultationMoveCommand: Command<ConsultationMoveInput, ConsultationManageState, ConsultationChangeMail, ConsultationManageAnswer> = {
  name: 'my-consultation/move',
  parse: (body) => parseConsultationMove(body),
  idempotency: { by: 'natural', header: 'none', why: 'the request names the time it moves the consultation from, so a replay after the move is refused' },
  decide: whenFound('found', SELF_SERVICE_MESSAGES.invalidLink, (c, state, input, nowMs) => {
    if (!consultationChangeable(c, nowMs)) return refuse(409, M.readOnly);
    if (isStaleFrom(input.from, c)) return refuse(409, M.staleRequest);
    if (input.date === c.date && input.timeSlot === c.timeSlot) return refuse(409, M.sameSlot);
    const problem = consultationDateProblem(input.date, state.dateContext);
    if (problem) return refuse(400, problem);
    // The new time keeps the owner's minimum notice, as a new request does (docs/decisions/052).
    if (consultationInsideNotice(input.date, input.timeSlot, nowMs, state.noticeHours)) return refuse(409, noticeRefusal('consultation', state.noticeHours));
    if (state.takenSlots.includes(input.timeSlot)) return refuse(409, CONSULTATION_SLOT_TAKEN);
    const expires = pbDate(consultationLinkExpiresAtMs(input.date));
    const changes: Change[] = [
      {
        op: 'update',
        collection: 'consultation_requests',
        id: c.id,
        fields: { status: ConsultationStatus.Pending, consultation_date: input.date, consultation_time_slot: input.timeSlot, ics_sequence: c.icsSequence + 1 },
      },
      ...c.liveLinkIds.map((id): Change => ({ op: 'update', collection: 'consultation_links', id, fields: { expires_at: expires } })),
    ];
    return { changes, mails: mailsOf(c, 'reschedule'), answer: { consultationId: c.id } };
  }),
};

export const consultationCancelCommand: Command<ConsultationCancelInput, ConsultationManageState, ConsultationChangeMail, ConsultationManageAnswer> = {
  name: 'my-consultation/cancel',
  parse: (body) => parseConsultationCancel(body),
  idempotency: { by: 'natural', header: 'none', why: 'a cancelled consultation answers as it is and changes nothing, and a request naming another time is refused' },
  decide: whenFound('found', SELF_SERVICE_MESSAGES.invalidLink, (c, _state, input, nowMs) => {
    if (isStaleFrom(input.from, c)) return refuse(409, M.staleRequest);
    const answer = { consultationId: c.id };
    if (c.status === ConsultationStatus.Cancelled) return decided([], answer);
    if (!consultationChangeable(c, nowMs)) return refuse(409, M.readOnly);
    return {
      changes: [{ op: 'update', collection: 'consultation_requests', id: c.id, fields: { status: ConsultationStatus.Cancelled, ics_sequence: c.icsSequence + 1 } }],
      mails: mailsOf(c, 'cancel'),
      answer,
    };
  }),
};
