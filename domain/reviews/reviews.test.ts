import { describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES as R, bookingWentAhead, parseReviewSubmission, ratingSummary, publicReviewerName, reviewCounterText, reviewLinkProblem, reviewRequestDue, tokenShapeProblem } from './reviews';
import type { BookingStatus, PaymentStatus } from '../booking/lifecycle';

const NOW = Date.parse('2026-11-20T17:00:00Z');
const text50 = 'x'.repeat(50);

describe('review submission (docs/product.md §5 Reviews)', () => {
  it.each<[string, unknown, unknown, string | null]>([
    ['5 stars, 50 characters', 5, text50, null],
    ['1 star', 1, text50, null],
    ['49 characters', 5, 'x'.repeat(49), R.tooShort],
    ['50 characters only with padding', 5, `  ${'x'.repeat(49)}  `, R.tooShort],
    ['rating 0', 0, text50, 'Please choose a rating from 1 to 5 stars.'],
    ['rating 6', 6, text50, 'Please choose a rating from 1 to 5 stars.'],
    ['rating 4.5', 4.5, text50, 'Please choose a rating from 1 to 5 stars.'],
    ['rating as text', '5', text50, 'Please choose a rating from 1 to 5 stars.'],
    ['no text', 5, undefined, R.tooShort],
    ['too long', 5, 'x'.repeat(5001), 'Reviews must be less than 5000 characters'],
    ['60 zero-width spaces', 5, '\u200B'.repeat(60), R.tooShort],
    ['49 characters padded with invisible ones', 5, `\uFEFF${'x'.repeat(49)}${'\u200B\u00AD\u0000'.repeat(10)}`, R.tooShort],
    ['5000 characters and invisible ones', 5, `${'x'.repeat(5000)}${'\u200B'.repeat(10)}`, null],
  ])('%s', (_, rating, text, problem) => {
    const r = parseReviewSubmission(rating, text);
    expect(r.ok ? null : r.message).toBe(problem);
  });
  it('returns the rating and the cleaned text: invisible characters gone, line breaks kept', () => {
    const text = `\u200B Lovely tree!\r\n${'x'.repeat(50)} 👨\u200D👩\u200D👧\u0000 `;
    expect(parseReviewSubmission(4, text)).toEqual({ ok: true, value: { rating: 4, text: `Lovely tree!\n${'x'.repeat(50)} 👨\u200D👩\u200D👧` } });
  });
  it('counts the characters a reader sees', () => {
    expect(reviewCounterText('  hello ')).toBe('5 / 50 characters minimum');
    expect(reviewCounterText('\u200Bhel\u0000lo\u2060')).toBe('5 / 50 characters minimum');
  });
});

describe('review link tokens (docs/product.md §5 Reviews)', () => {
  it.each<[unknown, string | null]>([
    [undefined, R.linkMissing],
    ['', R.linkMissing],
    ['   ', R.linkMissing],
    ['short', R.linkNotFound],
    ["abc' OR 1=1 --xxxxxxxxxxxxxxxxxx", R.linkNotFound],
    ['A'.repeat(48), null],
  ])('shape of %j', (token, problem) => {
    expect(tokenShapeProblem(token)).toBe(problem);
  });
  it.each<[string, string, string, string | null]>([
    ['open', '', '2026-12-20 17:00:00.000Z', null],
    ['used', '2026-11-19 10:00:00.000Z', '2026-12-20 17:00:00.000Z', R.linkUsed],
    ['used and expired: used wins', '2026-11-19 10:00:00.000Z', '2026-11-01 00:00:00.000Z', R.linkUsed],
    ['expired', '', '2026-11-20 16:59:59.000Z', R.linkExpired],
    ['expiring now', '', '2026-11-20 17:00:00.000Z', R.linkExpired],
    ['no expiry', '', '', R.linkExpired],
  ])('%s', (_, submittedAt, tokenExpiresAt, problem) => {
    expect(reviewLinkProblem({ submittedAt, tokenExpiresAt }, NOW)).toBe(problem);
  });
});

describe('scheduled review request (the day after a completed removal)', () => {
  const paid = { status: 'confirmed', payment_status: 'deposit_paid' };
  it.each<[string, Record<string, string>, boolean]>([
    ['removal yesterday', { ...paid, removal_date: '2026-11-19' }, true],
    ['removal today: not yet', { ...paid, removal_date: '2026-11-20' }, false],
    ['removal tomorrow', { ...paid, removal_date: '2026-11-21' }, false],
    ['completed, removal 10 days ago', { status: 'completed', payment_status: 'paid', removal_date: '2026-11-10' }, true],
    ['completed, even if payment unknown', { status: 'completed', payment_status: 'pending', removal_date: '2026-11-10' }, true],
    ['30 days ago: still', { ...paid, removal_date: '2026-10-21' }, true],
    ['31 days ago: too old', { ...paid, removal_date: '2026-10-20' }, false],
    ['no removal visit', { status: 'completed', payment_status: 'paid', removal_date: '' }, false],
    ['cancelled', { status: 'cancelled', payment_status: 'deposit_paid', removal_date: '2026-11-19' }, false],
    ['never paid', { status: 'pending_payment', payment_status: 'pending', removal_date: '2026-11-19' }, false],
    ['paid in full, status pending', { status: 'pending', payment_status: 'paid', removal_date: '2026-11-19' }, true],
  ])('%s', (_, b, due) => {
    expect(reviewRequestDue(b as never, '2026-11-20')).toBe(due);
  });
});

describe('rating summary', () => {
  it('averages to one decimal', () => {
    expect(ratingSummary({ 1: 0, 2: 0, 3: 1, 4: 1, 5: 1 })).toEqual({ count: 3, average: 4 });
    expect(ratingSummary({ 1: 0, 2: 0, 3: 0, 4: 1, 5: 2 })).toEqual({ count: 3, average: 4.7 });
    expect(ratingSummary({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 })).toEqual({ count: 0, average: 0 });
  });
});

describe('bookingWentAhead (who can be asked for a review)', () => {
  it.each([
    ['confirmed', 'deposit_paid', true],
    ['completed', 'paid', true],
    ['pending', 'paid', true],
    ['pending_payment', 'pending', false],
    ['cancelled', 'deposit_paid', false],
    ['payment_conflict', 'refunded', false],
  ])('%s / %s → %s', (status, payment_status, expected) => {
    expect(bookingWentAhead({ status: status as BookingStatus, payment_status: payment_status as PaymentStatus })).toBe(expected);
  });
});

describe('publicReviewerName (published reviews show the first name and last initial)', () => {
  it.each([
    ['Jane Secret', 'Jane S.'],
    ['  Mary Ann   van der Berg ', 'Mary B.'],
    ['jane doe', 'jane D.'],
    ['Cher', 'Cher'],
    ['', ''],
    ['   ', ''],
    ['Zoë Østergaard', 'Zoë Ø.'],
  ])('%j → %j', (full, shown) => {
    expect(publicReviewerName(full)).toBe(shown);
  });
});
