/**
 * The owner cancels a booking from the admin (docs/decisions/032): with the deposit refunded
 * (once, however often the phone's outbox sends it) or kept as the policy allows; the slot is
 * free at once, the customer's link dies, the history and the e-mails say so (METHOD:CANCEL);
 * refused while money is moving or for a booking that is not confirmed. Stripe's side:
 * tests/server/admin-charges.test.ts. Who may call: tests/server/admin-access.test.ts.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { signedInStaffHooks } from './admin-fixtures';
import { checkout } from './fixtures';
import { callFn, clearCollections, request, superuser } from './support';

const su = superuser();
const admin = signedInStaffHooks('admin');
let seq = 0;
beforeEach(() => clearCollections('bookings', 'blocked_dates'));

const cancel = (key: string, body: Record<string, unknown>) => request({ method: 'POST', route: '/api/fn/admin-bookings/cancel', token: admin.token, headers: { 'Idempotency-Key': key }, body });

async function paid(installDate = '2026-12-05') {
  const res = await checkout({ installDate, customerEmail: `owner.cancel.${++seq}@example.com` });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect((await callFn('POST', '/api/fn/demo-checkout/pay', { sessionId: res.body.sessionId })).status).toBe(200);
  return res.body.bookingId as string;
}
const mails = (id: string, kind: string) => su.collection('mail_log').getFullList({ filter: su.filter('related_id = {:id} && kind = {:kind}', { id, kind }), sort: 'created_at' });

describe('the owner cancels a booking', () => {
  it('with the refund, sent three times at once: cancelled and refunded once, the customer told with METHOD:CANCEL, the slot free', async () => {
    const id = await paid();
    const key = `cancel-${id}`;
    const results = await Promise.all([cancel(key, { bookingId: id, refund: true }), cancel(key, { bookingId: id, refund: true }), cancel(key, { bookingId: id, refund: true })]);
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(results.every((r) => r.body.refunded === true)).toBe(true);
    const b = await su.collection('bookings').getOne(id);
    expect(b).toMatchObject({ status: 'cancelled', cancel_reason: 'owner_cancelled', payment_status: 'refunded', ics_sequence: 1 });
    expect(b.refund_id).toMatch(/^demo_re_/);
    expect((await mails(id, 'receipt')).map((m) => m.subject.replace(/ \(.*/, ''))).toEqual(['Receipt: Deposit of $825', 'Receipt: Refund of $825']);
    const told = await mails(id, 'booking_change');
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain('We have cancelled your booking');
    expect(told[0]!.body).toContain('We have refunded your deposit of $825 to your card');
    expect((told[0]!.attachment_data as { content: string }[])[0]!.content).toContain('METHOD:CANCEL');
    const events = await su.collection('job_events').getFullList({ filter: su.filter('booking = {:id}', { id }) });
    expect(events.map((e) => [e.kind, e.text, e.created_by])).toEqual([['owner_change', 'Cancelled from the admin; the deposit is refunded.', admin.id]]);
    // The slot is free again.
    expect((await checkout({ installDate: '2026-12-05', customerEmail: 'next.owner@example.com' })).status).toBe(200);
  });

  it('keeping the deposit: cancelled, nothing refunded, the customer told the deposit is kept', async () => {
    const id = await paid('2026-12-06');
    const res = await cancel(`keep-${id}`, { bookingId: id, refund: false });
    expect(res.status).toBe(200);
    expect(res.body.refunded).toBe(false);
    expect(await su.collection('bookings').getOne(id)).toMatchObject({ status: 'cancelled', payment_status: 'deposit_paid', refund_id: '' });
    expect((await mails(id, 'receipt')).map((m) => m.subject.replace(/ \(.*/, ''))).toEqual(['Receipt: Deposit of $825']);
    const [told] = await mails(id, 'booking_change');
    expect(told!.body).toContain('Your deposit of $825 is kept, as our policies say.');
    const [notice] = (await mails(id, 'business_notice')).filter((m) => m.subject.startsWith('Cancelled'));
    expect(notice!.subject).toMatch(/^Cancelled from the admin: /);
  });

  it('refuses while money is moving, a booking not confirmed, a missing choice, and an unknown booking', async () => {
    const id = await paid('2026-12-11');
    await su.collection('charges').create({ booking: id, kind: 'balance', amount: 82500, balance_amount: 82500, status: 'requires_checkout', idempotency_key: `open-${id}` });
    expect(await cancel(`a-${id}`, { bookingId: id, refund: true })).toMatchObject({ status: 409, body: { message: 'A payment for this booking is still in progress.' } });
    expect((await su.collection('bookings').getOne(id)).status).toBe('confirmed');
    expect((await cancel(`b-${id}`, { bookingId: id })).status).toBe(400);
    expect((await cancel(`c-${id}`, { bookingId: 'nosuchbooking12', refund: true })).status).toBe(404);
    const hold = await checkout({ installDate: '2026-12-12', removalDate: '2026-12-29', customerEmail: 'hold.owner@example.com' });
    expect(hold.status, JSON.stringify(hold.body)).toBe(200);
    expect((await cancel(`d-${id}`, { bookingId: hold.body.bookingId, refund: false })).status).toBe(409);
  });
});
