/**
 * POST /api/fn/jobs/reconcile-charges, superuser only: runs the every-minute reconcile job now
 * (docs/decisions/021) and answers { settled }: the pending charges given their outcome.
 */
import { reconcilePendingCharges } from './charge-reconcile';

export function reconcileChargesJobRoute(e: core.RequestEvent): void {
  return e.json(200, { settled: reconcilePendingCharges($app) });
}
