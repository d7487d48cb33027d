/**
 * One owner per slot by every path (docs/decisions/010; docs/architecture.md reading 15), on the demo
 * server: demo Pay, Cancel and a competing checkout fired at once never leave a slot with two
 * owners; an Idempotency-Key makes a retried checkout return the first answer; a newer
 * checkout from the same wizard replaces its own earlier hold.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { bookingRequest, callFn, clearCollections, request, superuser } from './support';

beforeEach(() => clearCollections('bookings', 'blocked_dates'));

/**
 * Install visits for Adorned Arrangement 5–7 ft (3-hour slots) on the season's work days from
 * 2026-11-24, the first whose slots all start outside the 48 hours' notice (domain/schedule/notice.ts).
 */
function installVisits(): { installDate: string; installTimeSlot: string }[] {
  const out: { installDate: string; installTimeSlot: string }[] = [];
  for (let t = Date.UTC(2026, 10, 24); t <= Date.UTC(2026, 11, 23); t += 86_400_000) {
    const d = new Date(t);
    const day = d.getUTCDay(); // 0 Sunday
    if (![0, 2, 5, 6].includes(day)) continue;
    const slots = day === 0 ? ['9-12', '12-15', '15-18'] : ['9-12', '12-15', '15-18', '18-21'];
    for (const installTimeSlot of slots) out.push({ installDate: d.toISOString().slice(0, 10), installTimeSlot });
  }
  return out;
}

const small = (over: Record<string, unknown>) => bookingRequest({ packageType: 'adorned-arrangement', treeSize: '5-7ft', removalDate: null, removalTimeSlot: null, ...over });

const post = (route: string, body: unknown, headers: Record<string, string> = {}) => request({ route, body, headers });

const checkoutWith = (bookingData: unknown, headers: Record<string, string> = {}, wizardId?: string) =>
  post('/api/fn/create-booking-checkout', { bookingData, ...(wizardId ? { wizardId } : {}) }, headers);

/** Bookings holding or owning `visit` (paid, confirmed, or an unexpired hold: the overlap rule). */
async function owners(visit: { installDate: string; installTimeSlot: string }) {
  const all = await superuser()
    .collection('bookings')
    .getFullList({ filter: `install_date = "${visit.installDate}" && install_time_slot = "${visit.installTimeSlot}"` });
  const paid = all.filter((b) => b.payment_status === 'deposit_paid');
  const held = all.filter((b) => b.status === 'pending_payment' && b.payment_status === 'pending');
  return { all, paid, active: [...paid, ...held] };
}

describe('pay, cancel and a competing checkout at once', () => {
  it('50 trials: no slot is ever owned twice, and no cancelled or refunded booking stays paid', async () => {
    const visits = installVisits().slice(0, 50);
    expect(visits).toHaveLength(50);
    const outcomes: Record<string, number> = {};
    for (const [i, visit] of visits.entries()) {
      const first = await checkoutWith(small({ ...visit, customerEmail: `first${i}@example.com` }));
      expect(first.status).toBe(200);
      const sessionId = first.body.sessionId;
      // Three rivals widen the window in which a cancel frees the slot before the pay lands.
      const [pay, cancel, ...rivals] = await Promise.all([
        post('/api/fn/demo-checkout/pay', { sessionId }),
        post('/api/fn/demo-checkout/cancel', { sessionId }),
        ...[1, 2, 3].map((n) => checkoutWith(small({ ...visit, customerEmail: `rival${i}-${n}@example.com` }))),
      ]);
      expect(rivals.filter((r) => r.status === 200).length).toBeLessThanOrEqual(1);
      const rival = rivals.find((r) => r.status === 200) ?? rivals[0]!;
      // The rival pays at once when it got the slot.
      const rivalPay = rival.status === 200 ? await post('/api/fn/demo-checkout/pay', { sessionId: rival.body.sessionId }) : null;
      const key = `pay ${pay.status} cancel ${cancel.status} rival ${rival.status} rivalPay ${rivalPay?.status ?? '-'}`;
      outcomes[key] = (outcomes[key] ?? 0) + 1;

      const o = await owners(visit);
      expect(o.active.length, `trial ${i}: ${key}`).toBeLessThanOrEqual(1);
      expect(o.paid.length, `trial ${i}: ${key}`).toBeLessThanOrEqual(1);
      for (const b of o.all) {
        if (b.status === 'cancelled' || b.status === 'payment_conflict') expect(b.payment_status, `trial ${i}`).not.toBe('deposit_paid');
        if (b.status === 'payment_conflict') expect(b.payment_status).toBe('refunded');
      }
      // Exactly one booking ends up owning the slot: whoever paid.
      expect(o.paid.length, `trial ${i}: ${key}`).toBe(pay.status === 200 || rivalPay?.status === 200 ? 1 : 0);
    }
  }, 240_000);

  it('a demo payment for a cancelled checkout is refused and charges nothing', async () => {
    const visit = installVisits()[0]!;
    const first = await checkoutWith(small(visit));
    expect((await post('/api/fn/demo-checkout/cancel', { sessionId: first.body.sessionId })).status).toBe(200);
    const pay = await post('/api/fn/demo-checkout/pay', { sessionId: first.body.sessionId });
    expect(pay.status).toBe(410);
    const booking = await superuser().collection('bookings').getOne(first.body.bookingId);
    expect(booking).toMatchObject({ status: 'cancelled', cancel_reason: 'customer_cancelled', payment_status: 'pending', payment_intent_id: '' });
  });
});

