/**
 * POST /api/fn/jobs/deliver-mail, superuser only: runs the every-minute mail job now (operators
 * catching up after an outage; docs/decisions/021), or as at `{ now }` (an ISO time, for the
 * server tests: a retry falls due without waiting out its backoff on the wall clock), and
 * answers { delivered }: the mail outbox rows now sent or logged.
 */
import { deliverDueMail } from './mail-outbox';

export function deliverMailJobRoute(e: core.RequestEvent): void {
  let at = Date.now();
  try {
    const body = e.requestInfo().body as { now?: unknown };
    if (typeof body?.now === 'string' && Number.isFinite(Date.parse(body.now))) at = Date.parse(body.now);
  } catch {
    // no body: now
  }
  return e.json(200, { delivered: deliverDueMail($app, at) });
}
