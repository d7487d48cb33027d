/**
 * The command runner's contract (pb_hooks/src/lib/commands/run-command.ts; docs/architecture.md
 * "The path of a command"), on the real routes that run on it: who may call comes from the
 * route table; a replay under an Idempotency-Key gets the first answer and writes nothing
 * twice, the same key with another request is a 422; a refusal writes nothing and stores no
 * key; an e-mail is queued in mail_log with the change and sent once after the commit; a
 * client id and a naturally idempotent command apply once too.
 */
import { randomBytes } from 'node:crypto';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNERSHIP_MESSAGES } from '../../domain/booking/ownership';
import { CONSULTATION_SLOTS } from '../../domain/schedule/slots';
import { loadRouteTable } from '../../scripts/build/hook-registrations.mjs';
import { createBookingRecord, createConsultationRecord, deleteBookings } from './fixtures';
import { requestReviewToken, reviewText, staffClient } from './review-fixtures';
import { clearCollections, request, superuser } from './support';

const su = superuser();
let admin: PocketBase;
let member: PocketBase;
const bookings: string[] = [];
const consultations: string[] = [];

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const clientId = (): string => Array.from(randomBytes(15), (b) => ALPHABET[b % ALPHABET.length]).join('');
const newKey = (what: string) => `${what}-${randomBytes(8).toString('hex')}`;

const post = (token: string | null, route: string, body: unknown, headers: Record<string, string> = {}) => request({ route, body, token, headers });
const asAdmin = (route: string, body: unknown, headers: Record<string, string> = {}) => post(admin.authStore.token, route, body, headers);

/** A confirmed booking with its deposit paid, its customer's e-mail its own. */
async function confirmedBooking(over: Record<string, unknown> = {}) {
  const b = await createBookingRecord({ customer_email: `runner.${clientId()}@example.com`, payment_status: 'deposit_paid', status: 'confirmed', balance_remaining: 82500, ...over });
  bookings.push(b.id);
  return b;
}

let slot = 0;
/** A pending consultation request on its own slot of Wednesday 2026-11-25 (one request per slot). */
async function consultation(over: Record<string, unknown> = {}) {
  const c = await createConsultationRecord({ customer_email: `runner.${clientId()}@example.com`, consultation_time_slot: CONSULTATION_SLOTS[slot++]!.id, ...over });
  consultations.push(c.id);
  return c;
}

const rows = (collection: string, filter: string, params: Record<string, unknown>) => su.collection(collection).getFullList({ filter: su.filter(filter, params) });
const keyRows = (key: string) => rows('request_keys', 'key = {:key}', { key });
const mailsAbout = (id: string) => rows('mail_log', 'related_id = {:id}', { id });

beforeAll(async () => {
  await clearCollections('consultation_requests');
  admin = await staffClient('admin');
  member = await staffClient('');
});

afterAll(async () => {
  await deleteBookings(bookings);
  for (const id of consultations)
    await su
      .collection('consultation_requests')
      .delete(id)
      .catch(() => undefined);
});

/** One valid request of each route on the runner, and the status a signed-out, a non-admin and an admin caller get. */
const ON_THE_RUNNER = [
  { path: '/api/fn/booking-admin-notes', body: async () => ({ bookingId: (await confirmedBooking()).id, adminNotes: 'Gate code 1234', editedAt: '2026-11-20T14:00:00Z' }) },
  { path: '/api/fn/job-events', body: async () => ({ clientId: clientId(), bookingId: (await confirmedBooking()).id, kind: 'note', text: 'Watered the tree' }) },
  { path: '/api/fn/consultations/status', body: async () => ({ id: (await consultation()).id, action: 'confirm' }), key: true },
  { path: '/api/fn/send-review-request', body: async () => ({ booking_id: (await confirmedBooking()).id }), key: true },
  {
    path: '/api/fn/admin-bookings/move',
    body: async () => ({ bookingId: (await confirmedBooking({ removal_date: '2027-01-21' })).id, visit: 'removal', date: '2027-01-24', timeSlot: '9-15' }),
    key: true,
  },
  { path: '/api/fn/admin-bookings/cancel', body: async () => ({ bookingId: (await confirmedBooking()).id, refund: false }), key: true },
];

