/**
 * GET /api/fn/consultation-slots?date=YYYY-MM-DD[&zip=12345]: the consultation slots of one date
 * with their availability (docs/product.md §2 Consultation request, §9 Consultations), so the page
 * can disable taken slots without reading anyone's request: those starting inside the
 * consultation notice are left out (domain/schedule/notice.ts), and with the customer's `zip`
 * those the owner could not drive to or from in time are unavailable
 * (domain/schedule/consultation-choices.ts consultationDayAnswer).
 *
 * 200 { date, bookable, reason, noticeHint, slots: [{ id: 'HH:MM', label: '8:00 AM', available }] }.
 * A date that cannot be booked (not a Wednesday, out of the window, past or today, blocked,
 * every slot inside the notice) is bookable: false with the reason and no slots; `noticeHint`
 * ("Bookings need 24 hours' notice.") when slots were left out for it. 400 for a malformed date
 * or ZIP.
 */
import { isYmd } from '@domain/schedule/calendar';
import { consultationDayAnswer } from '@domain/schedule/consultation-choices';
import { centroid } from '../bookings/distance';
import { consultationVisitsOn, takenConsultationSlots } from './consultations-repo';
import { nowMs } from '../clock';
import { badRequest, queryParam } from '../http';
import { loadDateContext, loadNotice, loadTravelBuffer } from '../settings';

export function consultationSlotsRoute(e: core.RequestEvent): void {
  const date = queryParam(e, 'date');
  const zip = queryParam(e, 'zip');
  if (!isYmd(date)) throw badRequest('Please give the date as YYYY-MM-DD.');
  if (zip && !/^\d{5}$/.test(zip)) throw badRequest('Please give the ZIP code as five digits.');
  const travel = zip ? { zip, bufferMinutes: loadTravelBuffer($app), centroid } : null;
  const day = () => ({ taken: takenConsultationSlots($app, date), others: travel ? consultationVisitsOn($app, date) : [] });
  return e.json(200, { date, ...consultationDayAnswer(date, loadDateContext($app), nowMs(), loadNotice($app).consultation, day, travel) });
}
