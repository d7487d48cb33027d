/**
 * GET /api/fn/season: today in the business time zone and the season's date windows, so the
 * date pickers disable exactly what the server refuses (docs/product.md §5 Dates).
 * Response: { today, season: { year, install, removal, consultation }, workDays }.
 */
import { WORK_DAYS } from '@domain/season';
import { loadDateContext } from '../settings';

export function seasonRoute(e: core.RequestEvent): void {
  const ctx = loadDateContext($app);
  return e.json(200, { today: ctx.today, season: ctx.season, workDays: WORK_DAYS });
}
