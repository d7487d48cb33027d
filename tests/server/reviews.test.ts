/**
 * Review links and testimonials (docs/product.md §2 Submit review and Testimonials, §4 Review, §5
 * Reviews, §7; docs/decisions/005): the admin's review request, the link check, single-use submission with
 * docs/product.md's exact messages, and what anonymous visitors can (not) see.
 */
import type PocketBase from 'pocketbase';
import { ClientResponseError } from 'pocketbase';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBookingRecord } from './fixtures';
import { requestReviewToken, reviewText, staffClient } from './review-fixtures';
import { anonymous, baseUrl, callFn, clearCollections, superuser, callFnAs } from './support';

const M = {
  missing: 'Invalid review link',
  notFound: 'Invalid or expired review link',
  used: 'A review has already been submitted with this link',
  expired: 'This review link has expired. Please contact us for a new link.',
  tooShort: 'Please write at least 50 characters',
  rating: 'Please choose a rating from 1 to 5 stars.',
};

let admin: PocketBase;
let member: PocketBase;

beforeAll(async () => {
  await clearCollections('staff');
  admin = await staffClient('admin');
  member = await staffClient('');
});

beforeEach(async () => {
  await clearCollections('testimonials', 'mail_log', 'charges', 'job_events', 'bookings');
});

/** A booking whose deposit is paid (the state a review can be asked for). */
function paidBooking(over: Record<string, unknown> = {}) {
  return createBookingRecord({ customer_name: 'Holly Berry', customer_email: 'holly@example.com', payment_status: 'deposit_paid', status: 'confirmed', ...over });
}

function sendRequest(as: PocketBase | null, body: Record<string, unknown>) {
  return callFnAs(as ? as.authStore.token : null, 'POST', '/api/fn/send-review-request', body);
}

/** Sends a review request as admin and returns the token from the link. */
const requestToken = (bookingId: string, stage?: string) => requestReviewToken(admin, bookingId, stage);

const submit = (body: Record<string, unknown>) => callFn('POST', '/api/fn/submit-review', body);
const link = (token?: string) => callFn('GET', `/api/fn/review-link${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`);

