/**
 * Answering a consultation request from the admin (docs/decisions/033): confirm it, move it to
 * another free Wednesday slot (which confirms it), mark it done, or cancel it. Pure rules and
 * sentences, shared by the admin's buttons and the server (which decides). The same action on
 * the state it already reached is a replay: allowed, and changes nothing.
 */

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
export function nextConsultationStatus(status: string, action: ConsultationAction): { ok: true; status: string; replay: boolean } | { ok: false; message: string } {
  const target = action === 'complete' ? 'completed' : action === 'cancel' ? 'cancelled' : 'confirmed';
  if (status === 'completed') return action === 'complete' ? { ok: true, status, replay: true } : { ok: false, message: CONSULTATION_STATUS_MESSAGES.done };
  if (status === 'cancelled') return action === 'cancel' ? { ok: true, status, replay: true } : { ok: false, message: CONSULTATION_STATUS_MESSAGES.cancelled };
  // A reschedule always changes the time, so it is never a replay of a confirmation.
  return { ok: true, status: target, replay: action !== 'reschedule' && status === target };
}

/** What the admin's buttons offer for a consultation in `status`. */
export function consultationActions(status: string): ConsultationAction[] {
  if (status === 'completed' || status === 'cancelled') return [];
  return status === 'confirmed' ? ['reschedule', 'complete', 'cancel'] : ['confirm', 'reschedule', 'complete', 'cancel'];
}

export function isConsultationAction(value: unknown): value is ConsultationAction {
  return typeof value === 'string' && (CONSULTATION_ACTIONS as readonly string[]).includes(value);
}
