/**
 * POST /api/fn/charge-booking-balance (docs/decisions/015; docs/architecture.md reading 12; docs/decisions/013):
 * who may call it, what it charges (priced on the server), and that one Idempotency-Key never
 * charges twice. Demo mode on the shared test server; Stripe mode on a second server whose
 * STRIPE_API_BASE is the Stripe stand-in in front of Stripe's stripe-mock (which answers every
 * call with a fixture, so the stand-in plays the parts stripe-mock cannot: a PaymentIntent that
 * succeeded, Stripe's real 402 `authentication_required` and `card_declined` errors, and an
 * outage). Webhooks are signed with the official `stripe` package.
 */
import { createHash } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StripeStandIn } from '../support/stripe-stand-in';
import { charge, chargesOf, newKey, receiptsOf, stageBooking, stageChargeRow, stagePaidBooking, staffToken, stripeEnv, WEBHOOK_SECRET } from './charge-fixtures';
import { SERVER_NOW } from './constants';
import { ownServerHooks } from './own-server';
import { standInHooks } from './stripe-world';
import { deleteBookings, expectClearSentence } from './fixtures';
import { baseUrl, superuser } from './support';

const SPEC_SELECT_ITEM = 'Please select at least one damage item to charge';
const STILL_PROCESSING = 'This charge is still being processed. Please retry in a moment.';