describe('POST /api/fn/send-review-request (admin only)', () => {
  it('creates a placeholder with a random token and a 30-day expiry, and e-mails the link', async () => {
    const booking = await paidBooking();
    const res = await sendRequest(admin, { booking_id: booking.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, mailStatus: 'logged' });
    const url = new URL(res.body.reviewUrl);
    expect(url.pathname).toBe('/submit-review');
    const token = url.searchParams.get('token')!;
    expect(token).toMatch(/^[A-Za-z0-9]{48}$/);

    const su = superuser();
    const t = await su.collection('testimonials').getOne(res.body.testimonialId);
    expect(t).toMatchObject({
      booking: booking.id,
      customer_name: 'Holly Berry',
      customer_email: 'holly@example.com',
      rating: 0,
      review_text: 'Pending review submission',
      review_stage: 'post_removal', // the default
      package_type: 'elevated-arbor',
      tree_size: '7.5-9ft',
      service_date: '2026-12-28',
      is_approved: false,
      review_token: token,
      submitted_at: '',
    });
    expect(t.token_expires_at).toBe('2026-12-20 17:00:00.000Z');

    const mail = await su.collection('mail_log').getFirstListItem(su.filter('related_id = {:id}', { id: t.id }));
    expect(mail).toMatchObject({ kind: 'review_request', to: 'holly@example.com' });
    expect(mail.body).toContain(res.body.reviewUrl);
    expect(mail.body).toContain('works until Sunday, December 20, 2026');
  });

  it('makes a different token for every booking', async () => {
    const a = await requestToken((await paidBooking()).id);
    const b = await requestToken((await paidBooking({ install_date: '2026-11-27' })).id);
    expect(a.token).not.toBe(b.token);
  });

  it('takes the post_install stage, with the install date as the service date', async () => {
    const booking = await paidBooking();
    const { testimonialId } = await requestToken(booking.id, 'post_install');
    const t = await superuser().collection('testimonials').getOne(testimonialId);
    expect(t).toMatchObject({ review_stage: 'post_install', service_date: '2026-11-24' });
  });

  it('asked again before an answer: a fresh link, the old one stops working, still one placeholder', async () => {
    const booking = await paidBooking();
    const first = await requestToken(booking.id);
    const second = await requestToken(booking.id);
    expect(second.testimonialId).toBe(first.testimonialId);
    expect(second.token).not.toBe(first.token);
    expect((await link(first.token)).body.message).toBe(M.notFound);
    expect((await link(second.token)).status).toBe(200);
    expect((await superuser().collection('testimonials').getFullList()).length).toBe(1);
  });

  it('refuses once the review was submitted (409)', async () => {
    const booking = await paidBooking();
    const { token } = await requestToken(booking.id);
    expect((await submit({ token, rating: 5, review_text: reviewText() })).status).toBe(200);
    const again = await sendRequest(admin, { booking_id: booking.id });
    expect(again.status).toBe(409);
    expect((await link(token)).body.message).toBe(M.used);
  });

  it.each<[string, () => Promise<Record<string, unknown>>, number, string | null]>([
    ['no booking', async () => ({}), 400, 'Please select a booking'],
    ['an empty booking id', async () => ({ booking_id: '' }), 400, 'Please select a booking'],
    ['an unknown booking', async () => ({ booking_id: 'nosuchbooking12' }), 404, 'Booking not found.'],
    ['a bad stage', async () => ({ booking_id: (await paidBooking()).id, review_stage: 'post_party' }), 400, 'The review stage must be post_install or post_removal.'],
    ['an unpaid booking', async () => ({ booking_id: (await createBookingRecord()).id }), 400, 'Reviews can be requested only for paid or confirmed bookings.'],
    ['a cancelled booking', async () => ({ booking_id: (await paidBooking({ status: 'cancelled' })).id }), 400, 'Reviews can be requested only for paid or confirmed bookings.'],
  ])('refuses %s and stores nothing', async (_, body, status, message) => {
    const res = await sendRequest(admin, await body());
    expect(res.status).toBe(status);
    if (message) expect(res.body.message).toBe(message);
    expect((await superuser().collection('testimonials').getList(1, 1)).totalItems).toBe(0);
  });

  it('refuses anonymous visitors (401) and staff without the admin role (403)', async () => {
    const booking = await paidBooking();
    expect((await sendRequest(null, { booking_id: booking.id })).status).toBe(401);
    expect((await sendRequest(member, { booking_id: booking.id })).status).toBe(403);
    expect((await superuser().collection('testimonials').getList(1, 1)).totalItems).toBe(0);
    expect((await superuser().collection('mail_log').getList(1, 1)).totalItems).toBe(0);
  });
});

