/**
 * One ledger, one lifecycle (docs/decisions/045), against the real binary in Stripe mode
 * (stripe-mock behind the stand-in): money is never kept by two ways of collecting it, nor by a
 * cancelled booking, and every refund goes back the way its money came in.
 * - a customer who opened 'Pay online' then cancels: the page is closed first; a payment that
 *   lands anyway is refunded automatically and the owner told, with no balance receipt;
 * - a processing charge that succeeds after the booking was cancelled is refunded the same way;
 * - cash recorded while the balance link is open closes the link; a late link payment is refunded;
 * - a cash deposit is 'to return' (no Stripe, no receipt) until the owner marks it returned;
 * - a cancellation in the cooling-off window refunds the paid removal as well as the deposit.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chargesOf, newKey, paidSession, postWebhook, receiptsOf, stageBalancePayment, stageCardBooking, stripeEnv } from './charge-fixtures';
import { SERVER_NOW } from './constants';
import { ownServerHooks } from './own-server';
import { standInHooks } from './stripe-world';

const NOW_SEC = Math.floor(Date.parse(SERVER_NOW) / 1000);
/** Paid the day before the server's now: inside the 72-hour cooling-off window. */
const RECENT = '2026-11-19 15:00:00.000Z';

describe('one ledger (Stripe mode)', () => {
  const world = standInHooks();
  const own = ownServerHooks('ledger-test', () => stripeEnv(world.standIn.url), { admin: true });

  let tokenSeq = 0;
  /** A booking paid by card (its deposit intent `pi_deposit_<n>`) with a manage link; resolves with both. */
  async function bookingWithLink(over: Record<string, unknown> = {}) {
    const b = await stageCardBooking(own.su, `pi_deposit_${++tokenSeq}`, { deposit_paid_at: RECENT, ...over });
    const token = String(tokenSeq).padStart(2, '0').repeat(22).slice(0, 43);
    await own.su.collection('booking_links').create({ booking: b.id, token_hash: createHash('sha256').update(token).digest('hex'), expires_at: '2027-03-01 00:00:00.000Z' });
    return { b, token };
  }
  const post = (route: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${own.server.url}${route}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) }).then(async (r) => ({
      status: r.status,
      body: (await r.json()) as any,
    }));
  const asAdmin = (route: string, body: unknown) => post(route, body, { Authorization: own.admin, 'Idempotency-Key': newKey() });
  const seen = (p: RegExp) => world.standIn.seen.filter((r) => p.test(r.path));
  const refundsFor = (intent: string) => seen(/^\/v1\/refunds$/).filter((r) => r.form.get('payment_intent') === intent);
  const mailOf = (bookingId: string, kind: string) =>
    own.su.collection('mail_log').getFullList({ filter: own.su.filter('related_id = {:id} && kind = {:k}', { id: bookingId, k: kind }), sort: 'created_at,id' });
  const linkSession = (row: any, intent: string) => paidSession(row.stripe_checkout_session_id, intent, { amount_total: row.amount, metadata: { charge_id: row.id, booking_id: row.booking } });

  it("a customer who opened 'Pay online' and then cancels: the page is closed first; a payment landing anyway is refunded, the owner told, no balance receipt", async () => {
    const { b, token } = await bookingWithLink();
    const link = await post('/api/fn/my-booking/pay-balance', { token });
    expect(link.status).toBe(200);
    const [row] = await chargesOf(own.su, b.id);
    expect(row).toMatchObject({ status: 'requires_checkout' });

    const cancel = await post('/api/fn/my-booking/cancel', { token });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(seen(/^\/v1\/checkout\/sessions\/.+\/expire$/).filter((r) => r.path.includes(row!.stripe_checkout_session_id))).toHaveLength(1);
    expect(await own.su.collection('charges').getOne(row!.id)).toMatchObject({ status: 'failed' });

    // The Checkout was paid in the same instant: the money arrives all the same.
    for (let i = 0; i < 2; i++) expect((await postWebhook(own.server.url, 'checkout.session.completed', linkSession(row, 'pi_late_link_1'), NOW_SEC)).status).toBe(200);
    expect(await own.su.collection('charges').getOne(row!.id)).toMatchObject({ status: 'succeeded', refund_status: 'succeeded' });
    expect(refundsFor('pi_late_link_1')).toHaveLength(1);
    expect(await own.su.collection('bookings').getOne(b.id)).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
    const receipts = (await receiptsOf(own.su, b.id)).map((r) => r.subject);
    expect(receipts.some((s) => /Balance payment/.test(s))).toBe(false);
    expect(receipts.filter((s) => /Refund/i.test(s))).toHaveLength(2);
    const notices = await own.su.collection('mail_log').getFullList({ filter: own.su.filter('related_id = {:id} && subject ~ {:s}', { id: b.id, s: 'refunded automatically' }) });
    expect(notices).toHaveLength(1);
  });

  it('a processing charge that succeeds after the booking was cancelled is refunded automatically, with no receipt for the balance', async () => {
    const { b } = await bookingWithLink({ status: 'cancelled', cancel_reason: 'owner_cancelled', payment_status: 'refunded', refund_id: 're_earlier', refunded_at: RECENT });
    // The balance charged by card, still processing at Stripe.
    const row = await stageBalancePayment(own.su, b.id, 82500, {
      method: '',
      description: '',
      request_fingerprint: '',
      requested_at: '',
      status: 'processing',
      stripe_payment_intent_id: 'pi_processing_late',
    });
    const intent = { object: 'payment_intent', id: 'pi_processing_late', amount: 82500, amount_received: 82500, status: 'succeeded', metadata: { charge_id: row.id, booking_id: b.id } };
    expect((await postWebhook(own.server.url, 'payment_intent.succeeded', intent, NOW_SEC)).status).toBe(200);
    expect(await own.su.collection('charges').getOne(row.id)).toMatchObject({ status: 'succeeded', refund_status: 'succeeded' });
    expect(refundsFor('pi_processing_late')).toHaveLength(1);
    expect(await own.su.collection('bookings').getOne(b.id)).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
    expect((await receiptsOf(own.su, b.id)).map((r) => r.subject)).toEqual([expect.stringMatching(/Refund/i)]);
  });

  it('cash recorded for the balance while its link is open closes the link; a late link payment is refunded, the cash kept', async () => {
    const { b, token } = await bookingWithLink();
    expect((await post('/api/fn/my-booking/pay-balance', { token })).status).toBe(200);
    const [row] = await chargesOf(own.su, b.id);
    const cash = await asAdmin('/api/fn/booking-payments', { bookingId: b.id, method: 'cash', amountCents: 82500 });
    expect(cash.status, JSON.stringify(cash.body)).toBe(200);
    expect(seen(/\/expire$/).filter((r) => r.path.includes(row!.stripe_checkout_session_id))).toHaveLength(1);
    expect(await own.su.collection('charges').getOne(row!.id)).toMatchObject({ status: 'failed' });

    expect((await postWebhook(own.server.url, 'checkout.session.completed', linkSession(row, 'pi_late_link_2'), NOW_SEC)).status).toBe(200);
    expect(await own.su.collection('charges').getOne(row!.id)).toMatchObject({ status: 'succeeded', refund_status: 'succeeded', refund_amount: 82500 });
    expect(refundsFor('pi_late_link_2')).toHaveLength(1);
    expect(await own.su.collection('bookings').getOne(b.id)).toMatchObject({ status: 'confirmed', payment_status: 'paid', balance_remaining: 0 });
  });

  it('a cash deposit refunded on cancel is to be given back by hand: no Stripe call, no receipt until the owner marks it returned', async () => {
    for (const mode of ['stripe', 'demo']) {
      const { b, token } = await bookingWithLink({ payment_mode: mode, payment_intent_id: '', deposit_method: 'cash', booked_by: '' });
      const before = seen(/^\/v1\/refunds$/).length;
      const cancel = await post('/api/fn/my-booking/cancel', { token });
      expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
      expect(cancel.body).toMatchObject({ cancelled: true, refunded: false });
      expect(seen(/^\/v1\/refunds$/).length).toBe(before);
      expect(await own.su.collection('bookings').getOne(b.id)).toMatchObject({ status: 'cancelled', payment_status: 'refund_pending', deposit_refund: 'to_return' });
      expect(await receiptsOf(own.su, b.id)).toHaveLength(0);
      const [letter] = await mailOf(b.id, 'booking_change');
      expect(letter!.body).toMatch(/give back your deposit of \$825, paid in cash/);

      const returned = await asAdmin('/api/fn/admin-refunds/returned', { bookingId: b.id, paymentId: 'deposit' });
      expect(returned.status, JSON.stringify(returned.body)).toBe(200);
      expect(returned.body.booking).toMatchObject({ payment_status: 'refunded', deposit_refund: 'returned' });
      expect((await receiptsOf(own.su, b.id)).map((r) => r.body)).toEqual([expect.stringContaining('Cash, given back to you')]);
      // Marking it again changes nothing.
      expect((await asAdmin('/api/fn/admin-refunds/returned', { bookingId: b.id, paymentId: 'deposit' })).status).toBe(200);
      expect(await receiptsOf(own.su, b.id)).toHaveLength(1);
    }
  });

  it('a cancellation in the cooling-off window refunds the paid removal as well as the deposit, each to its card', async () => {
    const adorned = { package_type: 'adorned-arrangement', removal_service: true, total_price: 165000 + 8500 };
    const { b, token } = await bookingWithLink(adorned);
    const removal = await own.su
      .collection('charges')
      .create({
        booking: b.id,
        kind: 'removal',
        amount: 8500,
        balance_amount: 0,
        damages_amount: 0,
        idempotency_key: newKey(),
        status: 'succeeded',
        stripe_payment_intent_id: 'pi_removal_paid_9',
        stripe_checkout_session_id: 'cs_removal_paid_9',
      });
    const cancel = await post('/api/fn/my-booking/cancel', { token });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(cancel.body).toMatchObject({ cancelled: true, refunded: true });
    expect(refundsFor(b.payment_intent_id).map((r) => r.idempotencyKey)).toEqual([`refund-${b.id}`]);
    expect(refundsFor('pi_removal_paid_9').map((r) => r.idempotencyKey)).toEqual([`refund-charge-${removal.id}`]);
    expect(await own.su.collection('charges').getOne(removal.id)).toMatchObject({ refund_status: 'succeeded' });
    expect(await own.su.collection('bookings').getOne(b.id)).toMatchObject({ status: 'cancelled', payment_status: 'refunded', deposit_refund: 'succeeded' });
    // One receipt for the cancellation, listing each refund (docs/product.md, the manage page).
    const receipts = await receiptsOf(own.su, b.id);
    expect(receipts.map((r) => r.subject)).toEqual([expect.stringMatching(/^Receipt: Refund of \$910 /)]);
    expect(receipts[0]!.body).toMatch(/Deposit refunded: \$825/);
    expect(receipts[0]!.body).toMatch(/Removal service refunded: \$85/);
    const [letter] = await mailOf(b.id, 'booking_change');
    expect(letter!.body).toMatch(/refunded your deposit of \$825/);
    expect(letter!.body).toMatch(/refunded your removal payment of \$85/);
  });
});
