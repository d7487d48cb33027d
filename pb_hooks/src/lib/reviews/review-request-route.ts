/**
 * POST /api/fn/send-review-request, admin only (docs/product.md §6, §7 send-review-request).
 * Body { booking_id, review_stage?: 'post_install' | 'post_removal' (default post_removal) }.
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
import { DEFAULT_REVIEW_STAGE, isReviewStage, REVIEW_MESSAGES } from '@domain/reviews';
import { apiError, appOrigin, badRequest, idempotencyKeyHeader, readJsonObject } from '../http';
import { toPbDate } from '../clock';
import { answerOfReplay, completeRequestKey, type RequestKeyClaim } from '../admin/request-keys';
import { requestReview } from './review-requests';
import { requireAdmin } from '../admin/staff-auth';

function wentAhead(b: core.Record): boolean {
  const status = b.getString('status');
  if (status === 'cancelled') return false;
  const paid = b.getString('payment_status');
  return status === 'confirmed' || status === 'completed' || paid === 'deposit_paid' || paid === 'paid';
}

const ROUTE = 'send-review-request';

/**
 * The mail status of a keyed request that died before recording it: its e-mail in the mail log
 * (written with the wall clock, like the key), if it got that far, else 'failed' (no e-mail
 * went out; asking again with a new key sends one).
 */
function completeFromMailLog(partial: Record<string, unknown>, keyWrittenAtMs: number): Record<string, unknown> {
  const mails = $app.findRecordsByFilter('mail_log', "related_id = {:id} && kind = 'review_request' && created_at >= {:since}", '-created_at', 1, 0, {
    id: String(partial.testimonialId ?? ''),
    since: toPbDate(keyWrittenAtMs),
  } as unknown as dbx.Params);
  return { ...partial, mailStatus: mails[0]?.getString('status') || 'failed' };
}

export function sendReviewRequestRoute(e: core.RequestEvent): void {
  requireAdmin(e);
  const key = idempotencyKeyHeader(e);
  const body = readJsonObject(e);
  const bookingId = typeof body.booking_id === 'string' ? body.booking_id.trim() : '';
  if (!bookingId) throw badRequest(REVIEW_MESSAGES.selectBooking);
  const stage = body.review_stage === undefined || body.review_stage === null || body.review_stage === '' ? DEFAULT_REVIEW_STAGE : body.review_stage;
  if (!isReviewStage(stage)) throw badRequest('The review stage must be post_install or post_removal.');
  const claim: RequestKeyClaim | undefined = key ? { key, route: ROUTE, fingerprint: $security.sha256(JSON.stringify([ROUTE, bookingId, stage])) } : undefined;
  if (claim) {
    const earlier = answerOfReplay($app, claim, completeFromMailLog);
    if (earlier) return e.json(200, earlier);
  }

  let booking: core.Record;
  try {
    booking = $app.findRecordById('bookings', bookingId);
  } catch {
    throw apiError(404, 'Booking not found.');
  }
  if (!wentAhead(booking)) throw badRequest('Reviews can be requested only for paid or confirmed bookings.');

  const outcome = requestReview($app, booking, stage, appOrigin(e), true, claim);
  // A request with the same key got into its transaction first (same instant).
  if (outcome.kind === 'replay' && claim) return e.json(200, answerOfReplay($app, claim, completeFromMailLog));
  if (!outcome.sent) {
    throw apiError(409, 'The customer has already submitted this review.');
  }
  const answer = {
    success: true,
    testimonialId: outcome.testimonialId,
    reviewUrl: outcome.reviewUrl,
    expiresAt: outcome.expiresAt,
    mailStatus: outcome.mail,
  };
  if (claim) completeRequestKey($app, claim.key, answer);
  return e.json(200, answer);
}
