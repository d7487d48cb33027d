/**
 * Stripe Checkout against Stripe's own stripe-mock (behind a recording proxy), and the webhook
 * signed by the official `stripe` package: one PocketBase with STRIPE_SECRET_KEY set.
 */
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startStripeMock, type StripeMock } from '../support/stripe-mock';
import { stripeEnv, WEBHOOK_SECRET } from './charge-fixtures';
import { SERVER_NOW } from './constants';
import { ownServerHooks } from './own-server';
import { bookingRequest, request } from './support';

const NOW_SEC = Math.floor(Date.parse(SERVER_NOW) / 1000);
const stripe = new Stripe('sk_test_123');

let mock: StripeMock;
let sink: SmtpSink;
beforeAll(async () => {
  mock = await startStripeMock();
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.stop();
  await mock?.stop();
});
// Rate limits off (startOwnServer): many checkouts from one address; the per-caller caps are tested in booking-hoarding.test.ts.
// Registered after the mock's and the sink's hooks: started after them and, after hooks running last first, stopped before them.
const own = ownServerHooks('stripe-test', () => ({ ...stripeEnv(mock.url), SMTP_HOST: '127.0.0.1', SMTP_PORT: String(sink.port) }));

const post = (route: string, body: unknown, headers: Record<string, string> = {}) => request({ base: own.server.url, route, body, headers });

/** A checkout for a distinct install date so tests do not collide on slots. */
async function checkout(installDate: string, email: string, headers: Record<string, string> = {}) {
  const res = await post(
    '/api/fn/create-booking-checkout',
    { bookingData: bookingRequest({ installDate, customerEmail: email, removalDate: null, removalTimeSlot: null, packageType: 'adorned-arrangement', treeSize: '5-7ft', installTimeSlot: '9-12' }) },
    headers,
  );
  expect(res.status).toBe(200);
  return res.body as { url: string; sessionId: string; bookingId: string };
}

function webhook(type: string, session: Record<string, unknown>, opts: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, object: 'event', type, data: { object: { object: 'checkout.session', ...session } } });
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET, timestamp: opts.timestamp ?? NOW_SEC });
  return post('/api/fn/stripe-webhook', payload, { 'Stripe-Signature': header });
}

