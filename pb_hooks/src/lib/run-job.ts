/**
 * The jobs run now (POST /api/fn/jobs/*, caller 'superuser' in route-table.ts; docs/decisions/064):
 * each job route's handler is the one statement `runJob(e, <its job>)`, declared as the command
 * runner's routes are (commands/run-command.ts runCommand and runRead). At lib/'s root, beneath
 * the mail outbox, so the deliver-mail job declares itself here too (docs/architecture.md "Layers").
 */
import { nowMs } from './clock';
import { apiError } from './http';

/**
 * A job run now by a superuser (operators catching up after an outage, and tests;
 * docs/decisions/064): the same work as its cron entry in route-table.ts JOBS, each record's
 * change through its own command (executeCommand) or the mail outbox.
 */
export interface ServerJob {
  /** Its path in route-table.ts (caller 'superuser'). */
  path: string;
  /** The job's clock, epoch ms, when the request names none: the app's (clock.ts nowMs) unless given. */
  clock?: () => number;
  /** Whether the body's `now` (an ISO time) sets the clock, for a run that catches up. */
  takesNow?: boolean;
  /** The work at `atMs`; its result is the 200 answer. */
  run: (app: CoreApp, atMs: number) => unknown;
}

/** Runs job `job` for request `e`: a superuser only (403), its clock (the body's `now` when it takes one), then 200 with its result. */
export function runJob(e: core.RequestEvent, job: ServerJob): void {
  // PocketBase's requireSuperuserAuth guards the route already (hook-registrations.mjs); said again for a job bound to another route.
  if (!e.hasSuperuserAuth()) throw apiError(403, 'Only a superuser may do this.');
  let at = (job.clock ?? nowMs)();
  if (job.takesNow) {
    try {
      const body = e.requestInfo().body as { now?: unknown };
      if (typeof body?.now === 'string' && Number.isFinite(Date.parse(body.now))) at = Date.parse(body.now);
    } catch {
      // No body: the job's clock.
    }
  }
  return e.json(200, job.run($app, at));
}
