/**
 * POST /api/fn/submit-review (docs/product.md §7 submit-review, §4 Review, §5 Reviews), anyone
 * with the link. On the command runner (lib/commands/run-command.ts); the rule is
 * domain/commands/review-submit-command.ts.
 * Body { token, rating: 1–5 (whole number), review_text: at least 50 characters once trimmed and
 * cleaned of control and invisible characters, stored cleaned (domain/text.ts) }.
 *
 * Fills the placeholder the token belongs to: rating, text, submitted_at; the review stays
 * unapproved until the admin approves it. The token check and the write are one transaction
 * that writes only while submitted_at is empty, so a link is single-use even under simultaneous
 * submits (writes are serialised on PocketBase's single write connection).
 *
 * 200 { success: true }. 400 with docs/product.md's exact message for a missing, unknown, used or
 * expired link, a rating outside 1–5, or text under 50 characters; nothing is stored then.
 */
import { reviewSubmitCommand, type ReviewSubmitInput, type ReviewSubmitState } from '@domain/commands/review-submit-command';
import { runCommand, type ServerCommand } from '../commands/run-command';
import { findByToken } from './review-links';

export const submitReview: ServerCommand<ReviewSubmitInput, ReviewSubmitState, never, { success: true }> = {
  command: reviewSubmitCommand,
  path: '/api/fn/submit-review',
  load(tx, input) {
    const r = findByToken(tx, input.token);
    return { link: r ? { id: r.id, submittedAt: r.getString('submitted_at'), tokenExpiresAt: r.getString('token_expires_at') } : null };
  },
  respond: (_app, answer) => answer,
};

export function submitReviewRoute(e: core.RequestEvent): void {
  runCommand(e, submitReview);
}
