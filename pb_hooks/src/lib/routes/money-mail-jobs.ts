/**
 * Superuser-only runs of the every-minute jobs ($apis.requireSuperuserAuth in main.ts), for
 * operators catching up after an outage (docs/decisions/021):
 * POST /api/fn/jobs/deliver-mail → { delivered } (mail outbox rows now sent or logged);
 * POST /api/fn/jobs/reconcile-charges → { settled } (pending charges given their outcome).
 */
import { deliverDueMail } from '../mail/mail-outbox';
import { reconcilePendingCharges } from '../payments/charge-reconcile';

export function deliverMailJobRoute(e: core.RequestEvent): void {
  return e.json(200, { delivered: deliverDueMail($app) });
}

export function reconcileChargesJobRoute(e: core.RequestEvent): void {
  return e.json(200, { settled: reconcilePendingCharges($app) });
}
