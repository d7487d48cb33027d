/**
 * POST /api/fn/submit-review (docs/product.md §7 submit-review, §4 Review, §5 Reviews).
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
import { parseReviewSubmission, tokenShapeProblem } from '@domain/reviews';
import { nowMs, toPbDate } from '../clock';
import { badRequest, readJsonObject } from '../http';
import { checkReviewToken } from './review-links';

export function submitReviewRoute(e: core.RequestEvent): void {
  const body = readJsonObject(e);
  const missing = tokenShapeProblem(body.token);
  if (missing) throw badRequest(missing);
  const submission = parseReviewSubmission(body.rating, body.review_text);
  if (!submission.ok) throw badRequest(submission.message);
  const { rating, text } = submission.value;
  const now = nowMs();

  let refused = '';
  $app.runInTransaction((tx) => {
    const checked = checkReviewToken(tx, body.token, now);
    if (!checked.ok) {
      refused = checked.message;
      return;
    }
    const rec = checked.record;
    rec.set('rating', rating);
    rec.set('review_text', text);
    rec.set('submitted_at', toPbDate(now));
    rec.set('is_approved', false);
    rec.set('approved_at', '');
    tx.save(rec);
  });
  if (refused) throw badRequest(refused);
  return e.json(200, { success: true });
}
