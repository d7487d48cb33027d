/**
 * The visit-reminder job (hourly, route-table.ts; docs/decisions/028): at 9 AM New York time,
 * or at the first run after it, queues one reminder per visit tomorrow (domain/reminders.ts
 * dueReminders) with a fresh manage link, in a transaction per reminder that first looks for
 * its outbox key, so two runs never send one twice; then sends them. The outbox checks each
 * again when it sends it (mail/outbox-checks.ts).
 *
 * Returns { queued, skipped }: reminders queued on this run, and due ones already queued.
 */
import { addDays, businessToday } from '@domain/calendar';
import { dueReminders, reminderStillDue } from '@domain/reminders';
import { nowMs } from '../clock';
import { configuredOrigin } from '../http';
import { deliverMail, findByKey, queueMail } from '../mail/mail-outbox';
import { reminderKey, visitReminderMail } from '../mail/visit-reminder';
import { issueManageToken, manageUrl } from '../my-booking/manage-links';
import { selfServiceBookingOf } from '../bookings/bookings-repo';
import { logError } from '../log';

export interface ReminderJobResult {
  queued: number;
  skipped: number;
}

/** Runs the job once at `now` (epoch ms), with links on `origin`. */
export function sendVisitReminders(app: CoreApp, now: number, origin: string): ReminderJobResult {
  const tomorrow = addDays(businessToday(new Date(now)), 1);
  // The indexed dates narrow the season to tomorrow's visits; dueReminders is the rule.
  const candidates = app.findRecordsByFilter('bookings', "status = 'confirmed' && (install_date = {:d} || removal_date = {:d})", '', 0, 0, { d: tomorrow } as unknown as dbx.Params);
  const due = dueReminders(
    candidates.map((r) => selfServiceBookingOf(r!)),
    now,
  );
  const result: ReminderJobResult = { queued: 0, skipped: 0 };
  const ids: string[] = [];
  for (const d of due) {
    try {
      app.runInTransaction((tx) => {
        if (findByKey(tx, reminderKey(d))) {
          result.skipped++;
          return;
        }
        const booking = tx.findRecordById('bookings', d.bookingId);
        if (!reminderStillDue(selfServiceBookingOf(booking), d.version)) return;
        ids.push(queueMail(tx, visitReminderMail(booking, d, manageUrl(origin, issueManageToken(tx, booking)))));
        result.queued++;
      });
    } catch (err) {
      // One bad record must not stop the others; the next hourly run retries it.
      logError(`visit reminder for booking ${d.bookingId} failed: ${String(err)}`);
    }
  }
  deliverMail(app, ids);
  return result;
}

/** The hourly job as scheduled (route-table.ts): now, links on the configured public origin. */
export function sendVisitRemindersJob(app: CoreApp): ReminderJobResult {
  return sendVisitReminders(app, nowMs(), configuredOrigin(app));
}

/**
 * POST /api/fn/jobs/send-reminders, superuser only: runs the job now, or at `{ now }` (an ISO
 * time, for the server tests and for an operator catching up), and answers { queued, skipped }.
 */
export function sendRemindersJobRoute(e: core.RequestEvent): void {
  let now = nowMs();
  try {
    const body = e.requestInfo().body as { now?: unknown };
    if (typeof body?.now === 'string' && Number.isFinite(Date.parse(body.now))) now = Date.parse(body.now);
  } catch {
    // no body: now
  }
  return e.json(200, sendVisitReminders($app, now, configuredOrigin($app)));
}
