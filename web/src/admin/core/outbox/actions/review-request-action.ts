/**
 * A review link e-mailed to the customer (docs/product.md §7 send-review-request;
 * docs/decisions/016): sent with the entry's key as Idempotency-Key, so a resend answers the
 * first answer and sends no second e-mail. Nothing the admin mirrors changes.
 */
import type { ReviewStage } from '@domain/reviews/reviews';
import { sendReviewRequest } from '@/admin/core/api/send-review-request';
import { defineAction, nothingToUndo, str, type ActionEntry } from '../action-spec';

export interface ReviewRequestPayload {
  [key: string]: unknown;
  bookingId: string;
  stage: ReviewStage;
}

export const reviewRequestAction = defineAction({
  kind: 'review_request',
  send: (entry: ActionEntry<ReviewRequestPayload>) => sendReviewRequest(entry.payload.bookingId, entry.payload.stage, entry.idempotencyKey),
  apply: async () => {},
  undo: nothingToUndo,
  label: (p) => (str(p.stage) === 'post_install' ? 'Review request (after install)' : 'Review request (after removal)'),
});

// Listed among the offline actions by its kind (action-registry.ts OutboxActions; docs/decisions/066).
declare module '../action-registry' {
  interface OutboxActions {
    review_request: typeof reviewRequestAction;
  }
}
