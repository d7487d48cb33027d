/**
 * GET /api/fn/insights (docs/product.md §9 Revenue and insights; docs/decisions/015 Overview): a fixture of
 * analytics events and bookings in every state, and the figures docs/product.md's formulas give when
 * worked out by hand (today is Friday 2026-11-20 on the frozen clock).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/lib/server.mjs';
import { signedInStaff, type SignedInStaff } from './admin-fixtures';
import { CONFIRMED_1000, createBookingRecord } from './fixtures';
import { anonymous, baseUrl, callFnAs, clearCollections, superuser, superuserAt, template } from './support';

let admin: SignedInStaff;

/** Nine page views (four sessions and one without), one conversion and one share. */
async function seedEvents(): Promise<void> {
  const su = superuser();
  const own = `${baseUrl()}/services`;
  const pv = (session: string, utm: string, referrer: string, country: string, device: string) => ({
    event_type: 'page_view',
    page_path: '/',
    session_id: session,
    utm_source: utm,
    referrer,
    location_country: country,
    device_type: device,
  });
  const events = [
    pv('s1', '', '', 'US', 'desktop'), // direct
    pv('s1', 'qr', '', 'US', 'mobile'), // qr_code
    pv('s2', '', 'https://www.facebook.com/', 'US', 'mobile'), // social_media
    pv('s2', '', 'https://www.google.com/search?q=trees', 'CA', 'mobile'), // organic
    pv('s3', 'google', '', '', 'tablet'), // google_ad, Unknown country
    pv('s3', '', 'https://www.googleadservices.com/pagead/aclk?sa=L', '', 'desktop'), // google_ad
    pv('s4', 'instagram', '', 'GB', 'mobile'), // social_media
    pv('s4', '', own, 'FR', 'mobile'), // direct: from the site itself
    pv('', '', 'https://checkout.stripe.com/c/pay/cs_1', 'DE', 'desktop'), // direct: back from paying
    { event_type: 'conversion', page_path: '/booking/success', session_id: 's2', converted: true, device_type: 'mobile' },
    { event_type: 'share', page_path: '/portfolio', session_id: 's1', device_type: 'desktop' },
  ];
  for (const e of events) await su.collection('analytics_events').create(e);
}

/** Bookings in every state; the comments give what each adds (cents). */
async function seedBookings(): Promise<void> {
  // Counted (upcoming: not Completed, its visits are not done). Collected 82,500 (deposit), Pending 82,500 (balance).
  await createBookingRecord({ status: 'confirmed', payment_status: 'deposit_paid', total_price: 165000, deposit_amount: 82500, balance_remaining: 82500, deposit_paid_at: '2026-11-03 15:00:00.000Z' });
  // Completed tile. Collected 100,000 (paid in full); balance 50,000 paid on Monday 16th, 9 PM in New York,
  // as its ledger records it: a balance charge requested then (docs/decisions/045).
  const paid = await createBookingRecord({
    status: 'completed',
    payment_status: 'paid',
    total_price: 100000,
    deposit_amount: 50000,
    balance_remaining: 0,
    deposit_paid_at: '2026-11-03 16:00:00.000Z',
    balance_paid_at: '2026-11-17 02:00:00.000Z',
  });
  await superuser()
    .collection('charges')
    .create({ booking: paid.id, kind: 'balance', amount: 50000, balance_amount: 50000, status: 'succeeded', idempotency_key: `paid-${paid.id}`, requested_at: '2026-11-17 02:00:00.000Z' });
  // Pending tile: a live checkout hold. Pending 60,000.
  await createBookingRecord({ status: 'pending_payment', payment_status: 'pending', total_price: 60000, deposit_amount: 30000, balance_remaining: 60000, hold_expires_at: '2026-11-20 17:20:00.000Z' });
  // Counts nowhere: a hold that ran out (the cron has not cancelled it yet).
  await createBookingRecord({ status: 'pending_payment', payment_status: 'pending', total_price: 90000, deposit_amount: 45000, balance_remaining: 90000, hold_expires_at: '2026-11-20 16:00:00.000Z' });
  // Counts nowhere: cancelled.
  await createBookingRecord({ status: 'cancelled', payment_status: 'pending', total_price: 50000, deposit_amount: 25000, balance_remaining: 50000 });
  // Counts nowhere: a payment conflict (refunded).
  await createBookingRecord({
    status: 'payment_conflict',
    payment_status: 'refunded',
    total_price: 70000,
    deposit_amount: 35000,
    balance_remaining: 70000,
    deposit_paid_at: '2026-11-10 15:00:00.000Z',
  });
  // Pending tile: the legacy 'pending' status. Pending 30,000.
  await createBookingRecord({ status: 'pending', payment_status: 'pending', total_price: 30000, deposit_amount: 15000, balance_remaining: 30000 });
  // Counted, upcoming. Collected 100,000, Pending 100,000; deposit in the week of Monday Oct 26.
  await createBookingRecord({
    status: 'confirmed',
    payment_status: 'deposit_paid',
    total_price: 200000,
    deposit_amount: 100000,
    balance_remaining: 100000,
    deposit_paid_at: '2026-10-27 14:00:00.000Z',
  });
  // Counted, upcoming. Collected 20,000, Pending 20,000; paid in May, before this season's chart.
  await createBookingRecord({ status: 'confirmed', payment_status: 'deposit_paid', total_price: 40000, deposit_amount: 20000, balance_remaining: 20000, deposit_paid_at: '2026-05-20 12:00:00.000Z' });
}

