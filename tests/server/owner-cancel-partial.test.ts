/**
 * The owner cancels with a refund of her own amount and a personal message (docs/decisions/032,
 * 045; domain/commands/booking-cancel-command.ts ownerRefundSplit), against the real binary in
 * Stripe mode (stripe-mock behind the stand-in, a real SMTP sink): $300 of a $1,650 booking given
 * back, split by the ledger onto the newest payment (the card balance, in part, under its
 * charge's key), its receipt for $300, the deposit kept; the message in the customer's
 * cancellation e-mail, escaped in its HTML. Part of a deposit paid alone: $400 of a card deposit
 * refunded under the deposit's own key with its amount, its receipt, the rest kept; $300 of a cash
 * deposit to give back by hand. An amount above what is refundable is refused with a plain
 * sentence and changes nothing; only an admin may cancel.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingLedger } from '../../domain/money/booking-money';
import { newKey, PAID_IN_FULL, receiptsOf, stageCardBalance, stageCardBooking, staffToken } from './charge-fixtures';
import { SERVER_NOW } from './constants';
import { refundsOf, startStripeWorld, type StripeWorld } from './stripe-world';
import { request } from './support';

const ROUTE = '/api/fn/admin-bookings/cancel';

describe('the owner cancels with her own refund and a message (Stripe mode)', () => {
  let w: StripeWorld;
  let seq = 0;

  beforeAll(async () => {
    w = await startStripeWorld(SERVER_NOW);
  }, 60_000);

  afterAll(async () => {
    await w?.stop();
  });

  const cancel = (body: Record<string, unknown>, token: string | null = w.admin, key = newKey()) =>
    request({ base: w.server.url, method: 'POST', route: ROUTE, body, token, headers: { 'Idempotency-Key': key } });

  /** Booking `n` of this file, on a day of its own, its deposit paid by card (intent `pi_deposit_pc<n>`) unless `over` says otherwise. */
  const partialBooking = (n: number, over: Record<string, unknown>) =>
    stageCardBooking(w.su, `pi_deposit_pc${n}`, { customer_email: `partial.${n}@example.com`, install_date: `2026-12-${String(13 + n).padStart(2, '0')}`, ...over });

  /** A Stripe booking of $1,650: the $825 deposit and the $825 balance paid by card. */
  async function paidInFull() {
    const n = ++seq;
    const b = await partialBooking(n, PAID_IN_FULL);
    const c = await stageCardBalance(w.su, b.id, `pi_balance_pc${n}`);
    return { b, c, n };
  }

  it('$300 refunded: the card balance in part under its key, a $300 receipt, the deposit kept, the message in the e-mail', async () => {
    const { b, c, n } = await paidInFull();
    const message = 'We are so sorry, <b>Jane</b>.\nSee you next year!';
    const res = await cancel({ bookingId: b.id, refund: true, refundCents: 30000, message });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.booking).toMatchObject({ status: 'cancelled', cancel_reason: 'owner_cancelled', cancel_message: message });

    expect(refundsOf(w, `pi_balance_pc${n}`).map((r) => [r.idempotencyKey, r.form.get('amount')])).toEqual([[`refund-charge-${c.id}`, '30000']]);
    expect(refundsOf(w, `pi_deposit_pc${n}`)).toHaveLength(0);
    expect(await w.su.collection('charges').getOne(c.id)).toMatchObject({ refund_status: 'succeeded', refund_amount: 30000 });
    expect((await w.su.collection('bookings').getOne(b.id)).deposit_refund).toBe('');
    expect((await receiptsOf(w.su, b.id)).map((m) => m.subject.replace(/ \(.*/, ''))).toEqual(['Receipt: Refund of $300']);

    const told = await w.sink.waitFor((m) => JSON.stringify(m.to ?? '').includes(`partial.${n}@example.com`) && (m.subject?.startsWith('Your booking is cancelled') ?? false));
    expect(told.text).toContain('We are so sorry, <b>Jane</b>.');
    expect(told.text).toContain('See you next year!');
    expect(told.html).toContain('We are so sorry, &lt;b&gt;Jane&lt;/b&gt;.');
    expect(told.html).not.toContain('<b>Jane</b>');
    expect(told.text).toContain('Your deposit of $825 is kept');
    const history = await w.su.collection('job_events').getFullList({ filter: w.su.filter('booking = {:id}', { id: b.id }) });
    expect(history.map((e) => e.text)).toEqual(['Cancelled from the admin; $300 refunded, the deposit kept.']);
  });

  /** A Stripe booking of $1,650 with only its $825 deposit paid: by card, or by hand (`method`: cash, check). */
  async function depositOnly(method = '') {
    const n = ++seq;
    const b = await partialBooking(n, method ? { deposit_method: method, payment_intent_id: '' } : {});
    return { b, n };
  }
  /** The booking's money as the admin's screens read it (domain/money/booking-money.ts, over the rows the mirror holds). */
  const moneyNow = async (id: string) =>
    bookingLedger(await w.su.collection('bookings').getOne(id), await w.su.collection('charges').getFullList({ filter: w.su.filter('booking = {:id}', { id }) })).money;

  /** The Overview's Collected and the weekly chart's deposits, summed (GET /api/fn/insights). */
  const overview = async () => {
    const body = (await (await fetch(`${w.server.url}/api/fn/insights`, { headers: { Authorization: w.admin } })).json()) as any;
    return { collected: body.revenue.collected as number, weeklyDeposits: (body.weekly as { deposits: number }[]).reduce((t, p) => t + p.deposits, 0) };
  };

  it('$400 of a card deposit paid alone: Stripe refunds 40000 under refund-<booking>, a $400 receipt, the booking keeps $425, the e-mail names $400', async () => {
    const { b, n } = await depositOnly();
    const before = await overview();
    const res = await cancel({ bookingId: b.id, refund: true, refundCents: 40000 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.booking).toMatchObject({ status: 'cancelled', deposit_refund: 'succeeded', deposit_refund_amount: 40000, payment_status: 'refunded' });
    expect(refundsOf(w, `pi_deposit_pc${n}`).map((r) => [r.idempotencyKey, r.form.get('amount')])).toEqual([[`refund-${b.id}`, '40000']]);
    expect((await receiptsOf(w.su, b.id)).map((m) => m.subject.replace(/ \(.*/, ''))).toEqual(['Receipt: Refund of $400']);
    expect(await moneyNow(b.id)).toMatchObject({ paidCents: 42500, owedCents: 42500, refundingCents: 0, excessCents: 0, creditCents: 0, dueCents: 0 });
    // The Overview's money held loses the $400 given back, and keeps the $425.
    expect(await overview()).toEqual({ collected: before.collected - 40000, weeklyDeposits: before.weeklyDeposits - 40000 });

    const told = await w.sink.waitFor((m) => JSON.stringify(m.to ?? '').includes(`partial.${n}@example.com`) && (m.subject?.startsWith('Your booking is cancelled') ?? false));
    expect(told.text).toContain('We have refunded $400 of your deposit of $825 to your card');
    expect(told.text).not.toContain('is kept');
    // The owner's notice names the part refunded and what is kept.
    await w.sink.waitFor((m) => (m.subject?.startsWith('Cancelled from the admin') ?? false) && (m.text ?? '').includes('Deposit $825: $400 refunded, $425 kept.'));
    const history = await w.su.collection('job_events').getFullList({ filter: w.su.filter('booking = {:id}', { id: b.id }) });
    expect(history.map((e) => e.text)).toEqual(['Cancelled from the admin; $400 refunded, $400 of the deposit with it.']);
  });

  it('$300 of a cash deposit: $300 to return by hand, no Stripe call; marked returned, a $300 receipt and the booking keeps $525', async () => {
    const { b, n } = await depositOnly('cash');
    const before = w.standIn.seen.filter((r) => r.path === '/v1/refunds').length;
    const res = await cancel({ bookingId: b.id, refund: true, refundCents: 30000 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.booking).toMatchObject({ status: 'cancelled', deposit_refund: 'to_return', deposit_refund_amount: 30000, payment_status: 'refund_pending' });
    expect(w.standIn.seen.filter((r) => r.path === '/v1/refunds').length).toBe(before);
    expect(await moneyNow(b.id)).toMatchObject({ paidCents: 82500, owedCents: 52500, refundingCents: 30000, creditCents: 0 });
    const told = await w.sink.waitFor((m) => JSON.stringify(m.to ?? '').includes(`partial.${n}@example.com`) && (m.subject?.startsWith('Your booking is cancelled') ?? false));
    expect(told.text).toContain('We will give back $300 of your deposit of $825, paid in cash, in person');

    const returned = await fetch(`${w.server.url}/api/fn/admin-refunds/returned`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: w.admin },
      body: JSON.stringify({ bookingId: b.id, paymentId: 'deposit' }),
    });
    expect(returned.status).toBe(200);
    expect((await receiptsOf(w.su, b.id)).map((m) => m.subject.replace(/ \(.*/, ''))).toEqual(['Receipt: Refund of $300']);
    expect(await moneyNow(b.id)).toMatchObject({ paidCents: 52500, owedCents: 52500, refundingCents: 0, creditCents: 0 });
    expect((await w.su.collection('bookings').getOne(b.id)).payment_status).toBe('refunded');
  });

  it('above what a deposit paid alone holds: a plain 400, nothing changed', async () => {
    const { b, n } = await depositOnly();
    const res = await cancel({ bookingId: b.id, refund: true, refundCents: 82501 });
    expect(res).toEqual({ status: 400, body: expect.objectContaining({ message: 'The refund can be at most $825, what this booking can still give back.' }) });
    expect(await w.su.collection('bookings').getOne(b.id)).toMatchObject({ status: 'confirmed', deposit_refund: '', deposit_refund_amount: 0 });
    expect(refundsOf(w, `pi_deposit_pc${n}`)).toHaveLength(0);
  });

  it('above what is refundable: a plain 400, nothing cancelled, nothing sent to Stripe', async () => {
    const { b, n } = await paidInFull();
    const res = await cancel({ bookingId: b.id, refund: true, refundCents: 165001 });
    expect(res).toEqual({ status: 400, body: expect.objectContaining({ message: 'The refund can be at most $1,650, what this booking can still give back.' }) });
    expect(await w.su.collection('bookings').getOne(b.id)).toMatchObject({ status: 'confirmed', cancel_message: '' });
    expect([...refundsOf(w, `pi_balance_pc${n}`), ...refundsOf(w, `pi_deposit_pc${n}`)]).toHaveLength(0);
    // A message too long, or an amount that is not whole cents: the caller's mistake too.
    expect((await cancel({ bookingId: b.id, refund: true, message: 'x'.repeat(1001) })).status).toBe(400);
    expect((await cancel({ bookingId: b.id, refund: true, refundCents: 12.5 })).status).toBe(400);
    expect((await w.su.collection('bookings').getOne(b.id)).status).toBe('confirmed');
  });

  it('only an admin: signed out 401, a staff member without the admin role 403, nothing changed', async () => {
    const { b } = await paidInFull();
    const body = { bookingId: b.id, refund: true, refundCents: 1000, message: 'Hello' };
    expect((await cancel(body, null)).status).toBe(401);
    expect((await cancel(body, await staffToken(w.su, ''))).status).toBe(403);
    expect(await w.su.collection('bookings').getOne(b.id)).toMatchObject({ status: 'confirmed', cancel_message: '' });
  });
});
