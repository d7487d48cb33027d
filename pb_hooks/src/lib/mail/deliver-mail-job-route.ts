/**
 * POST /api/fn/jobs/deliver-mail, superuser only: runs the every-minute mail job now (operators
 * catching up after an outage; docs/decisions/021), or as at `{ now }` (an ISO time, for the
 * server tests: a retry falls due without waiting out its backoff on the wall clock), and
 * answers { delivered }: the mail outbox rows now sent or logged.
 */
import { deliverDueMail } from './mail-outbox';
import { runJob, type ServerJob } from '../run-job';

/** The job on the runner (run-command.ts runJob): the wall clock, as the cron's, unless the body names `now`. */
export const deliverMailJob: ServerJob = {
  path: '/api/fn/jobs/deliver-mail',
  clock: () => Date.now(),
  takesNow: true,
  run: (app, at) => ({ delivered: deliverDueMail(app, at) }),
};

export function deliverMailJobRoute(e: core.RequestEvent): void {
  runJob(e, deliverMailJob);
}
