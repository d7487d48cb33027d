/**
 * The waitlist's offers job (the waitlist contract): every minute (route-table.ts JOBS) and on
 * POST /api/fn/jobs/waitlist-offers (superusers; run-now for operators and tests, the clock
 * from lib/clock.ts so APP_NOW is honoured): open offers past their expiry end ('expired'),
 * those whose slot went another way end ('ended', the customer told), then every date with
 * people waiting offers its free slots in line order (waitlist-offer-step.ts). Answers
 * { expired, ended, offered }.
 */
import { nowMs } from '../clock';
import { logError } from '../log';
import { runWaitlistOffers } from './waitlist-offer-step';
import { runJob, type ServerJob } from '../run-job';

/** The job on the runner (run-command.ts runJob), on the app's clock. */
export const waitlistOffersRunNow: ServerJob = {
  path: '/api/fn/jobs/waitlist-offers',
  run: (app, at) => runWaitlistOffers(app, at),
};

export function waitlistOffersJobRoute(e: core.RequestEvent): void {
  runJob(e, waitlistOffersRunNow);
}

/** The cron's run: a failure is logged (the next minute runs again). */
export function waitlistOffersJob(app: CoreApp): void {
  try {
    runWaitlistOffers(app, nowMs());
  } catch (err) {
    logError(`waitlist offers job failed: ${String(err)}`);
  }
}
