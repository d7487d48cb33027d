/**
 * POST /api/fn/job-events (docs/decisions/016; docs/architecture.md "Admin data and sync"):
 * an on-site action from the admin's offline outbox, applied exactly once. Admin only (401
 * signed out, 403 staff without the admin role). On the command runner
 * (lib/commands/run-command.ts); the rule is domain/commands/job-event-command.ts, the state
 * is read by job-events-repo.ts.
 *
 * Body, JSON or multipart/form-data (a photo needs multipart):
 *   { clientId: 15 of [a-z0-9]   made on the phone when the action was taken; it becomes the
 *                                event's record id, so the phone's optimistic row and the
 *                                server's are the same row,
 *     bookingId: string,
 *     kind: 'note' | 'install_done' | 'removal_done' | 'photo',
 *     text?: string             the note (required for kind note; ≤ 5,000 characters),
 *     occurredAt?: ISO instant  when the action was taken (default: the server's clock),
 *     photo?: image file        kind photo only, exactly one, ≤ 8 MB (JPEG, PNG, WebP, HEIC) }
 *
 * 200 { event, booking, replayed }: the event as stored and its booking as it now is (for the
 * admin's mirror). A done mark stamps `install_done_at` / `removal_done_at` (the first mark's
 * time wins) and `removal_done` (or `install_done` of a booking without removal) sets status
 * 'completed'. The same clientId sent again with the same action, also at the same instant,
 * answers the FIRST event (replayed true) and changes nothing.
 *
 * Errors (plain sentences): 400 a malformed request; 404 no such booking; 409 a done mark on a
 * cancelled, refunded or unpaid booking; 422 the clientId was used for another action; 507 a
 * photo while the data disk is short of space (lib/upload-room.ts, docs/decisions/042): our
 * failure, so the outbox keeps the photo and sends it again later.
 */
import { JOB_EVENT_MESSAGES } from '@domain/booking/job-events';
import { jobEventCommand, type JobEventAnswer, type JobEventInput, type JobEventState } from '@domain/commands/job-event-command';
import type { ServerCommand } from '../commands/run-command';
import { loadJobEventState } from '../booking-store/job-events-repo';

/** The event `eventId` as stored and its booking as it now is; `replayed` for a repeat of the client id. */
function eventAnswer(app: CoreApp, eventId: string, replayed: boolean) {
  const event = app.findRecordById('job_events', eventId);
  return { event, booking: app.findRecordById('bookings', event.getString('booking')), replayed };
}

export const jobEvents: ServerCommand<JobEventInput, JobEventState, never, JobEventAnswer> = {
  command: jobEventCommand,
  path: '/api/fn/job-events',
  caller: 'admin',
  uploads: { fields: ['photo'], diskLow: JOB_EVENT_MESSAGES.diskLow, what: 'job photo' },
  load: (tx, input, ctx) => loadJobEventState(tx, input.request, ctx.fingerprint, ctx.staffId),
  respond: (app, a) => eventAnswer(app, a.eventId, a.replayed),
  // The client id's key stores the first event's id; a repeat answers it as stored now, replayed.
  reword: (app, stored) => eventAnswer(app, String(stored.eventId ?? ''), true),
};
