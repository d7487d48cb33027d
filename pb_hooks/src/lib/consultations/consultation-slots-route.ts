/**
 * GET /api/fn/consultation-slots?date=YYYY-MM-DD: the 24 consultation slots of one date with
 * their availability (docs/product.md §2 Consultation request, §9 Consultations), so the page can
 * disable taken slots without reading anyone's request.
 *
 * 200 { date, bookable, reason, slots: [{ id: 'HH:MM', label: '8:00 AM', available }] }. A date
 * that cannot be booked (not a Wednesday, out of the window, past or today, blocked) is
 * bookable: false with the reason and no slots. 400 for a malformed date.
 */
import { isYmd } from '@domain/schedule/calendar';
import { consultationDateProblem } from '@domain/schedule/season';
import { CONSULTATION_SLOTS } from '@domain/schedule/slots';
import { takenConsultationSlots } from './consultations-repo';
import { badRequest, queryParam } from '../http';
import { loadDateContext } from '../settings';

export function consultationSlotsRoute(e: core.RequestEvent): void {
  const date = queryParam(e, 'date');
  if (!isYmd(date)) throw badRequest('Please give the date as YYYY-MM-DD.');
  const reason = consultationDateProblem(date, loadDateContext($app));
  if (reason) return e.json(200, { date, bookable: false, reason, slots: [] });
  const taken = takenConsultationSlots($app, date);
  const slots = CONSULTATION_SLOTS.map((s) => ({ id: s.id, label: s.label, available: !taken.has(s.id) }));
  return e.json(200, { date, bookable: true, reason: null, slots });
}