describe('demo mode (the shared server)', () => {
  const su = superuser();
  let admin: string;
  let member: string;
  const created: string[] = [];
  const stage = async (over: Record<string, unknown> = {}) => {
    const b = await stageBooking(su, over);
    created.push(b.id);
    return b;
  };
  /** A booking whose balance was paid (a succeeded cash payment of it: its ledger owes nothing). */
  const stagePaid = async (over: Record<string, unknown> = {}) => {
    const b = await stagePaidBooking(su, over);
    created.push(b.id);
    return b;
  };

  beforeAll(async () => {
    admin = await staffToken(su, 'admin');
    member = await staffToken(su, '');
  });
  afterAll(async () => {
    // Confirmed bookings hold slots: leave nothing behind for the other files (charges cascade).
    // A charge staged as still in flight would make the delete refuse (money in flight) until
    // the reconcile job settles it a minute later: end those first, so the next file starts clean.
    for (const c of await su.collection('charges').getFullList({ filter: "status = 'pending' || status = 'processing' || status = 'requires_checkout'" })) {
      await su.collection('charges').update(c.id, { status: 'failed' });
    }
    await deleteBookings(created);
  });

  it('is for admins only: anonymous 401, staff without the admin role 403, and nothing is charged', async () => {
    const b = await stage();
    const anonymous = await charge(baseUrl(), null, newKey(), { bookingId: b.id });
    expect(anonymous.status).toBe(401);
    const staff = await charge(baseUrl(), member, newKey(), { bookingId: b.id });
    expect(staff.status).toBe(403);
    expectClearSentence(staff.body.message);
    expect(await chargesOf(su, b.id)).toHaveLength(0);
    expect((await su.collection('bookings').getOne(b.id)).balance_remaining).toBe(82500);
  });

  it('needs an Idempotency-Key header (400), and a well-formed one', async () => {
    const b = await stage();
    const missing = await charge(baseUrl(), admin, null, { bookingId: b.id });
    expect(missing.status).toBe(400);
    expectClearSentence(missing.body.message);
    expect((await charge(baseUrl(), admin, 'short', { bookingId: b.id })).status).toBe(400);
    expect(await chargesOf(su, b.id)).toHaveLength(0);
  });

  it('charges the balance plus the damages it prices itself; the booking is paid', async () => {
    const b = await stage();
    const key = newKey();
    // The client's amounts are ignored: 2 small pieces ($5) + 1 textile ($30) = $40 of damages.
    const res = await charge(baseUrl(), admin, key, {
      bookingId: b.id,
      additionalCharges: { items: { small: 2, fixtures: 0, textiles: 1 }, incidentals: false, totalLoss: false, amount: 1 },
      amountCharged: 1,
      chargeDescription: 'Two broken baubles and a torn skirt',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, error: null, requiresCheckout: false, checkoutUrl: null, amountCharged: 82500 + 4000 });

    const booking = await su.collection('bookings').getOne(b.id);
    expect(booking).toMatchObject({ balance_remaining: 0, payment_status: 'paid', status: 'confirmed' });
    expect(booking.balance_paid_at).toBe('2026-11-20 17:00:00.000Z');
    const rows = await chargesOf(su, b.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      idempotency_key: key,
      status: 'succeeded',
      kind: 'balance_and_damages',
      amount: 86500,
      balance_amount: 82500,
      damages_amount: 4000,
      description: 'Two broken baubles and a torn skirt',
    });
    expect(rows[0]!.stripe_payment_intent_id).toMatch(/^demo_pi_/);
    expect(rows[0]!.damage_lines).toEqual([
      { label: 'Small pieces', quantity: 2, cents: 1000 },
      { label: 'Textiles and decor items', quantity: 1, cents: 3000 },
    ]);
    // The admin reads the charge like any mirrored record.
    expect(res.body.chargeId).toBe(rows[0]!.id);
  });

  it('prices incidentals and a total loss from the booking, after the balance was paid', async () => {
    const b = await stagePaid({
      package_type: 'adorned-arrangement',
      tree_size: '5-7ft',
      luxe_finish: true,
      total_price: 130000,
      deposit_amount: 65000,
      install_done_at: '2026-11-19 15:00:00.000Z',
      selected_addons: [{ id: 'monogram-charms', quantity: 4, price: 2000 }],
    });
    const res = await charge(baseUrl(), admin, newKey(), { bookingId: b.id, additionalCharges: { totalLoss: true } });
    expect(res.body).toMatchObject({ success: true, amountCharged: 40000 + 50000 + 2000 });
    const row = (await chargesOf(su, b.id)).find((c) => c.id === res.body.chargeId);
    expect(row).toMatchObject({ kind: 'damages', balance_amount: 0, damages_amount: 92000 });
    const booking = await su.collection('bookings').getOne(b.id);
    expect(booking).toMatchObject({ payment_status: 'paid', balance_remaining: 0, balance_paid_at: '' });
  });

  it('one key sent twice at once and once later charges once and answers the same each time', async () => {
    const b = await stage();
    const key = newKey();
    const body = { bookingId: b.id, additionalCharges: { incidentals: true } };
    const [first, second] = await Promise.all([charge(baseUrl(), admin, key, body), charge(baseUrl(), admin, key, body)]);
    const later = await charge(baseUrl(), admin, key, body);
    for (const a of [first, second, later]) {
      expect(a.status).toBe(200);
      expect(a.body).toMatchObject({ success: true, amountCharged: 82500 + 50000, chargeId: first.body.chargeId });
    }
    expect(await chargesOf(su, b.id)).toHaveLength(1);
    expect((await su.collection('bookings').getOne(b.id)).balance_remaining).toBe(0);
  });

  it('the same key with a different body is a 422 and charges nothing more', async () => {
    const b = await stage();
    const key = newKey();
    expect((await charge(baseUrl(), admin, key, { bookingId: b.id })).body.success).toBe(true);
    const other = await charge(baseUrl(), admin, key, { bookingId: b.id, additionalCharges: { items: { small: 1 } } });
    expect(other.status).toBe(422);
    expectClearSentence(other.body.message);
    expect(await chargesOf(su, b.id)).toHaveLength(1);
  });

  it.each([
    ['nothing left to pay and no damages', { paid: true }, undefined, 409, 'This booking has nothing left to pay.'],
    ['an empty damage selection and no balance', { paid: true }, { items: { small: 0 }, incidentals: false, totalLoss: false }, 400, SPEC_SELECT_ITEM],
    ['damages alone before either visit was done', { paid: true }, { items: { small: 1 } }, 409, 'Damages can be charged once a visit is done.'],
    ['a cancelled booking', { status: 'cancelled', cancel_reason: 'customer_cancelled' }, undefined, 409, null],
    ['a booking flagged payment_conflict', { status: 'payment_conflict', payment_status: 'refunded' }, undefined, 409, null],
    ['a booking whose deposit is unpaid', { status: 'pending_payment', payment_status: 'pending', balance_remaining: 165000 }, undefined, 409, null],
    ['damages on a plain Adorned Arrangement', { package_type: 'adorned-arrangement' }, { items: { small: 1 } }, 409, null],
    ['an amount instead of damaged items', {}, 5000, 400, null],
    ['a quantity that is not a whole number', {}, { items: { small: 1.5 } }, 400, null],
  ])('refuses %s (%#)', async (_name, over, additionalCharges, status, message) => {
    // `paid`: the balance was paid (its payment staged as a charge, so the ledger owes nothing).
    const { paid, ...fields } = over as Record<string, unknown>;
    const b = paid ? await stagePaid(fields) : await stage(fields);
    const before = await su.collection('bookings').getOne(b.id);
    const staged = (await chargesOf(su, b.id)).length;
    const res = await charge(baseUrl(), admin, newKey(), { bookingId: b.id, additionalCharges });
    expect(res.status).toBe(status);
    expectClearSentence(res.body.message);
    if (message) expect(res.body.message).toBe(message);
    expect(await chargesOf(su, b.id)).toHaveLength(staged);
    expect((await su.collection('bookings').getOne(b.id)).updated_at).toBe(before.updated_at);
  });

  it('charges what the ledger has to collect, whatever the stored balance says', async () => {
    // Stored wrong by hand: $1 due, while the rows (deposit paid, nothing else) leave $825.
    const due = await stage({ balance_remaining: 100 });
    const res = await charge(baseUrl(), admin, newKey(), { bookingId: due.id });
    expect(res.body).toMatchObject({ success: true, amountCharged: 82500 });
    expect(await su.collection('bookings').getOne(due.id)).toMatchObject({ payment_status: 'paid', balance_remaining: 0 });
    // Stored as still due, while a payment of the balance is among the rows: nothing is left.
    const paid = await stagePaid({ balance_remaining: 82500 });
    const again = await charge(baseUrl(), admin, newKey(), { bookingId: paid.id });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This booking has nothing left to pay.');
    expect(await chargesOf(su, paid.id)).toHaveLength(1);
  });

  it('refuses an unknown booking with 404', async () => {
    const res = await charge(baseUrl(), admin, newKey(), { bookingId: 'zzzzzzzzzzzzzzz' });
    expect(res.status).toBe(404);
    expectClearSentence(res.body.message);
  });

  it('a charge still in flight: its key waits, then answers 409; another key for the booking is refused', async () => {
    const b = await stage();
    const body = { bookingId: b.id };
    const { key } = await stageChargeRow(su, b.id, { attempted_at: '2026-11-20 17:00:00.000Z' });
    const started = Date.now();
    const replay = await charge(baseUrl(), admin, key, body);
    expect(replay.status).toBe(409);
    expect(replay.body.message).toBe(STILL_PROCESSING);
    expect(Date.now() - started).toBeGreaterThan(8_000);
    const other = await charge(baseUrl(), admin, newKey(), body);
    expect(other.status).toBe(409);
    expectClearSentence(other.body.message);
    expect(await chargesOf(su, b.id)).toHaveLength(1);
  }, 30_000);

  it('a charge left pending by a request that died is finished by the next request with its key', async () => {
    const b = await stage();
    const body = { bookingId: b.id };
    const { key } = await stageChargeRow(su, b.id, { attempted_at: '2026-11-20 16:00:00.000Z' });
    const res = await charge(baseUrl(), admin, key, body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, amountCharged: 82500 });
    expect(await chargesOf(su, b.id)).toHaveLength(1);
    expect(await su.collection('bookings').getOne(b.id)).toMatchObject({ payment_status: 'paid', balance_remaining: 0 });
  });
});