beforeAll(async () => {
  await clearCollections('analytics_events', 'charges', 'job_events', 'testimonials', 'bookings', 'staff');
  await seedEvents();
  await seedBookings();
  admin = await signedInStaff('admin');
});

describe('GET /api/fn/insights on the fixture', () => {
  it('answers exactly the hand-computed figures', async () => {
    const res = await callFnAs(admin.token, 'GET', '/api/fn/insights');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      website: {
        pageViews: 9,
        sessions: 4,
        conversions: 1,
        conversionRate: 11.1, // 1 ÷ 9 × 100
        trafficSources: { qr_code: 1, social_media: 2, google_ad: 2, organic: 1, direct: 3 },
        topCountries: [
          { country: 'US', count: 3 },
          { country: 'Unknown', count: 2 },
          { country: 'CA', count: 1 },
          { country: 'DE', count: 1 },
          { country: 'FR', count: 1 },
        ],
        devices: { desktop: 3, mobile: 5, tablet: 1 },
        topDevice: 'Mobile',
      },
      bookings: { total: 6, pending: 2, completed: 1, thisMonth: 6 },
      revenue: { collected: 82500 + 100000 + 100000 + 20000, pending: 82500 + 60000 + 30000 + 100000 + 20000, expected: 302500 + 292500 },
      weekly: [
        { weekStart: '2026-10-26', deposits: 100000, balances: 0 },
        { weekStart: '2026-11-02', deposits: 82500 + 50000, balances: 0 },
        { weekStart: '2026-11-09', deposits: 0, balances: 0 },
        { weekStart: '2026-11-16', deposits: 0, balances: 50000 },
      ],
    });
  });

  it('follows a payment at once: a hold paid leaves Pending (Completed waits for its visits) and moves into Collected', async () => {
    const before = (await callFnAs(admin.token, 'GET', '/api/fn/insights')).body;
    const hold = await superuser().collection('bookings').getFirstListItem("hold_expires_at = '2026-11-20 17:20:00.000Z'");
    await superuser().collection('bookings').update(hold.id, { status: 'confirmed', payment_status: 'deposit_paid', balance_remaining: 30000, deposit_paid_at: '2026-11-20 17:00:00.000Z' });
    const after = (await callFnAs(admin.token, 'GET', '/api/fn/insights')).body;
    expect(after.bookings).toEqual({ ...before.bookings, pending: 1 });
    expect(after.revenue).toEqual({ collected: 302500 + 30000, pending: 292500 - 60000 + 30000, expected: 302500 + 292500 - 60000 + 60000 });
    expect(after.weekly.at(-1)).toEqual({ weekStart: '2026-11-16', deposits: 30000, balances: 50000 });
  });
});

describe('events recorded or removed after a call', () => {
  it('are counted from the next call on: new sessions once, known sessions not again; a removed event is gone', async () => {
    const before = (await callFnAs(admin.token, 'GET', '/api/fn/insights')).body.website;
    const anon = anonymous();
    // A visitor's country is ignored (docs/decisions/039): the views count as Unknown.
    const view = (session: string, extra: Record<string, unknown> = {}) =>
      anon.collection('analytics_events').create({ event_type: 'page_view', page_path: '/faq', session_id: session, device_type: 'tablet', location_country: 'CA', ...extra });
    await view('s1'); // a session already counted
    await view('s9'); // a new one
    await view('s9', { utm_source: 'facebook' });

    const after = (await callFnAs(admin.token, 'GET', '/api/fn/insights')).body.website;
    expect(after).toMatchObject({
      pageViews: before.pageViews + 3,
      sessions: before.sessions + 1,
      conversions: before.conversions,
      devices: { ...before.devices, tablet: before.devices.tablet + 3 },
      trafficSources: { ...before.trafficSources, direct: before.trafficSources.direct + 2, social_media: before.trafficSources.social_media + 1 },
    });
    expect(after.topCountries).toContainEqual({ country: 'CA', count: 1 });
    expect(after.topCountries).toContainEqual({ country: 'Unknown', count: 2 + 3 });

    const su = superuser();
    const s9 = await su.collection('analytics_events').getFullList({ filter: "session_id = 's9' && event_type = 'page_view'" });
    for (const e of s9) await su.collection('analytics_events').delete(e.id);
    const removed = (await callFnAs(admin.token, 'GET', '/api/fn/insights')).body.website;
    expect(removed).toMatchObject({ pageViews: before.pageViews + 1, sessions: before.sessions, conversions: before.conversions });
  });
});

