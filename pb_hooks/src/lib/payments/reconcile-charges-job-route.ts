/**
 * POST /api/fn/jobs/reconcile-charges, superuser only: runs the every-minute reconcile job now
 * (docs/decisions/021) and answers { settled }: the pending charges given their outcome.
 */
import { reconcilePendingCharges } from './charge-reconcile';
import { runJob, type ServerJob } from '../run-job';

/** The job on the runner (run-command.ts runJob). */
export const reconcileChargesJob: ServerJob = {
  path: '/api/fn/jobs/reconcile-charges',
  run: (app) => ({ settled: reconcilePendingCharges(app) }),
};

export function reconcileChargesJobRoute(e: core.RequestEvent): void {
  runJob(e, reconcileChargesJob);
}
