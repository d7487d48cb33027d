/**
 * POST /api/fn/send-review-request, admin only (SPEC.md §6, §7 send-review-request).
 * Body { booking_id, review_stage?: 'post_install' | 'post_removal' (default post_removal) }.
 *
 * Creates the placeholder testimonial with a random, unguessable token valid for 30 days and
 * e-mails the customer the `/submit-review?token=…` link. Asking again for the same booking and
 * stage before the customer has answered sends a fresh link (the old one stops working).
 *
 * 200 { success: true, testimonialId, reviewUrl, expiresAt, mailStatus: sent|logged|failed }.
 * 400 'Please select a booking' without booking_id, or for a bad stage or a booking that never
 * went ahead; 401/403 for anyone but an admin; 404 unknown booking; 409 when that review was
 * already submitted.
 */
import { DEFAULT_REVIEW_STAGE, isReviewStage, REVIEW_MESSAGES } from '@domain/reviews';
import { apiError, appOrigin, badRequest, readJsonObject } from '../http';
import { requestReview } from '../reviews/review-requests';
import { requireAdmin } from '../staff-auth';

function wentAhead(b: core.Record): boolean {
  const status = b.getString('status');
  if (status === 'cancelled') return false;
  const paid = b.getString('payment_status');
  return status === 'confirmed' || status === 'completed' || paid === 'deposit_paid' || paid === 'paid';
}

export function sendReviewRequestRoute(e: core.RequestEvent): void {
  requireAdmin(e);
  const body = readJsonObject(e);
  const bookingId = typeof body.booking_id === 'string' ? body.booking_id.trim() : '';
  if (!bookingId) throw badRequest(REVIEW_MESSAGES.selectBooking);
  const stage = body.review_stage === undefined || body.review_stage === null || body.review_stage === '' ? DEFAULT_REVIEW_STAGE : body.review_stage;
  if (!isReviewStage(stage)) throw badRequest('The review stage must be post_install or post_removal.');

  let booking: core.Record;
  try {
    booking = $app.findRecordById('bookings', bookingId);
  } catch {
    throw apiError(404, 'Booking not found.');
  }
  if (!wentAhead(booking)) throw badRequest('Reviews can be requested only for paid or confirmed bookings.');

  const outcome = requestReview($app, booking, stage, appOrigin(e), true);
  if (!outcome.sent) {
    throw apiError(409, 'The customer has already submitted this review.');
  }
  return e.json(200, {
    success: true,
    testimonialId: outcome.testimonialId,
    reviewUrl: outcome.reviewUrl,
    expiresAt: outcome.expiresAt,
    mailStatus: outcome.mail,
  });
}