describe('GET /api/fn/review-link', () => {
  it('returns the service details of a valid link, and nothing private', async () => {
    const { token } = await requestToken((await paidBooking()).id);
    const res = await link(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ customerName: 'Holly Berry', packageTitle: 'Elevated Arbor', treeSize: '7.5–9 ft', serviceDate: '2026-12-28', reviewStage: 'post_removal' });
  });

  it("offers the business's Google review page when the owner set one (an https link; others are refused)", async () => {
    const su = superuser();
    const bad = await admin
      .collection('settings')
      .create({ key: 'google_review_url', value: 'http://g.page/r/abc/review' })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(bad).toBeInstanceOf(ClientResponseError);
    expect((bad as ClientResponseError).status).toBe(400);
    const row = await admin.collection('settings').create({ key: 'google_review_url', value: 'https://g.page/r/abc/review' });
    try {
      const { token } = await requestToken((await paidBooking()).id);
      const res = await link(token);
      expect(res.status).toBe(200);
      expect(res.body.googleReviewUrl).toBe('https://g.page/r/abc/review');
    } finally {
      await su.collection('settings').delete(row.id);
    }
  });

  it.each<[string, string | undefined, string]>([
    ['missing', undefined, M.missing],
    ['empty', '', M.missing],
    ['unknown', 'A'.repeat(48), M.notFound],
    ['malformed', "x' || 1=1", M.notFound],
  ])('a %s token gets a clear 400', async (_, token, message) => {
    const res = await link(token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('an expired token gets its own message', async () => {
    const { token, testimonialId } = await requestToken((await paidBooking()).id);
    await superuser().collection('testimonials').update(testimonialId, { token_expires_at: '2026-11-20 16:59:59.000Z' });
    const res = await link(token);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(M.expired);
  });
});

describe('POST /api/fn/submit-review', () => {
  let token: string;
  let testimonialId: string;

  beforeEach(async () => {
    ({ token, testimonialId } = await requestToken((await paidBooking()).id));
  });

  const placeholderUnchanged = async () => {
    const t = await superuser().collection('testimonials').getOne(testimonialId);
    expect(t).toMatchObject({ rating: 0, review_text: 'Pending review submission', submitted_at: '' });
  };

  it('fills the placeholder: rating, trimmed text, submitted_at; not approved, not public', async () => {
    const text = reviewText(120);
    const res = await submit({ token, rating: 4, review_text: `  ${text}\n` });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    const t = await superuser().collection('testimonials').getOne(testimonialId);
    expect(t).toMatchObject({ rating: 4, review_text: text, submitted_at: '2026-11-20 17:00:00.000Z', is_approved: false });
    expect((await anonymous().collection('public_testimonials').getList(1, 12)).totalItems).toBe(0);
  });

  it('accepts exactly 50 characters', async () => {
    expect((await submit({ token, rating: 5, review_text: reviewText(50) })).status).toBe(200);
  });

  it.each<[string, () => Record<string, unknown>, string]>([
    ['a 49-character review', () => ({ token, rating: 5, review_text: reviewText(49) }), M.tooShort],
    ['49 characters padded with spaces', () => ({ token, rating: 5, review_text: `   ${reviewText(49)}   ` }), M.tooShort],
    ['no text', () => ({ token, rating: 5 }), M.tooShort],
    ['a rating of 0', () => ({ token, rating: 0, review_text: reviewText() }), M.rating],
    ['a rating of 6', () => ({ token, rating: 6, review_text: reviewText() }), M.rating],
    ['a rating of 4.5', () => ({ token, rating: 4.5, review_text: reviewText() }), M.rating],
    ['a rating as text', () => ({ token, rating: '5', review_text: reviewText() }), M.rating],
    ['no token', () => ({ rating: 5, review_text: reviewText() }), M.missing],
    ['an unknown token', () => ({ token: 'B'.repeat(48), rating: 5, review_text: reviewText() }), M.notFound],
  ])('refuses %s with a clear 400 and stores nothing', async (_, body, message) => {
    const res = await submit(body());
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    await placeholderUnchanged();
  });

  it('refuses an expired token and stores nothing', async () => {
    await superuser().collection('testimonials').update(testimonialId, { token_expires_at: '2026-11-19 12:00:00.000Z' });
    const res = await submit({ token, rating: 5, review_text: reviewText() });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(M.expired);
    const t = await superuser().collection('testimonials').getOne(testimonialId);
    expect(t).toMatchObject({ rating: 0, review_text: 'Pending review submission', submitted_at: '' });
  });

  it('refuses a used token and keeps the first review', async () => {
    const first = reviewText(60);
    expect((await submit({ token, rating: 5, review_text: first })).status).toBe(200);
    const res = await submit({ token, rating: 1, review_text: reviewText(90) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(M.used);
    const t = await superuser().collection('testimonials').getOne(testimonialId);
    expect(t).toMatchObject({ rating: 5, review_text: first });
  });

  it('stores one review when two submits with one token arrive at once', async () => {
    const texts = [reviewText(70), reviewText(110)];
    const results = await Promise.all(texts.map((review_text, i) => submit({ token, rating: i + 2, review_text })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    const loser = results.find((r) => r.status === 400)!;
    expect(loser.body.message).toBe(M.used);
    const winner = results.findIndex((r) => r.status === 200);
    const t = await superuser().collection('testimonials').getOne(testimonialId);
    expect(t).toMatchObject({ rating: winner + 2, review_text: texts[winner] });
    expect((await superuser().collection('testimonials').getFullList()).length).toBe(1);
  });

  it('never approves: the customer cannot set is_approved or the name', async () => {
    const res = await submit({ token, rating: 5, review_text: reviewText(), is_approved: true, customer_name: 'Mallory' });
    expect(res.status).toBe(200);
    const t = await superuser().collection('testimonials').getOne(testimonialId);
    expect(t).toMatchObject({ is_approved: false, customer_name: 'Holly Berry' });
  });
});

describe('what anonymous visitors see of testimonials', () => {
  const SECRET = 'holly@example.com';
  let approvedId: string;
  let pendingToken: string;

  beforeEach(async () => {
    const su = superuser();
    // One approved review, one submitted but unapproved, one placeholder (even if approved by mistake).
    const approved = await requestToken((await paidBooking()).id);
    await submit({ token: approved.token, rating: 5, review_text: reviewText(80) });
    await su.collection('testimonials').update(approved.testimonialId, { is_approved: true, approved_at: '2026-11-20 12:00:00.000Z' });
    approvedId = approved.testimonialId;

    const unapproved = await requestToken((await paidBooking({ install_date: '2026-11-27' })).id);
    await submit({ token: unapproved.token, rating: 1, review_text: `Unapproved ${reviewText(80)}` });

    const placeholder = await requestToken((await paidBooking({ install_date: '2026-11-28' })).id);
    await su.collection('testimonials').update(placeholder.testimonialId, { is_approved: true });
    pendingToken = placeholder.token;
  });

  async function listOrRefused(options: Record<string, unknown>) {
    try {
      return await anonymous().collection('public_testimonials').getList(1, 50, options);
    } catch (err) {
      if (!(err instanceof ClientResponseError)) throw err;
      expect([400, 403]).toContain(err.status);
      expect(JSON.stringify(err.response)).not.toContain(SECRET);
      return null;
    }
  }

  it('the public view lists only the approved, submitted review, with safe columns only', async () => {
    const list = await anonymous().collection('public_testimonials').getList(1, 50);
    expect(list.items.map((i) => i.id)).toEqual([approvedId]);
    expect(Object.keys(list.items[0]!).sort()).toEqual(
      [
        'approved_at',
        'collectionId',
        'collectionName',
        'created_at',
        'customer_name',
        'id',
        'is_featured',
        'package_type',
        'rating',
        'review_stage',
        'review_text',
        'service_date',
        'tree_size',
      ].sort(),
    );
    expect(JSON.stringify(list)).not.toMatch(/holly@example\.com|Pending review submission|Unapproved/);
  });

  it("shows the reviewer's first name and last initial, never the full name", async () => {
    const list = await anonymous().collection('public_testimonials').getList(1, 50);
    expect(list.items.map((i) => i.customer_name)).toEqual(['Holly B.']);
    expect(JSON.stringify(list)).not.toContain('Berry');
    // The admin still sees the full name; renaming the reviewer renames the public name too.
    expect(await superuser().collection('testimonials').getOne(approvedId)).toMatchObject({ customer_name: 'Holly Berry', public_name: 'Holly B.' });
    await superuser().collection('testimonials').update(approvedId, { customer_name: 'Holly Winter-Green' });
    expect((await anonymous().collection('public_testimonials').getOne(approvedId)).customer_name).toBe('Holly W.');
  });

  it.each(['rating = 0', 'rating = 1', "review_text = 'Pending review submission'", "review_text ~ 'Unapproved'", "id != ''", "@request.auth.id = '' || id != ''"])(
    'filter %s finds nothing unapproved',
    async (filter) => {
      const list = await listOrRefused({ filter });
      for (const item of list?.items ?? []) expect(item.id).toBe(approvedId);
    },
  );

  it.each([
    "review_token != ''",
    `review_token = '${'x'.repeat(48)}'`,
    "customer_email ~ 'holly'",
    'is_approved = false',
    "submitted_at = ''",
    "booking != ''",
    "booking.customer_email ~ 'holly'",
    "@collection.testimonials.review_token != ''",
    "@collection.testimonials.customer_email ~ 'holly'",
  ])('filter on a hidden column %s is refused or finds nothing', async (filter) => {
    const list = await listOrRefused({ filter });
    expect(list?.items.length ?? 0).toBeLessThanOrEqual(1);
    for (const item of list?.items ?? []) expect(item.id).toBe(approvedId);
  });

  it('a token oracle through filters gives the same answer for a real and a fake token', async () => {
    const answers: string[] = [];
    for (const t of [pendingToken, 'Z'.repeat(48)]) {
      const res = await fetch(`${baseUrl()}/api/collections/public_testimonials/records?filter=${encodeURIComponent(`@collection.testimonials.review_token = '${t}'`)}`);
      answers.push(`${res.status} ${(await res.text()).replace(/"[a-z0-9]{15}"/g, '')}`);
    }
    expect(answers[0]).toBe(answers[1]);
  });

  it('expand, fields and sort on hidden columns leak nothing', async () => {
    for (const q of ['expand=booking', 'fields=*,review_token,customer_email', 'sort=review_token', 'sort=-customer_email', 'perPage=500&skipTotal=1']) {
      const res = await fetch(`${baseUrl()}/api/collections/public_testimonials/records?${q}`);
      const text = await res.text();
      expect(text, q).not.toMatch(/holly@example\.com|Pending review submission|Unapproved|review_token":"[A-Za-z0-9]/);
    }
  });

  it('unapproved reviews and placeholders cannot be read by id, and testimonials is closed', async () => {
    const all = await superuser().collection('testimonials').getFullList();
    for (const t of all.filter((x) => x.id !== approvedId)) {
      const res = await fetch(`${baseUrl()}/api/collections/public_testimonials/records/${t.id}`);
      expect(res.status).toBe(404);
    }
    const res = await fetch(`${baseUrl()}/api/collections/testimonials/records?filter=${encodeURIComponent("review_token != ''")}`);
    const text = await res.text();
    expect(text).not.toContain(pendingToken);
    expect(text).not.toContain(SECRET);
  });

  it('testimonial-stats counts only approved reviews', async () => {
    const res = await callFn('GET', '/api/fn/testimonial-stats');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 1, average: 5, ratings: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 1 } });
  });
});

describe('testimonial-stats', () => {
  it('averages every approved review to one decimal', async () => {
    const su = superuser();
    for (const [i, rating] of [5, 5, 4].entries()) {
      await su
        .collection('testimonials')
        .create({
          customer_name: `Reviewer ${i}`,
          rating,
          review_text: reviewText(),
          review_stage: 'post_install',
          is_approved: true,
          approved_at: '2026-11-19 12:00:00.000Z',
          submitted_at: '2026-11-18 12:00:00.000Z',
        });
    }
    const res = await callFn('GET', '/api/fn/testimonial-stats');
    expect(res.body).toEqual({ count: 3, average: 4.7, ratings: { '1': 0, '2': 0, '3': 0, '4': 1, '5': 2 } });
  });

  it('is zero without reviews', async () => {
    expect((await callFn('GET', '/api/fn/testimonial-stats')).body).toEqual({ count: 0, average: 0, ratings: { '1': 0, '2': 0, '3': 0, '4': 0, '5': 0 } });
  });
});
