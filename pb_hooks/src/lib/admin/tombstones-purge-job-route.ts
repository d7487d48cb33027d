/**
 * POST /api/fn/jobs/purge-tombstones, superuser only (caller superuser in route-table.ts):
 * runs the daily purge now (lib/admin/daily-purge.ts) and returns { purged, purgedRequestKeys }.
 * For operators and for the server tests, which cannot wait for the schedule.
 */
import { dailyPurge } from './daily-purge';
import { runJob, type ServerJob } from '../run-job';

/** The job on the runner (run-command.ts runJob). */
export const purgeTombstonesJob: ServerJob = {
  path: '/api/fn/jobs/purge-tombstones',
  run: (app) => dailyPurge(app),
};

export function purgeTombstonesJobRoute(e: core.RequestEvent): void {
  runJob(e, purgeTombstonesJob);
}
