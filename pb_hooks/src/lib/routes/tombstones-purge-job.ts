/**
 * POST /api/fn/jobs/purge-tombstones, superuser only ($apis.requireSuperuserAuth in main.ts):
 * runs the daily tombstone purge now and returns { purged }. For operators and for the server
 * tests, which cannot wait for the schedule.
 */
import { purgeTombstones } from '../records/tombstone';

export function purgeTombstonesJobRoute(e: core.RequestEvent): void {
  return e.json(200, { purged: purgeTombstones($app) });
}
