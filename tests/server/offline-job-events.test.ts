/**
 * On-site actions from the admin's offline outbox, applied exactly once (docs/decisions/016; docs/architecture.md
 * "Admin data and sync"; docs/decisions/016): POST /api/fn/job-events (notes, done marks and
 * photos under a client-made id), POST /api/fn/booking-admin-notes (the later edit wins), and
 * send-review-request under an Idempotency-Key. Replays come back at the same instant and
 * later; a reused id with another action is a 422; only admins get through.
 */
import { createHash, randomBytes } from 'node:crypto';
import type PocketBase from 'pocketbase';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureOf } from './admin-fixtures';
import { createBookingRecord, deleteBookings, expectClearSentence } from './fixtures';
import { PNG } from './image-fixtures';
import { staffClient } from './review-fixtures';
import { anonymous, baseUrl, request, statusOf, superuser } from './support';

const ROUTE = '/api/fn/job-events';
const NOTES_ROUTE = '/api/fn/booking-admin-notes';
const REVIEW_ROUTE = '/api/fn/send-review-request';
const REUSED = 'This action id was already used for a different action. Please discard it and record the action again.';

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** A client-made id as the outbox makes it: 15 of [a-z0-9]. */
function clientId(): string {
  return Array.from(randomBytes(15), (b) => ALPHABET[b % ALPHABET.length]).join('');
}

interface Answer {
  status: number;
  body: any;
}

const post = (token: string | null, route: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> => request({ route, body, token, headers });

/** A multipart job event with `bytes` as its photo. */
function photoForm(fields: Record<string, string>, bytes: Uint8Array, name = 'tree.jpg', type = 'image/jpeg'): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append('photo', new File([new Uint8Array(bytes)], name, { type }));
  return fd;
}

const su = superuser();
let admin: PocketBase;
let member: PocketBase;
const created: string[] = [];

/** A confirmed booking with its deposit paid (the state a job is done in). */
async function confirmedBooking(over: Record<string, unknown> = {}) {
  const b = await createBookingRecord({ payment_status: 'deposit_paid', status: 'confirmed', balance_remaining: 82500, ...over });
  created.push(b.id);
  return b;
}

const eventsOf = (bookingId: string) => su.collection('job_events').getFullList({ filter: su.filter('booking = {:b}', { b: bookingId }) });

beforeAll(async () => {
  admin = await staffClient('admin');
  member = await staffClient('');
});
afterAll(async () => {
  // Confirmed bookings hold slots: leave nothing behind for the other files (events cascade).
  await deleteBookings(created);
});

describe('POST /api/fn/job-events: who may call it', () => {
  it('anonymous 401, staff without the admin role 403, admin 200; refused calls store nothing', async () => {
    const b = await confirmedBooking();
    const body = { clientId: clientId(), bookingId: b.id, kind: 'note', text: 'Gate code 1234' };
    const anon = await post(null, ROUTE, body);
    expect(anon.status).toBe(401);
    const staff = await post(member.authStore.token, ROUTE, body);
    expect(staff.status).toBe(403);
    expectClearSentence(staff.body.message);
    expect(await eventsOf(b.id)).toHaveLength(0);
    expect((await post(admin.authStore.token, ROUTE, body)).status).toBe(200);
  });

  it('job events can no longer be created through the records API, even by an admin', async () => {
    const b = await confirmedBooking();
    const status = await statusOf(admin.collection('job_events').create({ booking: b.id, kind: 'install_done', client_id: clientId() }));
    expect([400, 403]).toContain(status);
    expect(await eventsOf(b.id)).toHaveLength(0);
  });
});

