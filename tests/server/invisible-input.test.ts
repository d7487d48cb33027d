/**
 * Input that only looks valid (docs/decisions/010; domain/text.ts): names made of a NUL byte or of
 * zero-width characters and a review of 60 zero-width spaces are refused with docs/product.md §5's
 * messages, and text around invisible characters is stored clean, by the real server (goja).
 */
import type PocketBase from 'pocketbase';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkout, createBookingRecord } from './fixtures';
import { consultationRequest, requestReviewToken, reviewText, staffClient } from './review-fixtures';
import { callFn, clearCollections, superuser } from './support';

const NAME_REQUIRED = 'Name is required';
const TOO_SHORT = 'Please write at least 50 characters';

const NUL_ONLY = '\u0000';
const ZERO_WIDTH_ONLY = '\u200B\u200C\u200D\u2060\uFEFF';
/** "Jane Doe" wrapped in zero-width space, BOM, word joiner, ZWJ and a bidi isolate. */
const WRAPPED_NAME = '\u200B\uFEFFJane Doe\u2060\u200D\u2066';
/** "Renée" with a decomposed é: stored composed (NFC). */
const DECOMPOSED_NAME = 'Rene\u0301e Doe';

const consult = (over: Record<string, unknown>) => callFn('POST', '/api/fn/consultation-request', consultationRequest(over));
const submitReview = (body: Record<string, unknown>) => callFn('POST', '/api/fn/submit-review', body);

beforeEach(() => clearCollections('bookings', 'blocked_dates', 'consultation_requests', 'mail_log'));

describe('names that only look filled in are refused', () => {
  it.each([
    ['create-booking-checkout', 'a NUL byte', NUL_ONLY],
    ['create-booking-checkout', 'zero-width characters', ZERO_WIDTH_ONLY],
    ['consultation-request', 'a NUL byte', NUL_ONLY],
    ['consultation-request', 'zero-width characters', ZERO_WIDTH_ONLY],
  ])('%s: a name of %s → 400 Name is required, nothing stored', async (route, _what, customerName) => {
    const res = route === 'create-booking-checkout' ? await checkout({ customerName }) : await consult({ customerName });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(NAME_REQUIRED);
    const collection = route === 'create-booking-checkout' ? 'bookings' : 'consultation_requests';
    expect((await superuser().collection(collection).getList(1, 1)).totalItems).toBe(0);
  });
});

describe('text around invisible characters is stored clean', () => {
  it('create-booking-checkout stores the name, notes and style without them (line breaks and emoji kept in notes)', async () => {
    const res = await checkout({
      customerName: WRAPPED_NAME,
      notes: '\u200BGate code 1234\r\nDog is friendly 👨\u200D👩\u200D👧\u0000',
      styleColorPalette: 'Gold\u00AD & red\u202E',
      styleSpecialRequests: 'Star on top \u2764\uFE0F\uFE0F\u{E0068}\u{E0069}\n',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rec = await superuser().collection('bookings').getOne(res.body.bookingId);
    expect(rec).toMatchObject({
      customer_name: 'Jane Doe',
      notes: 'Gate code 1234\nDog is friendly 👨\u200D👩\u200D👧',
      style_color_palette: 'Gold & red',
      style_special_requests: 'Star on top \u2764\uFE0F', // one selector kept, hidden tag text gone
    });
  });

  it('consultation-request stores the name clean and composed', async () => {
    const res = await consult({ customerName: `\u2060${DECOMPOSED_NAME}\u200B` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rec = await superuser().collection('consultation_requests').getOne(res.body.id);
    expect(rec.customer_name).toBe('Renée Doe');
    expect(rec.customer_name).toHaveLength(9);
  });
});

describe('POST /api/fn/submit-review: invisible characters do not count', () => {
  let admin: PocketBase;
  beforeAll(async () => {
    await clearCollections('staff');
    admin = await staffClient('admin');
  });
  beforeEach(() => clearCollections('testimonials'));

  async function token(): Promise<{ token: string; testimonialId: string }> {
    const booking = await createBookingRecord({ payment_status: 'deposit_paid', status: 'confirmed' });
    return requestReviewToken(admin, booking.id);
  }

  it.each([
    ['60 zero-width spaces', '\u200B'.repeat(60)],
    ['49 letters padded with zero-width spaces and NULs', `${'x'.repeat(49)}${'\u200B\u0000'.repeat(20)}`],
  ])('%s → 400 Please write at least 50 characters; the link stays unused', async (_what, review_text) => {
    const { token: t, testimonialId } = await token();
    const res = await submitReview({ token: t, rating: 5, review_text });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(TOO_SHORT);
    const rec = await superuser().collection('testimonials').getOne(testimonialId);
    expect(rec.submitted_at).toBe('');
  });

  it('stores the review text clean', async () => {
    const { token: t, testimonialId } = await token();
    const text = reviewText(60);
    const res = await submitReview({ token: t, rating: 5, review_text: `\uFEFF\u200B${text}\u2060\u0000 ` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rec = await superuser().collection('testimonials').getOne(testimonialId);
    expect(rec.review_text).toBe(text);
  });
});
