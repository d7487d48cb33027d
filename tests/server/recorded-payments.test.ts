/**
 * Payments the owner records at the door, and voids (docs/decisions/030): one key sent three
 * times at once counts once, two keys are two payments, a void counts once and brings back
 * exactly what no other payment covers; the balance, the booking's state, the revenue figures
 * and the customer's receipts after each; the refusals. Who may call: tests/server/admin-access.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { RECORDED_PAYMENT_MESSAGES as M } from '../../domain/money/recorded-payments';
import { signedInStaffHooks } from './admin-fixtures';
import { bookingsOfFile, receiptsOf } from './charge-fixtures';
import { callFnAs, request, superuser } from './support';

const su = superuser();
const admin = signedInStaffHooks('admin');
let seq = 0;
const newKey = () => `payment-test-${Date.now()}-${++seq}`;
const stage = bookingsOfFile(su, 'door', { install_date: '2026-12-18', removal_date: '2027-01-27' });

const record = (key: string, body: Record<string, unknown>) => request({ method: 'POST', route: '/api/fn/booking-payments', token: admin.token, headers: { 'Idempotency-Key': key }, body });
const voidPayment = (key: string, body: Record<string, unknown>) => request({ method: 'POST', route: '/api/fn/booking-payments/void', token: admin.token, headers: { 'Idempotency-Key': key }, body });
const booking = (id: string) => su.collection('bookings').getOne(id);
const paymentsOf = (id: string) => su.collection('charges').getFullList({ filter: su.filter('booking = {:id}', { id }), sort: 'created_at' });
const revenue = async () => (await callFnAs(admin.token, 'GET', '/api/fn/insights')).body.revenue as { collected: number; pending: number };

describe('recording a payment at the door', () => {
  it('one key sent three times at once counts once: paid, with a receipt naming the method; the id is the phone’s', async () => {
    const b = await stage();
    const before = await revenue();
    const key = newKey();
    const body = { id: 'abcdefghij12345', bookingId: b.id, method: 'cash', amountCents: 82500, note: 'Handed over at the door' };
    const results = await Promise.all([record(key, body), record(key, body), record(key, body)]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => r.body.payment.id))).toEqual(new Set(['abcdefghij12345']));
    expect(results[0]!.body.booking).toMatchObject({ balance_remaining: 0, payment_status: 'paid' });

    const payments = await paymentsOf(b.id);
    expect(payments.map((p) => [p.id, p.kind, p.method, p.amount, p.status, p.created_by])).toEqual([['abcdefghij12345', 'balance', 'cash', 82500, 'succeeded', admin.id]]);
    expect(await booking(b.id)).toMatchObject({ balance_remaining: 0, payment_status: 'paid', balance_paid_at: '2026-11-20 17:00:00.000Z' });
    const receipts = await receiptsOf(su, b.id);
    expect(receipts.map((r) => r.subject)).toEqual([expect.stringMatching(/^Receipt: Balance payment of \$825 /)]);
    expect(receipts[0]!.body).toContain('Method: Cash');
    expect(receipts[0]!.body).toContain('Remaining due: nothing, your booking is paid in full');
    const after = await revenue();
    expect(after.collected - before.collected).toBe(82500);
    expect(before.pending - after.pending).toBe(82500);
  });

  it('a part of the balance by check: the rest stays due and counts as pending', async () => {
    const b = await stage();
    const before = await revenue();
    const res = await record(newKey(), { bookingId: b.id, method: 'check', checkNumber: '1042', amountCents: 30000 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await booking(b.id)).toMatchObject({ balance_remaining: 52500, payment_status: 'deposit_paid' });
    const after = await revenue();
    expect(after.collected - before.collected).toBe(30000);
    expect(before.pending - after.pending).toBe(30000);
    const [receipt] = await receiptsOf(su, b.id);
    expect(receipt!.body).toContain('Method: Check no. 1042');
    expect(receipt!.body).toContain('Remaining due: $525');
  });

  it('two keys (two phones) are two payments; voiding one leaves it paid, voiding the other makes the balance due again, each once', async () => {
    const b = await stage();
    const first = await record(newKey(), { bookingId: b.id, method: 'cash', amountCents: 82500 });
    const second = await record(newKey(), { bookingId: b.id, method: 'check', checkNumber: '77', amountCents: 82500 });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect((await paymentsOf(b.id)).map((p) => [p.amount, p.balance_amount, p.status])).toEqual([
      [82500, 82500, 'succeeded'],
      [82500, 0, 'succeeded'],
    ]);
    expect(await booking(b.id)).toMatchObject({ balance_remaining: 0, payment_status: 'paid' });

    // The cash one was recorded by mistake: the check now pays the balance.
    const key = newKey();
    const voids = await Promise.all([
      voidPayment(key, { paymentId: first.body.payment.id, reason: 'Recorded twice' }),
      voidPayment(key, { paymentId: first.body.payment.id, reason: 'Recorded twice' }),
    ]);
    expect(voids.map((r) => r.status)).toEqual([200, 200]);
    expect(voids[0]!.body.payment).toMatchObject({ status: 'voided', void_reason: 'Recorded twice', voided_by: admin.id });
    expect((await paymentsOf(b.id)).map((p) => [p.balance_amount, p.status])).toEqual([
      [82500, 'voided'],
      [82500, 'succeeded'],
    ]);
    expect(await booking(b.id)).toMatchObject({ balance_remaining: 0, payment_status: 'paid' });

    // Voiding the check too: the balance is due again.
    expect((await voidPayment(newKey(), { paymentId: second.body.payment.id, reason: 'The check bounced' })).status).toBe(200);
    expect(await booking(b.id)).toMatchObject({ balance_remaining: 82500, payment_status: 'deposit_paid', balance_paid_at: '' });
    const receipts = await receiptsOf(su, b.id);
    expect(receipts.filter((r) => r.subject.startsWith('Receipt: Voided payment of $825'))).toHaveLength(2);
    expect(receipts.find((r) => r.body.includes('The check bounced'))!.body).toContain('Remaining due: $825');
  });

  it('refuses with a sentence: no key, a bad amount, a check without its number, a cancelled booking, a reused key, a card charge voided, a void without reason', async () => {
    const b = await stage();
    const noKey = await request({ method: 'POST', route: '/api/fn/booking-payments', token: admin.token, body: { bookingId: b.id, method: 'cash', amountCents: 100 } });
    expect(noKey.status).toBe(400);
    expect((await record(newKey(), { bookingId: b.id, method: 'cash', amountCents: 0 })).body.message).toBe(M.amount);
    expect((await record(newKey(), { bookingId: b.id, method: 'cash', amountCents: 12.5 })).body.message).toBe(M.amount);
    expect((await record(newKey(), { bookingId: b.id, method: 'check', amountCents: 100 })).body.message).toBe(M.checkNumber);
    expect((await record(newKey(), { bookingId: b.id, method: 'bitcoin', amountCents: 100 })).body.message).toBe(M.method);
    expect((await record(newKey(), { bookingId: 'nosuchbooking12', method: 'cash', amountCents: 100 })).status).toBe(404);
    const key = newKey();
    expect((await record(key, { bookingId: b.id, method: 'cash', amountCents: 100 })).status).toBe(200);
    expect(await record(key, { bookingId: b.id, method: 'cash', amountCents: 200 })).toMatchObject({ status: 422, body: { message: M.keyReused } });

    const card = await su.collection('charges').create({ booking: b.id, kind: 'balance', amount: 500, balance_amount: 500, status: 'succeeded', idempotency_key: newKey() });
    expect(await voidPayment(newKey(), { paymentId: card.id, reason: 'no' })).toMatchObject({ status: 409, body: { message: M.notVoidable } });
    const [mine] = (await paymentsOf(b.id)).filter((p) => p.method === 'cash');
    expect(await voidPayment(newKey(), { paymentId: mine!.id, reason: ' ' })).toMatchObject({ status: 400, body: { message: M.voidReason } });

    const cancelled = await stage({ status: 'cancelled', install_date: '2026-12-19' });
    expect((await record(newKey(), { bookingId: cancelled.id, method: 'cash', amountCents: 100 })).status).toBe(409);
    expect(await paymentsOf(cancelled.id)).toHaveLength(0);
  });
});