describe('POST /api/fn/job-events: a note', () => {
  it('is stored under the client-made id as record id, with the admin as author', async () => {
    const b = await confirmedBooking();
    const id = clientId();
    // The phone's time, within bounds of the server's (frozen at 17:00): kept.
    const res = await post(admin.authStore.token, ROUTE, { clientId: id, bookingId: b.id, kind: 'note', text: ' Dog: Max \r\n', occurredAt: '2026-11-20T17:04:00.000Z' });
    expect(res.status).toBe(200);
    expect(res.body.replayed).toBe(false);
    expect(res.body.event).toMatchObject({
      id,
      client_id: id,
      booking: b.id,
      kind: 'note',
      text: 'Dog: Max',
      occurred_at: '2026-11-20 17:04:00.000Z',
      clock_corrected: false,
      device_time: '',
      created_by: admin.authStore.record!.id,
    });
    expect(res.body.event.request_fingerprint).toBeUndefined();
    expect(res.body.booking).toMatchObject({ id: b.id, status: 'confirmed', install_done_at: '' });
  });

  it('replayed later answers the FIRST event (200, same id) and stores nothing more', async () => {
    const b = await confirmedBooking();
    const body = { clientId: clientId(), bookingId: b.id, kind: 'note', text: 'Ladder in the garage' };
    const first = await post(admin.authStore.token, ROUTE, body);
    await post(admin.authStore.token, ROUTE, { clientId: clientId(), bookingId: b.id, kind: 'note', text: 'Another note' });
    const again = await post(admin.authStore.token, ROUTE, body);
    expect(again.status).toBe(200);
    expect(again.body.replayed).toBe(true);
    expect(again.body.event).toEqual(first.body.event);
    expect(await eventsOf(b.id)).toHaveLength(2);
  });

  it('replayed at the same instant: every answer is 200 with the same id, one row', async () => {
    const b = await confirmedBooking();
    const body = { clientId: clientId(), bookingId: b.id, kind: 'note', text: 'Same instant' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(admin.authStore.token, ROUTE, body)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.event.id)).size).toBe(1);
    expect(answers.filter((a) => !a.body.replayed)).toHaveLength(1);
    expect(await eventsOf(b.id)).toHaveLength(1);
  });

  it('the same id with another action is a 422 and changes nothing', async () => {
    const b = await confirmedBooking();
    const id = clientId();
    await post(admin.authStore.token, ROUTE, { clientId: id, bookingId: b.id, kind: 'note', text: 'First' });
    for (const other of [
      { clientId: id, bookingId: b.id, kind: 'note', text: 'Second' },
      { clientId: id, bookingId: b.id, kind: 'install_done' },
      { clientId: id, bookingId: b.id, kind: 'note', text: 'First', occurredAt: '2026-11-24T15:30:00.000Z' },
    ]) {
      const res = await post(admin.authStore.token, ROUTE, other);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(REUSED);
    }
    const events = await eventsOf(b.id);
    expect(events.map((e) => e.text)).toEqual(['First']);
    expect((await su.collection('bookings').getOne(b.id)).install_done_at).toBe('');
  });

  it.each<[string, (bookingId: string) => Record<string, unknown>, number]>([
    ['a malformed client id', (b) => ({ clientId: 'NOT-VALID', bookingId: b, kind: 'note', text: 'x' }), 400],
    ['an empty note', (b) => ({ clientId: clientId(), bookingId: b, kind: 'note', text: '  ' }), 400],
    ['an unknown kind', (b) => ({ clientId: clientId(), bookingId: b, kind: 'cancel' }), 400],
    ['a bad time', (b) => ({ clientId: clientId(), bookingId: b, kind: 'install_done', occurredAt: 'tomorrow' }), 400],
    ['a photo kind without a photo', (b) => ({ clientId: clientId(), bookingId: b, kind: 'photo' }), 400],
    ['an unknown booking', () => ({ clientId: clientId(), bookingId: 'nosuchbooking00', kind: 'note', text: 'x' }), 404],
  ])('refuses %s with a plain sentence', async (_name, body, status) => {
    const b = await confirmedBooking();
    const res = await post(admin.authStore.token, ROUTE, body(b.id));
    expect(res.status).toBe(status);
    expectClearSentence(res.body.message);
    expect(await eventsOf(b.id)).toHaveLength(0);
  });
});

