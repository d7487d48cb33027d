/**
 * Receipts (docs/product.md §9 Payment; docs/decisions/026): every money movement queues one
 * receipt to the customer in the mail outbox, with the amount, the method, the date, the
 * booking reference and what remains due; a replay queues none. Demo mode on the shared server
 * (Stripe's card, link and refund paths: admin-charges.test.ts and stripe-payments.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { charge, newKey, receiptsOf, stageBooking, stagePaidBooking, staffToken } from './charge-fixtures';
import { checkout, deleteBookings } from './fixtures';
import { baseUrl, callFn, clearCollections, request, superuser } from './support';

const su = superuser();
const created: string[] = [];
let admin: string;

beforeAll(async () => {
  // Slots other files left booked would refuse the checkout below.
  await clearCollections('bookings', 'blocked_dates');
  admin = await staffToken(su, 'admin');
});
afterAll(() => deleteBookings(created));

describe('receipts', () => {
  it('the deposit: one receipt to the customer, also when the payment is confirmed again', async () => {
    const res = await checkout({ customerEmail: 'receipt-deposit@example.com' });
    expect(res.status).toBe(200);
    const { sessionId, bookingId } = res.body;
    created.push(bookingId);
    for (let i = 0; i < 2; i++) expect((await callFn('POST', '/api/fn/demo-checkout/pay', { sessionId })).status).toBe(200);
    expect((await callFn('POST', '/api/fn/verify-booking-payment', { sessionId })).body.success).toBe(true);

    const receipts = await receiptsOf(su, bookingId);
    expect(receipts).toHaveLength(1);
    const reference = `TA-${bookingId.slice(0, 8).toUpperCase()}`;
    expect(receipts[0]).toMatchObject({ to: 'receipt-deposit@example.com', subject: `Receipt: Deposit of $825 (${reference})` });
    expect(receipts[0]!.body).toContain(
      ['Deposit received: $825', 'Method: Demo payment (no card charged)', 'Date: Friday, November 20, 2026', `Booking reference: ${reference}`, 'Remaining due: $825'].join('\n'),
    );
    expect(receipts[0]!.html).toContain(`Booking reference: ${reference}`);
  });

  it('the balance by card: the amount and nothing left due; a replayed key sends no second receipt', async () => {
    const b = await stageBooking(su, { customer_email: 'receipt-balance@example.com' });
    created.push(b.id);
    const key = newKey();
    for (let i = 0; i < 2; i++) expect((await charge(baseUrl(), admin, key, { bookingId: b.id })).status).toBe(200);
    const receipts = await receiptsOf(su, b.id);
    expect(receipts.map((r) => r.subject)).toEqual([`Receipt: Balance payment of $825 (TA-${b.id.slice(0, 8).toUpperCase()})`]);
    expect(receipts[0]!.body).toContain('Balance payment received: $825\nMethod: Demo payment (no card charged)');
    expect(receipts[0]!.body).toContain('Remaining due: nothing, your booking is paid in full');
  });

  it('damages after the balance was paid: itemised by item and quantity', async () => {
    // The balance paid in cash on install day; the damages found at the removal.
    const b = await stagePaidBooking(su, { customer_email: 'receipt-damages@example.com', removal_done_at: '2026-11-20 15:00:00.000Z' });
    created.push(b.id);
    const res = await charge(baseUrl(), admin, newKey(), { bookingId: b.id, additionalCharges: { items: { small: 3, fixtures: 1 } } });
    expect(res.status).toBe(200);
    const [receipt, ...more] = await receiptsOf(su, b.id);
    expect(more).toHaveLength(0);
    expect(receipt!.subject).toMatch(/^Receipt: Damages and incidentals of \$35 /);
    expect(receipt!.body).toContain('Damages and incidentals received: $35\n3 × Small pieces: $15\n1 × Fixtures and electric items: $20\nMethod:');
  });

  it('what remains due is read from the ledger, also when the stored balance disagrees with the charges', async () => {
    // Stored $500 due where the deposit and the charges leave $825: the card is charged the $825
    // the ledger has to collect (planCharge reads the ledger, never the stored balance), and the
    // stored balance becomes the ledger's again: nothing left.
    const b = await stageBooking(su, { customer_email: 'receipt-ledger@example.com', balance_remaining: 50000 });
    created.push(b.id);
    const res = await charge(baseUrl(), admin, newKey(), { bookingId: b.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, amountCharged: 82500 });
    expect(await su.collection('bookings').getOne(b.id)).toMatchObject({ balance_remaining: 0, payment_status: 'paid' });
    const [receipt, ...more] = await receiptsOf(su, b.id);
    expect(more).toHaveLength(0);
    expect(receipt!.body).toContain('Balance payment received: $825');
    expect(receipt!.body).toContain('Remaining due: nothing, your booking is paid in full');
  });

  it('a payment recorded at the door: its receipt reads what remains due from the ledger, not the stored balance', async () => {
    // Stored $500 due where the deposit leaves $825; $100 in cash leaves $725 by the ledger
    // (the stored balance, lowered by the payment's part, would say $400).
    const b = await stageBooking(su, { customer_email: 'receipt-door@example.com', balance_remaining: 50000 });
    created.push(b.id);
    const res = await request({
      method: 'POST',
      route: '/api/fn/booking-payments',
      token: admin,
      headers: { 'Idempotency-Key': newKey() },
      body: { bookingId: b.id, method: 'cash', amountCents: 10000 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [receipt, ...more] = await receiptsOf(su, b.id);
    expect(more).toHaveLength(0);
    expect(receipt!.body).toContain('Remaining due: $725');
  });

  it('a charge that fails sends no receipt', async () => {
    const b = await stageBooking(su, { customer_email: 'receipt-none@example.com', status: 'cancelled' });
    created.push(b.id);
    expect((await charge(baseUrl(), admin, newKey(), { bookingId: b.id })).status).toBe(409);
    expect(await receiptsOf(su, b.id)).toHaveLength(0);
  });
});
