/**
 * Money at the edges (docs/decisions/021), in Stripe mode against a stand-in for Stripe in front
 * of stripe-mock (tests/support/stripe-stand-in.ts), with e-mail read from a real SMTP sink:
 * - a charge the bank is still processing is not paid; the bank's later answer, signed and
 *   possibly redelivered or late, settles it once (a failure reopens the balance and e-mails
 *   the owner once);
 * - a dispute flags the booking and e-mails the owner once;
 * - a charge left pending by a dead request is settled from what Stripe knows, never charged
 *   again, also when its key is replayed after Stripe has forgotten it (25 hours later);
 * - a booking cannot be deleted while its money is in flight; its open payment link is closed
 *   before it is deleted; a payment that still arrives for it is refunded and reported.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charge, chargesOf, newKey, paidSession, postWebhook, stageBooking, stageChargeRow } from './charge-fixtures';
import { SERVER_NOW } from './constants';
import { refundsOf, startStripeWorld, type StripeWorld } from './stripe-world';
import type { StandInIntent } from '../support/stripe-stand-in';

const NOW_MS = Date.parse(SERVER_NOW);
const NOW_SEC = Math.floor(NOW_MS / 1000);
const OWNER = 'hello@thoughtfullyadorned.com';
const pbDate = (ms: number) => new Date(ms).toISOString().replace('T', ' ');

let w: StripeWorld;

beforeAll(async () => {
  w = await startStripeWorld(SERVER_NOW);
}, 60_000);

afterAll(() => w?.stop());

let customerSeq = 0;
/** A paid-deposit booking in Stripe mode with a saved card of a customer of its own. */
async function stripeBooking(over: Record<string, unknown> = {}) {
  const customer = `cus_edge_${++customerSeq}_${Date.now()}`;
  const b = await stageBooking(w.su, { payment_mode: 'stripe', stripe_customer_id: customer, payment_method_id: `pm_${customer}`, payment_intent_id: `pi_deposit_${customer}`, ...over });
  return { b, customer };
}

const mailsTo = (to: string, subject: RegExp) => w.sink.messages.filter((m) => JSON.stringify(m.to).includes(to) && subject.test(m.subject ?? ''));
const intentEvent = (type: string, intent: { id: string; metadata: Record<string, string> }, extra: Record<string, unknown> = {}) =>
  postWebhook(w.server.url, type, { object: 'payment_intent', ...intent, ...extra }, NOW_SEC);
const booking = (id: string) => w.su.collection('bookings').getOne(id);

describe('a charge the bank is still processing', () => {
  it('is not paid: the balance stays due, the owner sees Processing, and a second charge is refused', async () => {
    const { b, customer } = await stripeBooking();
    w.standIn.script(customer, { status: 'processing' });
    const res = await charge(w.server.url, w.admin, newKey(), { bookingId: b.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, amountCharged: 0, requiresCheckout: false });
    expect(res.body.error).toMatch(/processing/i);
    expect(await w.su.collection('charges').getOne(res.body.chargeId)).toMatchObject({ status: 'processing' });
    expect(await booking(b.id)).toMatchObject({ payment_status: 'deposit_paid', balance_remaining: 82500, balance_paid_at: '' });

    const second = await charge(w.server.url, w.admin, newKey(), { bookingId: b.id });
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/still processing/);
    expect(w.standIn.intentCreations().filter((r) => r.form.get('customer') === customer)).toHaveLength(1);
  });

  it('a signed payment_failed fails it, the balance is due again and the owner gets one e-mail, however often it comes', async () => {
    const { b, customer } = await stripeBooking({ customer_name: 'Failing Bank' });
    w.standIn.script(customer, { status: 'processing' });
    const res = await charge(w.server.url, w.admin, newKey(), { bookingId: b.id });
    const intent = w.standIn.intents.find((i) => i.metadata.charge_id === res.body.chargeId)!;
    const failure = { last_payment_error: { type: 'card_error', code: 'insufficient_funds', message: 'The account has insufficient funds.' }, status: 'requires_payment_method' };

    expect((await intentEvent('payment_intent.payment_failed', intent, failure)).status).toBe(200);
    expect(await w.su.collection('charges').getOne(res.body.chargeId)).toMatchObject({ status: 'failed', error: 'The account has insufficient funds.' });
    expect(await booking(b.id)).toMatchObject({ payment_status: 'deposit_paid', balance_remaining: 82500 });
    await w.sink.waitFor((m) => /Payment failed/.test(m.subject ?? '') && (m.text ?? '').includes('Failing Bank'));

    // Redelivered, and a stale 'succeeded' for another intent: nothing changes, no second e-mail.
    await intentEvent('payment_intent.payment_failed', intent, failure);
    await intentEvent('payment_intent.succeeded', { id: 'pi_someone_else', metadata: intent.metadata });
    expect(await w.su.collection('charges').getOne(res.body.chargeId)).toMatchObject({ status: 'failed' });
    expect(mailsTo(OWNER, /Payment failed/).filter((m) => (m.text ?? '').includes('Failing Bank'))).toHaveLength(1);

    // The owner can charge again.
    w.standIn.script(customer, undefined);
    const again = await charge(w.server.url, w.admin, newKey(), { bookingId: b.id });
    expect(again.body).toMatchObject({ success: true, amountCharged: 82500 });
    expect(await booking(b.id)).toMatchObject({ payment_status: 'paid', balance_remaining: 0 });
  });

  it('a signed payment_intent.succeeded pays it once; a late failure afterwards changes nothing', async () => {
    const { b, customer } = await stripeBooking();
    w.standIn.script(customer, { status: 'processing' });
    const res = await charge(w.server.url, w.admin, newKey(), { bookingId: b.id });
    const intent = w.standIn.intents.find((i) => i.metadata.charge_id === res.body.chargeId)!;
    for (let i = 0; i < 2; i++) expect((await intentEvent('payment_intent.succeeded', intent, { status: 'succeeded' })).status).toBe(200);
    expect(await w.su.collection('charges').getOne(res.body.chargeId)).toMatchObject({ status: 'succeeded' });
    const paid = await booking(b.id);
    expect(paid).toMatchObject({ payment_status: 'paid', balance_remaining: 0 });
    expect(paid.balance_paid_at).not.toBe('');

    await intentEvent('payment_intent.payment_failed', intent, { last_payment_error: { type: 'card_error', message: 'Declined.' } });
    expect(await w.su.collection('charges').getOne(res.body.chargeId)).toMatchObject({ status: 'succeeded' });
    expect(await booking(b.id)).toMatchObject({ payment_status: 'paid', balance_remaining: 0 });
  });
});

