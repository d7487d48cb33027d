/**
 * A charge refunded in part more than once (docs/decisions/045), against the real binary in
 * Stripe mode (stripe-mock behind the stand-in): the owner gives back $40 of a $120 damages
 * charge, later another $30 (POST /api/fn/admin-refunds/charge). Each refund is its own
 * movement: sent to Stripe once under its own key (`refund-charge-<charge>-<n>`), recorded with
 * its own receipt, replayed by its Idempotency-Key without a second call; a third that would
 * give back more than the charge still holds is refused with a plain sentence.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newKey, PAID_IN_FULL, receiptsOf, stageCardBalance, stageCardBooking } from './charge-fixtures';
import { SERVER_NOW } from './constants';
import { refundsOf, startStripeWorld, type StripeWorld } from './stripe-world';
import { request } from './support';

const ROUTE = '/api/fn/admin-refunds/charge';

describe('a charge refunded in part, twice (Stripe mode)', () => {
  let w: StripeWorld;

  beforeAll(async () => {
    w = await startStripeWorld(SERVER_NOW);
  }, 60_000);

  afterAll(async () => {
    await w?.stop();
  });

  const refund = (body: Record<string, unknown>, key = newKey(), token: string | null = w.admin) =>
    request({ base: w.server.url, method: 'POST', route: ROUTE, body, token, headers: { 'Idempotency-Key': key } });

  it('$40 then $30 of a $120 damages charge: two Stripe refunds with their own keys and two receipts; a third beyond what is left is refused', async () => {
    const b = await stageCardBooking(w.su, 'pi_deposit_cr', PAID_IN_FULL);
    const common = { booking: b.id, balance_amount: 0, idempotency_key: newKey(), status: 'succeeded' };
    await w.su.collection('charges').create({ ...common, kind: 'balance', amount: 82500, balance_amount: 82500, stripe_payment_intent_id: 'pi_balance_cr' });
    const damages = await w.su.collection('charges').create({ ...common, idempotency_key: newKey(), kind: 'damages', amount: 12000, damages_amount: 12000, stripe_payment_intent_id: 'pi_damages_cr' });

    const first = await refund({ bookingId: b.id, paymentId: damages.id, amountCents: 4000 });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ refunded: true, refund: { paymentId: damages.id, n: 2, amountCents: 4000, status: 'succeeded' }, booking: { payment_status: 'paid' } });

    const key = newKey();
    const second = await refund({ bookingId: b.id, paymentId: damages.id, amountCents: 3000 }, key);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body).toMatchObject({ refunded: true, refund: { n: 3, amountCents: 3000, status: 'succeeded' } });
    // The same request again (a retry after a lost answer): its stored answer, no second refund.
    const replay = await refund({ bookingId: b.id, paymentId: damages.id, amountCents: 3000 }, key);
    expect(replay.status).toBe(200);
    expect(replay.body.refund).toEqual(second.body.refund);

    const sent = refundsOf(w, 'pi_damages_cr');
    expect(sent.map((r) => [r.idempotencyKey, r.form.get('amount')])).toEqual([
      [`refund-charge-${damages.id}-2`, '4000'],
      [`refund-charge-${damages.id}-3`, '3000'],
    ]);
    const row = await w.su.collection('charges').getOne(damages.id);
    expect(row.refunds).toMatchObject([
      { n: 2, amount: 4000, status: 'succeeded', waive: true },
      { n: 3, amount: 3000, status: 'succeeded', waive: true },
    ]);
    expect(row.refund_status).toBe('');
    expect(await receiptsOf(w.su, b.id)).toHaveLength(2);

    // $50 is left of the $120: $60 is refused, nothing sent, nothing recorded.
    const third = await refund({ bookingId: b.id, paymentId: damages.id, amountCents: 6000 });
    expect(third).toEqual({ status: 409, body: expect.objectContaining({ message: 'Only $50 of this payment can still be refunded.' }) });
    expect(refundsOf(w, 'pi_damages_cr')).toHaveLength(2);
    expect((await w.su.collection('charges').getOne(damages.id)).refunds).toHaveLength(2);
    expect(await receiptsOf(w.su, b.id)).toHaveLength(2);
    // The booking still reads paid: the money given back is no longer owed.
    expect((await w.su.collection('bookings').getOne(b.id)).payment_status).toBe('paid');
  });

  it('Stripe not answering: the refund stays queued, the owner told; the five-minute job makes it under the same key, with its receipt', async () => {
    const b = await stageCardBooking(w.su, 'pi_deposit_cr2', PAID_IN_FULL);
    await stageCardBalance(w.su, b.id, 'pi_balance_cr2');
    const damages = await w.su
      .collection('charges')
      .create({ booking: b.id, idempotency_key: newKey(), status: 'succeeded', kind: 'damages', amount: 12000, balance_amount: 0, damages_amount: 12000, stripe_payment_intent_id: 'pi_damages_cr2' });
    w.standIn.override('POST', '/v1/refunds', { status: 503, contentType: 'application/json', body: '{"error":{"type":"api_error","message":"down"}}', once: true });
    const queued = await refund({ bookingId: b.id, paymentId: damages.id, amountCents: 2500 });
    expect(queued.status, JSON.stringify(queued.body)).toBe(200);
    expect(queued.body).toMatchObject({ refunded: false, refund: { n: 2, status: 'pending' }, message: expect.stringContaining('queued') });
    expect(await receiptsOf(w.su, b.id)).toHaveLength(0);

    const cron = await fetch(`${w.server.url}/api/crons/expire-checkout-holds`, { method: 'POST', headers: { Authorization: w.su.authStore.token } });
    expect(cron.status).toBe(204);
    await expect.poll(async () => (await w.su.collection('charges').getOne(damages.id)).refunds?.[0]?.status, { timeout: 10_000 }).toBe('succeeded');
    expect(refundsOf(w, 'pi_damages_cr2').map((r) => r.idempotencyKey)).toEqual([`refund-charge-${damages.id}-2`, `refund-charge-${damages.id}-2`]);
    expect(await receiptsOf(w.su, b.id)).toHaveLength(1);
  });

  it("a cancel after a charge's first refund refunds the rest as a later refund of its own (its own key), never again under the first one's", async () => {
    const b = await stageCardBooking(w.su, 'pi_deposit_cr3', PAID_IN_FULL);
    await stageCardBalance(w.su, b.id, 'pi_balance_cr3');
    // Refunded $40 before, in the charge's own fields (its first refund, key refund-charge-<charge>).
    const damages = await w.su
      .collection('charges')
      .create({
        booking: b.id,
        idempotency_key: newKey(),
        status: 'succeeded',
        kind: 'damages',
        amount: 12000,
        balance_amount: 0,
        damages_amount: 12000,
        stripe_payment_intent_id: 'pi_damages_cr3',
        refund_status: 'succeeded',
        refund_amount: 4000,
        refund_id: 're_first',
      });
    const cancel = await fetch(`${w.server.url}/api/fn/admin-bookings/cancel`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': newKey(), Authorization: w.admin },
      body: JSON.stringify({ bookingId: b.id, refund: true }),
    });
    expect(cancel.status, await cancel.text()).toBe(200);
    await expect.poll(async () => (await w.su.collection('charges').getOne(damages.id)).refunds?.[0]?.status, { timeout: 10_000 }).toBe('succeeded');
    const row = await w.su.collection('charges').getOne(damages.id);
    expect([row.refund_status, row.refund_amount, row.refund_id]).toEqual(['succeeded', 4000, 're_first']);
    expect(row.refunds).toMatchObject([{ n: 2, amount: 8000, status: 'succeeded', waive: false }]);
    expect(refundsOf(w, 'pi_damages_cr3').map((r) => [r.idempotencyKey, r.form.get('amount')])).toEqual([[`refund-charge-${damages.id}-2`, '8000']]);
  });

  it('only an admin may refund, with an Idempotency-Key', async () => {
    expect((await refund({ bookingId: 'x', paymentId: 'y', amountCents: 1 }, newKey(), null)).status).toBe(401);
    const noKey = await fetch(`${w.server.url}${ROUTE}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: w.admin },
      body: JSON.stringify({ bookingId: 'x', paymentId: 'y', amountCents: 1 }),
    });
    expect(noKey.status).toBe(400);
  });
});
