/**
 * Stripe's odd answers (docs/decisions/021, 022): an answer we cannot read is never a success
 * and never the caller's mistake. A refund answered with an empty `{}` leaves the booking waiting
 * for its refund (no receipt, no empty refund id), retried later; an HTML page where a
 * PaymentIntent was expected answers 503 with a safe sentence and the same key charges once
 * on the next try; after an outage the customer's 'Pay online' works at the next click. Stripe
 * mode against the stand-in (tests/support/stripe-stand-in.ts).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charge, chargesOf, newKey, paidSession, postWebhook, receiptsOf, stageBooking } from './charge-fixtures';
import { SERVER_NOW } from './constants';
import { expectClearSentence } from './fixtures';
import { refundsOf, startStripeWorld, type StripeWorld } from './stripe-world';

let w: StripeWorld;
beforeAll(async () => {
  w = await startStripeWorld(SERVER_NOW);
}, 60_000);
afterAll(() => w?.stop());

const HTML = { status: 200, contentType: 'text/html', body: '<html><body>Bad gateway</body></html>' };
const pbDate = (ms: number) => new Date(ms).toISOString().replace('T', ' ');
let seq = 0;

async function stripeBooking(over: Record<string, unknown> = {}) {
  const customer = `cus_odd_${++seq}_${Date.now()}`;
  return stageBooking(w.su, {
    customer_email: `odd.${seq}@example.com`,
    payment_mode: 'stripe',
    stripe_customer_id: customer,
    payment_method_id: `pm_${customer}`,
    payment_intent_id: `pi_deposit_${customer}`,
    install_date: `2026-12-${String(4 + seq).padStart(2, '0')}`,
    ...over,
  });
}

async function linkFor(id: string): Promise<string> {
  const token = `OddAnswerToken${String(++seq).padStart(4, '0')}`.padEnd(43, 'x');
  await w.su.collection('booking_links').create({ booking: id, token_hash: createHash('sha256').update(token).digest('hex'), expires_at: '2027-03-01 00:00:00.000Z' });
  return token;
}

const post = async (route: string, body: unknown) => {
  const res = await fetch(`${w.server.url}${route}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
};

describe("a refund Stripe answers with '{}'", () => {
  it('is not a refund: the booking waits for it, with no refund id and no receipt', async () => {
    const b = await stripeBooking({ deposit_paid_at: pbDate(Date.parse(SERVER_NOW) - 3_600_000) });
    const token = await linkFor(b.id);
    w.standIn.override('POST', '/v1/refunds', { status: 200, contentType: 'application/json', body: '{}' });
    try {
      const res = await post('/api/fn/my-booking/cancel', { token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ cancelled: true, refunded: false });
    } finally {
      w.standIn.override('POST', '/v1/refunds', undefined);
    }
    expect(await w.su.collection('bookings').getOne(b.id)).toMatchObject({ status: 'cancelled', payment_status: 'refund_pending', refund_id: '' });
    expect((await receiptsOf(w.su, b.id)).filter((r) => /Refund/.test(r.subject))).toHaveLength(0);
  });
});

describe('an HTML page where a PaymentIntent was expected', () => {
  it('answers 503 with a safe sentence, and the same key charges once on the next try', async () => {
    const b = await stripeBooking();
    const key = newKey();
    w.standIn.override('POST', '/v1/payment_intents', HTML);
    let first;
    try {
      first = await charge(w.server.url, w.admin, key, { bookingId: b.id });
    } finally {
      w.standIn.override('POST', '/v1/payment_intents', undefined);
    }
    expect(first.status).toBe(503);
    expectClearSentence(first.body.message);
    expect(first.body.message).not.toMatch(/html/i);

    const second = await charge(w.server.url, w.admin, key, { bookingId: b.id });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({ success: true, amountCharged: 82500 });
    expect((await chargesOf(w.su, b.id)).map((c) => c.status)).toEqual(['succeeded']);
  });
});

describe("the customer's 'Pay online' after a Stripe outage", () => {
  it('works at the next click, with one charge', async () => {
    const b = await stripeBooking();
    const token = await linkFor(b.id);
    w.standIn.override('POST', '/v1/checkout/sessions', { status: 503, contentType: 'application/json', body: '{"error":{"type":"api_error","message":"down"}}', once: true });
    const first = await post('/api/fn/my-booking/pay-balance', { token });
    expect(first.status).toBe(503);
    const second = await post('/api/fn/my-booking/pay-balance', { token });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.url).toMatch(/^https?:\/\//);
    expect((await chargesOf(w.su, b.id)).map((c) => c.status)).toEqual(['requires_checkout']);
  });
});

describe('a second deposit for a booking that still exists', () => {
  it('is refunded and reported to the owner as an extra payment, not as a deleted booking', async () => {
    const b = await stripeBooking({ customer_name: 'Twice Paid', checkout_session_id: `cs_current_${Date.now()}` });
    const session = paidSession(`cs_older_${b.id}`, `pi_second_${b.id}`, { amount_total: 82500, metadata: { booking_id: b.id } });
    expect((await postWebhook(w.server.url, 'checkout.session.completed', session, Math.floor(Date.parse(SERVER_NOW) / 1000))).status).toBe(200);
    expect(refundsOf(w, `pi_second_${b.id}`)).toHaveLength(1);
    const notice = await w.sink.waitFor((m) => (m.text ?? '').includes(`pi_second_${b.id}`));
    expect(notice.subject).toBe('Extra payment from Twice Paid refunded: $825');
    expect(notice.text).toContain('which was already paid another way');
    expect(await w.su.collection('bookings').getOne(b.id)).toMatchObject({ payment_status: 'deposit_paid', status: 'confirmed' });
  });
});

describe('a card Stripe cannot name', () => {
  it('never fails the deposit: the booking is confirmed and the card on file stays unnamed', async () => {
    const sessionId = `cs_nocard_${Date.now()}`;
    const b = await stripeBooking({
      status: 'pending_payment',
      payment_status: 'pending',
      deposit_paid_at: '',
      balance_remaining: 165000,
      checkout_session_id: sessionId,
      hold_expires_at: pbDate(Date.parse(SERVER_NOW) + 600_000),
      install_date: '2026-12-21',
      removal_date: '',
      removal_time_slot: '',
    });
    w.standIn.override('GET', `/v1/checkout/sessions/${sessionId}`, HTML);
    w.standIn.override('GET', '/v1/payment_methods/pm_unreadable', HTML);
    try {
      const session = paidSession(sessionId, { id: `pi_nocard_${b.id}`, payment_method: 'pm_unreadable' }, { metadata: { booking_id: b.id } });
      expect((await postWebhook(w.server.url, 'checkout.session.completed', session, Math.floor(Date.parse(SERVER_NOW) / 1000))).status).toBe(200);
    } finally {
      w.standIn.override('GET', `/v1/checkout/sessions/${sessionId}`, undefined);
      w.standIn.override('GET', '/v1/payment_methods/pm_unreadable', undefined);
    }
    expect(w.standIn.seen.some((r) => r.method === 'GET' && r.path === '/v1/payment_methods/pm_unreadable')).toBe(true);
    expect(await w.su.collection('bookings').getOne(b.id)).toMatchObject({ status: 'confirmed', payment_status: 'deposit_paid', payment_method_id: 'pm_unreadable', card_brand: '', card_last4: '' });
  });
});
