/**
 * Answering a consultation request from the admin (docs/decisions/033): confirm it, move it to
 * another free Wednesday slot (which confirms it), mark it done, or cancel it. Pure rules and
 * sentences, shared by the admin's buttons and the server (which decides). The same action on
 * the state it already reached is a replay: allowed, and changes nothing.
 */
import { isOneOf, oneOfOr, valuesOf, type ValueOf } from '../one-of';

/** A consultation request's statuses, as in the migrations (`consultation_requests.status`): the only place they are spelt. */
export const ConsultationStatus = { Pending: 'pending', Confirmed: 'confirmed', Completed: 'completed', Cancelled: 'cancelled' } as const;
export type ConsultationStatus = ValueOf<typeof ConsultationStatus>;
export const CONSULTATION_STATUSES = valuesOf(ConsultationStatus);

/** A stored consultation `status` as the union; a value the migrations do not allow reads as `pending`. */
export function asConsultationStatus(value: string): ConsultationStatus {
  return oneOfOr(CONSULTATION_STATUSES, value, ConsultationStatus.Pending);
}

/** Whether a consultation is still on: not cancelled (it holds its Wednesday slot). */
export function consultationIsLive(c: { status: ConsultationStatus }): boolean {
  return c.status !== ConsultationStatus.Cancelled;
}

/** Whether a consultation is over: done or cancelled (the admin offers no action; the customer's link changes nothing). */
export function consultationIsClosed(c: { status: ConsultationStatus }): boolean {
  return c.status === ConsultationStatus.Completed || c.status === ConsultationStatus.Cancelled;
}

export const CONSULTATION_ACTIONS = ['confirm', 'reschedule', 'complete', 'cancel'] as const;
export type ConsultationAction = (typeof CONSULTATION_ACTIONS)[number];

export const CONSULTATION_STATUS_MESSAGES = {
  action: 'Please choose what to do with the consultation: confirm, reschedule, mark done or cancel.',
  slot: 'Please choose a new date and time for the consultation.',
  done: 'This consultation is done, so it can no longer be changed.',
  cancelled: 'This consultation was cancelled, so it can no longer be changed.',
  taken: 'That consultation time is already taken. Please choose another time.',
} as const;

/** The status `action` leads to from `status`, or why it cannot. */
export function nextConsultationStatus(status: ConsultationStatus, action: ConsultationAction): { ok: true; status: ConsultationStatus; replay: boolean } | { ok: false; message: string } {
  const S = ConsultationStatus;
  const target = action === 'complete' ? S.Completed : action === 'cancel' ? S.Cancelled : S.Confirmed;
  if (status === S.Completed) return action === 'complete' ? { ok: true, status, replay: true } : { ok: false, message: CONSULTATION_STATUS_MESSAGES.done };
  if (status === S.Cancelled) return action === 'cancel' ? { ok: true, status, replay: true } : { ok: false, message: CONSULTATION_STATUS_MESSAGES.cancelled };
  // A reschedule always changes the time, so it is never a replay of a confirmation.
  return { ok: true, status: target, replay: action !== 'reschedule' && status === target };
}

/** What the admin's buttons offer for a consultation in `status`. */
export function consultationActions(status: ConsultationStatus): ConsultationAction[] {
  if (consultationIsClosed({ status })) return [];
  return status === ConsultationStatus.Confirmed ? ['reschedule', 'complete', 'cancel'] : ['confirm', 'reschedule', 'complete', 'cancel'];
}

export function isConsultationAction(value: unknown): value is ConsultationAction {
  return isOneOf(CONSULTATION_ACTIONS, value);
}