// ---------------------------------------------------------------------------------------------
// Stripe mode

const NOW_SEC = Math.floor(Date.parse(SERVER_NOW) / 1000);
const stripe = new Stripe('sk_test_123');

/** Stripe's real error body for an off-session payment that needs the customer (HTTP 402). */
function stripeCardError(code: 'authentication_required' | 'card_declined', form: URLSearchParams) {
  const message = code === 'authentication_required' ? 'Your card was declined. This transaction requires authentication.' : 'Your card was declined.';
  return {
    error: {
      type: 'card_error',
      code,
      decline_code: code === 'card_declined' ? 'generic_decline' : 'authentication_required',
      message,
      payment_intent: {
        id: `pi_${code}_${Math.random().toString(36).slice(2, 10)}`,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: 'usd',
        customer: form.get('customer'),
        status: 'requires_payment_method',
        last_payment_error: { code, message, type: 'card_error' },
      },
    },
  };
}

/**
 * The Stripe stand-in's scripts (tests/support/stripe-stand-in.ts): PaymentIntents for customer
 * `cus_needs_auth` get Stripe's 402 authentication_required, `cus_declined` a 402 card_declined,
 * `cus_flaky` one 503 and then success; other PaymentIntents come back `succeeded` (stripe-mock's
 * fixture says `requires_payment_method` whatever was asked); everything else is forwarded.
 */
