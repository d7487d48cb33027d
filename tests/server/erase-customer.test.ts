/**
 * The owner erases a customer's personal data (POST /api/fn/admin-customers/erase,
 * pb_hooks/src/lib/customers/erase-customer-route.ts): a customer with two bookings (one paid
 * by card with a refund, one in cash), a consultation, a review, queued and sent mail, an
 * uploaded image, job notes with a photo and manage links; after the erasure no record of any
 * collection holds the e-mail, the name, the phone or the address, the money is unchanged, the
 * links are dead, the files are gone and `erasures` holds one row without personal data.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERASE_CUSTOMER_MESSAGES } from '../../domain/commands/erase-customer-command';
import { signedInStaff, type SignedInStaff } from './admin-fixtures';
import { stageBalancePayment, stageBooking } from './charge-fixtures';
import { SERVER_NOW } from './constants';
import { checkout, createConsultationRecord, deleteBookings } from './fixtures';
import { PNG, uploadPng } from './image-fixtures';
import { PB_BIN } from '../../scripts/build/build-steps.mjs';
import { startServer } from '../../scripts/lib/server.mjs';
import { baseUrl, callFn, request, superuser, superuserAt, template } from './support';

const ROUTE = '/api/fn/admin-customers/erase';
const su = superuser();
const run = Math.random().toString(36).slice(2, 8);
const CUSTOMER = { name: `Erin Forgetme${run}`, email: `Erin.Forget.${run}@Example.com`, phone: '(240) 555-0193', address: `4${run.length}87 Vanishing Way ${run}, Ellicott City, MD 21043` };

/** A visit reminder sent to CUSTOMER about booking `bookingId`, stored in `su`'s mail_log with `body` under `key`. */
const sentToCustomer = (su: PocketBase, bookingId: string, body: string, key: string) =>
  su.collection('mail_log').create({ to: CUSTOMER.email, subject: `Hello ${CUSTOMER.name}`, kind: 'visit_reminder', body, status: 'sent', related_id: bookingId, key });
const personal = [CUSTOMER.name, CUSTOMER.email, CUSTOMER.phone, CUSTOMER.address].map((v) => v.toLowerCase());
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

let member: SignedInStaff;
let admin: SignedInStaff;
const ids = { card: '', cash: '', consultation: '', review: '', upload: '', uploadFile: '', photoEvent: '', photoFile: '', queued: '' };
let token = '';
const consultationToken = 'C'.repeat(43);
let moneyBefore = '';
let keySeq = 0;
const newKey = () => `erase-test-${run}-${++keySeq}`;

const erase = (body: unknown, key: string | null, auth: string | null = admin.token) => request({ route: ROUTE, body, token: auth, headers: key ? { 'Idempotency-Key': key } : {} });

/** The money of the customer's bookings as the books read it: totals, the ledger's fields, every charge's amount, method, status and refund. */
async function moneyOf(pb: PocketBase): Promise<string> {
  const rows = [];
  for (const id of [ids.card, ids.cash]) {
    const b = await pb.collection('bookings').getOne(id);
    const charges = await pb.collection('charges').getFullList({ filter: pb.filter('booking = {:id}', { id }), sort: 'created_at' });
    rows.push({
      booking: [b.id, b.total_price, b.deposit_amount, b.balance_remaining, b.payment_status, b.status, b.deposit_method, b.deposit_paid_at, b.install_date, b.card_last4],
      charges: charges.map((c) => [c.id, c.kind, c.amount, c.method, c.status, c.refund_status, c.refund_amount, c.refund_id, c.check_number, c.idempotency_key]),
    });
  }
  const receipts = await pb.collection('mail_log').getFullList({ filter: pb.filter("kind = 'receipt' && (related_id = {:a} || related_id = {:b})", { a: ids.card, b: ids.cash }), sort: 'created_at' });
  return JSON.stringify({ rows, receipts: receipts.map((r) => r.subject) });
}

/** Every record of every collection (the superuser's view), as [collection, record] pairs. */
async function everyRecord(): Promise<[string, Record<string, unknown>][]> {
  const collections = await su.collections.getFullList();
  const out: [string, Record<string, unknown>][] = [];
  for (const c of collections) {
    for (const r of await su.collection(c.name).getFullList({ batch: 500 })) out.push([c.name, r]);
  }
  return out;
}

const fileStatus = async (collection: string, id: string, file: string) => {
  const fileToken = await su.files.getToken();
  return (await fetch(`${baseUrl()}/api/files/${collection}/${id}/${file}?token=${fileToken}`)).status;
};