describe('an empty database', () => {
  it('answers zeros, no countries, Desktop and no weeks', async () => {
    await clearCollections('analytics_events', 'bookings');
    const res = await callFnAs(admin.token, 'GET', '/api/fn/insights');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      website: {
        pageViews: 0,
        sessions: 0,
        conversions: 0,
        conversionRate: 0,
        trafficSources: { qr_code: 0, social_media: 0, google_ad: 0, organic: 0, direct: 0 },
        topCountries: [],
        devices: { desktop: 0, mobile: 0, tablet: 0 },
        topDevice: 'Desktop',
      },
      bookings: { total: 0, pending: 0, completed: 0, thisMonth: 0 },
      revenue: { collected: 0, pending: 0, expected: 0 },
      weekly: [],
    });
  });
});

describe("Revenue reads each booking's ledger (docs/decisions/045)", () => {
  it('counts cash beyond the balance, a kept deposit, voids and damages as the ledger does; the chart adds up to what came in each week', async () => {
    await clearCollections('bookings', 'charges');
    const su = superuser();
    let key = 0;
    const pay = (booking: string, over: Record<string, unknown>) => su.collection('charges').create({ booking, kind: 'balance', status: 'succeeded', idempotency_key: `ledger-${key++}`, ...over });
    // Deposit by card, 200 in cash at the door, 20 of damages charged: paid 72,000 of 102,000.
    const b1 = await createBookingRecord({
      status: 'confirmed',
      payment_status: 'deposit_paid',
      total_price: 100000,
      deposit_amount: 50000,
      balance_remaining: 30000,
      deposit_paid_at: '2026-11-03 15:00:00.000Z',
    });
    await pay(b1.id, { method: 'cash', amount: 20000, balance_amount: 20000, requested_at: '2026-11-10 15:00:00.000Z' });
    await pay(b1.id, { kind: 'damages', amount: 2000, damages_amount: 2000, requested_at: '2026-11-17 15:00:00.000Z' });
    // Cancelled by the owner, deposit kept: its 25,000 stay collected; it owes nothing.
    await createBookingRecord({
      status: 'cancelled',
      payment_status: 'deposit_paid',
      total_price: 50000,
      deposit_amount: 25000,
      balance_remaining: 25000,
      deposit_paid_at: '2026-11-04 15:00:00.000Z',
    });
    // A check recorded by mistake and voided, then cash: paid in full, 40,000.
    const b3 = await createBookingRecord({ status: 'confirmed', payment_status: 'paid', total_price: 40000, deposit_amount: 20000, balance_remaining: 0, deposit_paid_at: '2026-11-05 15:00:00.000Z' });
    await pay(b3.id, { method: 'check', amount: 20000, balance_amount: 20000, status: 'voided', requested_at: '2026-11-12 15:00:00.000Z' });
    await pay(b3.id, { method: 'cash', amount: 20000, balance_amount: 20000, requested_at: '2026-11-13 15:00:00.000Z' });
    // 350 in cash for a balance of 300: the 50 beyond it is held (a credit) until given back.
    const b4 = await createBookingRecord({ status: 'confirmed', payment_status: 'paid', total_price: 60000, deposit_amount: 30000, balance_remaining: 0, deposit_paid_at: '2026-11-06 15:00:00.000Z' });
    await pay(b4.id, { method: 'cash', amount: 35000, balance_amount: 30000, requested_at: '2026-11-16 15:00:00.000Z' });

    const res = await callFnAs(admin.token, 'GET', '/api/fn/insights');
    expect(res.status).toBe(200);
    expect(res.body.revenue).toEqual({ collected: 72000 + 25000 + 40000 + 65000, pending: 30000, expected: 202000 + 30000 });
    expect(res.body.weekly).toEqual([
      { weekStart: '2026-11-02', deposits: 50000 + 25000 + 20000 + 30000, balances: 0 },
      { weekStart: '2026-11-09', deposits: 0, balances: 20000 + 20000 },
      { weekStart: '2026-11-16', deposits: 0, balances: 2000 + 35000 },
    ]);
  });
});

describe('This Month counts from the first of the month in New York', () => {
  // Records are stamped with the wall clock, so a clock frozen in a later month than any
  // stamp shows that bookings created before the first of the month are not counted.
  let server: Awaited<ReturnType<typeof startServer>>;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pb-insights-month-test-'));

  beforeAll(async () => {
    server = await startServer({ dataDir, template: template(), env: { APP_NOW: '2099-01-15T17:00:00Z', RATE_LIMITS: 'off' } });
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a booking created in an earlier month counts in the total but not in This Month', async () => {
    const su = await superuserAt(server.url);
    await su
      .collection('bookings')
      .create({
        customer_name: 'Early Bird',
        customer_email: 'early@example.com',
        customer_phone: '410 555 0100',
        customer_address: '1 Early Way, Columbia, MD 21044',
        install_date: '2098-11-24',
        ...CONFIRMED_1000,
      });
    const staff = await signedInStaff('admin', { url: server.url, superuserClient: su });
    const res = await fetch(`${server.url}/api/fn/insights`, { headers: { Authorization: staff.token } });
    const body = await res.json();
    expect(body.bookings).toEqual({ total: 1, pending: 0, completed: 0, thisMonth: 0 });
  });
});