describe('POST /api/fn/job-events: done marks (the server owns the statuses)', () => {
  it('install done stamps the booking once; a second device marking it too changes nothing', async () => {
    const b = await confirmedBooking();
    const res = await post(admin.authStore.token, ROUTE, { clientId: clientId(), bookingId: b.id, kind: 'install_done', occurredAt: '2026-11-20T17:02:00.000Z' });
    expect(res.status).toBe(200);
    expect(res.body.booking).toMatchObject({ install_done_at: '2026-11-20 17:02:00.000Z', status: 'confirmed' });
    const other = await post(admin.authStore.token, ROUTE, { clientId: clientId(), bookingId: b.id, kind: 'install_done', occurredAt: '2026-11-20T17:06:00.000Z' });
    expect(other.status).toBe(200);
    expect(other.body.booking.install_done_at).toBe('2026-11-20 17:02:00.000Z');
    expect(await eventsOf(b.id)).toHaveLength(2);
  });

  it('install done of a booking without removal completes it; removal done after the install completes it', async () => {
    const noRemoval = await confirmedBooking({ removal_date: '', removal_time_slot: '' });
    const a = await post(admin.authStore.token, ROUTE, { clientId: clientId(), bookingId: noRemoval.id, kind: 'install_done' });
    // Without occurredAt the server's clock (frozen for the tests) is the time.
    expect(a.body.booking).toMatchObject({ status: 'completed', install_done_at: '2026-11-20 17:00:00.000Z' });

    const b = await confirmedBooking({ install_date: '2026-11-25', install_done_at: '2026-11-20 16:00:00.000Z' });
    const body = { clientId: clientId(), bookingId: b.id, kind: 'removal_done', occurredAt: '2026-11-20T17:08:00.000Z' };
    const done = await post(admin.authStore.token, ROUTE, body);
    expect(done.body.booking).toMatchObject({ status: 'completed', removal_done_at: '2026-11-20 17:08:00.000Z' });
    const updatedAt = (await su.collection('bookings').getOne(b.id)).updated_at;
    const replay = await post(admin.authStore.token, ROUTE, body);
    expect(replay.body).toMatchObject({ replayed: true, event: { id: body.clientId } });
    expect((await su.collection('bookings').getOne(b.id)).updated_at).toBe(updatedAt);
  });

  it('a removal marked done before its install is a 409 with a plain sentence and changes nothing; after the install it is taken', async () => {
    const b = await confirmedBooking({ install_date: '2026-11-26' });
    const early = await post(admin.authStore.token, ROUTE, { clientId: clientId(), bookingId: b.id, kind: 'removal_done' });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('The installation must be done before the removal.');
    expect(await su.collection('bookings').getOne(b.id)).toMatchObject({ status: 'confirmed', removal_done_at: '', install_done_at: '' });
    expect(await eventsOf(b.id)).toHaveLength(0);
    expect((await post(admin.authStore.token, ROUTE, { clientId: clientId(), bookingId: b.id, kind: 'install_done' })).body.booking).toMatchObject({ status: 'confirmed' });
    const late = await post(admin.authStore.token, ROUTE, { clientId: clientId(), bookingId: b.id, kind: 'removal_done' });
    expect(late.status).toBe(200);
    expect(late.body.booking).toMatchObject({ status: 'completed', removal_done_at: '2026-11-20 17:00:00.000Z' });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['cancelled', { status: 'cancelled', payment_status: 'pending' }, 'This booking was cancelled, so it cannot be marked done.'],
    ['refunded after a conflict', { status: 'payment_conflict', payment_status: 'refunded' }, 'This booking was cancelled, so it cannot be marked done.'],
    ['unpaid', { status: 'pending_payment', payment_status: 'pending' }, "This booking's deposit has not been paid, so it cannot be marked done."],
  ])('a done mark on a %s booking is a 409 with why; a note on it is taken', async (_name, over, message) => {
    const b = await createBookingRecord(over);
    created.push(b.id);
    const res = await post(admin.authStore.token, ROUTE, { clientId: clientId(), bookingId: b.id, kind: 'removal_done' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(message);
    expect((await su.collection('bookings').getOne(b.id)).status).toBe(over.status);
    expect((await post(admin.authStore.token, ROUTE, { clientId: clientId(), bookingId: b.id, kind: 'note', text: 'Nobody home' })).status).toBe(200);
  });
});

describe('POST /api/fn/job-events: a photo of the finished tree', () => {
  let jpeg: Buffer;
  beforeAll(async () => {
    jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 120, b: 40 } } })
      .jpeg()
      .toBuffer();
  });

  it('is uploaded once (multipart), readable by an admin with a file token and by nobody else', async () => {
    const b = await confirmedBooking();
    const fields = { clientId: clientId(), bookingId: b.id, kind: 'photo', text: 'Finished tree', occurredAt: '2026-11-20T17:10:00.000Z' };
    const res = await post(admin.authStore.token, ROUTE, photoForm(fields, jpeg));
    expect(res.status).toBe(200);
    expect(res.body.event).toMatchObject({ id: fields.clientId, kind: 'photo', text: 'Finished tree' });
    const file = res.body.event.photo as string;
    expect(file).toMatch(/\.jpg$/);

    const url = `${baseUrl()}/api/files/job_events/${fields.clientId}/${file}`;
    expect([401, 403, 404]).toContain((await fetch(url)).status);
    const memberToken = await member.files.getToken().catch(() => '');
    expect([401, 403, 404]).toContain((await fetch(`${url}?token=${memberToken}`)).status);
    const adminToken = await admin.files.getToken();
    const download = await fetch(`${url}?token=${adminToken}`);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(jpeg)).toBe(true);

    // Replayed (same bytes) at the same instant and later: the first event, one stored photo.
    const replays = await Promise.all([0, 1, 2].map(() => post(admin.authStore.token, ROUTE, photoForm(fields, jpeg))));
    for (const r of replays) expect(r.body).toMatchObject({ replayed: true, event: { id: fields.clientId, photo: file } });
    expect(await eventsOf(b.id)).toHaveLength(1);
  });

  it('a different photo under the same id is a 422', async () => {
    const b = await confirmedBooking();
    const fields = { clientId: clientId(), bookingId: b.id, kind: 'photo' };
    expect((await post(admin.authStore.token, ROUTE, photoForm(fields, jpeg))).status).toBe(200);
    const other = await post(admin.authStore.token, ROUTE, photoForm(fields, PNG, 'tree.png', 'image/png'));
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(REUSED);
  });

  it('refuses a photo over 8 MB, a file that is not an image, a photo on a note and two photos', async () => {
    const b = await confirmedBooking();
    const big = Buffer.concat([jpeg, Buffer.alloc(8 * 1024 * 1024)]);
    const tooBig = await post(admin.authStore.token, ROUTE, photoForm({ clientId: clientId(), bookingId: b.id, kind: 'photo' }, big));
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toBe('The photo is larger than 8 MB. Please choose a smaller one.');

    const text = await post(admin.authStore.token, ROUTE, photoForm({ clientId: clientId(), bookingId: b.id, kind: 'photo' }, Buffer.from('just text, not a picture'), 'tree.jpg'));
    expect(text.status).toBe(400);

    const onNote = await post(admin.authStore.token, ROUTE, photoForm({ clientId: clientId(), bookingId: b.id, kind: 'note', text: 'x' }, jpeg));
    expect(onNote.status).toBe(400);
    expectClearSentence(onNote.body.message);

    const two = photoForm({ clientId: clientId(), bookingId: b.id, kind: 'photo' }, jpeg);
    two.append('photo', new File([new Uint8Array(jpeg)], 'b.jpg', { type: 'image/jpeg' }));
    expect((await post(admin.authStore.token, ROUTE, two)).status).toBe(400);
    expect(await eventsOf(b.id)).toHaveLength(0);
  });
});

