/**
 * GET /api/fn/admin-first-run, admin only: what the Overview's first-run checklist needs from the
 * server (domain/admin/first-run.ts; docs/decisions/059). 200 { senderAddress, seasonSaved }:
 * the address e-mails are sent from (PocketBase's sender, set from MAIL_FROM at start) and
 * whether any season has been saved. 401 without a signed-in user; 403 for anyone but an admin.
 */
import { requireAdmin } from '../staff-auth';

export function adminFirstRunRoute(e: core.RequestEvent): void {
  requireAdmin(e);
  const seasons = $app.countRecords('seasons');
  return e.json(200, { senderAddress: $app.settings().meta.senderAddress, seasonSaved: seasons > 0 });
}
