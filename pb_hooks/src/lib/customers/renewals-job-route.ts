/**
 * POST /api/fn/jobs/renewals, superuser only (caller superuser in route-table.ts): runs the
 * daily renewals job now (renewals-job.ts) and returns { season, due, queued, skipped }. For
 * operators (catching up after an outage) and for the server tests, which cannot wait for the
 * daily schedule. Links are built on the configured public origin.
 */
import { sendRenewals } from './renewals-job';
import { configuredOrigin } from '../http';
import { runJob, type ServerJob } from '../run-job';

/** The job on the runner (run-command.ts runJob). */
export const renewalsJob: ServerJob = {
  path: '/api/fn/jobs/renewals',
  run: (app) => sendRenewals(app, configuredOrigin(app)),
};

export function renewalsJobRoute(e: core.RequestEvent): void {
  runJob(e, renewalsJob);
}
