/**
 * Crashes and outages on the money and mail paths (docs/decisions/021), with the real
 * every-minute jobs: Stripe mode against a stand-in for Stripe in front of stripe-mock, e-mail
 * to a real SMTP sink. The jobs are not waited for: after the restart the test runs the
 * registered cron jobs themselves through PocketBase's POST /api/crons/{id} (what the
 * scheduler runs each minute), and the outage's retry is run as at the minute its backoff
 * ends (POST /api/fn/jobs/deliver-mail with `now`), so no test waits on the wall clock.
 *
 * - kill -9 right after 20 deposits were confirmed (their e-mails held up by a slow mail
 *   server) and while three balance charges were at Stripe: after the restart every
 *   confirmation and owner notice goes out exactly once, every charge settles to what Stripe
 *   did (never a second PaymentIntent), and the booking whose charge failed can be charged again;
 * - the SMTP server down for a minute: the e-mails wait and then go out, none lost, none doubled.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { charge, newKey, postWebhook, stageBooking } from './charge-fixtures';
import { SERVER_NOW } from './constants';
import { request } from './support';
import { startStripeWorld, type StripeWorld } from './stripe-world';

const NOW_MS = Date.parse(SERVER_NOW);
const pbDate = (ms: number) => new Date(ms).toISOString().replace('T', ' ');
/** The server's clock after the restart: two minutes on, so the charges left pending are a minute old. */
const LATER = new Date(NOW_MS + 2 * 60_000).toISOString();
const OWNER = 'hello@thoughtfullyadorned.com';

let w: StripeWorld;

beforeAll(async () => {
  w = await startStripeWorld(SERVER_NOW);
}, 60_000);

afterAll(() => w?.stop());

/** Polls `check` every 250 ms until it is true or `timeoutMs` passes (then fails with `what`). */
async function until(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The season's dates from 2026-11-23 on, one a day. */
const dayAfter = (n: number) => new Date(Date.UTC(2026, 10, 23 + n)).toISOString().slice(0, 10);

/** An unpaid Stripe checkout hold of `email` on `date` (as create-booking-checkout leaves it). */
function stageHold(email: string, date: string, sessionId: string) {
  return stageBooking(w.su, {
    customer_email: email,
    customer_name: `Customer ${email}`,
    package_type: 'adorned-arrangement',
    tree_size: '5-7ft',
    install_date: date,
    install_time_slot: '9-12',
    removal_date: '',
    removal_time_slot: '',
    total_price: 100000,
    deposit_amount: 50000,
    balance_remaining: 0,
    status: 'pending_payment',
    payment_status: 'pending',
    payment_mode: 'stripe',
    deposit_paid_at: '',
    checkout_session_id: sessionId,
    hold_expires_at: pbDate(NOW_MS + 60 * 60_000),
  });
}

const paid = (sessionId: string, bookingId: string, nowMs: number) =>
  postWebhook(
    w.server.url,
    'checkout.session.completed',
    { object: 'checkout.session', id: sessionId, payment_status: 'paid', status: 'complete', payment_intent: `pi_${sessionId}`, metadata: { booking_id: bookingId } },
    Math.floor(nowMs / 1000),
  );
/** Runs the mail job now (POST /api/fn/jobs/deliver-mail), or as at `atMs` (epoch ms). */
const deliverMailJob = (atMs?: number) =>
  request<{ delivered: number }>({ base: w.server.url, route: '/api/fn/jobs/deliver-mail', body: atMs === undefined ? {} : { now: new Date(atMs).toISOString() }, token: w.su.authStore.token });
const mailsTo = (s: SmtpSink, to: string) => s.messages.filter((m) => JSON.stringify(m.to).includes(to));
const noticesAbout = (s: SmtpSink, email: string) => s.messages.filter((m) => JSON.stringify(m.to).includes(OWNER) && (m.text ?? '').includes(email));

describe('kill -9 with e-mails and charges in flight', () => {
  it('after the restart every confirmation and notice is sent once and every charge settles to its real outcome', async () => {
    const run = Date.now().toString(36);
    const holds = await Promise.all(Array.from({ length: 20 }, (_, i) => stageHold(`crash-${run}-${i}@example.com`, dayAfter(i), `cs_crash_${run}_${i}`)));
    // Three bookings with a balance due, their cards at a bank that answers only after the crash;
    // the third card is declined.
    const customers = [0, 1, 2].map((i) => `cus_crash_${run}_${i}`);
    const owed = await Promise.all(
      customers.map((c, i) =>
        stageBooking(w.su, {
          stripe_customer_id: c,
          payment_method_id: `pm_${c}`,
          payment_mode: 'stripe',
          install_date: dayAfter(22 + i),
          install_time_slot: '9-15',
          removal_date: '',
          removal_time_slot: '',
        }),
      ),
    );
    customers.forEach((c, i) => w.standIn.script(c, { delayMs: 60_000, status: i === 2 ? 'requires_payment_method' : 'succeeded' }));
    w.sink.setGreetingDelay(60_000);

    // The payments and charges go out together; the server is killed as soon as all 20 deposits
    // are confirmed and all three charges are at Stripe (their requests never get an answer).
    const inFlight = [
      ...holds.map((h) => paid(h.checkout_session_id, h.id, NOW_MS).catch(() => null)),
      ...owed.map((b) => charge(w.server.url, w.admin, newKey(), { bookingId: b.id }).catch(() => null)),
    ];
    await until(
      '20 confirmed deposits and 3 charges at Stripe',
      async () =>
        (await w.su.collection('bookings').getList(1, 1, { filter: w.su.filter('status = "confirmed" && customer_email ~ {:run}', { run }) })).totalItems === 20 &&
        customers.every((c) => w.standIn.intents.some((pi) => pi.customer === c)),
      30_000,
    );
    await w.server.crash();
    await Promise.all(inFlight);
    expect(w.sink.messages.filter((m) => (m.text ?? '').includes(run))).toHaveLength(0);

    // Back up: a quick mail server, and the bank has answered.
    w.sink.setGreetingDelay(0);
    customers.forEach((c) => w.standIn.script(c, undefined));
    await w.start(LATER);
    // The every-minute jobs, as the scheduler runs them (not waiting for the next minute).
    for (const job of ['deliver-mail', 'reconcile-charges']) expect((await request({ base: w.server.url, route: `/api/crons/${job}`, body: {}, token: w.su.authStore.token })).status).toBe(204);
    const charges = () => w.su.collection('charges').getFullList({ filter: w.su.filter('booking.stripe_customer_id ~ {:run}', { run }) });
    await until(
      'every e-mail sent and every charge settled by the jobs',
      async () => w.sink.messages.filter((m) => (m.text ?? '').includes(run)).length >= 60 && (await charges()).every((c) => c.status !== 'pending'),
      30_000,
    );
    // Stripe redelivers the 20 events: nothing more is sent, then or by the next run of the job.
    await Promise.all(holds.map((h) => paid(h.checkout_session_id, h.id, Date.parse(LATER))));
    expect((await deliverMailJob()).status).toBe(200);
    for (const h of holds) {
      // The confirmation and the deposit's receipt, once each.
      expect(
        mailsTo(w.sink, h.customer_email)
          .map((m) => m.subject)
          .sort(),
      ).toEqual([expect.stringMatching(/^Booking confirmed/), expect.stringMatching(/^Receipt: Deposit of \$500 /)]);
      expect(noticesAbout(w.sink, h.customer_email)).toHaveLength(1);
    }
    expect(w.sink.messages.filter((m) => (m.text ?? '').includes(run))).toHaveLength(60);

    const settled = await charges();
    expect(settled).toHaveLength(3);
    for (const [i, b] of owed.entries()) {
      const c = settled.find((s) => s.booking === b.id)!;
      expect(w.standIn.intentCreations(c.id)).toHaveLength(1);
      if (i < 2) {
        expect(c.status).toBe('succeeded');
        expect(await w.su.collection('bookings').getOne(b.id)).toMatchObject({ payment_status: 'paid', balance_remaining: 0 });
      } else {
        expect(c.status).toBe('failed');
        expect(await w.su.collection('bookings').getOne(b.id)).toMatchObject({ payment_status: 'deposit_paid', balance_remaining: 82500 });
      }
    }
    // The booking whose charge failed can be charged again at once.
    const again = await charge(w.server.url, w.admin, newKey(), { bookingId: owed[2]!.id });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: true, amountCharged: 82500 });
  }, 120_000);
});

