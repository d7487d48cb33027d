/**
 * Demo payments (docs/architecture.md reading 6) and verify-booking-payment (docs/product.md §7): the demo page's
 * API moves a booking through the same states a paid Stripe Checkout Session would.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { availability, checkout, createBookingRecord, slotMap } from './fixtures';
import { callFn, clearCollections, superuser } from './support';

beforeEach(() => clearCollections('bookings', 'blocked_dates'));

async function openSession() {
  const res = await checkout();
  expect(res.status).toBe(200);
  return res.body;
}

const getSession = (sessionId: string) => callFn('GET', `/api/fn/demo-checkout?session_id=${encodeURIComponent(sessionId)}`);
const pay = (sessionId: string) => callFn('POST', '/api/fn/demo-checkout/pay', { sessionId });
const cancel = (sessionId: string) => callFn('POST', '/api/fn/demo-checkout/cancel', { sessionId });
const verify = (sessionId: unknown) => callFn('POST', '/api/fn/verify-booking-payment', { sessionId });

describe('demo checkout: pay', () => {
  it('GET shows an open session with the amounts and no name, e-mail, address or phone', async () => {
    const { sessionId } = await openSession();
    const res = await getSession(sessionId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      sessionId,
      state: 'open',
      booking: {
        packageTitle: 'Elevated Arbor',
        installDate: '2026-11-24',
        installTimeSlot: '9-15',
        removalDate: '2026-12-28',
        removalTimeSlot: '9-15',
        totalCents: 165000,
        depositCents: 82500,
        balanceCents: 82500,
      },
    });
    expect(JSON.stringify(res.body)).not.toMatch(/Jane|jane@example\.com|555-0100|Main St/);
  });

  it('pay confirms the deposit; verify then succeeds, twice, without changing anything', async () => {
    const { sessionId, bookingId } = await openSession();

    const before = await verify(sessionId);
    expect(before.status).toBe(200);
    expect(before.body.success).toBe(false);
    // Still holding its slot unpaid: the wizard offers to continue to this payment.
    expect(before.body.open).toBe(true);

    const paid = await pay(sessionId);
    expect(paid.status).toBe(200);
    expect(paid.body.url).toMatch(new RegExp(`/booking-success\\?session_id=${sessionId}$`));

    const rec = await superuser().collection('bookings').getOne(bookingId);
    expect(rec).toMatchObject({
      payment_status: 'deposit_paid',
      status: 'confirmed',
      deposit_paid_at: '2026-11-20 17:00:00.000Z',
      total_price: 165000,
      deposit_amount: 82500,
      balance_remaining: 82500,
    });
    expect(rec.payment_intent_id).toMatch(/^demo_pi_/);

    const first = await verify(sessionId);
    const second = await verify(sessionId);
    for (const v of [first, second]) {
      expect(v.status).toBe(200);
      expect(v.body).toMatchObject({ success: true, open: false, booking: { packageTitle: 'Elevated Arbor', depositCents: 82500, balanceCents: 82500 } });
    }
    // The success page's 'Manage my booking': the booking's stable link, the one its e-mails carry (docs/decisions/051).
    expect(first.body.manageToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.body.manageToken).toBe(first.body.manageToken);
    const confirmation = await superuser()
      .collection('mail_log')
      .getFirstListItem(superuser().filter("related_id = {:id} && kind = 'booking_confirmation'", { id: bookingId }));
    expect(confirmation.body).toContain(`/my-booking?token=${first.body.manageToken}`);
    const manage = await callFn('POST', '/api/fn/my-booking', { token: first.body.manageToken });
    expect(manage.status).toBe(200);
    expect((await getSession(sessionId)).body.state).toBe('paid');

    // Paying again is harmless: same url, same record.
    const again = await pay(sessionId);
    expect(again.status).toBe(200);
    expect(await superuser().collection('bookings').getOne(bookingId)).toMatchObject({ deposit_paid_at: rec.deposit_paid_at, payment_intent_id: rec.payment_intent_id, balance_remaining: 82500 });
    // Cancel after paying does not undo the payment.
    expect((await cancel(sessionId)).status).toBe(200);
    expect((await superuser().collection('bookings').getOne(bookingId)).status).toBe('confirmed');
  });

  it('a paid booking keeps its slot after its checkout hold has run out', async () => {
    const rec = await createBookingRecord({ checkout_session_id: 'demo_cs_paid_then_expired', hold_expires_at: '2026-11-20 17:10:00.000Z' });
    expect((await pay('demo_cs_paid_then_expired')).status).toBe(200);
    await superuser().collection('bookings').update(rec.id, { hold_expires_at: '2026-11-20 16:00:00.000Z' });
    expect(slotMap((await availability('2026-11-24', '7.5-9ft')).body)['9-15']).toBe(false);
  });
});

describe('demo checkout: cancel and expiry', () => {
  it('cancel on an open session cancels the booking and frees the slot; paying it then gets 410', async () => {
    const { sessionId, bookingId } = await openSession();
    expect(slotMap((await availability('2026-11-24', '7.5-9ft')).body)['9-15']).toBe(false);

    const res = await cancel(sessionId);
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(/\/booking-cancel$/);
    expect((await superuser().collection('bookings').getOne(bookingId)).status).toBe('cancelled');
    expect((await getSession(sessionId)).body.state).toBe('cancelled');
    expect(slotMap((await availability('2026-11-24', '7.5-9ft')).body)['9-15']).toBe(true);

    const late = await pay(sessionId);
    expect(late.status).toBe(410);
    expect(late.body.message).toMatch(/expired and no card was charged/);
    expect(await superuser().collection('bookings').getOne(bookingId)).toMatchObject({ payment_status: 'pending', status: 'cancelled', deposit_paid_at: '' });
    expect((await verify(sessionId)).body).toMatchObject({ success: false, open: false });

    // Someone else can now book the freed slot.
    expect((await checkout({ customerEmail: 'next@example.com' })).status).toBe(200);
  });

  it('a session whose hold expired shows as expired and cannot be paid (410)', async () => {
    const rec = await createBookingRecord({ checkout_session_id: 'demo_cs_expired_hold', hold_expires_at: '2026-11-20 16:30:00.000Z' });
    // The expire-holds cron may already have cancelled it; either way it cannot be paid.
    expect(['expired', 'cancelled']).toContain((await getSession('demo_cs_expired_hold')).body.state);
    expect((await pay('demo_cs_expired_hold')).status).toBe(410);
    expect((await superuser().collection('bookings').getOne(rec.id)).payment_status).toBe('pending');
    // Not open any more, even before the cron has cancelled it: the wizard does not offer it.
    const unpaid = (await verify('demo_cs_expired_hold')).body;
    expect(unpaid).toMatchObject({ success: false, open: false });
    expect(unpaid).not.toHaveProperty('manageToken');
  });
});

describe('unknown and malformed sessions', () => {
  const scenarios: { name: string; call: () => Promise<{ status: number; body: any }>; status: number }[] = [
    { name: 'verify: unknown session → 404', call: () => verify('cs_test_unknown'), status: 404 },
    { name: 'verify: unknown demo session → 404', call: () => verify('demo_cs_unknown'), status: 404 },
    { name: 'verify: no session id → 400', call: () => verify(''), status: 400 },
    { name: 'verify: session id not a string → 400', call: () => verify(42), status: 400 },
    { name: 'verify: malformed JSON → 400', call: () => callFn('POST', '/api/fn/verify-booking-payment', '{bad'), status: 400 },
    { name: 'demo GET: unknown session → 404', call: () => getSession('demo_cs_unknown'), status: 404 },
    { name: 'demo GET: no session id → 400', call: () => callFn('GET', '/api/fn/demo-checkout'), status: 400 },
    { name: 'demo GET: not a demo session id → 400', call: () => getSession('cs_live_abc'), status: 400 },
    { name: 'demo pay: unknown session → 404', call: () => pay('demo_cs_unknown'), status: 404 },
    { name: 'demo pay: empty body → 400', call: () => callFn('POST', '/api/fn/demo-checkout/pay', ''), status: 400 },
    { name: 'demo cancel: unknown session → 404', call: () => cancel('demo_cs_unknown'), status: 404 },
  ];

  it.each(scenarios)('$name', async ({ call, status }) => {
    await openSession();
    const res = await call();
    expect(res.status).toBe(status);
    expect(typeof res.body.message).toBe('string');
    expect(res.body.message.length).toBeGreaterThan(5);
    // The one stored booking is untouched.
    const [only] = await superuser().collection('bookings').getFullList();
    expect(only).toMatchObject({ status: 'pending_payment', payment_status: 'pending' });
  });
});
