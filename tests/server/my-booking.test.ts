/**
 * The customer's own booking through its manage link (docs/decisions/027): token rules, the
 * view, moves and cancellation inside and outside the 72 hours and the 48-hour lock, by the API
 * as the page would call it and straight; races of two customers and of three submits; the
 * history, the e-mails and the ICS sequence. Demo mode on the shared server, whose clock is
 * frozen at 2026-11-20 12:00 in New York: time is moved by dating the deposit back.
 */
import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { SELF_SERVICE_MESSAGES as M } from '../../domain/booking/self-service';
import { expectNoRead, signedInStaff } from './admin-fixtures';
import { checkout, setVisitNotice } from './fixtures';
import { runScenario } from './scenario';
import { anonymous, callFn, clearCollections, superuser } from './support';

const su = superuser();
const H = 3_600_000;
const NOW = Date.parse('2026-11-20T17:00:00Z');
const pbDate = (ms: number) => new Date(ms).toISOString().replace('T', ' ');

beforeEach(() => clearCollections('bookings', 'blocked_dates'));

/** A paid demo booking (install Saturday 2026-12-05 9–15, removal Monday 2026-12-28 9–15 unless `over`) and its manage token from the confirmation e-mail. */
async function paidBooking(over: Record<string, unknown> = {}) {
  const res = await checkout({ installDate: '2026-12-05', customerEmail: `mine.${Math.random().toString(36).slice(2)}@example.com`, ...over });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect((await callFn('POST', '/api/fn/demo-checkout/pay', { sessionId: res.body.sessionId })).status).toBe(200);
  const id = res.body.bookingId as string;
  return { id, token: await latestToken(id, 'booking_confirmation') };
}

/** The manage token in the newest e-mail of `kind` about booking `id`. */
async function latestToken(id: string, kind: string): Promise<string> {
  const mails = await su.collection('mail_log').getFullList({ filter: su.filter('related_id = {:id} && kind = {:kind}', { id, kind }), sort: '-created_at' });
  const token = /\/my-booking\?token=([A-Za-z0-9_-]+)/.exec(mails[0]?.body ?? '')?.[1];
  expect(token, `a manage link in the ${kind} e-mail`).toBeTruthy();
  return token!;
}

const view = (token: unknown) => callFn('POST', '/api/fn/my-booking', { token });
const move = (token: string, visit: string, date: string, timeSlot: string) => callFn('POST', '/api/fn/my-booking/move', { token, visit, date, timeSlot });
const cancel = (token: string) => callFn('POST', '/api/fn/my-booking/cancel', { token });
/** Dates the deposit `hours` before the server's now: the 72-hour window runs from it. */
const paidHoursAgo = (id: string, hours: number) => su.collection('bookings').update(id, { deposit_paid_at: pbDate(NOW - hours * H) });

