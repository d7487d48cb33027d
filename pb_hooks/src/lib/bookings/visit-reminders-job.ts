/**
 * The visit-reminder job (hourly, route-table.ts; docs/decisions/028): at 9 AM New York time,
 * or at the first run after it, one reminder per visit tomorrow (domain/mail/reminders.ts
 * dueReminders) with a fresh manage link. Each is the send-visit-reminder command
 * (domain/commands/visit-reminder-command.ts) run by the command runner
 * (lib/commands/run-command.ts executeCommand): in its transaction the reminder's outbox key is
 * looked for, the link written and the e-mail queued, so two runs never send one twice; the
 * e-mail is sent after the commit. The outbox checks each again when it sends it
 * (bookings/visit-reminder-checks.ts).
 *
 * Returns { queued, skipped }: reminders queued on this run, and due ones already queued.
 */
import { addDays, businessToday } from '@domain/schedule/calendar';
import {
  VISIT_REMINDER_MESSAGES,
  visitReminderCommand,
  type VisitReminderAnswer,
  type VisitReminderInput,
  type VisitReminderMail,
  type VisitReminderState,
} from '@domain/commands/visit-reminder-command';
import { blockedDayChoicesOf } from '@domain/commands/blocked-day-command';
import { dueReminders } from '@domain/mail/reminders';
import { nowMs } from '../clock';
import { executeCommand, type ServerCommand } from '../commands/run-command';
import { runJob, type ServerJob } from '../run-job';
import { configuredOrigin } from '../http';
import { findByKey } from '../mail/mail-outbox';
import { reminderKey, visitReminderMail } from '../mail/visit-reminder';
import { issueManageToken, manageUrl } from '../booking-store/manage-links';
import { loadBlockedDates } from '../settings';
import { selfServiceBookingOf } from '../booking-store/bookings-repo';
import { logError } from '../log';
import { BookingStatus } from '@domain/booking/lifecycle';
import { bookingField } from '../booking-row';
import { findRecord } from '../records';

export interface ReminderJobResult {
  queued: number;
  skipped: number;
}

/** One reminder on the server. No route of its own: the job (and its run-now route) runs it. */
export const sendVisitReminder: ServerCommand<VisitReminderInput, VisitReminderState, VisitReminderMail, VisitReminderAnswer> = {
  command: visitReminderCommand,
  path: '/api/fn/jobs/send-reminders',
  load(tx, input, ctx) {
    const base = { alreadyQueued: false, origin: ctx.origin, blocked: loadBlockedDates(tx), blockedDayChoices: {} };
    const r = findRecord(tx, 'bookings', input.bookingId);
    if (!r) return { ...base, booking: null };
    return { ...base, booking: selfServiceBookingOf(r), alreadyQueued: !!findByKey(tx, reminderKey(input)), blockedDayChoices: blockedDayChoicesOf(bookingField(r, 'blocked_day_choices')) };
  },
  // The fresh manage link is written here, in the command's transaction, with the e-mail that carries it.
  composeMail(tx, mail) {
    const booking = tx.findRecordById('bookings', mail.bookingId);
    return visitReminderMail(tx, booking, mail.due, manageUrl(mail.origin, issueManageToken(tx, booking)));
  },
  respond: (_app, answer) => answer,
};

/** Runs the job once at `now` (epoch ms), with links on `origin`. */
export function sendVisitReminders(app: CoreApp, now: number, origin: string): ReminderJobResult {
  const tomorrow = addDays(businessToday(new Date(now)), 1);
  // The indexed dates narrow the season to tomorrow's visits; dueReminders is the rule.
  const candidates = app.findRecordsByFilter('bookings', `status = '${BookingStatus.Confirmed}' && (install_date = {:d} || removal_date = {:d})`, '', 0, 0, { d: tomorrow } as unknown as dbx.Params);
  const due = dueReminders(
    candidates.map((r) => selfServiceBookingOf(r!)),
    now,
  );
  const result: ReminderJobResult = { queued: 0, skipped: 0 };
  for (const d of due) {
    try {
      const run = executeCommand(app, sendVisitReminder, { bookingId: d.bookingId, version: d.version, atMs: now }, { staffId: '', origin, fingerprint: '' });
      if (run.kind === 'answered') result.queued++;
      else if (run.kind === 'refused' && run.refusal.message === VISIT_REMINDER_MESSAGES.alreadyQueued) result.skipped++;
    } catch (err) {
      // One bad record must not stop the others; the next hourly run retries it.
      logError(`visit reminder for booking ${d.bookingId} failed: ${String(err)}`);
    }
  }
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
/** The job on the runner (run-command.ts runJob): the app's clock unless the body names `now`. */
export const sendRemindersRunNow: ServerJob = {
  path: '/api/fn/jobs/send-reminders',
  takesNow: true,
  run: (app, now) => sendVisitReminders(app, now, configuredOrigin(app)),
};

export function sendRemindersJobRoute(e: core.RequestEvent): void {
  runJob(e, sendRemindersRunNow);
}