describe('who may call: the route table says', () => {
  it('every route on the runner is declared for admins', async () => {
    // route-table.ts's routes and the declared ones, as the build registers them (docs/decisions/066).
    const { ROUTES } = await loadRouteTable();
    for (const r of ON_THE_RUNNER) expect(ROUTES.find((t) => t.path === r.path)?.caller, r.path).toBe('admin');
  });

  it.each(ON_THE_RUNNER)('$path: 401 signed out, 403 staff without the role, 200 an admin', async (r) => {
    const body = await r.body();
    const headers = (): Record<string, string> => (r.key ? { 'Idempotency-Key': newKey('access') } : {});
    expect((await post(null, r.path, body, headers())).status).toBe(401);
    expect((await post(member.authStore.token, r.path, body, headers())).status).toBe(403);
    const ok = await asAdmin(r.path, body, headers());
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

describe("a route anyone may call: the customer's review by its link (submit-review)", () => {
  it('anyone with the link fills it once; a second submit is refused and changes nothing', async () => {
    const b = await confirmedBooking();
    const { token, testimonialId } = await requestReviewToken(admin, b.id);
    const body = { token, rating: 5, review_text: reviewText(80) };
    expect(await post(null, '/api/fn/submit-review', body)).toEqual({ status: 200, body: { success: true } });
    const filled = await su.collection('testimonials').getOne(testimonialId);
    expect(filled).toMatchObject({ rating: 5, is_approved: false });
    const again = await post(null, '/api/fn/submit-review', { ...body, rating: 1 });
    expect(again).toMatchObject({ status: 400, body: { message: 'A review has already been submitted with this link' } });
    expect(await su.collection('testimonials').getOne(testimonialId)).toEqual(filled);
  });
});

describe('an Idempotency-Key (send-review-request)', () => {
  const ROUTE = '/api/fn/send-review-request';

  it('a replay answers the first answer and writes nothing twice: one placeholder, one e-mail, one key', async () => {
    const b = await confirmedBooking();
    const key = newKey('replay');
    const first = await asAdmin(ROUTE, { booking_id: b.id }, { 'Idempotency-Key': key });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const again = await asAdmin(ROUTE, { booking_id: b.id }, { 'Idempotency-Key': key });
    expect(again).toEqual(first);
    expect(await rows('testimonials', 'booking = {:b}', { b: b.id })).toHaveLength(1);
    expect(await mailsAbout(first.body.testimonialId)).toHaveLength(1);
    const [stored, ...more] = await keyRows(key);
    expect(more).toHaveLength(0);
    expect(stored).toMatchObject({ route: 'send-review-request', done: true, answer: first.body });
  });

  it('the same key with another request is a 422 and changes nothing', async () => {
    const b = await confirmedBooking();
    const key = newKey('reuse');
    expect((await asAdmin(ROUTE, { booking_id: b.id }, { 'Idempotency-Key': key })).status).toBe(200);
    const other = await asAdmin(ROUTE, { booking_id: b.id, review_stage: 'post_install' }, { 'Idempotency-Key': key });
    expect(other).toMatchObject({ status: 422, body: { message: OWNERSHIP_MESSAGES.idempotencyKeyReused } });
    expect(await rows('testimonials', 'booking = {:b}', { b: b.id })).toHaveLength(1);
  });

  it('a refusal writes nothing and stores no key: the same key goes through once the refusal no longer holds', async () => {
    const b = await confirmedBooking({ status: 'cancelled', payment_status: 'refunded' });
    const key = newKey('refused');
    const refused = await asAdmin(ROUTE, { booking_id: b.id }, { 'Idempotency-Key': key });
    expect(refused).toMatchObject({ status: 400, body: { message: 'Reviews can be requested only for paid or confirmed bookings.' } });
    expect(await keyRows(key)).toHaveLength(0);
    expect(await rows('testimonials', 'booking = {:b}', { b: b.id })).toHaveLength(0);
    expect(await rows('mail_log', 'to = {:to}', { to: b.customer_email })).toHaveLength(0);

    await su.collection('bookings').update(b.id, { status: 'confirmed', payment_status: 'deposit_paid' });
    const now = await asAdmin(ROUTE, { booking_id: b.id }, { 'Idempotency-Key': key });
    expect(now.status, JSON.stringify(now.body)).toBe(200);
    expect(await keyRows(key)).toHaveLength(1);
  });

  it('a malformed key is a 400 before anything is read', async () => {
    const b = await confirmedBooking();
    expect((await asAdmin(ROUTE, { booking_id: b.id }, { 'Idempotency-Key': 'bad key!' })).body.message).toBe(OWNERSHIP_MESSAGES.idempotencyKeyInvalid);
    expect(await rows('testimonials', 'booking = {:b}', { b: b.id })).toHaveLength(0);
  });
});

describe('mail: queued in the transaction, sent once after the commit (consultations/status)', () => {
  const ROUTE = '/api/fn/consultations/status';

  it('the confirmation is one mail_log row, already delivered when the answer comes, and a replay adds none', async () => {
    const c = await consultation();
    const res = await asAdmin(ROUTE, { id: c.id, action: 'confirm' }, { 'Idempotency-Key': newKey('mail') });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.consultation).toMatchObject({ id: c.id, status: 'confirmed', ics_sequence: 1 });
    const [mail, ...more] = await mailsAbout(c.id);
    expect(more).toHaveLength(0);
    // The test server has no SMTP: a delivered row is 'logged', sent once.
    expect(mail).toMatchObject({ kind: 'consultation_update', key: `consultation_confirm:${c.id}:1`, status: 'logged', attempts: 1 });
    expect(mail!.sent_at).not.toBe('');

    const replay = await asAdmin(ROUTE, { id: c.id, action: 'confirm' }, { 'Idempotency-Key': newKey('mail') });
    expect(replay.body.consultation).toMatchObject({ status: 'confirmed', ics_sequence: 1 });
    expect(await mailsAbout(c.id)).toHaveLength(1);
    expect((await mailsAbout(c.id))[0]).toMatchObject({ attempts: 1 });
  });

  it('a refusal writes nothing and mails nothing', async () => {
    const c = await consultation({ status: 'completed' });
    const before = await su.collection('consultation_requests').getOne(c.id);
    const res = await asAdmin(ROUTE, { id: c.id, action: 'cancel' }, { 'Idempotency-Key': newKey('refused') });
    expect(res.status).toBe(409);
    expect(await su.collection('consultation_requests').getOne(c.id)).toEqual(before);
    expect(await mailsAbout(c.id)).toHaveLength(0);
  });

  it('a key is required where the command asks for one', async () => {
    const c = await consultation();
    expect(await asAdmin(ROUTE, { id: c.id, action: 'confirm' })).toMatchObject({ status: 400, body: { message: OWNERSHIP_MESSAGES.idempotencyKeyInvalid } });
    expect((await su.collection('consultation_requests').getOne(c.id)).status).toBe('pending');
  });
});

describe('a client id and a natural replay', () => {
  it('job-events: the same client id and action once; another action under it is a 422 that writes nothing', async () => {
    const b = await confirmedBooking();
    const id = clientId();
    const body = { clientId: id, bookingId: b.id, kind: 'install_done', occurredAt: '2026-11-20T14:00:00Z' };
    const first = await asAdmin('/api/fn/job-events', body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ replayed: false, event: { id, kind: 'install_done' }, booking: { id: b.id } });
    const again = await asAdmin('/api/fn/job-events', body);
    expect(again.body).toMatchObject({ replayed: true, event: { id: first.body.event.id, occurred_at: first.body.event.occurred_at } });
    const other = await asAdmin('/api/fn/job-events', { ...body, kind: 'note', text: 'Another' });
    expect(other.status).toBe(422);
    expect(await rows('job_events', 'booking = {:b}', { b: b.id })).toHaveLength(1);
  });

  it('booking-admin-notes: the same edit twice is stored once (applied, then not)', async () => {
    const b = await confirmedBooking();
    const edit = { bookingId: b.id, adminNotes: 'Side door', editedAt: '2026-11-20T14:00:00Z' };
    expect((await asAdmin('/api/fn/booking-admin-notes', edit)).body).toMatchObject({ applied: true, booking: { admin_notes: 'Side door' } });
    const stored = await su.collection('bookings').getOne(b.id);
    expect((await asAdmin('/api/fn/booking-admin-notes', edit)).body).toMatchObject({ applied: false, booking: { admin_notes: 'Side door' } });
    expect((await su.collection('bookings').getOne(b.id)).updated_at).toBe(stored.updated_at);
  });
});

describe('a replay under the same Idempotency-Key changes nothing more (the visit routes on the runner)', () => {
  const events = (b: string) => rows('job_events', 'booking = {:b}', { b });

  it('admin-bookings/move: the replay answers as the first, stored once with the move; the key with another move is a 422', async () => {
    const b = await confirmedBooking({ removal_date: '2027-01-21' });
    const key = newKey('move');
    const body = { bookingId: b.id, visit: 'removal', date: '2027-01-22', timeSlot: '9-15' };
    const first = await asAdmin('/api/fn/admin-bookings/move', body, { 'Idempotency-Key': key });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.booking).toMatchObject({ removal_date: expect.stringMatching(/^2027-01-22/), ics_sequence: 1 });
    const mailsAfter = await mailsAbout(b.id);
    expect(mailsAfter).toHaveLength(1);

    const again = await asAdmin('/api/fn/admin-bookings/move', body, { 'Idempotency-Key': key });
    expect(again).toEqual(first);
    const other = await asAdmin('/api/fn/admin-bookings/move', { ...body, date: '2027-01-23' }, { 'Idempotency-Key': key });
    expect(other).toMatchObject({ status: 422, body: { message: OWNERSHIP_MESSAGES.idempotencyKeyReused } });

    expect(await su.collection('bookings').getOne(b.id)).toEqual(first.body.booking);
    expect(await events(b.id)).toHaveLength(1);
    expect(await mailsAbout(b.id)).toHaveLength(1);
    const [stored, ...more] = await keyRows(key);
    expect(more).toHaveLength(0);
    expect(stored).toMatchObject({ route: 'admin-bookings/move', answer: { bookingId: b.id } });
  });

  it('admin-bookings/cancel: the replay answers as the first and cancels, mails and writes nothing again', async () => {
    const b = await confirmedBooking();
    const key = newKey('cancel');
    const body = { bookingId: b.id, refund: false };
    const first = await asAdmin('/api/fn/admin-bookings/cancel', body, { 'Idempotency-Key': key });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ booking: { status: 'cancelled', cancel_reason: 'owner_cancelled', ics_sequence: 1 }, refunded: false });
    expect(await mailsAbout(b.id)).toHaveLength(2);

    const again = await asAdmin('/api/fn/admin-bookings/cancel', body, { 'Idempotency-Key': key });
    expect(again).toEqual(first);
    expect(await su.collection('bookings').getOne(b.id)).toEqual(first.body.booking);
    expect(await events(b.id)).toHaveLength(1);
    expect(await mailsAbout(b.id)).toHaveLength(2);
    // Naturally idempotent: the cancelled booking is the record of it, no key is kept.
    expect(await keyRows(key)).toHaveLength(0);
  });
});