describe('the manage link', () => {
  it('is one per booking, stored only as its SHA-256, and answers one sentence for wrong, expired and deleted', async () => {
    const { id, token } = await paidBooking();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const links = await su.collection('booking_links').getFullList({ filter: su.filter('booking = {:id}', { id }) });
    // The confirmation and the deposit's receipt carry the same stable link (docs/decisions/027).
    expect(links).toHaveLength(1);
    expect(await latestToken(id, 'receipt')).toBe(token);
    expect(links.map((l) => l.token_hash)).toContain(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(links)).not.toContain(token);
    expect(links[0]!.expires_at).toBe('2027-01-28 05:00:00.000Z'); // the removal plus 30 days, midnight in New York

    const ok = await view(token);
    expect(ok.status).toBe(200);
    const wrong = await view(`${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`);
    const malformed = await view('not-a-token');
    const missing = await view(undefined);
    const link = links.find((l) => l.token_hash === createHash('sha256').update(token).digest('hex'))!;
    await su.collection('booking_links').update(link.id, { expires_at: pbDate(NOW - 1000) });
    const expired = await view(token);
    for (const r of [wrong, malformed, missing, expired]) {
      expect(r.status).toBe(404);
      expect(r.body).toEqual(wrong.body);
      expect(JSON.stringify(r.body)).not.toMatch(/Jane|@example\.com|Main St|555/);
    }
    expect(wrong.body.message).toBe(M.invalidLink);

    await su.collection('booking_links').update(link.id, { expires_at: links[0]!.expires_at });
    expect((await view(token)).status).toBe(200);
    await su.collection('bookings').delete(id);
    expect(await view(token)).toEqual(wrong);
  });

  it('booking_links is for the hooks alone: anonymous, staff and the admin can neither read nor write it', async () => {
    const { id } = await paidBooking();
    const [link] = await su.collection('booking_links').getFullList({ filter: su.filter('booking = {:id}', { id }) });
    const admin = await signedInStaff('admin');
    const member = await signedInStaff('');
    for (const pb of [anonymous(), member.pb, admin.pb]) await expectNoRead(pb, 'booking_links', link!.id);
    const tokens = { staff: member.token, admin: admin.token, superuser: su.authStore.token };
    for (const caller of ['anonymous', 'staff', 'admin'] as const) {
      await runScenario(
        {
          name: `${caller} creates a link`,
          method: 'POST',
          url: '/api/collections/booking_links/records',
          caller,
          body: { booking: id, token_hash: 'x'.repeat(64), expires_at: '2030-01-01 00:00:00.000Z' },
          status: [400, 401, 403, 404],
          added: { booking_links: 0 },
        },
        tokens,
      );
    }
  });

  it('shows the booking: choices, visits with their windows, what is paid and due, the reference and the options', async () => {
    const { id, token } = await paidBooking({ notes: 'Gate code 12', parkingInstructions: 'Driveway' });
    const { body } = await view(token);
    expect(body).toMatchObject({
      reference: `TA-${id.slice(0, 8).toUpperCase()}`,
      status: 'confirmed',
      packageTitle: 'Elevated Arbor',
      treeSize: '7.5–9 ft',
      notes: 'Gate code 12',
      parkingInstructions: 'Driveway',
      install: { date: '2026-12-05', timeSlot: '9-15', window: '9 AM - 3 PM, arriving between 9 AM and 10 AM', done: false },
      removal: { date: '2026-12-28', timeSlot: '9-15' },
      totalCents: 165000,
      paidCents: 82500,
      balanceCents: 82500,
      options: { moveInstall: true, moveRemoval: true, cancel: true, cancelUntil: '2026-11-23T17:00:00.000Z' },
    });
    expect(body.policies.join(' ')).toContain('within 72 hours of booking');
  });

  it("what is paid and due is the booking's ledger (docs/decisions/045): damages paid count, cash voided does not, a balance link still open leaves the balance due", async () => {
    const { id, token } = await paidBooking();
    const charge = (over: Record<string, unknown>) => su.collection('charges').create({ booking: id, status: 'succeeded', idempotency_key: `view-${Math.random()}`, ...over });
    // A balance Checkout opened and not paid: nothing paid yet, the balance still shown.
    const link = await charge({ kind: 'balance', amount: 82500, balance_amount: 82500, status: 'requires_checkout', stripe_checkout_session_id: 'cs_test_view' });
    expect((await view(token)).body).toMatchObject({ paidCents: 82500, balanceCents: 82500 });
    await su.collection('charges').update(link.id, { status: 'failed' });
    // Cash recorded by mistake and voided: paid nothing.
    await charge({ kind: 'balance', method: 'cash', amount: 10000, balance_amount: 10000, status: 'voided' });
    // The balance and 35 of damages charged together, as the admin's charge does (docs/product.md §9).
    await charge({ kind: 'balance_and_damages', amount: 86000, balance_amount: 82500, damages_amount: 3500 });
    await su.collection('bookings').update(id, { payment_status: 'paid', balance_remaining: 0 });
    expect((await view(token)).body).toMatchObject({ totalCents: 165000, paidCents: 165000 + 3500, balanceCents: 0 });
  });
});

