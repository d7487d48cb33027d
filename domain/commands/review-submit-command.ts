/**
 * The customer's review through their link, as a command (docs/product.md §7 submit-review, §4
 * Review, §5 Reviews): fills the placeholder the token belongs to (rating, cleaned text,
 * submitted_at), unapproved until the admin approves it. A link fills its review once: a second
 * submit is refused as used and changes nothing. Pure.
 */
import { parseReviewSubmission, REVIEW_MESSAGES, reviewLinkProblem, tokenShapeProblem } from '../reviews/reviews';
import { decided, pbDate, refuse, type Command } from './command';

export interface ReviewSubmitInput {
  token: string;
  rating: number;
  text: string;
}

export interface ReviewSubmitState {
  /** The placeholder the token belongs to (PocketBase datetimes, '' when unset), or null. */
  link: { id: string; submittedAt: string; tokenExpiresAt: string } | null;
}

/** Checks { token, rating, review_text } with docs/product.md's messages: the token's shape first. */
export function parseReviewSubmit(body: Record<string, unknown>): { ok: true; value: ReviewSubmitInput } | { ok: false; message: string } {
  const shape = tokenShapeProblem(body.token);
  if (shape) return { ok: false, message: shape };
  const submission = parseReviewSubmission(body.rating, body.review_text);
  if (!submission.ok) return submission;
  return { ok: true, value: { token: String(body.token).trim(), rating: submission.value.rating, text: submission.value.text } };
}

export const reviewSubmitCommand: Command<ReviewSubmitInput, ReviewSubmitState, never, { success: true }> = {
  name: 'submit-review',
  parse: (body) => parseReviewSubmit(body),
  idempotency: { by: 'natural', header: 'none', why: 'a link fills its review once: a second submit is refused as used and changes nothing' },
  decide(state, input, nowMs) {
    const link = state.link;
    if (!link) return refuse(400, REVIEW_MESSAGES.linkNotFound);
    const problem = reviewLinkProblem(link, nowMs);
    if (problem) return refuse(400, problem);
    const fields = { rating: input.rating, review_text: input.text, submitted_at: pbDate(nowMs), is_approved: false, approved_at: '' };
    return decided([{ op: 'update', collection: 'testimonials', id: link.id, fields }], { success: true });
  },
};