describe('Idempotency-Key on create-booking-checkout', () => {
  it('one key sent three times at once gives one booking and the same checkout URL', async () => {
    const data = small(installVisits()[3]!);
    const headers = { 'Idempotency-Key': 'checkout_same_instant_0001' };
    const answers = await Promise.all([1, 2, 3].map(() => checkoutWith(data, headers)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.bookingId)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body.url)).size).toBe(1);
    expect(answers[0]!.body.url).toMatch(/\/demo-payment\?session_id=demo_cs_/);
    expect(await superuser().collection('bookings').getFullList()).toHaveLength(1);
  });

  it('a retry after a lost answer gets the same booking, not "someone else just booked it"', async () => {
    const data = small(installVisits()[4]!);
    const headers = { 'Idempotency-Key': 'checkout_lost_answer_0001' };
    const first = await checkoutWith(data, headers);
    const retry = await checkoutWith(data, headers);
    expect(first.status).toBe(200);
    expect(retry).toEqual(first);
  });

  it('the same key with different choices is a 422, and nothing is stored', async () => {
    const headers = { 'Idempotency-Key': 'checkout_changed_choice_1' };
    expect((await checkoutWith(small(installVisits()[5]!), headers)).status).toBe(200);
    const other = await checkoutWith(small(installVisits()[6]!), headers);
    expect(other.status).toBe(422);
    expect(other.body.message).toBe('This Idempotency-Key was already used for a different request. Please retry with a new key.');
    expect(await superuser().collection('bookings').getFullList()).toHaveLength(1);
  });

  it('a malformed key is a 400', async () => {
    const res = await checkoutWith(small(installVisits()[7]!), { 'Idempotency-Key': 'bad key!' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/Idempotency-Key header must be 8 to 255/);
  });
});

describe('a newer checkout from the same wizard', () => {
  it('replaces that wizard’s earlier hold instead of stacking, and frees its slot', async () => {
    const [a, b] = installVisits();
    const wizard = 'wizard_replace_test_01';
    const first = await checkoutWith(small(a!), {}, wizard);
    const second = await checkoutWith(small(b!), {}, wizard);
    expect([first.status, second.status]).toEqual([200, 200]);
    const old = await superuser().collection('bookings').getOne(first.body.bookingId);
    expect(old).toMatchObject({ status: 'cancelled', cancel_reason: 'replaced' });
    // The first slot is free again for anyone.
    expect((await checkoutWith(small({ ...a!, customerEmail: 'next@example.com' }))).status).toBe(200);
    // A replaced session can no longer be paid.
    expect((await post('/api/fn/demo-checkout/pay', { sessionId: first.body.sessionId })).status).toBe(410);
  });

  it('going back and paying again for the same slot never blocks the customer’s own slot', async () => {
    const [a] = installVisits();
    const wizard = 'wizard_same_slot_test1';
    expect((await checkoutWith(small(a!), { 'Idempotency-Key': 'attempt_one_000001' }, wizard)).status).toBe(200);
    const again = await checkoutWith(small({ ...a!, notes: 'Please ring twice' }), { 'Idempotency-Key': 'attempt_two_000002' }, wizard);
    expect(again.status).toBe(200);
    const o = await owners(a!);
    expect(o.active.map((x) => x.id)).toEqual([again.body.bookingId]);
  });

  it('a failed checkout (slot taken) keeps the wizard’s earlier hold', async () => {
    const [a, b] = installVisits();
    const wizard = 'wizard_keeps_hold_0001';
    const mine = await checkoutWith(small(a!), {}, wizard);
    expect((await checkoutWith(small({ ...b!, customerEmail: 'other@example.com' }))).status).toBe(200);
    expect((await checkoutWith(small(b!), {}, wizard)).status).toBe(409);
    expect(await superuser().collection('bookings').getOne(mine.body.bookingId)).toMatchObject({ status: 'pending_payment' });
  });

  it('a malformed wizard id is a 400', async () => {
    expect((await checkoutWith(small(installVisits()[0]!), {}, 'x')).status).toBe(400);
  });
});

describe('the verify call after a conflict', () => {
  it('says the payment was not applied (conflict) for a refunded booking', async () => {
    const visit = installVisits()[8]!;
    const first = await checkoutWith(small(visit));
    await superuser().collection('bookings').update(first.body.bookingId, { status: 'payment_conflict', payment_status: 'refunded' });
    const res = await callFn('POST', '/api/fn/verify-booking-payment', { sessionId: first.body.sessionId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, conflict: true });
  });
});
