/**
 * Scheduled job (daily, route-table.ts): e-mails the post_removal review request the day after a
 * completed removal (domain reviewRequestDue: removal date before today in New York, at most
 * 30 days back, booking not cancelled and completed, confirmed or paid). Never twice for the
 * same booking and stage: a booking that already has a post_removal testimonial (requested by
 * the admin or an earlier run) is skipped, and the unique (booking, review_stage) index refuses
 * a second placeholder even if two runs overlapped. Each request is the admin's
 * send-review-request command without renewal (domain/commands/review-request-command.ts), run
 * by the command runner's transaction and mail path (lib/commands/run-command.ts executeCommand).
 *
 * Returns { sent, skipped }: requests made on this run, and due bookings that already had one.
 */
import { addDays } from '@domain/schedule/calendar';
import { REVIEW_REQUEST_LOOKBACK_DAYS, reviewRequestDue } from '@domain/reviews/reviews';
import { today } from '../clock';
import { configuredOrigin } from '../http';
import { executeCommand } from '../commands/run-command';
import { sendReviewRequest } from './review-request-route';
import { logError } from '../log';
import { bookingRowOf } from '../booking-row';
import { BookingStatus } from '@domain/booking/lifecycle';

export interface ReviewJobResult {
  sent: number;
  skipped: number;
}

/** Runs the job once for today (APP_NOW-aware); links are built on `origin`. */
export function sendDueReviewRequests(app: CoreApp, origin: string): ReviewJobResult {
  const t = today();
  // The filter narrows by indexed dates; reviewRequestDue is the rule.
  const candidates = app.findRecordsByFilter('bookings', `removal_date != '' && removal_date < {:today} && removal_date >= {:from} && status != '${BookingStatus.Cancelled}'`, 'removal_date', 0, 0, {
    today: t,
    from: addDays(t, -REVIEW_REQUEST_LOOKBACK_DAYS),
  } as unknown as dbx.Params);
  const result: ReviewJobResult = { sent: 0, skipped: 0 };
  for (const b of candidates) {
    const booking = b!;
    const due = reviewRequestDue(bookingRowOf(booking), t);
    if (!due) continue;
    try {
      const run = executeCommand(app, sendReviewRequest, { bookingId: booking.id, stage: 'post_removal' as const, renew: false }, { staffId: '', origin, fingerprint: '' });
      if (run.kind === 'answered') result.sent++;
      else result.skipped++;
    } catch (err) {
      // One bad record must not stop the others; the next run retries it.
      logError(`Review request for booking ${booking.id} failed: ${String(err)}`);
    }
  }
  return result;
}

/** The daily job as scheduled (route-table.ts): links on the configured public origin. */
export function sendReviewRequestsJob(app: CoreApp): ReviewJobResult {
  return sendDueReviewRequests(app, configuredOrigin(app));
}
