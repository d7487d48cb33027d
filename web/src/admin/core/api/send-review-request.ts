import type { ReviewStage } from '@domain/reviews/reviews';
import { pb } from '@/lib/pb';
import type { MailLogStatus } from '@domain/mail/mail-status';

export interface ReviewRequestSent {
  success: true;
  reviewUrl: string;
  /** 'queued': not sent yet, the server retries it. */
  mailStatus: typeof MailLogStatus.Sent | typeof MailLogStatus.Logged | typeof MailLogStatus.Failed | typeof MailLogStatus.Queued;
}

/**
 * POST /api/fn/send-review-request { booking_id, review_stage } (docs/product.md §7): e-mails the
 * customer a review link. With `idempotencyKey` (the outbox's, docs/decisions/016) a resend answers the
 * first answer and sends no second e-mail. Rejects with a ClientResponseError (400 'Please
 * select a booking', 409 when that review was already submitted, 422 the key was used for
 * another request).
 */
export function sendReviewRequest(bookingId: string, stage: ReviewStage, idempotencyKey?: string): Promise<ReviewRequestSent> {
  return pb.send('/api/fn/send-review-request', {
    method: 'POST',
    body: { booking_id: bookingId, review_stage: stage },
    headers: idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {},
    requestKey: null,
  });
}
