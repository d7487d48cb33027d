/**
 * Review-link token checks shared by the review-link and submit-review routes (docs/product.md §5
 * Reviews), with docs/product.md's exact messages.
 */
import { REVIEW_MESSAGES, reviewLinkProblem, tokenShapeProblem } from '@domain/reviews/reviews';
import { findRecordBy } from '../records';

/** The testimonial a token belongs to, or null when none does. */
export function findByToken(app: CoreApp, token: string): core.Record | null {
  return findRecordBy(app, 'testimonials', 'review_token', token);
}

/**
 * The testimonial for `token` if it can be used at `now` (epoch ms), else docs/product.md's message:
 * missing → 'Invalid review link'; unknown → 'Invalid or expired review link'; filled → 'A review
 * has already been submitted with this link'; expired → 'This review link has expired. …'.
 */
export function checkReviewToken(app: CoreApp, token: unknown, now: number): { ok: true; record: core.Record } | { ok: false; message: string } {
  const shape = tokenShapeProblem(token);
  if (shape) return { ok: false, message: shape };
  const record = findByToken(app, String(token).trim());
  if (!record) return { ok: false, message: REVIEW_MESSAGES.linkNotFound };
  const problem = reviewLinkProblem({ submittedAt: record.getString('submitted_at'), tokenExpiresAt: record.getString('token_expires_at') }, now);
  return problem ? { ok: false, message: problem } : { ok: true, record };
}
