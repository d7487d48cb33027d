/**
 * POST /api/fn/jobs/purge-tombstones, superuser only (caller superuser in route-table.ts):
 * runs the daily purge now (lib/admin/daily-purge.ts) and returns { purged, purgedRequestKeys }.
 * For operators and for the server tests, which cannot wait for the schedule.
 */
import { dailyPurge } from './daily-purge';

export function purgeTombstonesJobRoute(e: core.RequestEvent): void {
  return e.json(200, dailyPurge($app));
}
