/**
 * One visit reminder, as a command (docs/decisions/028; docs/architecture.md "The path of a
 * command"): the e-mail the day before an installation or a removal, with a fresh manage link
 * (docs/decisions/027), once per visit and time. Due when domain/mail/reminders.ts dueReminders
 * says so at the job's instant `atMs` (epoch ms; the run-now route may set it): the booking
 * active, the visit tomorrow (New York), 9 AM today passed, not done, booked before that 9 AM.
 * Refused (409) when its outbox key was already queued (a second run: the job counts it
 * skipped), when it is not due (nothing to do), or while its day is blocked and the owner has
 * not chosen to keep the visit (blocked-day-command.ts blockedDayHoldsReminder; a later run
 * sends it once she keeps it). Naturally idempotent: the outbox key of the
 * reminder (lib/mail/visit-reminder.ts reminderKey) is looked for in the same transaction that
 * queues it. The manage link is issued where the e-mail is composed, in the same transaction
 * (lib/booking-store/manage-links.ts issueManageToken). Pure.
 */
import { dueReminders, type DueReminder, type ReminderBooking } from '../mail/reminders';
import { blockedDayHoldsReminder, type BlockedDayChoices } from './blocked-day-command';
import { refuse, type Command, whenFound } from './command';
import { NO_SUCH_BOOKING } from '../booking/lifecycle';

export const VISIT_REMINDER_MESSAGES = {
  notFound: NO_SUCH_BOOKING,
  alreadyQueued: 'This reminder was already sent.',
  notDue: 'This reminder is not due.',
  blockedDay: 'The day of this visit is blocked: its reminder waits for the owner to keep the visit.',
} as const;

export interface VisitReminderInput {
  bookingId: string;
  /** The reminder's version (domain/mail/reminders.ts reminderVersion): visit, date and slot. */
  version: string;
  /** The job's instant, epoch ms (the hourly run's clock, or the run-now route's `now`). */
  atMs: number;
}

export interface VisitReminderState {
  booking: ReminderBooking | null;
  /** Whether the outbox already holds this reminder's key. */
  alreadyQueued: boolean;
  /** The public origin the link points to. */
  origin: string;
  /** The blocked dates, and the owner's choices for the booking's visits on them. */
  blocked: ReadonlySet<string>;
  blockedDayChoices: BlockedDayChoices;
}

/** The reminder e-mail to compose (lib/mail/visit-reminder.ts visitReminderMail). */
export interface VisitReminderMail {
  bookingId: string;
  due: DueReminder;
  /** The public origin of the manage link. */
  origin: string;
}

export interface VisitReminderAnswer {
  queued: true;
  bookingId: string;
  version: string;
}

export const visitReminderCommand: Command<VisitReminderInput, VisitReminderState, VisitReminderMail, VisitReminderAnswer> = {
  name: 'send-visit-reminder',
  parse: (body) =>
    typeof body.bookingId === 'string' && typeof body.version === 'string' && typeof body.atMs === 'number'
      ? { ok: true, value: { bookingId: body.bookingId, version: body.version, atMs: body.atMs } }
      : { ok: false, message: VISIT_REMINDER_MESSAGES.notFound },
  idempotency: { by: 'natural', header: 'none', why: 'the reminder’s outbox key is looked for in the transaction that queues it' },
  decide: whenFound('booking', VISIT_REMINDER_MESSAGES.notFound, (b, state, input) => {
    if (state.alreadyQueued) return refuse(409, VISIT_REMINDER_MESSAGES.alreadyQueued);
    const due = dueReminders([b], input.atMs).find((d) => d.version === input.version);
    if (!due) return refuse(409, VISIT_REMINDER_MESSAGES.notDue);
    if (blockedDayHoldsReminder(due.date, state.blocked, state.blockedDayChoices)) return refuse(409, VISIT_REMINDER_MESSAGES.blockedDay);
    return {
      changes: [],
      mails: [{ bookingId: b.id, due, origin: state.origin }],
      answer: { queued: true, bookingId: b.id, version: due.version },
    };
  }),
};