describe('a dispute', () => {
  it('flags the booking Disputed and e-mails the owner once, however often it comes', async () => {
    const { b } = await stripeBooking({ customer_name: 'Disputing Customer' });
    const dispute = { object: 'dispute', id: `dp_${b.id}`, amount: 82500, reason: 'fraudulent', payment_intent: b.payment_intent_id, charge: 'ch_1' };
    for (let i = 0; i < 2; i++) expect((await postWebhook(w.server.url, 'charge.dispute.created', dispute, NOW_SEC)).status).toBe(200);
    const flagged = await booking(b.id);
    expect(flagged.dispute_id).toBe(dispute.id);
    expect(flagged.disputed_at).not.toBe('');
    await w.sink.waitFor((m) => /Payment disputed/.test(m.subject ?? '') && (m.text ?? '').includes('Disputing Customer'));
    expect(mailsTo(OWNER, /Payment disputed/).filter((m) => (m.text ?? '').includes('Disputing Customer'))).toHaveLength(1);
  });
});

describe('a charge left pending by a request that died', () => {
  /** A pending charge row as a request that died with it at Stripe leaves it, `agoMs` before the server's clock. */
  /** The $825 PaymentIntent Stripe made and charged for charge `chargeId` before our request died. */
  const succeededIntent = (id: string, customer: string, created: number, chargeId: string, bookingId: string): StandInIntent => ({
    id,
    object: 'payment_intent',
    amount: 82500,
    amount_received: 82500,
    currency: 'usd',
    customer,
    status: 'succeeded',
    created,
    metadata: { charge_id: chargeId, booking_id: bookingId },
  });

  async function strandedCharge(bookingId: string, agoMs: number) {
    const at = pbDate(NOW_MS - agoMs);
    const { row, key } = await stageChargeRow(w.su, bookingId, { attempted_at: at, requested_at: at });
    return { key, body: { bookingId }, row };
  }

  it('blocks a new key only until the job settles it from Stripe: succeeded there → paid here, no second intent', async () => {
    const { b, customer } = await stripeBooking();
    const { row } = await strandedCharge(b.id, 5 * 60_000);
    // What Stripe made for it before the request died.
    w.standIn.intents.push(succeededIntent(`pi_stranded_${row.id}`, customer, NOW_SEC, row.id, b.id));
    expect((await charge(w.server.url, w.admin, newKey(), { bookingId: b.id })).status).toBe(409);

    const job = await fetch(`${w.server.url}/api/fn/jobs/reconcile-charges`, { method: 'POST', headers: { Authorization: w.su.authStore.token } });
    expect(job.status).toBe(200);
    expect(await w.su.collection('charges').getOne(row.id)).toMatchObject({ status: 'succeeded', stripe_payment_intent_id: `pi_stranded_${row.id}` });
    expect(await booking(b.id)).toMatchObject({ payment_status: 'paid', balance_remaining: 0 });
    expect(w.standIn.intentCreations(row.id)).toHaveLength(0);
  });

  it('nothing at Stripe → failed as interrupted, and a new charge of the booking works', async () => {
    const { b } = await stripeBooking();
    const { row } = await strandedCharge(b.id, 5 * 60_000);
    await fetch(`${w.server.url}/api/fn/jobs/reconcile-charges`, { method: 'POST', headers: { Authorization: w.su.authStore.token } });
    const settled = await w.su.collection('charges').getOne(row.id);
    expect(settled.status).toBe('failed');
    expect(settled.error).toMatch(/nothing was charged/);
    expect(w.standIn.intentCreations(row.id)).toHaveLength(0);
    const again = await charge(w.server.url, w.admin, newKey(), { bookingId: b.id });
    expect(again.body).toMatchObject({ success: true, amountCharged: 82500 });
  });

  it('its key replayed 25 hours later (Stripe has forgotten the key) asks Stripe for nothing new: our row decides', async () => {
    const { b, customer } = await stripeBooking();
    const { key, body, row } = await strandedCharge(b.id, 25 * 60 * 60_000);
    w.standIn.intents.push(succeededIntent(`pi_late_${row.id}`, customer, NOW_SEC - 25 * 3600, row.id, b.id));
    const before = w.standIn.intentCreations().length;
    const replay = await charge(w.server.url, w.admin, key, body);
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ success: true, amountCharged: 82500, chargeId: row.id });
    expect(w.standIn.intentCreations().length).toBe(before);
    expect(await booking(b.id)).toMatchObject({ balance_remaining: 0 });
  });
});

