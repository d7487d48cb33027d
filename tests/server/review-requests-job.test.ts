/**
 * The scheduled review-request job (docs/decisions/005): the post_removal request goes out the day after a
 * completed removal, once per booking and stage, however often the job runs. The daily cron
 * calls the same function as the superuser-only POST /api/fn/jobs/review-requests used here.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createBookingRecord } from './fixtures';
import { requestReviewToken, reviewText, staffClient } from './review-fixtures';
import { callFn, clearCollections, superuser, callFnAs } from './support';

const runJob = () => callFnAs(superuser().authStore.token, 'POST', '/api/fn/jobs/review-requests');

async function requestMails(): Promise<Record<string, number>> {
  const su = superuser();
  const mails = await su.collection('mail_log').getFullList({ filter: "kind = 'review_request'" });
  const testimonials = await su.collection('testimonials').getFullList();
  const bookingOf = new Map(testimonials.map((t) => [t.id, t.booking as string]));
  const perBooking: Record<string, number> = {};
  for (const m of mails) {
    const b = bookingOf.get(m.related_id) ?? `?${m.related_id}`;
    perBooking[b] = (perBooking[b] ?? 0) + 1;
  }
  return perBooking;
}

beforeAll(async () => {
  await clearCollections('staff');
});

beforeEach(async () => {
  await clearCollections('testimonials', 'mail_log', 'charges', 'job_events', 'bookings');
});

describe('review-request job (today is 2026-11-20 in New York)', () => {
  it('sends each due booking one post_removal request, and never again', async () => {
    const base = { install_date: '2026-11-01', install_time_slot: '9-15', removal_time_slot: '9-15' };
    const due1 = await createBookingRecord({ ...base, customer_email: 'due1@example.com', removal_date: '2026-11-19', status: 'confirmed', payment_status: 'deposit_paid' });
    const due2 = await createBookingRecord({ ...base, customer_email: 'due2@example.com', removal_date: '2026-11-10', status: 'completed', payment_status: 'paid' });
    const notYet = await createBookingRecord({ ...base, customer_email: 'today@example.com', removal_date: '2026-11-20', status: 'confirmed', payment_status: 'deposit_paid' });
    const cancelled = await createBookingRecord({ ...base, customer_email: 'cancelled@example.com', removal_date: '2026-11-18', status: 'cancelled', payment_status: 'deposit_paid' });
    const unpaid = await createBookingRecord({ ...base, customer_email: 'unpaid@example.com', removal_date: '2026-11-18', status: 'pending_payment', payment_status: 'pending' });
    const tooOld = await createBookingRecord({ ...base, install_date: '2026-09-01', customer_email: 'old@example.com', removal_date: '2026-10-01', status: 'completed', payment_status: 'paid' });
    const noRemoval = await createBookingRecord({ ...base, customer_email: 'noremoval@example.com', removal_date: '', removal_time_slot: '', status: 'completed', payment_status: 'paid' });

    const first = await runJob();
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ sent: 2, skipped: 0 });
    expect(await requestMails()).toEqual({ [due1.id]: 1, [due2.id]: 1 });

    const su = superuser();
    const placeholders = await su.collection('testimonials').getFullList({ sort: 'customer_email' });
    expect(placeholders.map((t) => [t.customer_email, t.review_stage, t.rating, t.review_text, t.service_date])).toEqual([
      ['due1@example.com', 'post_removal', 0, 'Pending review submission', '2026-11-19'],
      ['due2@example.com', 'post_removal', 0, 'Pending review submission', '2026-11-10'],
    ]);
    const mail = await su.collection('mail_log').getFirstListItem("kind = 'review_request' && to = 'due1@example.com'");
    const token = placeholders[0]!.review_token as string;
    expect(token).toMatch(/^[A-Za-z0-9]{48}$/);
    expect(mail.body).toContain(`/submit-review?token=${token}`);

    // Later runs find the same bookings due but send nothing more.
    expect((await runJob()).body).toEqual({ sent: 0, skipped: 2 });
    expect((await runJob()).body).toEqual({ sent: 0, skipped: 2 });
    expect(await requestMails()).toEqual({ [due1.id]: 1, [due2.id]: 1 });
    expect((await su.collection('testimonials').getFullList()).length).toBe(2);
    for (const b of [notYet, cancelled, unpaid, tooOld, noRemoval]) {
      expect((await su.collection('testimonials').getList(1, 1, { filter: su.filter('booking = {:id}', { id: b.id }) })).totalItems).toBe(0);
    }
  });

  it('skips a booking whose post_removal request the admin already sent, but not its post_install one', async () => {
    const admin = await staffClient('admin');
    const booking = await createBookingRecord({ install_date: '2026-11-01', removal_date: '2026-11-19', status: 'confirmed', payment_status: 'deposit_paid' });
    const manual = await callFnAs(admin.authStore.token, 'POST', '/api/fn/send-review-request', { booking_id: booking.id, review_stage: 'post_install' });
    expect(manual.status).toBe(200);
    expect((await runJob()).body).toEqual({ sent: 1, skipped: 0 });
    const manualRemoval = await callFnAs(admin.authStore.token, 'POST', '/api/fn/send-review-request', { booking_id: booking.id });
    expect(manualRemoval.status).toBe(200); // the admin may re-send a fresh link on purpose
    expect((await runJob()).body).toEqual({ sent: 0, skipped: 1 });
    const su = superuser();
    const stages = (await su.collection('testimonials').getFullList({ sort: 'review_stage' })).map((t) => t.review_stage);
    expect(stages).toEqual(['post_install', 'post_removal']);
  });

  it('asks no customer who has already reviewed: this booking at installation, or another booking of theirs this season', async () => {
    const admin = await staffClient('admin');
    const base = { install_date: '2026-11-01', removal_date: '2026-11-19', status: 'confirmed', payment_status: 'deposit_paid' };
    // Reviewed after the installation, through the link the admin sent.
    const reviewedAtInstall = await createBookingRecord({ ...base, customer_email: 'installed@example.com' });
    const { token } = await requestReviewToken(admin, reviewedAtInstall.id, 'post_install');
    expect((await callFn('POST', '/api/fn/submit-review', { token, rating: 5, review_text: reviewText() })).status).toBe(200);
    // The same address reviewed another booking of this season; and one that reviewed only last season.
    const sameSeason = await createBookingRecord({ ...base, customer_email: 'twice@example.com' });
    const su = superuser();
    await su
      .collection('testimonials')
      .create({
        customer_name: 'Twice',
        customer_email: 'twice@example.com',
        rating: 4,
        review_text: reviewText(),
        service_date: '2026-11-08',
        review_stage: 'post_install',
        submitted_at: '2026-11-09 12:00:00.000Z',
      });
    const lastSeason = await createBookingRecord({ ...base, customer_email: 'returning@example.com' });
    await su
      .collection('testimonials')
      .create({
        customer_name: 'Returning',
        customer_email: 'returning@example.com',
        rating: 5,
        review_text: reviewText(),
        service_date: '2025-12-28',
        review_stage: 'post_removal',
        submitted_at: '2026-01-02 12:00:00.000Z',
      });

    expect((await runJob()).body).toEqual({ sent: 1, skipped: 2 });
    const mails = await su.collection('mail_log').getFullList({ filter: "kind = 'review_request'", sort: 'to' });
    // The admin's post_install request, and the job's one request: to the customer who reviewed only last season.
    expect(mails.map((m) => m.to)).toEqual(['installed@example.com', 'returning@example.com']);
    const removalRequests = await su.collection('testimonials').getFullList({ filter: "review_stage = 'post_removal' && submitted_at = ''" });
    expect(removalRequests.map((t) => t.booking)).toEqual([lastSeason.id]);
    expect((await runJob()).body).toEqual({ sent: 0, skipped: 3 });
    expect(sameSeason.id).toBeTruthy();
  });

  it('gives concurrent runs one request per booking', async () => {
    const booking = await createBookingRecord({ install_date: '2026-11-01', removal_date: '2026-11-19', status: 'confirmed', payment_status: 'deposit_paid' });
    const runs = await Promise.all([runJob(), runJob(), runJob()]);
    expect(runs.map((r) => r.body.sent).reduce((a: number, b: number) => a + b, 0)).toBe(1);
    expect(await requestMails()).toEqual({ [booking.id]: 1 });
  });

  it('can be run only by a superuser', async () => {
    await createBookingRecord({ install_date: '2026-11-01', removal_date: '2026-11-19', status: 'confirmed', payment_status: 'deposit_paid' });
    const admin = await staffClient('admin');
    expect((await callFnAs(null, 'POST', '/api/fn/jobs/review-requests')).status).toBe(401);
    expect([401, 403]).toContain((await callFnAs(admin.authStore.token, 'POST', '/api/fn/jobs/review-requests')).status);
    expect((await superuser().collection('testimonials').getList(1, 1)).totalItems).toBe(0);
  });
});

describe('the daily cron registration', () => {
  it('is scheduled daily and, run through PocketBase cron API, sends the request once', async () => {
    const su = superuser();
    const jobs = await su.crons.getFullList();
    expect(jobs.find((j) => j.id === 'send-review-requests')?.expression).toBe('0 14 * * *');

    const booking = await createBookingRecord({ install_date: '2026-11-01', removal_date: '2026-11-19', status: 'confirmed', payment_status: 'deposit_paid' });
    // PocketBase runs the job in the background: wait for its e-mail.
    await su.crons.run('send-review-requests');
    const deadline = Date.now() + 10_000;
    while (Object.keys(await requestMails()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await requestMails()).toEqual({ [booking.id]: 1 });

    await su.crons.run('send-review-requests');
    await new Promise((r) => setTimeout(r, 500));
    expect((await runJob()).body).toEqual({ sent: 0, skipped: 1 });
    expect(await requestMails()).toEqual({ [booking.id]: 1 });
  });
});