describe('POST /api/fn/booking-admin-notes: the later edit wins, whatever order edits arrive in', () => {
  it('keeps the latest edit; an older edit arriving late and a replay change nothing', async () => {
    const b = await confirmedBooking();
    const edit = (adminNotes: string, editedAt: string) => post(admin.authStore.token, NOTES_ROUTE, { bookingId: b.id, adminNotes, editedAt });

    // Times within bounds of the server's clock (frozen at 17:00, so at most 17:10).
    const laptop = await edit('Bring the tall ladder', '2026-11-20T17:05:00.000Z');
    expect(laptop.status).toBe(200);
    expect(laptop.body).toMatchObject({ applied: true, clockCorrected: false, booking: { admin_notes: 'Bring the tall ladder', admin_notes_updated_at: '2026-11-20 17:05:00.000Z' } });
    // The phone edited at 17:01 offline and syncs afterwards: the laptop's later edit stays.
    const phone = await edit('Small ladder is fine', '2026-11-20T17:01:00.000Z');
    expect(phone.body).toMatchObject({ applied: false, booking: { admin_notes: 'Bring the tall ladder' } });
    expect((await edit('Bring the tall ladder', '2026-11-20T17:05:00.000Z')).body.applied).toBe(false);
    const later = await edit('', '2026-11-20T17:09:00.000Z');
    expect(later.body).toMatchObject({ applied: true, booking: { admin_notes: '' } });
    // The customer's own notes are never touched.
    expect((await su.collection('bookings').getOne(b.id)).notes).toBe(b.notes);
  });

  it('is for admins only, and refuses a malformed edit or an unknown booking with a plain sentence', async () => {
    const b = await confirmedBooking();
    const body = { bookingId: b.id, adminNotes: 'x', editedAt: '2026-11-24T10:00:00.000Z' };
    expect((await post(null, NOTES_ROUTE, body)).status).toBe(401);
    expect((await post(member.authStore.token, NOTES_ROUTE, body)).status).toBe(403);
    const bad = await post(admin.authStore.token, NOTES_ROUTE, { ...body, editedAt: 'now' });
    expect(bad.status).toBe(400);
    expectClearSentence(bad.body.message);
    expect((await post(admin.authStore.token, NOTES_ROUTE, { ...body, bookingId: 'nosuchbooking00' })).status).toBe(404);
    expect((await su.collection('bookings').getOne(b.id)).admin_notes).toBe('');
  });

  it('bookings still cannot be updated through the records API', async () => {
    const b = await confirmedBooking();
    expect([403, 404]).toContain((await failureOf(admin.collection('bookings').update(b.id, { admin_notes: 'x' }))).status);
  });
});

