/**
 * POST /api/fn/jobs/review-requests, superuser only ($apis.requireSuperuserAuth in main.ts):
 * runs the daily review-request job now and returns { sent, skipped }. For operators (catching
 * up after an outage) and for the server tests, which cannot wait for the daily schedule.
 */
import { sendDueReviewRequests } from '../jobs/review-requests';
import { configuredOrigin } from '../reviews/review-requests';

export function reviewRequestsJobRoute(e: core.RequestEvent): void {
  return e.json(200, sendDueReviewRequests($app, configuredOrigin($app)));
}
