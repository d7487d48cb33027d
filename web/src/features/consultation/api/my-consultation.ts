/**
 * The consultation's manage-link calls (pb_hooks/src/lib/my-consultation/my-consultation-routes.ts),
 * with the manage pages' plain `fetch` (web/src/lib/manage-link-fetch.ts):
 * - fetchMyConsultation(token) → MyConsultationView (POST /api/fn/my-consultation);
 * - moveConsultation(token, date, timeSlot, from) → the view after the move (POST …/move);
 * - cancelConsultation(token, from) → the view, cancelled (POST …/cancel).
 * A change names what it changes `from`: the date and slot the page showed, so the server
 * refuses a request from a stale page (409). Each rejects with a MyBookingError carrying the
 * server's sentence and status (0: no answer).
 */
import type { VisitAt } from '@domain/booking/self-service';
import type { MyConsultationView } from '@domain/consultations/consultation-link';
import { MyBookingError, postManage as post } from '@/lib/manage-link-fetch';

export { MyBookingError };
export type { MyConsultationView };

export function fetchMyConsultation(token: string): Promise<MyConsultationView> {
  return post('/api/fn/my-consultation', { token });
}

export async function moveConsultation(token: string, date: string, timeSlot: string, from: VisitAt): Promise<MyConsultationView> {
  return (await post<{ view: MyConsultationView }>('/api/fn/my-consultation/move', { token, date, timeSlot, from })).view;
}

export async function cancelConsultation(token: string, from: VisitAt): Promise<MyConsultationView> {
  return (await post<{ view: MyConsultationView }>('/api/fn/my-consultation/cancel', { token, from })).view;
}
