/**
 * POST /api/fn/jobs/deliver-mail, superuser only: runs the every-minute mail job now (operators
 * catching up after an outage; docs/decisions/021) and answers { delivered }: the mail outbox
 * rows now sent or logged.
 */
import { deliverDueMail } from './mail-outbox';

export function deliverMailJobRoute(e: core.RequestEvent): void {
  return e.json(200, { delivered: deliverDueMail($app) });
}
