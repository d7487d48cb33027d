/**
 * POST /api/fn/send-review-request, admin only (docs/product.md §6, §7 send-review-request).
 * Body { booking_id, review_stage?: 'post_install' | 'post_removal' (default post_removal) }.
 * On the command runner (lib/commands/run-command.ts); the rule is
 * domain/commands/review-request-command.ts.
 *
 * Creates the placeholder testimonial with a random, unguessable token valid for 30 days and
 * e-mails the customer the `/submit-review?token=…` link. Asking again for the same booking and
 * stage before the customer has answered sends a fresh link (the old one stops working).
 *
 * Header `Idempotency-Key` (optional, 8–255 of [A-Za-z0-9_:.-]; the admin's offline outbox
 * sends one per request it queues): the same key again, also at the same instant, answers the
 * first answer and sends no second e-mail (the first link keeps working); the same key with
 * another booking or stage is a 422 (docs/decisions/016). Without the header every call asks
 * afresh as before.
 *
 * 200 { success: true, testimonialId, reviewUrl, expiresAt, mailStatus: sent|logged|failed }.
 * 400 'Please select a booking' without booking_id, or for a bad stage or a booking that never
 * went ahead; 401/403 for anyone but an admin; 404 unknown booking; 409 when that review was
 * already submitted.
 */
import { REVIEW_TOKEN_LENGTH } from '@domain/reviews/reviews';
import { reviewRequestCommand, type ReviewRequestAnswer, type ReviewRequestInput, type ReviewRequestMailData, type ReviewRequestState } from '@domain/commands/review-request-command';
import { toPbDate } from '../clock';
import type { ServerCommand } from '../commands/run-command';
import { reviewRequestMail } from '../mail/review-request';
import { serviceLine } from './review-requests';
import { bookingFieldsOf } from '../booking-row';
import { MailLogStatus } from '@domain/mail/mail-status';
import { findRecord } from '../records';

/** The row's fields the review request reads (ReviewRequestBooking). */
const REVIEW_REQUEST_FIELDS = ['id', 'status', 'payment_status', 'customer_name', 'customer_email', 'package_type', 'tree_size', 'install_date', 'removal_date'] as const;

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The mail status of a keyed request that died before recording it: its e-mail in the mail log
 * (written with the wall clock, like the key), if it got that far, else 'failed' (no e-mail
 * went out; asking again with a new key sends one).
 */
function completeFromMailLog(app: CoreApp, partial: Record<string, unknown>, keyWrittenAtMs: number): Record<string, unknown> {
  const mails = app.findRecordsByFilter('mail_log', "related_id = {:id} && kind = 'review_request' && created_at >= {:since}", '-created_at', 1, 0, {
    id: String(partial.testimonialId ?? ''),
    since: toPbDate(keyWrittenAtMs),
  } as unknown as dbx.Params);
  return { ...partial, mailStatus: mails[0]?.getString('status') || MailLogStatus.Failed };
}

export const sendReviewRequest: ServerCommand<ReviewRequestInput, ReviewRequestState, ReviewRequestMailData, ReviewRequestAnswer> = {
  command: reviewRequestCommand,
  path: '/api/fn/send-review-request',
  caller: 'admin',
  load(tx, input, ctx) {
    const fresh = { token: $security.randomString(REVIEW_TOKEN_LENGTH), newId: $security.randomStringWithAlphabet(15, ID_ALPHABET), origin: ctx.origin };
    const b = findRecord(tx, 'bookings', input.bookingId);
    if (!b) return { booking: null, placeholder: null, reviews: [], ...fresh };
    const row = bookingFieldsOf(b, REVIEW_REQUEST_FIELDS);
    const found = tx.findRecordsByFilter('testimonials', 'booking = {:booking} && review_stage = {:stage}', '', 1, 0, { booking: b.id, stage: input.stage } as unknown as dbx.Params);
    const p = found[0];
    // Submitted reviews of this booking or of its customer's address (alreadyReviewed decides the season).
    const reviews = tx
      .findRecordsByFilter('testimonials', "submitted_at != '' && (booking = {:booking} || customer_email = {:email})", '', 0, 0, {
        booking: b.id,
        email: row.customer_email,
      } as unknown as dbx.Params)
      .map((t) => ({ bookingId: t!.getString('booking'), serviceDate: t!.getString('service_date') }));
    return {
      booking: { ...row, serviceLine: serviceLine(row.package_type, row.tree_size) },
      placeholder: p ? { id: p.id, submitted: !!p.getString('submitted_at') } : null,
      reviews,
      ...fresh,
    };
  },
  composeMail: (_tx, m) => reviewRequestMail(m, m.token),
  respond: (_app, a, [mailStatus = MailLogStatus.Queued]) => ({ ...a, mailStatus }),
  completeAbandoned: completeFromMailLog,
};