describe('moving a visit', () => {
  it("refuses a malformed `from` with a sentence and moves nothing, twice in a row (docs/decisions/027's stale-request rule)", async () => {
    const { id, token } = await paidBooking();
    for (const from of ['garbage', 'garbage', { date: 'garbage', timeSlot: '9-15' }]) {
      const res = await callFn('POST', '/api/fn/my-booking/move', { token, visit: 'install', date: '2026-12-06', timeSlot: '12-18', from });
      expect(res).toMatchObject({ status: 400, body: { message: M.badFrom } });
    }
    expect(await su.collection('bookings').getOne(id)).toMatchObject({ install_date: '2026-12-05', install_time_slot: '9-15', ics_sequence: 0 });
  });

  it('within 72 hours: the install moves, the link keeps working, the history and both e-mails say so, the ICS sequence rises', async () => {
    const { id, token } = await paidBooking();
    const res = await move(token, 'install', '2026-12-06', '12-18');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.view.install).toMatchObject({ date: '2026-12-06', timeSlot: '12-18' });
    expect(await su.collection('bookings').getOne(id)).toMatchObject({ install_date: '2026-12-06', install_time_slot: '12-18', ics_sequence: 1, payment_status: 'deposit_paid' });

    // The same link opens the moved booking, and the change's e-mail carries it again; a request
    // from the page as it was before the move is refused instead of moving the visit again.
    expect((await view(token)).body.install).toMatchObject({ date: '2026-12-06', timeSlot: '12-18' });
    expect(await latestToken(id, 'booking_change')).toBe(token);
    const stale = await callFn('POST', '/api/fn/my-booking/move', { token, visit: 'install', date: '2026-12-11', timeSlot: '9-15', from: { date: '2026-12-05', timeSlot: '9-15' } });
    expect(stale).toMatchObject({ status: 409, body: { message: M.staleRequest } });
    expect((await su.collection('bookings').getOne(id)).install_date).toBe('2026-12-06');
    const events = await su.collection('job_events').getFullList({ filter: su.filter('booking = {:id}', { id }) });
    expect(events.map((e) => [e.kind, e.text])).toEqual([
      ['customer_change', expect.stringContaining('moved the installation from Saturday, December 5, 2026, 9 AM - 3 PM to Sunday, December 6, 2026, 12 PM - 6 PM')],
    ]);
    const mails = await su.collection('mail_log').getFullList({ filter: su.filter("related_id = {:id} && (kind = 'booking_change' || kind = 'business_notice')", { id }), sort: 'created_at' });
    expect(mails.map((m) => m.subject)).toEqual(
      expect.arrayContaining([`Your installation has moved (TA-${id.slice(0, 8).toUpperCase()})`, expect.stringMatching(/^Moved by the customer: Jane Doe/)]),
    );

    const second = await latestToken(id, 'booking_change');
    expect((await move(second, 'removal', '2026-12-29', '9-15')).status).toBe(200);
    const third = await latestToken(id, 'booking_change');
    expect((await cancel(third)).status).toBe(200);

    // One UID per visit through confirmation (0), two moves (1, 2) and the cancellation (3).
    const icsOf = async (kind: string) =>
      (await su.collection('mail_log').getFullList({ filter: su.filter("related_id = {:id} && kind = {:kind} && to != 'hello@thoughtfullyadorned.com'", { id, kind }), sort: 'created_at' })).map(
        (m) => (m.attachment_data as { content: string }[])[0]!.content,
      );
    const all = [...(await icsOf('booking_confirmation')), ...(await icsOf('booking_change'))];
    expect(all.map((ics) => [/SEQUENCE:(\d+)/.exec(ics)?.[1], /METHOD:(\w+)/.exec(ics)?.[1]])).toEqual([
      ['0', 'REQUEST'],
      ['1', 'REQUEST'],
      ['2', 'REQUEST'],
      ['3', 'CANCEL'],
    ]);
    const uids = all.map((ics) => ics.match(/UID:booking-[^\r\n]+-install@[^\r\n]+/)?.[0]);
    expect(new Set(uids).size).toBe(1);
    expect(all[3]).toContain('STATUS:CANCELLED');
  });

  it('after 72 hours only the removal may move (until 7 days before it); inside 48 hours of a visit nothing moves', async () => {
    const { id, token } = await paidBooking();
    await paidHoursAgo(id, 73);
    const late = await move(token, 'install', '2026-12-06', '12-18');
    expect(late).toMatchObject({ status: 409, body: { message: M.moveClosed } });
    expect((await view(token)).body.options).toMatchObject({ moveInstall: false, cancel: false, moveRemoval: true });
    expect((await cancel(token)).status).toBe(409);
    expect((await move(token, 'removal', '2026-12-29', '9-15')).status).toBe(200);

    // A customer books a visit less than 48 hours away only when the owner sets no notice (domain/schedule/notice.ts).
    const restoreNotice = await setVisitNotice(0);
    let soon: Awaited<ReturnType<typeof paidBooking>>;
    try {
      soon = await paidBooking({ installDate: '2026-11-22', installTimeSlot: '9-12', treeSize: '5-7ft', removalDate: null, removalTimeSlot: null, packageType: 'adorned-arrangement' });
    } finally {
      await restoreNotice();
    }
    expect((await view(soon.token)).body.options).toMatchObject({ moveInstall: false, cancel: false, moveRemoval: false });
    expect((await move(soon.token, 'install', '2026-12-06', '9-12')).status).toBe(409);
    expect((await cancel(soon.token)).status).toBe(409);
    expect((await su.collection('bookings').getOne(soon.id)).status).toBe('confirmed');
  });

  it('refuses a taken slot, a slot not offered, and a date outside the season, with a sentence', async () => {
    const { token } = await paidBooking();
    const other = await paidBooking({ installDate: '2026-12-06', removalDate: '2026-12-29' });
    expect(other.id).toBeTruthy();
    // One crew: the other booking's install at 9–15 on December 6 overlaps 12–18.
    const taken = await move(token, 'install', '2026-12-06', '12-18');
    expect(taken).toMatchObject({ status: 409, body: { message: M.slotTaken } });
    expect((await move(token, 'install', '2026-12-06', '10-11')).status).toBe(400);
    expect((await move(token, 'install', '2026-11-23', '9-15')).status).toBe(400);
    expect((await move(token, 'sideways', '2026-12-11', '9-15')).body.message).toBe(M.badVisit);
  });

  it('two customers moving onto one free slot at once: one owner', async () => {
    const a = await paidBooking();
    const b = await paidBooking({ installDate: '2026-12-11', removalDate: '2026-12-29' });
    const results = await Promise.all([move(a.token, 'install', '2026-12-12', '9-15'), move(b.token, 'install', '2026-12-12', '9-15')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const owners = await su.collection('bookings').getFullList({ filter: "install_date = '2026-12-12' && status = 'confirmed'" });
    expect(owners).toHaveLength(1);
  });
});

describe('cancelling', () => {
  it('sent three times at once: cancelled once, the deposit refunded once with a receipt, the link showing it read-only', async () => {
    const { id, token } = await paidBooking();
    const receiptLink = await latestToken(id, 'receipt');
    const results = await Promise.all([cancel(token), cancel(token), cancel(token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect(results.find((r) => r.status === 200)!.body).toEqual({ cancelled: true, refunded: true });
    const b = await su.collection('bookings').getOne(id);
    expect(b).toMatchObject({ status: 'cancelled', cancel_reason: 'customer_cancelled', payment_status: 'refunded' });
    expect(b.refund_id).toMatch(/^demo_re_/);
    const receipts = await su.collection('mail_log').getFullList({ filter: su.filter("related_id = {:id} && kind = 'receipt'", { id }), sort: 'created_at' });
    expect(receipts.map((r) => r.subject.replace(/ \(.*/, ''))).toEqual(['Receipt: Deposit of $825', 'Receipt: Refund of $825']);
    const told = await su.collection('mail_log').getFullList({ filter: su.filter("related_id = {:id} && kind = 'booking_change'", { id }) });
    expect(told.map((m) => m.subject)).toEqual([expect.stringMatching(/^Your booking is cancelled/)]);
    // The slot is free again; the link shows the cancelled booking and offers nothing to do.
    for (const t of [token, receiptLink]) {
      const shown = await view(t);
      expect(shown.status).toBe(200);
      expect(shown.body).toMatchObject({ status: 'cancelled', options: { moveInstall: false, moveRemoval: false, cancel: false, payBalance: false, addRemoval: false } });
    }
    expect((await cancel(token)).status).toBe(409);
    expect((await checkout({ installDate: '2026-12-05', customerEmail: 'next@example.com' })).status).toBe(200);
  });
});

/** The demo payment page's calls (demo mode: docs/architecture.md reading 6) for session `sessionId`. */
const demoPage = {
  get: (sessionId: string) => callFn('GET', `/api/fn/demo-checkout?session_id=${encodeURIComponent(sessionId)}`),
  pay: (sessionId: string) => callFn('POST', '/api/fn/demo-checkout/pay', { sessionId }),
  cancel: (sessionId: string) => callFn('POST', '/api/fn/demo-checkout/cancel', { sessionId }),
};
/** The demo session of payment page `url`, after checking it is the demo payment page. */
function demoSessionOf(url: unknown): string {
  expect(url).toMatch(/\/demo-payment\?session_id=demo_cs_[A-Za-z0-9]+$/);
  return new URL(url as string).searchParams.get('session_id')!;
}
const chargesOf = (id: string) => su.collection('charges').getFullList({ filter: su.filter('booking = {:id}', { id }), sort: 'created_at' });
const receiptsOf = (id: string) => su.collection('mail_log').getFullList({ filter: su.filter("related_id = {:id} && kind = 'receipt'", { id }), sort: 'created_at' });

describe('paying the balance online', () => {
  const pay = (token: string) => callFn('POST', '/api/fn/my-booking/pay-balance', { token });

  it('demo mode: the demo payment page for the balance; paying it settles once with a receipt; then nothing is due; a wrong link pays nothing', async () => {
    const { id, token } = await paidBooking();
    expect((await view(token)).body.options.payBalance).toBe(true);
    expect((await pay('B'.repeat(43))).status).toBe(404);
    // Two taps at once: one charge and one page (the second is its replay, or finds it still being made).
    const both = await Promise.all([pay(token), pay(token)]);
    for (const r of both) expect([200, 409]).toContain(r.status);
    const url = both.find((r) => r.status === 200)!.body.url as string;
    const sessionId = demoSessionOf(url);
    for (const r of both) if (r.status === 200) expect(r.body).toEqual({ url });
    // The page is open: nothing is paid yet, and the next click gets the same page.
    expect(await su.collection('bookings').getOne(id)).toMatchObject({ payment_status: 'deposit_paid', balance_remaining: 82500 });
    expect((await chargesOf(id)).map((c) => [c.kind, c.amount, c.status, c.stripe_checkout_session_id])).toEqual([['balance', 82500, 'requires_checkout', sessionId]]);
    expect(await pay(token)).toMatchObject({ status: 200, body: { url } });
    const page = await demoPage.get(sessionId);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      sessionId,
      state: 'open',
      booking: null,
      charge: { title: 'Remaining balance', amountCents: 82500, booking: expect.objectContaining({ packageTitle: 'Elevated Arbor', installDate: '2026-12-05', installTimeSlot: '9-15' }) },
    });
    expect(JSON.stringify(page.body)).not.toMatch(/Jane|@example\.com|555-0100|Main St/);

    // Pay on the page: paid once; a second Pay (or a Cancel after it) changes nothing.
    const paid = await Promise.all([demoPage.pay(sessionId), demoPage.pay(sessionId)]);
    for (const r of paid) expect(r).toMatchObject({ status: 200, body: { url } });
    expect(await demoPage.pay(sessionId)).toMatchObject({ status: 200, body: { url } });
    expect((await demoPage.cancel(sessionId)).status).toBe(200);
    expect((await demoPage.get(sessionId)).body).toMatchObject({ state: 'paid', charge: { title: 'Remaining balance', amountCents: 82500, booking: null } });
    expect(await su.collection('bookings').getOne(id)).toMatchObject({ payment_status: 'paid', balance_remaining: 0 });
    const charges = await chargesOf(id);
    expect(charges.map((c) => [c.kind, c.amount, c.status])).toEqual([['balance', 82500, 'succeeded']]);
    expect(charges[0]!.stripe_payment_intent_id).toMatch(/^demo_pi_/);
    const receipts = await receiptsOf(id);
    expect(receipts.map((r) => r.subject.replace(/ \(.*/, ''))).toEqual(['Receipt: Deposit of $825', 'Receipt: Balance payment of $825']);
    expect(receipts[1]!.body).toContain('Remaining due: nothing, your booking is paid in full');
    expect(await pay(token)).toMatchObject({ status: 409, body: { message: M.nothingDue } });
    expect((await view(token)).body).toMatchObject({ balanceCents: 0, paidCents: 165000, options: { payBalance: false } });
  });

  it('cancelled after the balance was paid: both card payments refunded, and ONE refund receipt lists each refund', async () => {
    const { id, token } = await paidBooking({ installDate: '2026-12-19' });
    const { url } = (await pay(token)).body;
    expect((await demoPage.pay(demoSessionOf(url))).status).toBe(200);
    const res = await cancel(token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ cancelled: true, refunded: true });
    const receipts = await receiptsOf(id);
    expect(receipts.map((r) => r.subject.replace(/ \(.*/, ''))).toEqual(['Receipt: Deposit of $825', 'Receipt: Balance payment of $825', 'Receipt: Refund of $1,650']);
    expect(receipts[2]!.body).toContain('Deposit refunded: $825');
    expect(receipts[2]!.body).toContain('Balance payment refunded: $825');
    const told = await su.collection('mail_log').getFullList({ filter: su.filter("related_id = {:id} && kind = 'booking_change'", { id }) });
    expect(told.map((m) => m.subject)).toEqual([expect.stringMatching(/^Your booking is cancelled/)]);
  });

  it('demo mode: Cancel on the page leaves the balance due and nothing paid; the page cannot be paid after; the next click opens a new one', async () => {
    const { id, token } = await paidBooking();
    const { url } = (await pay(token)).body;
    const sessionId = demoSessionOf(url);
    const cancelled = await demoPage.cancel(sessionId);
    expect(cancelled).toMatchObject({ status: 200, body: { url } });
    expect((await demoPage.cancel(sessionId)).status).toBe(200);
    expect((await demoPage.get(sessionId)).body).toMatchObject({ state: 'cancelled', charge: { amountCents: 82500, booking: null } });
    expect(await demoPage.pay(sessionId)).toMatchObject({ status: 410, body: { message: 'This payment page has closed and no card was charged. Please open the payment again from your booking.' } });
    expect(await su.collection('bookings').getOne(id)).toMatchObject({ payment_status: 'deposit_paid', balance_remaining: 82500, balance_paid_at: '' });
    expect((await chargesOf(id)).map((c) => [c.kind, c.status])).toEqual([['balance', 'failed']]);
    expect((await receiptsOf(id)).map((r) => r.subject.replace(/ \(.*/, ''))).toEqual(['Receipt: Deposit of $825']);
    expect((await view(token)).body).toMatchObject({ balanceCents: 82500, options: { payBalance: true } });

    const again = await pay(token);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(demoSessionOf(again.body.url)).not.toBe(sessionId);
    expect((await chargesOf(id)).map((c) => c.status)).toEqual(['failed', 'requires_checkout']);
  });
});

describe('adding the optional removal (docs/decisions/029)', () => {
  const add = (token: string, date: string, timeSlot: string) => callFn('POST', '/api/fn/my-booking/add-removal', { token, date, timeSlot });
  const noRemoval = { packageType: 'adorned-arrangement', removalDate: null, removalTimeSlot: null };

  it('after the 72 hours: priced on the server, paid on the demo payment page with a receipt, booked with the updated calendar; the same link shows it', async () => {
    const { id, token } = await paidBooking(noRemoval);
    await paidHoursAgo(id, 100);
    const before = (await view(token)).body;
    expect(before).toMatchObject({ removal: null, totalCents: 60000, options: { addRemoval: true, removalPriceCents: 8500, removalPaymentOpen: false, moveRemoval: false } });

    const res = await add(token, '2027-01-05', '12-18');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Demo mode: the demo payment page for the price, the date held meanwhile; a second click gets the same page.
    const sessionId = demoSessionOf(res.body.url);
    expect(await su.collection('bookings').getOne(id)).toMatchObject({ removal_date: expect.stringMatching(/^2027-01-05/), removal_service: false, removal_hold: expect.any(String) });
    expect((await view(token)).body.options).toMatchObject({ removalPaymentOpen: true });
    expect(await add(token, '', '')).toMatchObject({ status: 200, body: { url: res.body.url } });
    expect((await demoPage.get(sessionId)).body).toMatchObject({
      state: 'open',
      charge: { title: 'Removal service', amountCents: 8500, booking: { removalDate: '2027-01-05', removalTimeSlot: '12-18' } },
    });
    for (let i = 0; i < 2; i++) expect((await demoPage.pay(sessionId)).status).toBe(200);
    expect((await view(await latestToken(id, 'booking_change'))).body).toMatchObject({ removal: { date: '2027-01-05', timeSlot: '12-18' }, totalCents: 68500, paidCents: 38500, balanceCents: 30000 });
    expect(await su.collection('bookings').getOne(id)).toMatchObject({
      removal_service: true,
      removal_hold: '',
      removal_date: '2027-01-05',
      total_price: 68500,
      balance_remaining: 30000,
      ics_sequence: 1,
    });
    const charges = await su.collection('charges').getFullList({ filter: su.filter('booking = {:id}', { id }) });
    expect(charges.map((c) => [c.kind, c.amount, c.balance_amount, c.status])).toEqual([['removal', 8500, 0, 'succeeded']]);

    const receipts = await su.collection('mail_log').getFullList({ filter: su.filter("related_id = {:id} && kind = 'receipt'", { id }), sort: 'created_at' });
    expect(receipts.map((r) => r.subject.replace(/ \(.*/, ''))).toEqual(['Receipt: Deposit of $300', 'Receipt: Removal service of $85']);
    expect(receipts[1]!.body).toContain('Remaining due: $300');
    const changed = await su.collection('mail_log').getFullList({ filter: su.filter("related_id = {:id} && kind = 'booking_change'", { id }) });
    expect(changed.map((m) => m.subject)).toEqual([expect.stringMatching(/^Your removal is booked \(TA-/)]);
    const ics = (changed[0]!.attachment_data as { content: string }[])[0]!.content;
    expect(ics).toMatch(/SEQUENCE:1/);
    expect(ics).toMatch(/UID:booking-[^\r\n]+-removal@/);
    expect(ics).toContain('DTSTART;TZID=America/New_York:20270105T120000');
    const events = await su.collection('job_events').getFullList({ filter: su.filter('booking = {:id}', { id }) });
    expect(events.map((e) => e.text)).toEqual([expect.stringContaining('added the removal on Tuesday, January 5, 2027, 12 PM - 6 PM (paid $85)')]);

    // The link that made the change still works (the e-mail carries the same one) and shows the
    // removal, movable; a second addition is refused.
    expect(await latestToken(id, 'booking_change')).toBe(token);
    expect((await add(token, '2027-01-06', '9-15')).status).toBe(409);
    const fresh = (await view(token)).body;
    expect(fresh.options).toMatchObject({ addRemoval: false, moveRemoval: true });
    expect(fresh.priceLines).toContainEqual({ label: 'Removal service (added after booking)', amountCents: 8500 });
  });

  it("demo mode: Cancel on the removal's payment page lets the held date go, nothing charged or booked; another customer can then take it", async () => {
    const { id, token } = await paidBooking(noRemoval);
    await paidHoursAgo(id, 100);
    const res = await add(token, '2027-01-06', '9-15');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const sessionId = demoSessionOf(res.body.url);
    const other = await paidBooking({ ...noRemoval, installDate: '2026-12-12' });
    expect(await add(other.token, '2027-01-06', '9-15')).toMatchObject({ status: 409, body: { message: M.slotTaken } });

    expect((await demoPage.cancel(sessionId)).status).toBe(200);
    expect(await su.collection('bookings').getOne(id)).toMatchObject({ removal_date: '', removal_time_slot: '', removal_hold: '', removal_service: false, total_price: 60000, ics_sequence: 0 });
    expect((await chargesOf(id)).map((c) => [c.kind, c.status])).toEqual([['removal', 'failed']]);
    expect((await demoPage.pay(sessionId)).status).toBe(410);
    expect((await receiptsOf(id)).map((r) => r.subject.replace(/ \(.*/, ''))).toEqual(['Receipt: Deposit of $300']);
    expect((await view(token)).body.options).toMatchObject({ addRemoval: true, removalPaymentOpen: false });
    const taken = await add(other.token, '2027-01-06', '9-15');
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect(demoSessionOf(taken.body.url)).not.toBe(sessionId);
  });

  it('free when an upgrade includes it: booked at once, nothing charged, the total unchanged', async () => {
    const { id, token } = await paidBooking({ ...noRemoval, selectedAddons: ['ornament-boost'] });
    const total = (await su.collection('bookings').getOne(id)).total_price;
    expect((await view(token)).body.options).toMatchObject({ addRemoval: true, removalPriceCents: 0 });
    const res = await add(token, '2027-01-07', '9-15');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await su.collection('bookings').getOne(id)).toMatchObject({ removal_service: true, removal_date: '2027-01-07', total_price: total, ics_sequence: 1 });
    expect(await su.collection('charges').getFullList({ filter: su.filter('booking = {:id}', { id }) })).toHaveLength(0);
  });

  it('refuses an included removal, a date outside the removal season, a slot not offered, and a cancelled booking', async () => {
    const included = await paidBooking();
    expect(await add(included.token, '2027-01-05', '9-15')).toMatchObject({ status: 409, body: { message: M.removalClosed } });
    const { id, token } = await paidBooking({ ...noRemoval, installDate: '2026-12-12' });
    expect((await add(token, '2026-12-10', '9-15')).status).toBe(400);
    expect((await add(token, '2027-01-05', '10-11')).status).toBe(400);
    expect(await su.collection('bookings').getOne(id)).toMatchObject({ removal_date: '', removal_hold: '', removal_service: false });
    await su.collection('bookings').update(id, { status: 'cancelled' });
    expect(await add(token, '2027-01-05', '9-15')).toMatchObject({ status: 409, body: { message: M.removalClosed } });
  });

  it('two customers adding a removal on one free slot at once: one owner, the other told the slot was taken', async () => {
    const a = await paidBooking(noRemoval);
    const b = await paidBooking({ ...noRemoval, installDate: '2026-12-11' });
    const results = await Promise.all([add(a.token, '2027-01-08', '9-15'), add(b.token, '2027-01-08', '9-15')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.message).toBe(M.slotTaken);
    const owners = await su.collection('bookings').getFullList({ filter: "removal_date = '2027-01-08'" });
    expect(owners).toHaveLength(1);
  });
});