describe('times from a phone with a wrong clock (docs/decisions/039)', () => {
  const SERVER_TIME = '2026-11-20 17:00:00.000Z';

  it.each<[string, Record<string, unknown>]>([
    ['a note dated 2999', { kind: 'note', text: 'Dog: Max', occurredAt: '2999-01-01T00:00:00.000Z' }],
    ['a note 11 minutes ahead', { kind: 'note', text: 'Dog: Max', occurredAt: '2026-11-20T17:11:00.000Z' }],
    ['a note from before the booking existed', { kind: 'note', text: 'Dog: Max', occurredAt: '2020-01-01T00:00:00.000Z' }],
    ['an install mark dated 2999', { kind: 'install_done', occurredAt: '2999-01-01T00:00:00.000Z' }],
  ])('%s is stored at the server time and marked corrected, with what the phone sent', async (_name, action) => {
    const b = await confirmedBooking();
    const res = await post(admin.authStore.token, ROUTE, { clientId: clientId(), bookingId: b.id, ...action });
    expect(res.status).toBe(200);
    expect(res.body.event).toMatchObject({ occurred_at: SERVER_TIME, clock_corrected: true, device_time: action.occurredAt });
    if (action.kind === 'install_done') expect(res.body.booking.install_done_at).toBe(SERVER_TIME);
  });

  it('a photo dated 2999 too', async () => {
    const b = await confirmedBooking();
    const fields = { clientId: clientId(), bookingId: b.id, kind: 'photo', occurredAt: '2999-06-01T12:00:00.000Z' };
    const res = await post(admin.authStore.token, ROUTE, photoForm(fields, PNG, 'tree.png', 'image/png'));
    expect(res.status).toBe(200);
    expect(res.body.event).toMatchObject({ occurred_at: SERVER_TIME, clock_corrected: true });
  });

  it('a note edit dated 2999, then a real one: the real one is applied', async () => {
    const b = await confirmedBooking();
    const edit = (adminNotes: string, editedAt: string) => post(admin.authStore.token, NOTES_ROUTE, { bookingId: b.id, adminNotes, editedAt });
    const wrong = await edit('From the phone dated 2999', '2999-01-01T00:00:00.000Z');
    expect(wrong.body).toMatchObject({ applied: true, clockCorrected: true, booking: { admin_notes: 'From the phone dated 2999', admin_notes_updated_at: SERVER_TIME } });
    // The laptop's clock is right: its edit is dated the server's time to the millisecond (the
    // clock is frozen), a tie the server's order breaks.
    const real = await edit('From the laptop', '2026-11-20T17:00:00.000Z');
    expect(real.body).toMatchObject({ applied: true, clockCorrected: false, booking: { admin_notes: 'From the laptop' } });
    const next = await edit('A minute later', '2026-11-20T17:01:00.000Z');
    expect(next.body).toMatchObject({ applied: true, booking: { admin_notes: 'A minute later', admin_notes_updated_at: '2026-11-20 17:01:00.000Z' } });
    // The 2999 edit sent again (the outbox retrying) does not overwrite the later edit.
    expect((await edit('From the phone dated 2999', '2999-01-01T00:00:00.000Z')).body).toMatchObject({ applied: false, booking: { admin_notes: 'A minute later' } });
  });
});

