/**
 * POST /api/fn/jobs/review-requests, superuser only (caller superuser in route-table.ts):
 * runs the daily review-request job now and returns { sent, skipped }. For operators (catching
 * up after an outage) and for the server tests, which cannot wait for the daily schedule.
 */
import { sendDueReviewRequests } from './review-requests-job';
import { configuredOrigin } from '../http';
import { runJob, type ServerJob } from '../run-job';

/** The job on the runner (run-command.ts runJob). */
export const reviewRequestsJob: ServerJob = {
  path: '/api/fn/jobs/review-requests',
  run: (app) => sendDueReviewRequests(app, configuredOrigin(app)),
};

export function reviewRequestsJobRoute(e: core.RequestEvent): void {
  runJob(e, reviewRequestsJob);
}