beforeAll(async () => {
  member = await signedInStaff('');
  admin = await signedInStaff('admin');

  // Booking 1, by the public path and paid by card (demo): its confirmation carries the manage link; one inspiration image.
  const upload = await uploadPng(`${CUSTOMER.name} living room.png`);
  ids.upload = upload.id;
  ids.uploadFile = upload.image as string;
  const res = await checkout({
    customerName: CUSTOMER.name,
    customerEmail: CUSTOMER.email,
    customerPhone: CUSTOMER.phone,
    customerAddress: CUSTOMER.address,
    notes: `Gate code 4411, ask for ${CUSTOMER.name}`,
    installDate: '2026-12-18',
    styleInspirationImages: [`${baseUrl()}/api/files/inspiration_images/${upload.id}/${upload.image}`],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect((await callFn('POST', '/api/fn/demo-checkout/pay', { sessionId: res.body.sessionId })).status).toBe(200);
  ids.card = res.body.bookingId;
  const confirmation = await su.collection('mail_log').getFirstListItem(su.filter("related_id = {:id} && kind = 'booking_confirmation'", { id: ids.card }));
  token = /\/my-booking\?token=([A-Za-z0-9_-]+)/.exec(confirmation.body)![1]!;
  expect((await callFn('POST', '/api/fn/my-booking', { token })).status).toBe(200);
  // A card balance payment of $100, $40 of it refunded.
  const cardCharge = await stageBalancePayment(su, ids.card, 10000, {
    method: '',
    stripe_payment_intent_id: `pi_erase_${run}`,
    description: 'Balance',
    refund_status: 'succeeded',
    refund_amount: 4000,
    refund_id: `re_erase_${run}`,
  });
  // A staged charge bypasses the runner, which keeps the booking's stored balance as its ledger
  // reads it (docs/decisions/061): stored here as the runner would, $100 paid less the $40 refunded.
  const staged = await su.collection('bookings').getOne(ids.card);
  await su.collection('bookings').update(ids.card, { balance_remaining: staged.total_price - staged.deposit_amount - 10000 + 4000 });
  // The owner's notice about that charge, related to the charge, not the booking.
  await su
    .collection('mail_log')
    .create({
      to: 'owner@business.test',
      subject: `Payment problem: ${CUSTOMER.name}`,
      kind: 'charge_failed_notice',
      body: `Customer: ${CUSTOMER.name} (${CUSTOMER.email})`,
      status: 'sent',
      key: `erase-notice-${run}`,
      related_id: cardCharge.id,
    });
  // The crew's note and photo of the visit.
  await su.collection('job_events').create({ booking: ids.card, kind: 'note', text: `${CUSTOMER.name} wants the star moved`, client_id: `erase-note-${run}` });
  const fd = new FormData();
  fd.append('booking', ids.card);
  fd.append('kind', 'photo');
  fd.append('client_id', `erase-photo-${run}`);
  fd.append('photo', new File([new Uint8Array(PNG)], 'porch.png', { type: 'image/png' }));
  const photo = await su.collection('job_events').create(fd);
  ids.photoEvent = photo.id;
  ids.photoFile = photo.photo as string;

  // Booking 2, by phone, its balance paid in cash at the door (the e-mail typed in another case).
  const cash = await stageBooking(su, {
    customer_name: CUSTOMER.name,
    customer_email: CUSTOMER.email.toUpperCase(),
    customer_phone: CUSTOMER.phone,
    customer_address: CUSTOMER.address,
    admin_notes: `Call ${CUSTOMER.phone}`,
  });
  ids.cash = cash.id;
  await stageBalancePayment(su, ids.cash, cash.total_price - cash.deposit_amount, { note: `Handed over by ${CUSTOMER.name}`, check_number: '' });
  await su.collection('bookings').update(ids.cash, { payment_status: 'paid', balance_remaining: 0 });

  // A consultation with a manage link, a review with text (approved), queued mail, a stored answer naming the address.
  const consultation = await createConsultationRecord({
    customer_name: CUSTOMER.name,
    customer_email: CUSTOMER.email,
    customer_phone: CUSTOMER.phone,
    customer_address: CUSTOMER.address,
    notes: 'Big foyer',
  });
  ids.consultation = consultation.id;
  await su.collection('consultation_links').create({ consultation: consultation.id, token_hash: sha256(consultationToken), expires_at: '2027-03-01 00:00:00.000Z' });
  const review = await su
    .collection('testimonials')
    .create({
      customer_name: CUSTOMER.name,
      customer_email: CUSTOMER.email,
      booking: ids.card,
      rating: 5,
      review_text: `Wonderful tree, thank you from ${CUSTOMER.name}!`,
      review_stage: 'post_install',
      is_approved: true,
      approved_at: '2026-11-19 12:00:00.000Z',
      submitted_at: '2026-11-18 12:00:00.000Z',
    });
  ids.review = review.id;
  const queued = await su
    .collection('mail_log')
    .create({
      to: CUSTOMER.email,
      subject: `A note for ${CUSTOMER.name}`,
      kind: 'visit_reminder',
      body: `Hello ${CUSTOMER.name}`,
      status: 'queued',
      key: `erase-queued-${run}`,
      related_id: ids.card,
      queued_at: '2026-11-20 16:00:00.000Z',
      next_attempt_at: '2027-01-01 00:00:00.000Z',
    });
  ids.queued = queued.id;
  await su
    .collection('request_keys')
    .create({ key: `erase-stored-${run}`, route: 'owner-move', request_fingerprint: 'x', answer: { booking: { id: ids.cash, customer_email: CUSTOMER.email } }, done: true, written_at: SERVER_NOW });

  // The customer's own record: the home's notes, saved by the owner (POST /api/fn/customer-notes).
  const notes = await request({
    route: '/api/fn/customer-notes',
    token: admin.token,
    headers: { 'Idempotency-Key': `erase-notes-${run}` },
    body: {
      email: CUSTOMER.email,
      name: CUSTOMER.name,
      phone: CUSTOMER.phone,
      address: CUSTOMER.address,
      notes: { notes_parking: `Park at ${CUSTOMER.address}`, notes_gate: '4411', notes_ornaments: `Ask ${CUSTOMER.name}`, notes_other: '' },
      editedAt: '2026-11-20T14:00:00.000Z',
    },
  });
  expect(notes.status, JSON.stringify(notes.body)).toBe(200);

  moneyBefore = await moneyOf(su);
  // The seed did reach the records the test then scans.
  const everything = JSON.stringify(await everyRecord()).toLowerCase();
  for (const v of personal) expect(everything).toContain(v);
  expect(await fileStatus('inspiration_images', ids.upload, ids.uploadFile)).toBe(200);
  expect(await fileStatus('job_events', ids.photoEvent, ids.photoFile)).toBe(200);
});

afterAll(async () => {
  await deleteBookings([ids.card, ids.cash].filter(Boolean));
  if (ids.consultation) await su.collection('consultation_requests').delete(ids.consultation);
});

describe('erasing a customer', () => {
  it('only the owner may erase: 401 signed out, 403 staff without the admin role', async () => {
    const body = { email: CUSTOMER.email, confirm: CUSTOMER.email };
    expect((await erase(body, newKey(), null)).status).toBe(401);
    expect((await erase(body, newKey(), member.token)).status).toBe(403);
    // Nothing changed.
    expect((await su.collection('bookings').getOne(ids.card)).customer_name).toBe(CUSTOMER.name);
  });

  it('asks for the e-mail twice and an Idempotency-Key', async () => {
    expect(await erase({ email: CUSTOMER.email, confirm: 'someone@else.com' }, newKey())).toMatchObject({ status: 400, body: { message: ERASE_CUSTOMER_MESSAGES.confirm } });
    expect(await erase({ email: '', confirm: '' }, newKey())).toMatchObject({ status: 400, body: { message: ERASE_CUSTOMER_MESSAGES.email } });
    expect((await erase({ email: CUSTOMER.email, confirm: CUSTOMER.email }, null)).status).toBe(400);
    expect((await su.collection('bookings').getOne(ids.cash)).customer_name).toBe(CUSTOMER.name);
  });

  it('erases every personal field of every record and keeps the money; the replay answers the same', async () => {
    const key = newKey();
    // Typed again in another case, with spaces: one customer.
    const first = await erase({ email: ` ${CUSTOMER.email.toUpperCase()} `, confirm: CUSTOMER.email.toLowerCase() }, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      found: true,
      counts: { bookings: 2, consultation_requests: 1, customers: 1, testimonials: 1, charges: 1, job_events: 2, consultation_links: 1, inspiration_images: 1 },
      uploadsDeleted: 1,
    });
    expect(first.body.counts.mail_log).toBeGreaterThanOrEqual(3);
    expect(first.body.counts.booking_links).toBeGreaterThanOrEqual(1);
    expect(first.body.counts.request_keys).toBeGreaterThanOrEqual(1);
    const replay = await erase({ email: CUSTOMER.email, confirm: CUSTOMER.email }, key);
    expect(replay).toEqual(first);

    // Every collection, every record, every field.
    const records = await everyRecord();
    const leaks = records.filter(([, r]) => personal.some((v) => JSON.stringify(r).toLowerCase().includes(v))).map(([c, r]) => `${c}/${String(r.id)}`);
    expect(leaks).toEqual([]);

    // The money, the methods and the receipts' numbers are as they were.
    expect(await moneyOf(su)).toBe(moneyBefore);

    const card = await su.collection('bookings').getOne(ids.card);
    expect(card).toMatchObject({ customer_name: 'Erased customer', customer_email: `erased-${ids.card}@erased.invalid`, notes: '', style_inspiration_images: [] });
    const review = await su.collection('testimonials').getOne(ids.review);
    expect(review).toMatchObject({ rating: 5, review_text: '', is_approved: false, approved_at: '2026-11-19 12:00:00.000Z' });
    expect((await su.collection('public_testimonials').getFullList({ filter: su.filter('id = {:id}', { id: ids.review }) })).length).toBe(0);
    // Queued mail is never sent.
    const queued = await su.collection('mail_log').getOne(ids.queued);
    expect(queued).toMatchObject({ status: 'failed', body: '', to: `erased-${ids.queued}@erased.invalid` });

    // The links are dead, the files gone.
    const dead = await callFn('POST', '/api/fn/my-booking', { token: 'Z'.repeat(43) });
    expect(await callFn('POST', '/api/fn/my-booking', { token })).toEqual(dead);
    const deadConsultation = await callFn('POST', '/api/fn/my-consultation', { token: 'Z'.repeat(43) });
    expect(await callFn('POST', '/api/fn/my-consultation', { token: consultationToken })).toEqual(deadConsultation);
    expect(await fileStatus('inspiration_images', ids.upload, ids.uploadFile)).toBe(404);
    expect((await su.collection('inspiration_images').getFullList({ filter: su.filter('id = {:id}', { id: ids.upload }) })).length).toBe(0);
    expect(await fileStatus('job_events', ids.photoEvent, ids.photoFile)).toBe(404);

    // One erasure recorded: who and when and the counts, nothing about the customer.
    const erasures = await su.collection('erasures').getFullList();
    expect(erasures).toHaveLength(1);
    expect(erasures[0]).toMatchObject({ erased_by: admin.id, counts: first.body.counts });
    expect(erasures[0]!.erased_at).toBeTruthy();
    const row = JSON.stringify(erasures[0]).toLowerCase();
    expect(row).not.toContain(sha256(CUSTOMER.email.toLowerCase()));
    // Staff cannot read it.
    expect((await request({ method: 'GET', route: '/api/collections/erasures/records', token: admin.token })).status).toBe(403);
  });

  it('a second erasure of the same e-mail finds nothing and says so, and touches no one else', async () => {
    // Someone else's review with no booking and an e-mail about no record: an empty list of the
    // customer's records must not match their empty relation (x IN ('') once took them).
    const review = await su.collection('testimonials').create({ customer_name: `Rita Bystander ${run}`, rating: 5, review_text: 'Lovely tree.' });
    const letter = await su
      .collection('mail_log')
      .create({ to: `rita.${run}@example.com`, subject: `Hello Rita ${run}`, kind: 'visit_reminder', body: 'Hello Rita', status: 'sent', key: `erase-bystander-${run}` });
    try {
      const again = await erase({ email: CUSTOMER.email, confirm: CUSTOMER.email }, newKey());
      expect(again).toEqual({ status: 200, body: { found: false, counts: {}, uploadsDeleted: 0 } });
      expect(await su.collection('erasures').getFullList()).toHaveLength(1);
      expect(await su.collection('testimonials').getOne(review.id)).toMatchObject({ customer_name: `Rita Bystander ${run}`, review_text: 'Lovely tree.' });
      expect(await su.collection('mail_log').getOne(letter.id)).toMatchObject({ to: `rita.${run}@example.com`, body: 'Hello Rita' });
    } finally {
      await su.collection('testimonials').delete(review.id);
      await su.collection('mail_log').delete(letter.id);
    }
  });
});

/** The replica's manifest (docs/decisions/041): its snapshots, newest first, and the start of its last pass. */
const manifestOf = (replica: string) => JSON.parse(readFileSync(path.join(replica, 'manifest.json'), 'utf8')) as { upTo: string; snapshots: { key: string; takenAt: string }[] };

/** Waits for a replication pass that started after `afterMs` and took a snapshot after it. */
async function snapshotAfter(replica: string, afterMs: number): Promise<{ key: string; takenAt: string }> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      const m = manifestOf(replica);
      const s = m.snapshots[0];
      if (s && Date.parse(s.takenAt) > afterMs && Date.parse(m.upTo) > afterMs) return s;
    } catch {
      // no manifest yet, or being replaced
    }
    if (Date.now() > deadline) throw new Error('no replica snapshot after the erasure');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('after an erasure, the next replica snapshot and the next backup hold none of it', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'erase-replica-'));
  const replica = path.join(work, 'replica');
  const held = (bytes: Buffer) => personal.filter((v) => bytes.toString('latin1').toLowerCase().includes(v));

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('the snapshots taken before it keep it until the retention drops them; the one after and the backup do not', async () => {
    const server = await startServer({ dataDir: path.join(work, 'data'), template: template(), env: { APP_NOW: SERVER_NOW, RATE_LIMITS: 'off', REPLICA_DIR: replica, REPLICA_INTERVAL_SECONDS: '1' } });
    try {
      const own = await superuserAt(server.url);
      const b = await stageBooking(own, {
        customer_name: CUSTOMER.name,
        customer_email: CUSTOMER.email,
        customer_phone: CUSTOMER.phone,
        customer_address: CUSTOMER.address,
        notes: `Ring twice. ${'Long note. '.repeat(150)}`,
      });
      // A long e-mail body (overflow pages) naming the customer.
      await sentToCustomer(own, b.id, `Dear ${CUSTOMER.name}, ${CUSTOMER.address}. ${'x'.repeat(6000)}`, `erase-replica-${run}`);
      const before = await snapshotAfter(replica, Date.now() - 1);
      expect(held(gunzipSync(readFileSync(path.join(replica, before.key))))).toEqual(personal);

      const erasedAt = Date.now();
      const res = await request({ base: server.url, route: ROUTE, body: { email: CUSTOMER.email, confirm: CUSTOMER.email }, token: own.authStore.token, headers: { 'Idempotency-Key': newKey() } });
      expect(res.body).toMatchObject({ found: true, counts: { bookings: 1, mail_log: 1 } });

      const after = await snapshotAfter(replica, erasedAt);
      expect(held(gunzipSync(readFileSync(path.join(replica, after.key))))).toEqual([]);
      // The earlier snapshot is still in the replica: the retention (the last 12, then hourly for
      // a day and daily for 14 days) removes it, with nothing else needed.
      expect(manifestOf(replica).snapshots.map((s) => s.key)).toContain(before.key);

      // PocketBase's scheduled backup zips data.db as it is: with secure_delete the erased values
      // are not in its free space (pb/secure_delete.go).
      await own.backups.create('after_erasure.zip');
      const restored = path.join(work, 'restored');
      await promisify(execFile)(PB_BIN, ['restore', path.join(work, 'data', 'backups', 'after_erasure.zip'), restored]);
      expect(held(readFileSync(path.join(restored, 'data.db')))).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 60_000);
});

