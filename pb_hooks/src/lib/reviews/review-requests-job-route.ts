/**
 * POST /api/fn/jobs/review-requests, superuser only (caller superuser in route-table.ts):
 * runs the daily review-request job now and returns { sent, skipped }. For operators (catching
 * up after an outage) and for the server tests, which cannot wait for the daily schedule.
 */
import { sendDueReviewRequests } from './review-requests-job';
import { configuredOrigin } from '../http';

export function reviewRequestsJobRoute(e: core.RequestEvent): void {
  return e.json(200, sendDueReviewRequests($app, configuredOrigin($app)));
}
