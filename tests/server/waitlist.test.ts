/**
 * The waitlist for full days (the waitlist contract; domain/waitlist/waitlist.ts), against the
 * real server with the clock frozen (APP_NOW: Friday 2026-11-20, noon in New York): joining and
 * leaving, the 5-date cap; a freed slot offered once to the first in line and held for them;
 * decline and expiry passing it on; the checkout and the phone booking against a held slot; two
 * accepts at once; no offer inside the notice or for a past date; the owner's routes and who may
 * call them.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInStaff, type SignedInStaff } from './admin-fixtures';
import { checkout, createBookingRecord, slotMap, availability, waitlistJoinBody } from './fixtures';
import { anonymous, bookingRequest, callFn, clearCollections, request, statusOf, superuser } from './support';
import { PAID_DEPOSIT } from '../../scripts/lib/example-booking.mjs';

const su = superuser();
let admin: SignedInStaff;
let member: SignedInStaff;
let seq = 0;

/** Saturday, December 5, 2026: well outside the 48 hours' notice. */
const DAY = '2026-12-05';
const WAITLIST = ['waitlist_offers', 'waitlist_entries'];

beforeAll(async () => {
  admin = await signedInStaff('admin');
  member = await signedInStaff('');
});
beforeEach(async () => {
  await clearCollections(...WAITLIST, 'bookings', 'blocked_dates');
  await su
    .collection('mail_log')
    .getFullList({ filter: "kind ~ 'waitlist'", fields: 'id' })
    .then((rows) => Promise.all(rows.map((r) => su.collection('mail_log').delete(r.id))));
});
afterAll(() => clearCollections(...WAITLIST, 'bookings'));

/** The 7.5–9 ft slots of `date` taken by two paid bookings (9–15 and 15–21: 12–18 overlaps both). */
async function fillDay(date = DAY): Promise<string[]> {
  const out: string[] = [];
  for (const slot of ['9-15', '15-21']) {
    const b = await createBookingRecord({ ...PAID_DEPOSIT, customer_email: `full.${++seq}@example.com`, install_date: date, install_time_slot: slot, removal_date: '', removal_time_slot: '' });
    out.push(b.id);
  }
  return out;
}

function join(over: Record<string, unknown> = {}) {
  return callFn('POST', '/api/fn/waitlist/join', waitlistJoinBody(DAY, { name: 'Wendy Waiter', email: `wait.${++seq}@example.com`, ...over }));
}

const runJob = () => request({ method: 'POST', route: '/api/fn/jobs/waitlist-offers', token: su.authStore.token, body: {} });
const offers = (filter = '') => su.collection('waitlist_offers').getFullList({ filter, sort: 'created_at' });
const entry = (id: string) => su.collection('waitlist_entries').getOne(id);
const mailsOf = (kind: string) => su.collection('mail_log').getFullList({ filter: su.filter('kind = {:kind}', { kind }), sort: 'created_at' });

/** The raw token in the latest mail of `kind` to `to` (the link's `token=` value). */
async function tokenFromMail(kind: string, to: string): Promise<string> {
  const rows = await su.collection('mail_log').getFullList({ filter: su.filter('kind = {:kind} && to = {:to}', { kind, to }), sort: '-created_at' });
  const m = /token=([A-Za-z0-9_-]{43})/.exec(String(rows[0]?.body ?? ''));
  expect(m, `no token in the ${kind} mail to ${to}`).not.toBeNull();
  return m![1]!;
}

/** The checkout of the offered 9–15 install on DAY with offer token `token`. */
function acceptNew(token: string, email: string, wizardId: string) {
  return callFn('POST', '/api/fn/create-booking-checkout', { bookingData: { ...bookingRequest({ customerEmail: email, installDate: DAY, installTimeSlot: '9-15' }) }, wizardId, waitlistOffer: token });
}

const freeSlot = (bookingId: string) => su.collection('bookings').update(bookingId, { status: 'cancelled', cancel_reason: 'owner_cancelled' });