describe('deleting a booking with money in flight', () => {
  const del = (id: string) => fetch(`${w.server.url}/api/collections/bookings/records/${id}`, { method: 'DELETE', headers: { Authorization: w.admin } });
  // Unpaid holds: a booking money moved for is cancelled, never deleted (tests/server/paid-booking-delete.test.ts).
  const unpaid = { status: 'pending_payment', payment_status: 'pending', deposit_paid_at: '' };

  it('is refused while a charge is with Stripe or processing (409), and allowed once it settled', async () => {
    const { b } = await stripeBooking(unpaid);
    const { row: pending } = await stageChargeRow(w.su, b.id, { attempted_at: pbDate(NOW_MS), requested_at: pbDate(NOW_MS) });
    const refused = await del(b.id);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { message: string }).message).toBe('A payment for this booking is still in progress.');
    await w.su.collection('charges').update(pending.id, { status: 'processing' });
    expect((await del(b.id)).status).toBe(409);
    expect((await booking(b.id)).id).toBe(b.id);

    await w.su.collection('charges').update(pending.id, { status: 'failed' });
    expect((await del(b.id)).status).toBe(204);
  });

  it('closes an open payment link at Stripe first, then deletes', async () => {
    const { b } = await stripeBooking(unpaid);
    const { row: link } = await stageChargeRow(w.su, b.id, { status: 'requires_checkout', stripe_checkout_session_id: `cs_test_link_${b.id}`, checkout_url: 'https://checkout.stripe.com/c/pay/x' });
    expect((await del(b.id)).status).toBe(204);
    expect(w.standIn.seen.filter((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/cs_test_link_${b.id}/expire`)).toHaveLength(1);
    expect(await w.su.collection('charges').getList(1, 1, { filter: w.su.filter('id = {:id}', { id: link.id }) })).toMatchObject({ totalItems: 0 });
  });

  it('a payment that still arrives for a deleted booking is refunded and reported to the owner, once', async () => {
    const { b } = await stripeBooking();
    await w.su.collection('bookings').delete(b.id);
    const session = paidSession(`cs_gone_${b.id}`, `pi_gone_${b.id}`, { amount_total: 82500, metadata: { booking_id: b.id } });
    for (let i = 0; i < 2; i++) expect((await postWebhook(w.server.url, 'checkout.session.completed', session, NOW_SEC)).status).toBe(200);
    const refunds = refundsOf(w, `pi_gone_${b.id}`);
    expect(refunds.length).toBeGreaterThanOrEqual(1);
    expect(new Set(refunds.map((r) => r.idempotencyKey))).toEqual(new Set([`refund-orphan-pi_gone_${b.id}`]));
    await w.sink.waitFor((m) => /deleted booking refunded/.test(m.subject ?? '') && (m.text ?? '').includes(b.id));
    expect(w.sink.messages.filter((m) => /deleted booking/.test(m.subject ?? '') && (m.text ?? '').includes(b.id))).toHaveLength(1);

    // A charge's payment link paid after its booking (and so the charge) was deleted: the same.
    const intent = { id: `pi_gone_charge_${b.id}`, metadata: { charge_id: 'chargedeleted01', booking_id: b.id }, amount: 1500, amount_received: 1500 };
    expect((await intentEvent('payment_intent.succeeded', intent, { status: 'succeeded' })).status).toBe(200);
    expect(refundsOf(w, intent.id)).toHaveLength(1);
  });
});

describe('25 hours later, on a restarted server', () => {
  it('a succeeded charge replayed with its key is answered from our row: no request reaches Stripe', async () => {
    const { b } = await stripeBooking();
    const key = newKey();
    const first = await charge(w.server.url, w.admin, key, { bookingId: b.id });
    expect(first.body).toMatchObject({ success: true });
    await w.server.stop();
    await w.start(new Date(NOW_MS + 25 * 60 * 60_000).toISOString());
    const before = w.standIn.seen.length;
    const replay = await charge(w.server.url, w.admin, key, { bookingId: b.id });
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ success: true, amountCharged: 82500, chargeId: first.body.chargeId });
    expect(w.standIn.seen.length).toBe(before);
    expect(await chargesOf(w.su, b.id)).toHaveLength(1);
  }, 60_000);
});