function scriptCards(standIn: StripeStandIn) {
  standIn.script('cus_needs_auth', { failWith: (form) => ({ status: 402, body: stripeCardError('authentication_required', form) }) });
  standIn.script('cus_declined', { failWith: (form) => ({ status: 402, body: stripeCardError('card_declined', form) }) });
  standIn.script('cus_flaky', { once: true, failWith: () => ({ status: 503, body: { error: { type: 'api_error', message: 'Service unavailable' } } }) });
}

describe('Stripe mode (stripe-mock behind the Stripe stand-in)', () => {
  const world = standInHooks(scriptCards);
  const own = ownServerHooks('charges-test', () => stripeEnv(world.standIn.url), { admin: true });

  const stripeBooking = (customer: string, over: Record<string, unknown> = {}) =>
    stageBooking(own.su, { payment_mode: 'stripe', stripe_customer_id: customer, payment_method_id: `pm_for_${customer}`, payment_intent_id: 'pi_deposit_1', ...over });
  const intentsFor = (chargeId: string) => world.standIn.seen.filter((r) => r.path === '/v1/payment_intents' && r.form.get('metadata[charge_id]') === chargeId);
  const sessionsFor = (chargeId: string) => world.standIn.seen.filter((r) => r.path === '/v1/checkout/sessions' && r.form.get('metadata[charge_id]') === chargeId);

  async function webhook(type: string, session: Record<string, unknown>) {
    const payload = JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, object: 'event', type, data: { object: { object: 'checkout.session', ...session } } });
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: NOW_SEC });
    const res = await fetch(`${own.server.url}/api/fn/stripe-webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header }, body: payload });
    return { status: res.status, body: (await res.json()) as any };
  }

  it("charges the saved card off-session with our key as Stripe's idempotency key", async () => {
    const b = await stripeBooking('cus_saved');
    const key = newKey();
    const res = await charge(own.server.url, own.admin, key, { bookingId: b.id, additionalCharges: { items: { fixtures: 2 } }, chargeDescription: 'Broken light strands' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, requiresCheckout: false, amountCharged: 82500 + 4000 });

    const [sent, ...more] = intentsFor(res.body.chargeId);
    expect(more).toHaveLength(0);
    expect(sent!.idempotencyKey).toBe(key);
    expect(Object.fromEntries(sent!.form)).toMatchObject({
      amount: '86500',
      currency: 'usd',
      customer: 'cus_saved',
      payment_method: 'pm_for_cus_saved',
      off_session: 'true',
      confirm: 'true',
      'metadata[booking_id]': b.id,
      'metadata[charge_id]': res.body.chargeId,
    });
    const [row] = await chargesOf(own.su, b.id);
    expect(row).toMatchObject({ status: 'succeeded', amount: 86500 });
    expect(row!.stripe_payment_intent_id).toMatch(/^pi_/);
    expect(await own.su.collection('bookings').getOne(b.id)).toMatchObject({ payment_status: 'paid', balance_remaining: 0, balance_paid_at: '2026-11-20 17:00:00.000Z' });

    // The customer's receipt: the balance and the damages by item and quantity, the saved card.
    const [receipt, ...moreReceipts] = await receiptsOf(own.su, b.id);
    expect(moreReceipts).toHaveLength(0);
    expect(receipt!.subject).toMatch(/^Receipt: Balance and damages of \$865 \(TA-[0-9A-Z]{8}\)$/);
    expect(receipt!.body).toContain('Balance: $825\n2 × Fixtures and electric items: $40\nMethod: Card on file');
    expect(receipt!.body).toContain('Remaining due: nothing, your booking is paid in full');
  });

  it('one key sent twice at once and once later makes one charge and one PaymentIntent request', async () => {
    const b = await stripeBooking('cus_saved');
    const key = newKey();
    const body = { bookingId: b.id };
    const both = await Promise.all([charge(own.server.url, own.admin, key, body), charge(own.server.url, own.admin, key, body)]);
    const later = await charge(own.server.url, own.admin, key, body);
    for (const a of [...both, later]) expect(a).toMatchObject({ status: 200, body: { success: true, amountCharged: 82500 } });
    const rows = await chargesOf(own.su, b.id);
    expect(rows).toHaveLength(1);
    expect(intentsFor(rows[0]!.id)).toHaveLength(1);
    expect(world.standIn.seen.filter((r) => r.idempotencyKey === key)).toHaveLength(1);
  });

  it('a card that needs authentication gets a Checkout link; the paid link settles the charge and the booking', async () => {
    const b = await stripeBooking('cus_needs_auth');
    const key = newKey();
    const body = { bookingId: b.id, additionalCharges: { items: { small: 3 } } };
    const res = await charge(own.server.url, own.admin, key, body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, requiresCheckout: true, amountCharged: 0 });
    expect(res.body.checkoutUrl).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const chargeId = res.body.chargeId as string;

    expect(intentsFor(chargeId)).toHaveLength(1);
    const [session] = sessionsFor(chargeId);
    expect(Object.fromEntries(session!.form)).toMatchObject({
      mode: 'payment',
      customer: 'cus_needs_auth',
      'line_items[0][price_data][unit_amount]': String(82500 + 1500),
      'line_items[0][price_data][currency]': 'usd',
      'metadata[booking_id]': b.id,
      'metadata[charge_id]': chargeId,
    });
    expect(session!.idempotencyKey).toBe(`charge-checkout-${chargeId}`);
    const [row] = await chargesOf(own.su, b.id);
    expect(row).toMatchObject({ status: 'requires_checkout', checkout_url: res.body.checkoutUrl });
    expect(row!.stripe_checkout_session_id).toMatch(/^cs_/);
    expect(row!.stripe_payment_intent_id).toMatch(/^pi_authentication_required_/);
    // The stored balance is the ledger's (docs/decisions/061): the damages charged are owed from the
    // moment they are charged, so the $825 balance and the $15 damages are due while the link is open.
    expect(await own.su.collection('bookings').getOne(b.id)).toMatchObject({ payment_status: 'deposit_paid', balance_remaining: 82500 + 1500 });

    // A replay answers the link again; a new charge waits for this link.
    expect((await charge(own.server.url, own.admin, key, body)).body).toEqual(res.body);
    const another = await charge(own.server.url, own.admin, newKey(), { bookingId: b.id });
    expect(another.status).toBe(409);
    expectClearSentence(another.body.message);

    // The customer pays the link: Stripe's webhook settles the charge, once.
    const completed = { id: row!.stripe_checkout_session_id, payment_status: 'paid', status: 'complete', payment_intent: 'pi_link_paid_1', metadata: { charge_id: chargeId, booking_id: b.id } };
    expect(await webhook('checkout.session.completed', completed)).toEqual({ status: 200, body: { received: true } });
    const paid = await own.su.collection('bookings').getOne(b.id);
    expect(paid).toMatchObject({ payment_status: 'paid', balance_remaining: 0, balance_paid_at: '2026-11-20 17:00:00.000Z', status: 'confirmed' });
    const settled = await own.su.collection('charges').getOne(chargeId);
    expect(settled).toMatchObject({ status: 'succeeded', stripe_payment_intent_id: 'pi_link_paid_1' });

    expect((await webhook('checkout.session.completed', completed)).status).toBe(200);
    expect((await own.su.collection('bookings').getOne(b.id)).updated_at).toBe(paid.updated_at);
    expect((await own.su.collection('charges').getOne(chargeId)).updated_at).toBe(settled.updated_at);

    // One receipt, for the link, however often Stripe tells us.
    const receipts = await receiptsOf(own.su, b.id);
    expect(receipts.map((r) => r.subject)).toEqual([expect.stringMatching(/^Receipt: Balance and damages of \$840 /)]);
    expect(receipts[0]!.body).toContain('3 × Small pieces: $15\nMethod: Online payment link (card)');
  });

  it("the customer's 'Pay online' from the manage link opens a Checkout page for the balance; the paid page settles it once with a receipt", async () => {
    const b = await stripeBooking('cus_saved');
    // A manage link for the booking, as a confirmation e-mail would carry it.
    const token = 'T'.repeat(43);
    await own.su.collection('booking_links').create({ booking: b.id, token_hash: createHash('sha256').update(token).digest('hex'), expires_at: '2027-03-01 00:00:00.000Z' });
    const pay = () =>
      fetch(`${own.server.url}/api/fn/my-booking/pay-balance`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token }) }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as any,
      }));
    const first = await pay();
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    // The saved card is not charged behind the customer's back: no PaymentIntent, one session.
    const [row] = await chargesOf(own.su, b.id);
    expect(intentsFor(row!.id)).toHaveLength(0);
    expect(sessionsFor(row!.id)).toHaveLength(1);
    // A second click gets the same page.
    expect((await pay()).body.url).toBe(first.body.url);
    expect(await chargesOf(own.su, b.id)).toHaveLength(1);

    const completed = { id: row!.stripe_checkout_session_id, payment_status: 'paid', status: 'complete', payment_intent: 'pi_customer_paid_1', metadata: { charge_id: row!.id, booking_id: b.id } };
    for (let i = 0; i < 2; i++) expect((await webhook('checkout.session.completed', completed)).status).toBe(200);
    expect(await own.su.collection('bookings').getOne(b.id)).toMatchObject({ payment_status: 'paid', balance_remaining: 0 });
    const receipts = await receiptsOf(own.su, b.id);
    expect(receipts.map((r) => r.subject)).toEqual([expect.stringMatching(/^Receipt: Balance payment of \$825 /)]);
    expect(receipts[0]!.body).toContain('Method: Online payment link (card)');
  });

  it('adding the optional removal from the manage link: a Checkout page for its price holds the slot; paid → booked once; expired → the slot let go', async () => {
    const adorned = { package_type: 'adorned-arrangement', removal_service: false, removal_date: '', removal_time_slot: '' };
    const b = await stripeBooking('cus_saved', { ...adorned, install_date: '2026-12-12' });
    const other = await stripeBooking('cus_saved', { ...adorned, install_date: '2026-12-13', customer_email: 'other@example.com' });
    const tokens = ['R'.repeat(43), 'S'.repeat(43)];
    for (const [i, booking] of [b, other].entries()) {
      await own.su.collection('booking_links').create({ booking: booking.id, token_hash: createHash('sha256').update(tokens[i]!).digest('hex'), expires_at: '2027-03-01 00:00:00.000Z' });
    }
    const add = (token: string, date: string) =>
      fetch(`${own.server.url}/api/fn/my-booking/add-removal`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token, date, timeSlot: '9-15' }) }).then(
        async (r) => ({ status: r.status, body: (await r.json()) as any }),
      );

    const first = await add(tokens[0]!, '2027-01-12');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    const [row] = await chargesOf(own.su, b.id);
    expect(row).toMatchObject({ kind: 'removal', amount: 8500, balance_amount: 0, status: 'requires_checkout' });
    expect(sessionsFor(row!.id)).toHaveLength(1);
    expect(intentsFor(row!.id)).toHaveLength(0);
    // The slot is held for this customer: another cannot take it; a second click gets the same page.
    expect(await own.su.collection('bookings').getOne(b.id)).toMatchObject({ removal_date: '2027-01-12', removal_hold: row!.id, removal_service: false });
    expect((await add(tokens[1]!, '2027-01-12')).status).toBe(409);
    expect((await add(tokens[0]!, '2027-01-20')).body.url).toBe(first.body.url);
    const payBalance = await fetch(`${own.server.url}/api/fn/my-booking/pay-balance`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ token: tokens[0] }) });
    expect(payBalance.status).toBe(409);
    expect(await chargesOf(own.su, b.id)).toHaveLength(1);

    const completed = { id: row!.stripe_checkout_session_id, payment_status: 'paid', status: 'complete', payment_intent: 'pi_removal_paid_1', metadata: { charge_id: row!.id, booking_id: b.id } };
    for (let i = 0; i < 2; i++) expect((await webhook('checkout.session.completed', completed)).status).toBe(200);
    expect(await own.su.collection('bookings').getOne(b.id)).toMatchObject({
      removal_service: true,
      removal_hold: '',
      removal_date: '2027-01-12',
      total_price: 165000 + 8500,
      balance_remaining: 82500,
      ics_sequence: 1,
    });
    const receipts = await receiptsOf(own.su, b.id);
    expect(receipts.map((r) => r.subject)).toEqual([expect.stringMatching(/^Receipt: Removal service of \$85 /)]);
    expect(receipts[0]!.body).toContain('Method: Online payment link (card)');
    const changes = await own.su.collection('mail_log').getFullList({ filter: own.su.filter("related_id = {:id} && kind = 'booking_change'", { id: b.id }) });
    expect(changes.map((m) => m.subject)).toEqual([expect.stringMatching(/^Your removal is booked/)]);

    // The other customer's page expires unpaid: their held date is let go, nothing is booked.
    const second = await add(tokens[1]!, '2027-01-13');
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const [otherRow] = await chargesOf(own.su, other.id);
    expect((await own.su.collection('bookings').getOne(other.id)).removal_hold).toBe(otherRow!.id);
    await webhook('checkout.session.expired', { id: otherRow!.stripe_checkout_session_id, status: 'expired', metadata: { charge_id: otherRow!.id, booking_id: other.id } });
    expect(await own.su.collection('bookings').getOne(other.id)).toMatchObject({ removal_date: '', removal_time_slot: '', removal_hold: '', removal_service: false, total_price: 165000 });
    expect(await own.su.collection('charges').getOne(otherRow!.id)).toMatchObject({ status: 'failed' });
  });

  it('the owner cancels with the refund: one refund at Stripe under the booking key; replays ask Stripe nothing more', async () => {
    const b = await stripeBooking('cus_saved', { install_date: '2026-12-15' });
    const cancel = (key: string) =>
      fetch(`${own.server.url}/api/fn/admin-bookings/cancel`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: own.admin, 'Idempotency-Key': key },
        body: JSON.stringify({ bookingId: b.id, refund: true }),
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as any }));
    const refunds = () => world.standIn.seen.filter((r) => r.path === '/v1/refunds' && r.form.get('metadata[booking_id]') === b.id);
    const first = await cancel('owner-cancel-key-1');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.refunded).toBe(true);
    expect(refunds()).toHaveLength(1);
    expect(refunds()[0]!.idempotencyKey).toBe(`refund-${b.id}`);
    expect(refunds()[0]!.form.get('payment_intent')).toBe('pi_deposit_1');
    for (const key of ['owner-cancel-key-1', 'owner-cancel-key-2']) expect((await cancel(key)).body).toMatchObject({ refunded: true });
    expect(refunds()).toHaveLength(1);
    expect(await own.su.collection('bookings').getOne(b.id)).toMatchObject({ status: 'cancelled', cancel_reason: 'owner_cancelled', payment_status: 'refunded' });
  });

  it('a webhook naming a charge with another session changes nothing', async () => {
    const b = await stripeBooking('cus_needs_auth');
    const res = await charge(own.server.url, own.admin, newKey(), { bookingId: b.id });
    expect(res.body.requiresCheckout).toBe(true);
    await webhook('checkout.session.completed', { id: 'cs_someone_else', payment_status: 'paid', metadata: { charge_id: res.body.chargeId, booking_id: b.id } });
    expect(await own.su.collection('charges').getOne(res.body.chargeId)).toMatchObject({ status: 'requires_checkout' });
    expect((await own.su.collection('bookings').getOne(b.id)).balance_remaining).toBe(82500);
  });

  it('without a saved card it goes straight to a Checkout link', async () => {
    const b = await stripeBooking('', { payment_method_id: '' });
    const res = await charge(own.server.url, own.admin, newKey(), { bookingId: b.id });
    expect(res.body).toMatchObject({ success: false, requiresCheckout: true });
    expect(intentsFor(res.body.chargeId)).toHaveLength(0);
    const [session] = sessionsFor(res.body.chargeId);
    expect(session!.form.get('customer_email')).toBe('charge@example.com');
  });

  it('an expired link fails the charge, and the booking can be charged again', async () => {
    const b = await stripeBooking('cus_needs_auth');
    const first = await charge(own.server.url, own.admin, newKey(), { bookingId: b.id });
    const row = await own.su.collection('charges').getOne(first.body.chargeId);
    expect(
      (await webhook('checkout.session.expired', { id: row.stripe_checkout_session_id, payment_status: 'unpaid', status: 'expired', metadata: { charge_id: row.id, booking_id: b.id } })).status,
    ).toBe(200);
    expect(await own.su.collection('charges').getOne(row.id)).toMatchObject({ status: 'failed' });
    const again = await charge(own.server.url, own.admin, newKey(), { bookingId: b.id });
    expect(again.status).toBe(200);
    expect(again.body.requiresCheckout).toBe(true);
    expect(again.body.chargeId).not.toBe(first.body.chargeId);
  });

  it("a declined card fails with Stripe's reason and leaves the balance due", async () => {
    const b = await stripeBooking('cus_declined');
    const res = await charge(own.server.url, own.admin, newKey(), { bookingId: b.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: false, requiresCheckout: false, checkoutUrl: null, amountCharged: 0 });
    expect(res.body.error).toMatch(/declined/);
    expect(sessionsFor(res.body.chargeId)).toHaveLength(0);
    expect(await own.su.collection('charges').getOne(res.body.chargeId)).toMatchObject({ status: 'failed' });
    expect(await own.su.collection('bookings').getOne(b.id)).toMatchObject({ payment_status: 'deposit_paid', balance_remaining: 82500 });
  });

  it('when Stripe is unreachable the charge stays open, and a retry with its key finishes it once', async () => {
    const b = await stripeBooking('cus_flaky');
    const key = newKey();
    const down = await charge(own.server.url, own.admin, key, { bookingId: b.id });
    expect(down.status).toBe(503);
    expectClearSentence(down.body.message);
    expect((await chargesOf(own.su, b.id))[0]).toMatchObject({ status: 'pending' });

    const retry = await charge(own.server.url, own.admin, key, { bookingId: b.id });
    expect(retry).toMatchObject({ status: 200, body: { success: true, amountCharged: 82500 } });
    // Both attempts went to Stripe under the same idempotency key, so Stripe charges once.
    expect(world.standIn.seen.filter((r) => r.idempotencyKey === key).length).toBe(2);
    expect(await chargesOf(own.su, b.id)).toHaveLength(1);
  });
});