describe('joining and leaving', () => {
  it('joins a full day in line, refuses a duplicate, a free day and a sixth date, and e-mails a leave link that works twice', async () => {
    await fillDay();
    const first = await join({ email: 'first@example.com' });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.entry).toMatchObject({ date: DAY, kind: 'install', status: 'waiting', position: 1 });
    // The request's IP is kept on the entry (this server trusts no proxy header: the loopback).
    expect((await entry(first.body.entry.id)).client_ip).toMatch(/^(127\.0\.0\.1|::1)$/);
    expect((await join({ email: 'second@example.com' })).body.entry.position).toBe(2);

    const again = await join({ email: 'First@Example.com' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You are already on the waitlist for Saturday, December 5.');

    const free = await join({ date: '2026-12-12' });
    expect(free.status).toBe(409);
    expect(free.body.message).toBe('Saturday, December 12 has a free time for this tree — book it instead.');

    for (const d of ['2026-12-11', '2026-12-12', '2026-12-13', '2026-12-15']) await fillDay(d);
    for (const d of ['2026-12-11', '2026-12-12', '2026-12-13', '2026-12-15']) expect((await join({ email: 'first@example.com', date: d })).status).toBe(200);
    await fillDay('2026-12-18');
    const sixth = await join({ email: 'first@example.com', date: '2026-12-18' });
    expect(sixth.status).toBe(409);
    expect(sixth.body.message).toBe('You can wait for up to 5 dates at once.');

    const joined = await mailsOf('waitlist_joined');
    expect(joined.filter((m) => m.to === 'first@example.com')).toHaveLength(5);
    const token = await tokenFromMail('waitlist_joined', 'first@example.com');
    const left = await callFn('POST', '/api/fn/waitlist/leave', { token });
    expect(left).toEqual({ status: 200, body: { left: true } });
    expect((await callFn('POST', '/api/fn/waitlist/leave', { token })).status).toBe(200);
    expect((await callFn('POST', '/api/fn/waitlist/leave', { token: 'x'.repeat(43) })).status).toBe(404);
    // A place freed: the sixth date can be waited for now.
    expect((await join({ email: 'first@example.com', date: '2026-12-18' })).status).toBe(200);
  });

  it('refuses a past date and one inside the notice, and bad input', async () => {
    expect((await join({ date: '2026-11-14' })).status).toBe(409);
    await fillDay('2026-11-21');
    expect((await join({ date: '2026-11-21' })).status).toBe(409);
    expect((await join({ email: 'not-an-email' })).status).toBe(400);
    expect((await join({ size: 'huge' })).status).toBe(400);
  });
});

describe('offers', () => {
  it('a cancel offers the slot once to the first in line, none to the second; the slot is held; decline passes it on', async () => {
    const [morning] = await fillDay();
    const a = (await join({ email: 'anna@example.com', name: 'Anna Able' })).body.entry.id;
    const b = (await join({ email: 'ben@example.com', name: 'Ben Baker' })).body.entry.id;

    // The owner cancels through the route: the offer follows in the same request.
    const cancelled = await request({
      method: 'POST',
      route: '/api/fn/admin-bookings/cancel',
      token: admin.token,
      headers: { 'Idempotency-Key': `cancel-${morning}` },
      body: { bookingId: morning, refund: true },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const open = await offers("status = 'open'");
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ entry: a, date: DAY, kind: 'install', time_slot: '9-15', by: 'job' });
    expect((await entry(a)).status).toBe('offered');
    expect((await entry(b)).status).toBe('waiting');
    expect((await mailsOf('waitlist_offer')).map((m) => m.to)).toEqual(['anna@example.com']);

    // Held: the calendar shows it taken, and a third customer's checkout is refused.
    expect(slotMap((await availability(DAY, '7.5-9ft')).body)['9-15']).toBe(false);
    const third = await checkout({ installDate: DAY, installTimeSlot: '9-15', customerEmail: 'third@example.com' });
    expect(third.status).toBe(409);

    // The job run twice offers nothing more.
    expect((await runJob()).body).toEqual({ expired: 0, ended: 0, offered: 0 });
    expect((await runJob()).body).toEqual({ expired: 0, ended: 0, offered: 0 });

    // The offer page, then 'No thanks': Ben is offered it at once.
    const token = await tokenFromMail('waitlist_offer', 'anna@example.com');
    const view = await callFn('POST', '/api/fn/waitlist/offer', { token });
    expect(view.status).toBe(200);
    expect(view.body.offer).toMatchObject({ status: 'open', date: DAY, kind: 'install', size: '7.5-9ft', slot: { id: '9-15' }, name: 'Anna Able', email: 'anna@example.com' });
    // The package and its price, priced on the server from the entry's choices: the example booking's Elevated Arbor, 7.5–9 ft, no add-ons ($1,650, a $825 deposit; docs/product.md §9).
    expect(view.body.offer.price).toEqual({ packageTitle: 'Elevated Arbor', totalCents: PAID_DEPOSIT.total_price, depositCents: PAID_DEPOSIT.deposit_amount });
    expect((await callFn('POST', '/api/fn/waitlist/decline', { token })).body).toEqual({ declined: true, passedOn: true });
    expect((await entry(a)).status).toBe('declined');
    const next = await offers("status = 'open'");
    expect(next.map((o) => o.entry)).toEqual([b]);
    expect((await mailsOf('waitlist_offer')).map((m) => m.to)).toEqual(['anna@example.com', 'ben@example.com']);
    // Anna's link now says so.
    expect((await callFn('POST', '/api/fn/waitlist/offer', { token })).body.offer.status).toBe('declined');
    // Ben passes too, and nobody else waits: the answer says the time went to no one.
    const bens = await tokenFromMail('waitlist_offer', 'ben@example.com');
    expect((await callFn('POST', '/api/fn/waitlist/decline', { token: bens })).body).toEqual({ declined: true, passedOn: false });
    expect(await offers("status = 'open'")).toEqual([]);
  });

  it('two accepts at once make one booking; the offer is accepted and the entry booked; its cancel goes to the next in line', async () => {
    const [morning] = await fillDay();
    const a = (await join({ email: 'anna@example.com', name: 'Anna Able' })).body.entry.id;
    const b = (await join({ email: 'ben@example.com' })).body.entry.id;
    await freeSlot(morning!);
    expect((await runJob()).body).toMatchObject({ offered: 1 });
    const token = await tokenFromMail('waitlist_offer', 'anna@example.com');
    const accept = (wizardId: string) => acceptNew(token, 'anna@example.com', wizardId);
    const both = await Promise.all([accept('wizard-aaaaaaaaaaaa-1'), accept('wizard-bbbbbbbbbbbb-2')]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    const made = both.find((r) => r.status === 200)!.body.bookingId as string;
    expect(both.find((r) => r.status === 409)!.body.message).toBe('This offer has ended.');
    const [accepted] = await offers();
    expect(accepted).toMatchObject({ status: 'accepted', booking: made });
    expect((await entry(a)).status).toBe('booked');
    expect((await entry(b)).status).toBe('waiting');

    // Anna pays, then cancels: the slot goes to Ben, not back to Anna.
    await su.collection('bookings').update(made, PAID_DEPOSIT);
    await freeSlot(made);
    expect((await runJob()).body).toMatchObject({ offered: 1 });
    expect((await offers("status = 'open'")).map((o) => o.entry)).toEqual([b]);
  });

  it('an offer expires and passes on; an accept after it is refused with a sentence', async () => {
    const [morning] = await fillDay();
    await join({ email: 'anna@example.com' });
    const b = (await join({ email: 'ben@example.com' })).body.entry.id;
    await freeSlot(morning!);
    await runJob();
    const [open] = await offers("status = 'open'");
    // Expired: its end moved into the past (the frozen clock is noon, 17:00 UTC).
    await su.collection('waitlist_offers').update(open!.id, { expires_at: '2026-11-20 16:00:00.000Z' });
    const token = await tokenFromMail('waitlist_offer', 'anna@example.com');
    const late = await acceptNew(token, 'anna@example.com', 'wizard-cccccccccccc-3');
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This offer has expired.');
    const refused = await callFn('POST', '/api/fn/waitlist/decline', { token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This offer has expired.');
    expect((await runJob()).body).toEqual({ expired: 1, ended: 0, offered: 1 });
    expect((await offers("status = 'open'")).map((o) => o.entry)).toEqual([b]);
  });

  it('no offer inside the minimum notice or for a past date', async () => {
    // Sunday, November 22: its 9–15 slot starts inside the 48 hours.
    const [morning] = await fillDay('2026-11-24');
    const waiting = (await join({ date: '2026-11-24' })).body.entry.id;
    await su
      .collection('waitlist_entries')
      .create({
        email_key: 'past@example.com',
        name: 'Past',
        email: 'past@example.com',
        date: '2026-11-14',
        kind: 'install',
        tree_size: '7.5-9ft',
        package_type: 'elevated-arbor',
        joined_at: 1,
        status: 'waiting',
      });
    await su.collection('waitlist_entries').update(waiting, { date: '2026-11-21' });
    await freeSlot(morning!);
    expect((await runJob()).body.offered).toBe(0);
    expect(await offers()).toHaveLength(0);
  });
});

/** The owner's phone booking of the 9–15 install on DAY (cash deposit), with the 'Book anyway' answer `endOffer`. */
const phone = (key: string, endOffer?: boolean, customerEmail = 'paula@example.com') =>
  request({
    method: 'POST',
    route: '/api/fn/admin-bookings/create',
    token: admin.token,
    headers: { 'Idempotency-Key': key },
    body: {
      bookingData: {
        customerName: 'Paula Phone',
        customerEmail,
        customerPhone: '(410) 555-0100',
        customerAddress: '123 Main St, Ellicott City, MD 21043',
        packageType: 'elevated-arbor',
        treeSize: '7.5-9ft',
        installDate: DAY,
        installTimeSlot: '9-15',
        removalDate: '2026-12-28',
        removalTimeSlot: '9-15',
        selectedAddons: [],
      },
      deposit: { method: 'cash' },
      ...(endOffer ? { endOffer } : {}),
    },
  });

/** The owner's calendar question (`notice=off`) for DAY's 7.5–9 ft installs, asked with `token` ('' anonymous). */
const ownerSlots = async (token: string) => {
  const res = await request<{ slots: { id: string; available: boolean; offerHeld?: boolean }[] }>({ route: `/api/fn/availability?date=${DAY}&size=7.5-9ft&kind=install&notice=off`, token });
  expect(res.status).toBe(200);
  return Object.fromEntries(res.body.slots.map((s) => [s.id, s.offerHeld === undefined ? s.available : `${s.available} offerHeld`]));
};

describe("the owner's phone booking and routes", () => {
  it("the owner's calendar shows a time held only by an offer as selectable (offerHeld), nobody else's does; booking it after 'Book anyway?' ends the offer", async () => {
    const [morning] = await fillDay();
    const a = (await join({ email: 'anna@example.com', name: 'Anna Able' })).body.entry.id;
    await freeSlot(morning!);
    await runJob();
    expect((await entry(a)).status).toBe('offered');
    // Anonymous, a staff member without the admin role, and the public question: not available, no offer named.
    for (const token of ['', member.token]) expect(await ownerSlots(token)).toEqual({ '9-15': false, '12-18': false, '15-21': false });
    expect(JSON.stringify((await availability(DAY, '7.5-9ft')).body)).not.toContain('offerHeld');
    expect(await ownerSlots(admin.token)).toEqual({ '9-15': 'true offerHeld', '12-18': false, '15-21': false });

    expect((await phone('phone-held-1')).body).toMatchObject({ code: 'offer_open' });
    const booked = await phone('phone-held-2', true);
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect((await offers())[0]).toMatchObject({ entry: a, status: 'ended' });
    // Taken by the booking now: no longer marked.
    expect(await ownerSlots(admin.token)).toEqual({ '9-15': false, '12-18': false, '15-21': false });
  });

  it('a slot held only by an offer answers offer_open; endOffer books it and tells the customer', async () => {
    const [morning] = await fillDay();
    const a = (await join({ email: 'anna@example.com', name: 'Anna Able' })).body.entry.id;
    await freeSlot(morning!);
    await runJob();
    const asked = await phone('phone-key-1');
    expect(asked.status).toBe(409);
    expect(asked.body).toMatchObject({ code: 'offer_open' });
    expect(asked.body.message).toMatch(/^An offer for this time is open to Anna A\. until \d{1,2}:\d{2} (AM|PM)\.$/);
    const booked = await phone('phone-key-2', true);
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect((await offers())[0]).toMatchObject({ status: 'ended' });
    expect((await entry(a)).status).toBe('waiting');
    expect((await mailsOf('waitlist_offer_ended')).map((m) => m.to)).toEqual(['anna@example.com']);
  });

  it('offer by hand, skip and remove; the collections and routes are closed to others', async () => {
    await fillDay();
    const a = (await join({ email: 'anna@example.com' })).body.entry.id;
    const b = (await join({ email: 'ben@example.com' })).body.entry.id;
    const owner = (path: string, body: Record<string, unknown>, token = admin.token) =>
      request({ method: 'POST', route: `/api/fn/admin-waitlist/${path}`, token, headers: { 'Idempotency-Key': `owner-key-${++seq}` }, body });
    // Nothing free: the owner's offer is refused with a sentence.
    expect((await owner('offer', { entry: a, slot: '9-15' })).status).toBe(409);
    const skipped = await owner('skip', { entry: a });
    expect(skipped.status).toBe(200);
    expect(skipped.body.entry.status).toBe('skipped');
    expect((await owner('remove', { entry: b })).body.entry.status).toBe('removed');

    expect((await owner('skip', { entry: a }, member.token)).status).toBe(403);
    expect((await owner('skip', { entry: a }, '')).status).toBe(401);
    expect((await request({ method: 'POST', route: '/api/fn/jobs/waitlist-offers', token: admin.token, body: {} })).status).toBe(403);
    for (const c of WAITLIST) {
      expect((await anonymous().collection(c).getList(1, 1)).totalItems).toBe(0);
      expect((await member.pb.collection(c).getList(1, 1)).totalItems).toBe(0);
      expect(await statusOf(anonymous().collection(c).create({}))).toBeGreaterThanOrEqual(400);
    }
    expect((await admin.pb.collection('waitlist_entries').getList(1, 10)).totalItems).toBe(2);
  });
});

describe('the freeing paths and moves', () => {
  /** A booking paid through the demo checkout, and its manage token (from its confirmation). */
  async function paidBooking(over: Record<string, unknown>) {
    const res = await checkout({ customerEmail: `paid.${++seq}@example.com`, ...over });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await callFn('POST', '/api/fn/demo-checkout/pay', { sessionId: res.body.sessionId })).status).toBe(200);
    const id = res.body.bookingId as string;
    const mails = await su.collection('mail_log').getFullList({ filter: su.filter('related_id = {:id} && kind = {:kind}', { id, kind: 'booking_confirmation' }) });
    const token = /\/my-booking\?token=([A-Za-z0-9_-]{43})/.exec(String(mails[0]?.body ?? ''))![1]!;
    return { id, token };
  }

  it("a customer's cancel offers the slot to a customer waiting to move there, who moves with accept-move; the old time goes on to the next", async () => {
    const leaving = await paidBooking({ installDate: DAY, installTimeSlot: '9-15' });
    await createBookingRecord({ ...PAID_DEPOSIT, customer_email: 'late@example.com', install_date: DAY, install_time_slot: '15-21', removal_date: '', removal_time_slot: '' });
    const mover = await paidBooking({ installDate: '2026-12-12', installTimeSlot: '9-15', removalTimeSlot: '15-21' });
    await createBookingRecord({ ...PAID_DEPOSIT, customer_email: 'late2@example.com', install_date: '2026-12-12', install_time_slot: '15-21', removal_date: '', removal_time_slot: '' });
    const moverEmail = (await su.collection('bookings').getOne(mover.id)).customer_email as string;
    // The manage page sends no contact: the entry waits under the booking's own.
    const joined = await join({ name: undefined, email: undefined, phone: undefined, bookingToken: mover.token });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(await entry(joined.body.entry.id)).toMatchObject({ email: moverEmail, email_key: moverEmail.toLowerCase(), booking: mover.id });
    // Someone waits for the mover's old day too.
    const behind = (await join({ email: 'behind@example.com', date: '2026-12-12' })).body.entry.id;

    expect((await callFn('POST', '/api/fn/my-booking/cancel', { token: leaving.token })).status).toBe(200);
    const token = await tokenFromMail('waitlist_offer', moverEmail);
    const view = await callFn('POST', '/api/fn/waitlist/offer', { token });
    expect(view.body.offer).toMatchObject({ bookingId: mover.id, slot: { id: '9-15' } });
    // Not through the checkout: it is a move.
    expect((await acceptNew(token, moverEmail, 'wizard-dddddddddddd-4')).body.message).toBe('This offer is to move your booking: use Move my visit.');
    const moved = await callFn('POST', '/api/fn/waitlist/accept-move', { token });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.booking).toMatchObject({ id: mover.id, install_date: DAY, install_time_slot: '9-15' });
    expect((await offers(su.filter('entry = {:e}', { e: joined.body.entry.id })))[0]).toMatchObject({ status: 'accepted', booking: mover.id });
    // The mover's old time went to the one waiting for it, in the same request.
    expect((await entry(behind)).status).toBe('offered');
    expect((await callFn('POST', '/api/fn/waitlist/accept-move', { token })).status).toBe(409);
  });

  it("a customer waiting to move a booking who cancels it leaves the line: the open offer is declined and goes to the next, in the cancel's request", async () => {
    const leaving = await paidBooking({ installDate: DAY, installTimeSlot: '9-15' });
    await createBookingRecord({ ...PAID_DEPOSIT, customer_email: 'late@example.com', install_date: DAY, install_time_slot: '15-21', removal_date: '', removal_time_slot: '' });
    const mover = await paidBooking({ installDate: '2026-12-12', installTimeSlot: '9-15', removalTimeSlot: '15-21' });
    const moverEmail = (await su.collection('bookings').getOne(mover.id)).customer_email as string;
    const moving = (await join({ email: moverEmail, bookingToken: mover.token })).body.entry.id;
    const cara = (await join({ email: 'cara@example.com' })).body.entry.id;
    expect((await callFn('POST', '/api/fn/my-booking/cancel', { token: leaving.token })).status).toBe(200);
    expect((await entry(moving)).status).toBe('offered');

    // The mover cancels the booking they wanted to move: out of line, and Cara is offered the time at once.
    expect((await callFn('POST', '/api/fn/my-booking/cancel', { token: mover.token })).status).toBe(200);
    expect((await entry(moving)).status).toBe('left');
    expect((await offers(su.filter('entry = {:e}', { e: moving })))[0]).toMatchObject({ status: 'declined' });
    expect((await entry(cara)).status).toBe('offered');
    expect((await offers("status = 'open'")).map((o) => o.entry)).toEqual([cara]);
    expect((await runJob()).body).toEqual({ expired: 0, ended: 0, offered: 0 });
  });

  it('a move entry still waiting whose booking is cancelled by the owner leaves the line', async () => {
    await fillDay();
    const mover = await paidBooking({ installDate: '2026-12-12', installTimeSlot: '9-15', removalTimeSlot: '15-21' });
    const moverEmail = (await su.collection('bookings').getOne(mover.id)).customer_email as string;
    const moving = (await join({ email: moverEmail, bookingToken: mover.token })).body.entry.id;
    const cancelled = await request({
      method: 'POST',
      route: '/api/fn/admin-bookings/cancel',
      token: admin.token,
      headers: { 'Idempotency-Key': `cancel-${mover.id}` },
      body: { bookingId: mover.id, refund: true },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect((await entry(moving)).status).toBe('left');
  });

  it('an entry whose customer is booked that day another way is closed, never offered; the next in line is', async () => {
    const [morning, evening] = await fillDay();
    const anna = (await join({ email: 'anna@example.com' })).body.entry.id;
    const ben = (await join({ email: 'ben@example.com' })).body.entry.id;
    // The morning frees with no step run after it (the job would offer it within a minute); the owner books Anna by phone first.
    await freeSlot(morning!);
    const booked = await phone('phone-anna-1', false, 'Anna@Example.com');
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    expect((await runJob()).body).toEqual({ expired: 0, ended: 0, offered: 0 });
    expect((await entry(anna)).status).toBe('booked');
    expect((await entry(ben)).status).toBe('waiting');
    // The evening frees: Ben, not Anna, is offered it.
    await freeSlot(evening!);
    expect((await runJob()).body).toEqual({ expired: 0, ended: 0, offered: 1 });
    expect((await offers("status = 'open'")).map((o) => o.entry)).toEqual([ben]);
  });

  it("an unpaid checkout hold on a full day that expires leads to an offer (the offers job after the hold's end, the clock frozen)", async () => {
    await createBookingRecord({ ...PAID_DEPOSIT, customer_email: 'evening@example.com', install_date: DAY, install_time_slot: '15-21', removal_date: '', removal_time_slot: '' });
    const held = await checkout({ installDate: DAY, installTimeSlot: '9-15', customerEmail: 'holder@example.com' });
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    const anna = (await join({ email: 'anna@example.com' })).body.entry.id;
    // The hold runs: nothing to offer.
    expect((await runJob()).body).toEqual({ expired: 0, ended: 0, offered: 0 });
    expect((await entry(anna)).status).toBe('waiting');
    // Its end moved before the frozen noon (17:00 UTC), as the hold's own minutes passing would.
    await su.collection('bookings').update(held.body.bookingId, { hold_expires_at: '2026-11-20 16:59:00.000Z' });
    expect((await runJob()).body).toEqual({ expired: 0, ended: 0, offered: 1 });
    expect((await offers())[0]).toMatchObject({ entry: anna, time_slot: '9-15', status: 'open' });
    expect((await mailsOf('waitlist_offer')).map((m) => m.to)).toEqual(['anna@example.com']);
    // The holder's late checkout finds the time held for Anna.
    expect((await checkout({ installDate: DAY, installTimeSlot: '9-15', customerEmail: 'holder@example.com' })).status).toBe(409);
  });

  it("the owner's move away from a full day offers the time it left", async () => {
    const [morning] = await fillDay();
    const a = (await join({ email: 'anna@example.com' })).body.entry.id;
    const moved = await request({
      method: 'POST',
      route: '/api/fn/admin-bookings/move',
      token: admin.token,
      headers: { 'Idempotency-Key': `owner-move-${morning}` },
      body: { bookingId: morning, visit: 'install', date: '2026-12-12', timeSlot: '9-15' },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect((await entry(a)).status).toBe('offered');
    expect((await offers())[0]).toMatchObject({ entry: a, time_slot: '9-15', status: 'open' });
  });

  it("the customer's move away from a full day offers the time it left (the move's step after its commit)", async () => {
    const leaving = await paidBooking({ installDate: DAY, installTimeSlot: '9-15' });
    await createBookingRecord({ ...PAID_DEPOSIT, customer_email: 'late@example.com', install_date: DAY, install_time_slot: '15-21', removal_date: '', removal_time_slot: '' });
    const a = (await join({ email: 'anna@example.com' })).body.entry.id;
    const moved = await callFn('POST', '/api/fn/my-booking/move', { token: leaving.token, visit: 'install', date: '2026-12-12', timeSlot: '9-15', from: { date: DAY, timeSlot: '9-15' } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.moved).toBe(true);
    // The step runs after the answer has gone (and the e-mails after it): polled, not raced.
    await expect.poll(async () => (await entry(a)).status, { timeout: 5000 }).toBe('offered');
    expect((await offers())[0]).toMatchObject({ entry: a, date: DAY, time_slot: '9-15', status: 'open' });
  });

  it('no offer on a blocked day; removing the block offers it', async () => {
    const [morning] = await fillDay();
    const a = (await join({ email: 'anna@example.com' })).body.entry.id;
    const block = await admin.pb.collection('blocked_dates').create({ blocked_date: DAY, reason: 'Snow' });
    await freeSlot(morning!);
    expect((await runJob()).body.offered).toBe(0);
    await admin.pb.collection('blocked_dates').delete(block.id);
    expect((await entry(a)).status).toBe('offered');
  });

  it("deleting a booking offers its slot; the owner's offer window setting is read", async () => {
    const [morning] = await fillDay();
    const setting = await su.collection('settings').getFirstListItem('key = "waitlist"');
    expect(setting.value).toEqual({ offer_hours: 12 });
    await admin.pb.collection('settings').update(setting.id, { value: { offer_hours: 2 } });
    try {
      const a = (await join({ email: 'anna@example.com' })).body.entry.id;
      await su.collection('bookings').delete(morning!);
      const [offer] = await offers();
      expect(offer).toMatchObject({ entry: a, status: 'open', expires_at: '2026-11-20 19:00:00.000Z' });
      expect(await statusOf(admin.pb.collection('settings').update(setting.id, { value: { offer_hours: 0 } }))).toBe(400);
    } finally {
      await su.collection('settings').update(setting.id, { value: { offer_hours: 12 } });
    }
  });
});