describe('an SMTP outage', () => {
  it('a minute without the mail server delays the e-mails; none is lost and none is sent twice', async () => {
    const run = `smtp${Date.now().toString(36)}`;
    const port = w.sink.port;
    await w.sink.stop();
    const holds = await Promise.all(Array.from({ length: 5 }, (_, i) => stageHold(`${run}-${i}@example.com`, dayAfter(26 + i), `cs_${run}_${i}`)));
    const downSince = Date.now();
    for (const h of holds) expect((await paid(h.checkout_session_id, h.id, Date.parse(LATER))).status).toBe(200);
    const failedBy = Date.now();
    const queued = await w.su.collection('mail_log').getFullList({ filter: w.su.filter('to ~ {:run} || body ~ {:run}', { run }) });
    expect(queued).toHaveLength(15);
    expect(queued.every((m) => m.status === 'queued' && m.attempts === 1 && m.error !== '')).toBe(true);

    // The mail server is back; the job, as at any time in the minute after the failures, sends
    // nothing: every e-mail waits out its first backoff (a minute on the wall clock).
    w.sink = await startSmtpSink(port);
    expect((await deliverMailJob(downSince + 59_000)).body).toEqual({ delivered: 0 });
    expect(w.sink.messages.filter((m) => (m.text ?? '').includes(run))).toHaveLength(0);
    // A minute on, the job sends all 15, once: a second run finds nothing left.
    expect((await deliverMailJob(failedBy + 61_000)).body).toEqual({ delivered: 15 });
    expect((await deliverMailJob(failedBy + 61_000)).body).toEqual({ delivered: 0 });
    expect(w.sink.messages.filter((m) => (m.text ?? '').includes(run))).toHaveLength(15);
    for (const h of holds) {
      expect(mailsTo(w.sink, h.customer_email)).toHaveLength(2); // the confirmation and the receipt
      expect(noticesAbout(w.sink, h.customer_email)).toHaveLength(1);
    }
    const sent = await w.su.collection('mail_log').getFullList({ filter: w.su.filter('to ~ {:run} || body ~ {:run}', { run }) });
    expect(sent.every((m) => m.status === 'sent' && m.attempts >= 2)).toBe(true);
  });
});
