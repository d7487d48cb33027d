/**
 * GET /api/fn/season: today in the business time zone and the season's date windows, so the
 * date pickers disable exactly what the server refuses (docs/product.md §5 Dates).
 * With `?installDate=YYYY-MM-DD`, the season of the booking installed then (its visits' moves).
 * Response: { today, season: { year, install, removal, consultation }, workDays }.
 */
import { WORK_DAYS } from '@domain/schedule/season';
import { isYmd } from '@domain/schedule/calendar';
import { queryParam } from '../http';
import { loadBookingDateContext, loadDateContext } from '../settings';

export function seasonRoute(e: core.RequestEvent): void {
  const installDate = queryParam(e, 'installDate');
  const ctx = isYmd(installDate) ? loadBookingDateContext($app, installDate) : loadDateContext($app);
  return e.json(200, { today: ctx.today, season: ctx.season, workDays: WORK_DAYS });
}
