/**
 * GET /api/fn/availability?date=YYYY-MM-DD&size=7.5-9ft&kind=install|removal[&installDate=…]
 * Every slot of one date for a tree size and visit kind, with its availability, in one call
 * (docs/architecture.md "Server interface"; docs/product.md §5 Dates, §9 Schedule).
 *
 * 200 { date, size, kind, closingHour, bookable, reason, slots: [{ id, label, time, startHour,
 * endHour, available }] }. A date that cannot be booked (not a work day, out of season, past,
 * blocked) is bookable: false with the reason and no slots. 400 for malformed parameters.
 */
import { isYmd } from '@domain/schedule/calendar';
import { isTreeSize } from '@domain/catalog';
import { slotChoices } from '@domain/schedule/overlap';
import { installDateProblem, removalDateProblem } from '@domain/schedule/season';
import { closingHour, type VisitKind } from '@domain/schedule/slots';
import { keptBookingsOn } from './bookings-repo';
import { nowMs } from '../clock';
import { badRequest, queryParam } from '../http';
import { loadBookingDateContext, loadCrews, loadDateContext } from '../settings';

export function availabilityRoute(e: core.RequestEvent): void {
  const date = queryParam(e, 'date');
  const size = queryParam(e, 'size');
  const kind = (queryParam(e, 'kind') || 'install') as VisitKind;
  const installDate = queryParam(e, 'installDate');
  if (!isYmd(date)) throw badRequest('Please give the date as YYYY-MM-DD.');
  if (!isTreeSize(size)) throw badRequest('Please choose a tree size: 5-7ft, 7.5-9ft or 10-12ft.');
  if (kind !== 'install' && kind !== 'removal') throw badRequest('The visit kind must be install or removal.');
  if (installDate && !isYmd(installDate)) throw badRequest('Please give the installation date as YYYY-MM-DD.');

  // A booking's visit (its installation date given) is checked in that booking's season.
  const ctx = installDate ? loadBookingDateContext($app, installDate) : loadDateContext($app);
  const reason = kind === 'install' ? installDateProblem(date, ctx) : removalDateProblem(date, installDate || null, ctx);
  const base = { date, size, kind, closingHour: closingHour(date) };
  if (reason) return e.json(200, { ...base, bookable: false, reason, slots: [] });

  const slots = slotChoices(size, date, kind, keptBookingsOn($app, date), nowMs(), loadCrews($app));
  return e.json(200, { ...base, bookable: true, reason: null, slots });
}
