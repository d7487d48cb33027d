import { describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES } from '../reviews/reviews';
import { parseReviewSubmit, reviewSubmitCommand, type ReviewSubmitState } from './review-submit-command';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const TOKEN = 'a'.repeat(32);
const TEXT = 'The team transformed our living room and the tree looked magical all season.';
const link = (over: Partial<NonNullable<ReviewSubmitState['link']>> = {}): ReviewSubmitState => ({ link: { id: 't1', submittedAt: '', tokenExpiresAt: '2026-12-20 15:00:00.000Z', ...over } });
const input = { token: TOKEN, rating: 5, text: TEXT };

describe('the review-submit command', () => {
  it('fills the placeholder, unapproved, at the server time', () => {
    expect(reviewSubmitCommand.decide(link(), input, NOW)).toEqual({
      changes: [{ op: 'update', collection: 'testimonials', id: 't1', fields: { rating: 5, review_text: TEXT, submitted_at: '2026-11-20 15:00:00.000Z', is_approved: false, approved_at: '' } }],
      mails: [],
      answer: { success: true },
    });
  });

  it.each([
    ['an unknown link', { link: null }, REVIEW_MESSAGES.linkNotFound],
    ['a used link (a second submit)', link({ submittedAt: '2026-11-19 10:00:00.000Z' }), REVIEW_MESSAGES.linkUsed],
    ['an expired link', link({ tokenExpiresAt: '2026-11-20 15:00:00.000Z' }), REVIEW_MESSAGES.linkExpired],
    ['a link without expiry', link({ tokenExpiresAt: '' }), REVIEW_MESSAGES.linkExpired],
  ])('refuses %s with 400 and writes nothing', (_name, state, message) => {
    expect(reviewSubmitCommand.decide(state, input, NOW)).toEqual({ status: 400, message });
  });

  it.each([
    [{ rating: 5, review_text: TEXT }, REVIEW_MESSAGES.linkMissing],
    [{ token: 'short!', rating: 5, review_text: TEXT }, REVIEW_MESSAGES.linkNotFound],
    [{ token: TOKEN, rating: 6, review_text: TEXT }, 'Please choose a rating from 1 to 5 stars.'],
    [{ token: TOKEN, rating: 5, review_text: 'Too short.' }, REVIEW_MESSAGES.tooShort],
  ])('parse refuses %j', (body, message) => {
    expect(parseReviewSubmit(body)).toEqual({ ok: false, message });
  });

  it('parses a valid submission, the token trimmed', () => {
    expect(parseReviewSubmit({ token: ` ${TOKEN} `, rating: 4, review_text: TEXT })).toEqual({ ok: true, value: { token: TOKEN, rating: 4, text: TEXT } });
  });
});