describe('after an erasure, neither data.db nor its write-ahead log holds any of it', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'erase-wal-'));
  const held = (bytes: Buffer) => personal.filter((v) => bytes.toString('latin1').toLowerCase().includes(v));
  /** The bytes of data.db or its WAL as the disk holds them now (an empty buffer when the file is not there). */
  const bytesOf = (file: string) => (existsSync(path.join(work, 'data', file)) ? readFileSync(path.join(work, 'data', file)) : Buffer.alloc(0));

  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('the erasure checkpoints the WAL once it has committed (docs/decisions/054)', async () => {
    const server = await startServer({ dataDir: path.join(work, 'data'), template: template(), env: { APP_NOW: SERVER_NOW, RATE_LIMITS: 'off' } });
    try {
      const own = await superuserAt(server.url);
      const b = await stageBooking(own, { customer_name: CUSTOMER.name, customer_email: CUSTOMER.email, customer_phone: CUSTOMER.phone, customer_address: CUSTOMER.address, notes: 'Ring twice.' });
      await sentToCustomer(own, b.id, `Dear ${CUSTOMER.name}, ${CUSTOMER.address}, ${CUSTOMER.phone}.`, `erase-wal-${run}`);
      // Before: the values are on disk, in the log at least.
      expect(held(Buffer.concat([bytesOf('data.db'), bytesOf('data.db-wal')]))).toEqual(personal);

      const res = await request({ base: server.url, route: ROUTE, body: { email: CUSTOMER.email, confirm: CUSTOMER.email }, token: own.authStore.token, headers: { 'Idempotency-Key': newKey() } });
      expect(res.body).toMatchObject({ found: true, counts: { bookings: 1, mail_log: 1 } });
      expect(held(bytesOf('data.db'))).toEqual([]);
      expect(held(bytesOf('data.db-wal'))).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
