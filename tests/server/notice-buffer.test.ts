/**
 * Minimum notice and the travel buffer (domain/schedule/notice.ts, travel-buffer.ts), against
 * the real server with the clock injected (APP_NOW): the shared server's Friday 2026-11-20 noon
 * in New York, and a server of its own on Tuesday 2026-11-24 noon for the consultations' 24 hours.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/lib/server.mjs';
import { signedInStaff, type SignedInStaff } from './admin-fixtures';
import { checkout, createBookingRecord, createConsultationRecord, slotMap, type Availability } from './fixtures';
import { anonymous, callFn, clearCollections, statusOf, superuser, superuserAt, template } from './support';

const TOO_SOON = "That installation time is too soon: bookings need 48 hours' notice. Please choose a later time.";
const ANNAPOLIS = '1 Main St, Annapolis, MD 21401';
const ELLICOTT_CITY = '123 Main St, Ellicott City, MD 21043';
const DEFAULT_NOTICE = { visit_hours: { 'adorned-arrangement': 48, 'elevated-arbor': 48, 'curated-christmas': 48 }, consultation_hours: 24 };

let admin: SignedInStaff;
let member: SignedInStaff;

async function setSetting(key: string, value: unknown): Promise<void> {
  const su = superuser();
  const rec = await su.collection('settings').getFirstListItem(`key = "${key}"`);
  await su.collection('settings').update(rec.id, { value });
}

function availabilityOf(query: Record<string, string>, route = '/api/fn/availability') {
  return callFn<Availability & { noticeHint: string | null }>('GET', `${route}?${new URLSearchParams(query)}`);
}

beforeAll(async () => {
  await clearCollections('staff');
  admin = await signedInStaff('admin');
  member = await signedInStaff('');
});
beforeEach(() => clearCollections('bookings', 'blocked_dates', 'consultation_requests'));
afterEach(async () => {
  await setSetting('notice', DEFAULT_NOTICE);
  await setSetting('travel_buffer_minutes', 30);
});

describe('minimum notice at the hold and in the availability answer (today Friday Nov 20, noon)', () => {
  it('refuses an installation starting inside the 48 hours, with the sentence, and takes one exactly 48 hours ahead', async () => {
    const soon = await checkout({ installDate: '2026-11-22', installTimeSlot: '9-15' });
    expect(soon.status).toBe(409);
    expect(soon.body.message).toBe(TOO_SOON);
    const ok = await checkout({ installDate: '2026-11-22', installTimeSlot: '12-18' });
    expect(ok.status).toBe(200);
  });

  it('availability leaves out the slots inside the notice, with the hint, and closes a day wholly inside it', async () => {
    const sunday = await availabilityOf({ date: '2026-11-22', size: '5-7ft', kind: 'install' });
    expect(sunday.body.slots.map((s) => s.id)).toEqual(['12-15', '15-18']);
    expect(sunday.body.noticeHint).toBe("Bookings need 48 hours' notice.");
    const saturday = await availabilityOf({ date: '2026-11-21', size: '5-7ft', kind: 'install' });
    expect(saturday.body).toMatchObject({ bookable: false, reason: "Bookings need 48 hours' notice.", slots: [] });
    const tuesday = await availabilityOf({ date: '2026-11-24', size: '5-7ft', kind: 'install' });
    expect(tuesday.body.noticeHint).toBeNull();
    // The owner's phone booking asks with notice=off: every slot the overlap leaves.
    const forOwner = await availabilityOf({ date: '2026-11-21', size: '5-7ft', kind: 'install', notice: 'off' });
    expect(forOwner.body).toMatchObject({ bookable: true, noticeHint: null });
    expect(forOwner.body.slots.map((s) => s.id)).toEqual(['9-12', '12-15', '15-18', '18-21']);
  });

  it("follows the owner's setting per package, at once", async () => {
    await setSetting('notice', { ...DEFAULT_NOTICE, visit_hours: { ...DEFAULT_NOTICE.visit_hours, 'elevated-arbor': 0, 'curated-christmas': 120 } });
    const arbor = await availabilityOf({ date: '2026-11-21', size: '7.5-9ft', kind: 'install', package: 'elevated-arbor' });
    expect(arbor.body.bookable).toBe(true);
    expect((await checkout({ installDate: '2026-11-21', installTimeSlot: '9-15' })).status).toBe(200);
    // Without a package, the longest notice: nothing offered is refused later.
    expect((await availabilityOf({ date: '2026-11-24', size: '7.5-9ft', kind: 'install' })).body.bookable).toBe(false);
    const curated = await checkout({ packageType: 'curated-christmas', installDate: '2026-11-24', installTimeSlot: '12-18', customerEmail: 'c@example.com' });
    expect(curated.status).toBe(409);
    expect(curated.body.message).toBe("That installation time is too soon: bookings need 120 hours' notice. Please choose a later time.");
  });

  it('GET /api/fn/notice gives the server clock and the hours', async () => {
    const res = await callFn('GET', '/api/fn/notice');
    expect(res).toEqual({ status: 200, body: { nowMs: Date.parse('2026-11-20T17:00:00Z'), notice: { visit: DEFAULT_NOTICE.visit_hours, consultation: 24 } } });
  });
});

describe('the travel buffer', () => {
  const staged = (address: string) =>
    createBookingRecord({
      install_date: '2026-11-24',
      install_time_slot: '9-12',
      tree_size: '5-7ft',
      customer_address: address,
      removal_date: '',
      removal_time_slot: '',
      status: 'confirmed',
      payment_status: 'deposit_paid',
    });
  const request = (address: string) => ({ treeSize: '5-7ft', installDate: '2026-11-24', installTimeSlot: '12-15', customerAddress: address, removalDate: '2026-12-28', removalTimeSlot: '9-12' });

  it('refuses a back-to-back slot across towns at the hold, naming the times that fit', async () => {
    await staged(ANNAPOLIS);
    const res = await checkout(request(ELLICOTT_CITY));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('That installation time leaves too little time to drive between our visits nearby. Times that fit that day: 3:00 PM – 6:00 PM, 6:00 PM – 9:00 PM.');
    const slots = await availabilityOf({ date: '2026-11-24', size: '5-7ft', kind: 'install', zip: '21043' }, '/api/fn/availability-for-address');
    expect(slotMap(slots.body)).toEqual({ '9-12': false, '12-15': false, '15-18': true, '18-21': true });
  });

  it('allows it in the same ZIP', async () => {
    await staged(ANNAPOLIS);
    expect((await checkout(request('7 Church Circle, Annapolis, MD 21401'))).status).toBe(200);
  });

  it("holds the customer's move to it too: a time right after a visit in another town is refused, a later one taken", async () => {
    await staged(ANNAPOLIS);
    // A booking of Ellicott City on Saturday the 28th, paid this morning, with a manage link of known token.
    const mover = await createBookingRecord({
      install_date: '2026-11-28',
      install_time_slot: '9-12',
      tree_size: '5-7ft',
      package_type: 'adorned-arrangement',
      customer_address: ELLICOTT_CITY,
      removal_date: '',
      removal_time_slot: '',
      total_price: 30000,
      deposit_amount: 15000,
      balance_remaining: 15000,
      status: 'confirmed',
      payment_status: 'deposit_paid',
      deposit_paid_at: '2026-11-20 15:00:00.000Z',
    });
    const token = randomBytes(32).toString('base64url');
    await superuser()
      .collection('booking_links')
      .create({ booking: mover.id, token_hash: createHash('sha256').update(token).digest('hex'), expires_at: '2027-03-01 00:00:00.000Z' });
    const moveTo = (timeSlot: string) => callFn('POST', '/api/fn/my-booking/move', { token, visit: 'install', date: '2026-11-24', timeSlot, from: { date: '2026-11-28', timeSlot: '9-12' } });
    expect(await moveTo('12-15')).toMatchObject({ status: 409, body: { message: 'That installation time leaves too little time to drive between our visits nearby. Please choose another time.' } });
    expect((await superuser().collection('bookings').getOne(mover.id)).install_date).toMatch(/^2026-11-28/);
    expect((await moveTo('15-18')).status).toBe(200);
  });

  it("follows the owner's buffer setting", async () => {
    await staged(ANNAPOLIS);
    await setSetting('travel_buffer_minutes', 120);
    expect((await checkout(request(ELLICOTT_CITY))).status).toBe(200);
  });

  it('the small bundle answers without the ZIP, and the address route needs one', async () => {
    await staged(ANNAPOLIS);
    const plain = await availabilityOf({ date: '2026-11-24', size: '5-7ft', kind: 'install' });
    expect(slotMap(plain.body)['12-15']).toBe(true);
    expect((await availabilityOf({ date: '2026-11-24', size: '5-7ft', kind: 'install', zip: '21043' })).status).toBe(400);
    expect((await availabilityOf({ date: '2026-11-24', size: '5-7ft', kind: 'install' }, '/api/fn/availability-for-address')).status).toBe(400);
  });

  it('refuses a consultation right after another across towns, and allows it in the same ZIP', async () => {
    await createConsultationRecord({ consultation_date: '2026-11-25', consultation_time_slot: '14:00', customer_address: ANNAPOLIS });
    const ask = (customerAddress: string, customerEmail: string) =>
      callFn('POST', '/api/fn/consultation-request', { date: '2026-11-25', timeSlot: '14:30', customerName: 'Ivy', customerEmail, customerPhone: '410 555 0102', customerAddress });
    const far = await ask(ELLICOTT_CITY, 'ivy@example.com');
    expect(far.status).toBe(409);
    expect(far.body.message).toMatch(/^That consultation time leaves too little time to drive from our visit nearby\. Times that fit that day: .*3:00 PM/);
    expect((await callFn('GET', '/api/fn/consultation-slots?date=2026-11-25&zip=21043')).body.slots.find((s: { id: string }) => s.id === '14:30').available).toBe(false);
    expect((await ask('7 Church Circle, Annapolis, MD 21401', 'ivy2@example.com')).status).toBe(200);
  });
});

describe('only admins change the notice and the buffer', () => {
  it('an admin may; staff without the role and visitors may not; a malformed value is a 400 with a sentence', async () => {
    const notice = await admin.pb.collection('settings').getFirstListItem('key = "notice"');
    const buffer = await admin.pb.collection('settings').getFirstListItem('key = "travel_buffer_minutes"');
    expect(await statusOf(admin.pb.collection('settings').update(buffer.id, { value: 45 }))).toBe(200);
    expect(await statusOf(admin.pb.collection('settings').update(notice.id, { value: { ...DEFAULT_NOTICE, consultation_hours: 36 } }))).toBe(200);
    expect(await statusOf(member.pb.collection('settings').update(buffer.id, { value: 0 }))).toBeGreaterThanOrEqual(400);
    expect(await statusOf(anonymous().collection('settings').update(notice.id, { value: DEFAULT_NOTICE }))).toBeGreaterThanOrEqual(400);
    expect(await statusOf(admin.pb.collection('settings').update(buffer.id, { value: -1 }))).toBe(400);
    expect(await statusOf(admin.pb.collection('settings').update(notice.id, { value: { consultation_hours: 24 } }))).toBe(400);
    expect((await callFn('GET', '/api/fn/notice')).body.notice.consultation).toBe(36);
  });
});

describe('consultations need 24 hours of notice (today Tuesday Nov 24, noon)', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pb-notice-test-'));
  const get = async (route: string) => (await fetch(`${server.url}${route}`)).json();
  const post = async (route: string, body: unknown) => {
    const res = await fetch(`${server.url}${route}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    server = await startServer({ dataDir, template: template(), env: { APP_NOW: '2026-11-24T17:00:00Z', RATE_LIMITS: 'off' } });
    await superuserAt(server.url);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the slots of tomorrow start at noon, and a request inside the 24 hours is refused with the sentence', async () => {
    const slots = await get('/api/fn/consultation-slots?date=2026-11-25');
    expect(slots.slots[0].id).toBe('12:00');
    expect(slots.noticeHint).toBe("Bookings need 24 hours' notice.");
    const body = { date: '2026-11-25', customerName: 'Ivy', customerEmail: 'ivy@example.com', customerPhone: '410 555 0102', customerAddress: ELLICOTT_CITY };
    const soon = await post('/api/fn/consultation-request', { ...body, timeSlot: '11:30' });
    expect(soon).toMatchObject({ status: 409, body: { message: "That consultation time is too soon: bookings need 24 hours' notice. Please choose a later time." } });
    expect((await post('/api/fn/consultation-request', { ...body, timeSlot: '12:00' })).status).toBe(200);
  });
});
