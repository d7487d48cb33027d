/**
 * The payment routes on the command runner (docs/architecture.md "The path of a command"):
 * a replay with the same Idempotency-Key (or the same request on a naturally idempotent
 * command) changes nothing more: no second row, no second receipt, the booking as it was.
 * Their full behaviour is in recorded-payments, one-ledger, admin-charges, my-booking and
 * phone-booking (whose first test replays its key).
 */
import { describe, expect, it } from 'vitest';
import { signedInStaffHooks } from './admin-fixtures';
import { bookingsOfFile, receiptsOf } from './charge-fixtures';
import { request, superuser } from './support';

const su = superuser();
const admin = signedInStaffHooks('admin');
let seq = 0;
const newKey = () => `payment-cmd-${Date.now()}-${++seq}`;
const stage = bookingsOfFile(su, 'cmd', { install_date: '2026-12-19', removal_date: '2027-01-28' });

const asAdmin = (route: string, key: string | null, body: Record<string, unknown>) => request({ method: 'POST', route, token: admin.token, headers: key ? { 'Idempotency-Key': key } : {}, body });
const paymentsOf = (id: string) => su.collection('charges').getFullList({ filter: su.filter('booking = {:id}', { id }), sort: 'created_at' });
const booking = (id: string) => su.collection('bookings').getOne(id);

describe('a replay changes nothing more', () => {
  it('booking-payments: the same key after the first answer gives the same payment, one row, one receipt', async () => {
    const b = await stage();
    const key = newKey();
    const body = { bookingId: b.id, method: 'check', checkNumber: '5', amountCents: 30000 };
    const first = await asAdmin('/api/fn/booking-payments', key, body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const after = await booking(b.id);
    const again = await asAdmin('/api/fn/booking-payments', key, body);
    expect(again.status).toBe(200);
    expect(again.body.payment.id).toBe(first.body.payment.id);
    expect(await paymentsOf(b.id)).toHaveLength(1);
    expect(await receiptsOf(su, b.id)).toHaveLength(1);
    expect(await booking(b.id)).toMatchObject({ balance_remaining: 52500, payment_status: 'deposit_paid', updated_at: after.updated_at });
  });

  it('charge-booking-balance: the same key after the first answer gives the same charge, one row, one receipt', async () => {
    const b = await stage();
    const key = newKey();
    const first = await asAdmin('/api/fn/charge-booking-balance', key, { bookingId: b.id });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ success: true, amountCharged: 82500 });
    const after = await booking(b.id);
    const again = await asAdmin('/api/fn/charge-booking-balance', key, { bookingId: b.id });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ success: true, amountCharged: 82500, chargeId: first.body.chargeId });
    expect(await paymentsOf(b.id)).toHaveLength(1);
    expect(await receiptsOf(su, b.id)).toHaveLength(1);
    expect(await booking(b.id)).toMatchObject({ balance_remaining: 0, payment_status: 'paid', updated_at: after.updated_at });
  });

  it('booking-payments/void: voiding again (another key, the other phone) answers the same and sends no second receipt', async () => {
    const b = await stage();
    const paid = await asAdmin('/api/fn/booking-payments', newKey(), { bookingId: b.id, method: 'cash', amountCents: 82500 });
    const paymentId = paid.body.payment.id as string;
    const first = await asAdmin('/api/fn/booking-payments/void', newKey(), { paymentId, reason: 'Recorded twice' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.booking).toMatchObject({ balance_remaining: 82500, payment_status: 'deposit_paid', balance_paid_at: '' });
    const after = await booking(b.id);
    const again = await asAdmin('/api/fn/booking-payments/void', newKey(), { paymentId, reason: 'Recorded twice' });
    expect(again.status).toBe(200);
    expect(again.body.payment).toMatchObject({ id: paymentId, status: 'voided' });
    expect((await receiptsOf(su, b.id)).length).toBe(2);
    expect(await booking(b.id)).toMatchObject({ balance_remaining: 82500, updated_at: after.updated_at });
  });

  it('admin-refunds/returned: marking a returned check again sends no second receipt', async () => {
    const b = await stage({ status: 'cancelled', cancel_reason: 'owner_cancelled', payment_status: 'refund_pending' });
    const check = await su
      .collection('charges')
      .create({
        booking: b.id,
        kind: 'balance',
        method: 'check',
        check_number: '88',
        amount: 20000,
        balance_amount: 20000,
        damages_amount: 0,
        status: 'succeeded',
        refund_status: 'to_return',
        refund_amount: 20000,
        idempotency_key: newKey(),
      });
    const first = await asAdmin('/api/fn/admin-refunds/returned', null, { bookingId: b.id, paymentId: check.id });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(await su.collection('charges').getOne(check.id)).toMatchObject({ refund_status: 'returned' });
    const receipts = await receiptsOf(su, b.id);
    expect(receipts.map((r) => r.body)).toEqual([expect.stringContaining('Check no. 88, given back to you')]);
    const after = await booking(b.id);
    const again = await asAdmin('/api/fn/admin-refunds/returned', null, { bookingId: b.id, paymentId: check.id });
    expect(again.status).toBe(200);
    expect(await receiptsOf(su, b.id)).toHaveLength(1);
    expect((await booking(b.id)).updated_at).toBe(after.updated_at);
  });
});
