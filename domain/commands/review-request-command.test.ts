import { describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES } from '../reviews/reviews';
import { isRefusal } from './command';
import { alreadyReviewed, parseReviewRequest, REVIEW_REQUEST_MESSAGES, reviewRequestCommand, reviewWentAhead, type ReviewRequestBooking, type ReviewRequestState } from './review-request-command';
import type { PaymentStatus } from '../booking/lifecycle';

const NOW = Date.parse('2026-11-20T15:00:00Z');
const BOOKING: ReviewRequestBooking = {
  id: 'b1',
  status: 'confirmed' as const,
  payment_status: 'deposit_paid' as const,
  customer_name: 'Holly Berry',
  customer_email: 'holly@example.com',
  package_type: 'elevated-arbor',
  tree_size: '7.5-9ft',
  install_date: '2026-11-24',
  removal_date: '2026-12-28',
  serviceLine: 'Elevated Arbor, 7.5–9 ft',
};
const state = (over: Partial<ReviewRequestState> = {}): ReviewRequestState => ({
  booking: BOOKING,
  placeholder: null,
  reviews: [],
  token: 'T'.repeat(32),
  newId: 'newplaceholder1',
  origin: 'https://example.test',
  ...over,
});

describe('the review-request command', () => {
  it('creates the placeholder with a 30-day link and mails it', () => {
    const out = reviewRequestCommand.decide(state(), { bookingId: 'b1', stage: 'post_removal', renew: true }, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    const url = `https://example.test/submit-review?token=${'T'.repeat(32)}`;
    expect(out.answer).toEqual({ success: true, testimonialId: 'newplaceholder1', reviewUrl: url, expiresAt: '2026-12-20 15:00:00.000Z' });
    expect(out.changes).toEqual([
      {
        op: 'create',
        collection: 'testimonials',
        id: 'newplaceholder1',
        fields: expect.objectContaining({
          booking: 'b1',
          rating: 0,
          review_stage: 'post_removal',
          service_date: '2026-12-28',
          review_token: 'T'.repeat(32),
          token_expires_at: '2026-12-20 15:00:00.000Z',
          is_approved: false,
        }),
      },
    ]);
    expect(out.mails).toEqual([expect.objectContaining({ testimonialId: 'newplaceholder1', to: 'holly@example.com', url, token: 'T'.repeat(32), stage: 'post_removal' })]);
  });

  it.each([
    ['post_install', BOOKING, '2026-11-24'],
    ['post_removal', { ...BOOKING, removal_date: '' }, '2026-11-24'],
  ] as const)('a %s review is of the visit it follows', (stage, booking, serviceDate) => {
    const out = reviewRequestCommand.decide(state({ booking }), { bookingId: 'b1', stage, renew: true }, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes[0]).toMatchObject({ fields: { service_date: serviceDate } });
  });

  it('renews an unsubmitted link: a new token on the same placeholder', () => {
    const out = reviewRequestCommand.decide(state({ placeholder: { id: 'p1', submitted: false } }), { bookingId: 'b1', stage: 'post_removal', renew: true }, NOW);
    if (isRefusal(out)) throw new Error(out.message);
    expect(out.changes).toEqual([{ op: 'update', collection: 'testimonials', id: 'p1', fields: { review_token: 'T'.repeat(32), token_expires_at: '2026-12-20 15:00:00.000Z' } }]);
    expect(out.answer.testimonialId).toBe('p1');
  });

  it.each([
    ['no such booking', state({ booking: null }), 404, REVIEW_REQUEST_MESSAGES.notFound],
    ['a cancelled booking', state({ booking: { ...BOOKING, status: 'cancelled' } }), 400, REVIEW_REQUEST_MESSAGES.notAhead],
    ['an unpaid hold', state({ booking: { ...BOOKING, status: 'pending_payment', payment_status: 'pending' } }), 400, REVIEW_REQUEST_MESSAGES.notAhead],
    ['a review already submitted', state({ placeholder: { id: 'p1', submitted: true } }), 409, REVIEW_REQUEST_MESSAGES.submitted],
  ] as const)('refuses %s', (_name, s, status, message) => {
    expect(reviewRequestCommand.decide(s, { bookingId: 'b1', stage: 'post_removal', renew: true }, NOW)).toEqual({ status, message });
  });

  it('the daily job (no renewal) leaves a link already sent alone, and makes a missing one', () => {
    expect(reviewRequestCommand.decide(state({ placeholder: { id: 'p1', submitted: false } }), { bookingId: 'b1', stage: 'post_removal', renew: false }, NOW)).toEqual({
      status: 409,
      message: REVIEW_REQUEST_MESSAGES.alreadySent,
    });
    const out = reviewRequestCommand.decide(state(), { bookingId: 'b1', stage: 'post_removal', renew: false }, NOW);
    expect(isRefusal(out) ? out.message : out.changes[0]!.op).toBe('create');
  });

  it.each([
    ['no review', [], false],
    ['a review of this booking (its installation)', [{ bookingId: 'b1', serviceDate: '2026-11-24' }], true],
    ['a review of this booking, whatever its date', [{ bookingId: 'b1', serviceDate: '' }], true],
    ['the same address, another booking of this season (its removal in January)', [{ bookingId: 'b0', serviceDate: '2027-01-05' }], true],
    ['the same address, a review without a booking this season', [{ bookingId: '', serviceDate: '2026-12-01' }], true],
    ['the same address, last season', [{ bookingId: 'b0', serviceDate: '2025-12-28' }], false],
    ['the same address, last season (its removal in January)', [{ bookingId: 'b0', serviceDate: '2026-01-10' }], false],
    ['the same address, no date', [{ bookingId: 'b0', serviceDate: '' }], false],
  ] as const)('already reviewed: %s → %s', (_name, reviews, expected) => {
    expect(alreadyReviewed(BOOKING, reviews)).toBe(expected);
  });

  it('the daily job (no renewal) asks no customer who has already reviewed this season; the admin by hand still may', () => {
    const reviewed = state({ reviews: [{ bookingId: 'b1', serviceDate: '2026-11-24' }] });
    expect(reviewRequestCommand.decide(reviewed, { bookingId: 'b1', stage: 'post_removal', renew: false }, NOW)).toEqual({ status: 409, message: REVIEW_REQUEST_MESSAGES.alreadyReviewed });
    const byHand = reviewRequestCommand.decide(reviewed, { bookingId: 'b1', stage: 'post_removal', renew: true }, NOW);
    expect(isRefusal(byHand) ? byHand.message : byHand.changes[0]!.op).toBe('create');
  });

  it.each([
    [{ status: 'confirmed', payment_status: 'pending' }, true],
    [{ status: 'completed', payment_status: '' as PaymentStatus }, true],
    [{ status: 'pending_payment', payment_status: 'deposit_paid' }, true],
    [{ status: 'cancelled', payment_status: 'paid' }, false],
    [{ status: 'pending_payment', payment_status: 'pending' }, false],
  ] as const)('went ahead: %j → %s', (b, expected) => {
    expect(reviewWentAhead(b)).toBe(expected);
  });

  it('parses booking_id and the stage (default post_removal); keyed by the same fingerprint as before the runner', () => {
    expect(parseReviewRequest({ booking_id: ' b1 ' })).toEqual({ ok: true, value: { bookingId: 'b1', stage: 'post_removal', renew: true } });
    expect(parseReviewRequest({})).toEqual({ ok: false, message: REVIEW_MESSAGES.selectBooking });
    expect(parseReviewRequest({ booking_id: 'b1', review_stage: 'later' })).toEqual({ ok: false, message: REVIEW_REQUEST_MESSAGES.stage });
    const idem = reviewRequestCommand.idempotency;
    if (idem.by !== 'key') throw new Error('keyed');
    expect(idem.header).toBe('optional');
    expect(idem.fingerprint({ bookingId: 'b1', stage: 'post_install', renew: true })).toBe('["send-review-request","b1","post_install"]');
  });
});