describe('Stripe Checkout session', () => {
  it('creates a session for the deposit, with the card saved and expiring with the hold', async () => {
    const before = mock.requests.length;
    const { url, sessionId, bookingId } = await checkout('2026-12-13', 'stripe1@example.com');
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(sessionId).toMatch(/^cs_/);

    const sent = mock.requests.slice(before).find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    expect(sent).toBeDefined();
    const form = new URLSearchParams(sent!.body);
    expect(sent!.headers.authorization).toBe('Bearer sk_test_123');
    expect(sent!.headers['idempotency-key']).toBe(`checkout-${bookingId}`);
    expect(form.get('mode')).toBe('payment');
    expect(form.get('customer_email')).toBe('stripe1@example.com');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('15000'); // 50% of $300
    expect(form.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(form.get('payment_intent_data[setup_future_usage]')).toBe('off_session');
    expect(form.get('expires_at')).toBe(String(NOW_SEC + 31 * 60));
    expect(form.get('success_url')).toBe(`${own.server.url}/booking-success?session_id={CHECKOUT_SESSION_ID}`);
    expect(form.get('metadata[booking_id]')).toBe(bookingId);

    const booking = await own.su.collection('bookings').getOne(bookingId);
    expect(booking).toMatchObject({ checkout_session_id: sessionId, payment_mode: 'stripe', status: 'pending_payment', deposit_amount: 15000 });
    expect(booking.hold_expires_at).toBe('2026-11-20 17:31:00.000Z');
  });

  it('builds the success and cancel URLs on the request Host, never on a spoofed Origin', async () => {
    const before = mock.requests.length;
    await checkout('2026-12-04', 'stripe-origin@example.com', { Origin: 'https://evil.example' });
    const sent = mock.requests.slice(before).find((r) => r.method === 'POST' && r.path === '/v1/checkout/sessions');
    const form = new URLSearchParams(sent!.body);
    expect(form.get('success_url')).toBe(`${own.server.url}/booking-success?session_id={CHECKOUT_SESSION_ID}`);
    expect(form.get('cancel_url')).toBe(`${own.server.url}/booking-cancel`);
  });

  it('refuses demo payments while a Stripe key is set', async () => {
    const { sessionId } = await checkout('2026-12-15', 'stripe2@example.com');
    const res = await post('/api/fn/demo-checkout/pay', { sessionId });
    expect(res.status).toBe(403);
  });

  it('verify does not confirm a session Stripe reports unpaid', async () => {
    const { sessionId, bookingId } = await checkout('2026-11-24', 'stripe3@example.com');
    const res = await post('/api/fn/verify-booking-payment', { sessionId });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(false);
    expect((await own.su.collection('bookings').getOne(bookingId)).payment_status).toBe('pending');
  });
});

describe('Stripe webhook', () => {
  it('a card deposit stores the card on file: its brand and last 4 digits, from the PaymentIntent’s payment method', async () => {
    const { sessionId, bookingId } = await checkout('2026-12-05', 'stripe-card@example.com');
    const before = mock.requests.length;
    const res = await webhook('checkout.session.completed', { id: sessionId, payment_status: 'paid', status: 'complete', payment_intent: 'pi_test_card', customer: 'cus_test_card' });
    expect(res).toEqual({ status: 200, body: { received: true } });
    // stripe-mock's PaymentMethod fixture is a Visa ending in 4242.
    expect(await own.su.collection('bookings').getOne(bookingId)).toMatchObject({ status: 'confirmed', payment_status: 'deposit_paid', card_brand: 'visa', card_last4: '4242' });
    const asked = mock.requests.slice(before).find((r) => r.method === 'GET' && r.path.startsWith(`/v1/checkout/sessions/${sessionId}?`));
    expect(decodeURIComponent(asked!.path)).toContain('expand[0]=payment_intent.payment_method');
  });

  it('a valid signature confirms once even when delivered twice', async () => {
    const { sessionId, bookingId } = await checkout('2026-11-27', 'stripe4@example.com');
    const event = { id: sessionId, payment_status: 'paid', status: 'complete', payment_intent: 'pi_test_123', customer: 'cus_test_123' };
    const first = await webhook('checkout.session.completed', event);
    expect(first).toEqual({ status: 200, body: { received: true } });
    const paid = await own.su.collection('bookings').getOne(bookingId);
    expect(paid).toMatchObject({ payment_status: 'deposit_paid', status: 'confirmed', balance_remaining: 15000 });
    expect(paid.payment_intent_id).not.toBe('');
    expect(paid.deposit_paid_at).not.toBe('');

    const second = await webhook('checkout.session.completed', event);
    expect(second.status).toBe(200);
    const again = await own.su.collection('bookings').getOne(bookingId);
    expect(again.deposit_paid_at).toBe(paid.deposit_paid_at);
    expect(again.updated_at).toBe(paid.updated_at);

    await sink.waitFor((m) => JSON.stringify(m.to).includes('stripe4@example.com') && (m.subject?.startsWith('Booking confirmed') ?? false));
    await sink.waitFor((m) => JSON.stringify(m.to).includes('stripe4@example.com') && (m.subject?.startsWith('Receipt:') ?? false));
    await new Promise((r) => setTimeout(r, 300));
    // One confirmation and one receipt for the deposit, however often Stripe tells us.
    expect(
      sink.messages
        .filter((m) => JSON.stringify(m.to).includes('stripe4@example.com'))
        .map((m) => m.subject?.replace(/ .*/, ''))
        .sort(),
    ).toEqual(['Booking', 'Receipt:']);
    const logged = await own.su.collection('mail_log').getFullList({ filter: own.su.filter('related_id = {:id}', { id: bookingId }) });
    expect(logged.map((m) => m.kind).sort()).toEqual(['booking_confirmation', 'business_notice', 'receipt']);
    expect(logged.find((m) => m.kind === 'receipt')!.body).toContain('Method: Card (secure online checkout)');

    // verify-booking-payment agrees, idempotently.
    const verify = await post('/api/fn/verify-booking-payment', { sessionId });
    expect(verify.body.success).toBe(true);
  });

  it.each([
    ['a wrong secret', { secret: 'whsec_wrong' }],
    ['a stale timestamp', { timestamp: NOW_SEC - 301 }],
  ])('refuses %s and changes nothing', async (_n, opts) => {
    const { sessionId, bookingId } = await checkout(_n === 'a wrong secret' ? '2026-11-28' : '2026-11-29', `stripe-bad-${Date.now()}@example.com`);
    const res = await webhook('checkout.session.completed', { id: sessionId, payment_status: 'paid', payment_intent: 'pi_x' }, opts);
    expect(res.status).toBe(400);
    const booking = await own.su.collection('bookings').getOne(bookingId);
    expect(booking).toMatchObject({ payment_status: 'pending', status: 'pending_payment', payment_intent_id: '' });
  });

  it('refuses a missing signature', async () => {
    const res = await post('/api/fn/stripe-webhook', JSON.stringify({ type: 'checkout.session.completed' }));
    expect(res.status).toBe(400);
  });

  it('an expired session frees the hold', async () => {
    const { sessionId, bookingId } = await checkout('2026-12-01', 'stripe6@example.com');
    const busy = await fetch(`${own.server.url}/api/fn/availability?date=2026-12-01&size=5-7ft&kind=install`).then((r) => r.json() as Promise<any>);
    expect(busy.slots.find((s: { id: string }) => s.id === '9-12').available).toBe(false);
    expect((await webhook('checkout.session.expired', { id: sessionId, payment_status: 'unpaid', status: 'expired' })).status).toBe(200);
    expect((await own.su.collection('bookings').getOne(bookingId)).status).toBe('cancelled');
    const free = await fetch(`${own.server.url}/api/fn/availability?date=2026-12-01&size=5-7ft&kind=install`).then((r) => r.json() as Promise<any>);
    expect(free.slots.find((s: { id: string }) => s.id === '9-12').available).toBe(true);
  });
});

describe('late payments (docs/decisions/010)', () => {
  /** Stripe's idempotency keys of the refunds our server asked for, by booking. */
  const refundsFor = (bookingId: string) => mock.requests.filter((r) => r.method === 'POST' && r.path === '/v1/refunds' && new URLSearchParams(r.body).get('metadata[booking_id]') === bookingId);

  it.each(['checkout.session.completed', 'checkout.session.async_payment_succeeded'])('a signed %s for a hold that lapsed and was resold ends with one owner and a refund', async (type) => {
    const date = type === 'checkout.session.completed' ? '2026-12-18' : '2026-12-19';
    const late = await checkout(date, `late-${date}@example.com`);
    // The hold lapses (Stripe expires the session), then someone else buys the slot.
    await webhook('checkout.session.expired', { id: late.sessionId, payment_status: 'unpaid', status: 'expired' });
    const buyer = await checkout(date, `buyer-${date}@example.com`);
    await webhook('checkout.session.completed', { id: buyer.sessionId, payment_status: 'paid', status: 'complete' });
    expect(await own.su.collection('bookings').getOne(buyer.bookingId)).toMatchObject({ status: 'confirmed', payment_status: 'deposit_paid' });

    // The late customer's payment arrives anyway.
    const res = await webhook(type, { id: late.sessionId, payment_status: 'paid', status: 'complete' });
    expect(res.status).toBe(200);
    const flagged = await own.su.collection('bookings').getOne(late.bookingId);
    expect(flagged).toMatchObject({ status: 'payment_conflict', payment_status: 'refunded' });
    expect(flagged.refund_id).toMatch(/^re_/);
    expect(flagged.refunded_at).not.toBe('');
    const refunds = refundsFor(late.bookingId);
    expect(refunds).toHaveLength(1);
    expect(new URLSearchParams(refunds[0]!.body).get('payment_intent')).toBe(flagged.payment_intent_id);
    expect(refunds[0]!.headers['idempotency-key']).toBe(`refund-${late.bookingId}`);

    // The slot has exactly one owner: the buyer.
    const onDate = await own.su.collection('bookings').getFullList({ filter: own.su.filter('install_date = {:d}', { d: date }) });
    expect(onDate.filter((b) => b.payment_status === 'deposit_paid').map((b) => b.id)).toEqual([buyer.bookingId]);

    // The customer and the business are told; the customer is not sent a confirmation.
    const customerMail = await sink.waitFor((m) => JSON.stringify(m.to).includes(`late-${date}@example.com`));
    expect(customerMail.subject).toMatch(/refunded/i);
    expect(customerMail.text).toMatch(/has been refunded in full/);
    const logged = await own.su.collection('mail_log').getFullList({ filter: own.su.filter('related_id = {:id}', { id: late.bookingId }) });
    expect(logged.map((m) => m.kind).sort()).toEqual(['business_notice', 'payment_conflict', 'receipt']);
    // The refund's receipt: the deposit went back to the card.
    const receipt = logged.find((m) => m.kind === 'receipt')!;
    expect(receipt.subject).toBe(`Receipt: Refund of $150 (TA-${late.bookingId.slice(0, 8).toUpperCase()})`);
    expect(receipt.body).toContain('Refunded: $150\nMethod: Refund to the card used');

    // A redelivered event refunds nothing more and e-mails nobody again.
    await webhook(type, { id: late.sessionId, payment_status: 'paid', status: 'complete' });
    expect(refundsFor(late.bookingId)).toHaveLength(1);
    expect(await own.su.collection('mail_log').getFullList({ filter: own.su.filter('related_id = {:id}', { id: late.bookingId }) })).toHaveLength(3);

    // verify-booking-payment tells the success page what happened.
    const verify = await post('/api/fn/verify-booking-payment', { sessionId: late.sessionId });
    expect(verify.body).toMatchObject({ success: false, conflict: true });
  });

  it('a payment for a hold that lapsed while its slot stayed free still confirms the booking', async () => {
    const late = await checkout('2026-12-06', 'lapsed-free@example.com');
    await webhook('checkout.session.expired', { id: late.sessionId, payment_status: 'unpaid', status: 'expired' });
    await webhook('checkout.session.completed', { id: late.sessionId, payment_status: 'paid', status: 'complete' });
    expect(await own.su.collection('bookings').getOne(late.bookingId)).toMatchObject({ status: 'confirmed', payment_status: 'deposit_paid', cancel_reason: '' });
    expect(refundsFor(late.bookingId)).toHaveLength(0);
  });

  it('a payment for a replaced checkout is refunded, and the replaced session was expired at Stripe', async () => {
    const data = (installDate: string) => ({
      bookingData: bookingRequest({
        installDate,
        customerEmail: 'replacer@example.com',
        removalDate: null,
        removalTimeSlot: null,
        packageType: 'adorned-arrangement',
        treeSize: '5-7ft',
        installTimeSlot: '9-12',
      }),
      wizardId: 'wizard_stripe_replace',
    });
    const first = await post('/api/fn/create-booking-checkout', data('2026-12-08'));
    const second = await post('/api/fn/create-booking-checkout', data('2026-12-11'));
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(mock.requests.some((r) => r.path === `/v1/checkout/sessions/${first.body.sessionId}/expire`)).toBe(true);
    await webhook('checkout.session.completed', { id: first.body.sessionId, payment_status: 'paid', status: 'complete' });
    expect(await own.su.collection('bookings').getOne(first.body.bookingId)).toMatchObject({ status: 'payment_conflict', payment_status: 'refunded' });
    expect(await own.su.collection('bookings').getOne(second.body.bookingId)).toMatchObject({ status: 'pending_payment' });
  });

  it('one Idempotency-Key sent three times at once gives one booking and one Stripe session', async () => {
    const body = {
      bookingData: bookingRequest({
        installDate: '2026-12-12',
        customerEmail: 'idem@example.com',
        removalDate: null,
        removalTimeSlot: null,
        packageType: 'adorned-arrangement',
        treeSize: '5-7ft',
        installTimeSlot: '9-12',
      }),
    };
    const answers = await Promise.all([1, 2, 3].map(() => post('/api/fn/create-booking-checkout', body, { 'Idempotency-Key': 'stripe_same_key_0001' })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.bookingId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.url)).size).toBe(1);
    expect(await own.su.collection('bookings').getFullList({ filter: 'idempotency_key = "stripe_same_key_0001"' })).toHaveLength(1);
  });
});