describe('send-review-request under an Idempotency-Key (a queued request sent twice)', () => {
  const mailsOf = (testimonialId: string) => su.collection('mail_log').getFullList({ filter: su.filter('related_id = {:id}', { id: testimonialId }) });

  it('a replay, later or at the same instant, answers the first answer and sends no second e-mail', async () => {
    const b = await confirmedBooking();
    const key = `review-${clientId()}`;
    const first = await post(admin.authStore.token, REVIEW_ROUTE, { booking_id: b.id }, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    const replays = await Promise.all([0, 1, 2].map(() => post(admin.authStore.token, REVIEW_ROUTE, { booking_id: b.id }, { 'Idempotency-Key': key })));
    for (const r of replays) expect(r).toEqual(first);
    expect(await mailsOf(first.body.testimonialId)).toHaveLength(1);
    // The first link still works: the replay did not renew it.
    const token = new URL(first.body.reviewUrl).searchParams.get('token');
    expect((await fetch(`${baseUrl()}/api/fn/review-link?token=${token}`)).status).toBe(200);

    // A new key asks afresh: a new link, a second e-mail.
    const fresh = await post(admin.authStore.token, REVIEW_ROUTE, { booking_id: b.id }, { 'Idempotency-Key': `review-${clientId()}` });
    expect(fresh.body.reviewUrl).not.toBe(first.body.reviewUrl);
    expect(await mailsOf(first.body.testimonialId)).toHaveLength(2);
  });

  it('first use at the same instant from several requests: one placeholder, one e-mail, one answer', async () => {
    const b = await confirmedBooking();
    const key = `review-${clientId()}`;
    const answers = await Promise.all([0, 1, 2, 3].map(() => post(admin.authStore.token, REVIEW_ROUTE, { booking_id: b.id, review_stage: 'post_install' }, { 'Idempotency-Key': key })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.reviewUrl)).size).toBe(1);
    expect(await mailsOf(answers[0]!.body.testimonialId)).toHaveLength(1);
  });

  it('the same key for another booking or stage is a 422; a malformed key a 400', async () => {
    const b = await confirmedBooking();
    const key = `review-${clientId()}`;
    expect((await post(admin.authStore.token, REVIEW_ROUTE, { booking_id: b.id }, { 'Idempotency-Key': key })).status).toBe(200);
    const other = await post(admin.authStore.token, REVIEW_ROUTE, { booking_id: b.id, review_stage: 'post_install' }, { 'Idempotency-Key': key });
    expect(other.status).toBe(422);
    expectClearSentence(other.body.message);
    expect((await post(admin.authStore.token, REVIEW_ROUTE, { booking_id: b.id }, { 'Idempotency-Key': 'bad key!' })).status).toBe(400);
  });

  it('a refused request stores no key: its replay is refused the same way', async () => {
    const b = await createBookingRecord({ status: 'cancelled' });
    created.push(b.id);
    const key = `review-${clientId()}`;
    const first = await post(admin.authStore.token, REVIEW_ROUTE, { booking_id: b.id }, { 'Idempotency-Key': key });
    expect(first.status).toBe(400);
    expect(await post(admin.authStore.token, REVIEW_ROUTE, { booking_id: b.id }, { 'Idempotency-Key': key })).toEqual(first);
    expect(
      (
        await anonymous()
          .collection('request_keys')
          .getList(1, 1)
          .catch((e) => e)
      ).status,
    ).toBeGreaterThanOrEqual(400);
  });

  describe('a key whose first request died after its transaction (no complete answer)', () => {
    const STILL = 'This request is still being processed. Please retry in a moment.';
    /** A key row as the first request's transaction leaves it, written `agoMs` ago. */
    async function staleKey(agoMs: number) {
      const b = await confirmedBooking();
      const key = `review-${clientId()}`;
      const fingerprint = createHash('sha256')
        .update(JSON.stringify(['send-review-request', b.id, 'post_removal']))
        .digest('hex');
      const partial = { success: true, testimonialId: 'tstimonial00001', reviewUrl: 'http://x/submit-review?token=abc', expiresAt: '2026-12-20 17:00:00.000Z' };
      const writtenAt = new Date(Date.now() - agoMs).toISOString().replace('T', ' ');
      await su.collection('request_keys').create({ key, route: 'send-review-request', request_fingerprint: fingerprint, answer: partial, done: false, written_at: writtenAt });
      return { b, key, partial };
    }

    it('a minute later, a replay completes it from the mail log: failed when no e-mail went out', async () => {
      const { b, key, partial } = await staleKey(61_000);
      const res = await post(admin.authStore.token, REVIEW_ROUTE, { booking_id: b.id }, { 'Idempotency-Key': key });
      expect(res).toEqual({ status: 200, body: { ...partial, mailStatus: 'failed' } });
      expect(await mailsOf(partial.testimonialId)).toHaveLength(0);
      const row = await su.collection('request_keys').getFirstListItem(su.filter('key = {:k}', { k: key }));
      expect(row.done).toBe(true);
    });

    it('…and with the status of the e-mail when it did go out', async () => {
      const { b, key, partial } = await staleKey(61_000);
      await su.collection('mail_log').create({ to: 'x@example.com', subject: 'Review', kind: 'review_request', body: 'x', status: 'logged', related_id: partial.testimonialId });
      const res = await post(admin.authStore.token, REVIEW_ROUTE, { booking_id: b.id }, { 'Idempotency-Key': key });
      expect(res.body.mailStatus).toBe('logged');
    });

    it('while it may still be sending, a replay waits, then answers 409 "still being processed" (retried later)', async () => {
      const { b, key } = await staleKey(0);
      const started = Date.now();
      const res = await post(admin.authStore.token, REVIEW_ROUTE, { booking_id: b.id }, { 'Idempotency-Key': key });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe(STILL);
      expect(Date.now() - started).toBeGreaterThanOrEqual(9_000);
    });
  });
});
