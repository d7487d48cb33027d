/**
 * POST /api/fn/jobs/purge-tombstones, superuser only (caller superuser in route-table.ts):
 * runs the daily tombstone purge now and returns { purged }. For operators and for the server
 * tests, which cannot wait for the schedule.
 */
import { purgeTombstones } from './tombstones';

export function purgeTombstonesJobRoute(e: core.RequestEvent): void {
  return e.json(200, { purged: purgeTombstones($app) });
}
