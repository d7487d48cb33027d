import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { Outbox } from './outbox/outbox';
import { registryOutbox } from './outbox/registry-outbox.test-support';
import { AdminDb } from './db';
import { row } from './sync/fake-server.test-support';
import { Mirror } from './sync/mirror';
import { createMutations, UNDO_MS, type MutationApi } from './mutations';

vi.mock('./admin-data', () => ({ adminMirror: () => null }));
vi.mock('./admin-outbox', () => ({ adminOutbox: () => null }));

/** The server calls the actions' specs make, faked per test (set in beforeEach). */
const server = vi.hoisted(() => ({}) as Record<ServerCall, Mock<(...args: any[]) => unknown>>);
type ServerCall = 'createJobEvent' | 'chargeBookingBalance' | 'sendReviewRequest' | 'saveAdminNotes' | 'recordPayment' | 'voidPayment' | 'cancelBooking' | 'moveVisit' | 'answerConsultation';
vi.mock('./api/create-job-event', () => ({ createJobEvent: (...a: unknown[]) => server.createJobEvent(...a) }));
vi.mock('./api/charge-booking-balance', () => ({ chargeBookingBalance: (...a: unknown[]) => server.chargeBookingBalance(...a) }));
vi.mock('./api/send-review-request', () => ({ sendReviewRequest: (...a: unknown[]) => server.sendReviewRequest(...a) }));
vi.mock('./api/save-admin-notes', () => ({ saveAdminNotes: (...a: unknown[]) => server.saveAdminNotes(...a) }));
vi.mock('./api/record-payment', () => ({ recordPayment: (...a: unknown[]) => server.recordPayment(...a), voidPayment: (...a: unknown[]) => server.voidPayment(...a) }));
vi.mock('./api/cancel-booking', () => ({ cancelBooking: (...a: unknown[]) => server.cancelBooking(...a) }));
vi.mock('./api/move-visit', () => ({ moveVisit: (...a: unknown[]) => server.moveVisit(...a) }));
vi.mock('./api/consultation-status', () => ({ answerConsultation: (...a: unknown[]) => server.answerConsultation(...a) }));

let db: AdminDb;
let mirror: Mirror;
let api: { [K in keyof MutationApi]: ReturnType<typeof vi.fn> };
let n = 0;
const NOW = new Date('2026-11-20T17:00:00.000Z');

beforeEach(async () => {
  db = new AdminDb(`mutations-test-${++n}`, { indexedDB, IDBKeyRange });
  mirror = new Mirror(db);
  api = { deleteBooking: vi.fn(async () => {}), updateTestimonial: vi.fn(), deleteTestimonial: vi.fn(async () => {}) };
  await mirror.apply('bookings', [row('b1', 0, { balance_remaining: 82500, payment_status: 'deposit_paid' }), row('b2', 0)]);
  await mirror.apply('charges', [row('c1', 0, { booking: 'b1' }), row('c2', 0, { booking: 'b2' })]);
  await mirror.apply('testimonials', [row('t1', 0, { review_text: 'Real words', is_approved: false, is_featured: false })]);
});

afterEach(async () => {
  await db.delete();
});

const mutations = () => createMutations({ mirror: () => mirror, api: api as unknown as MutationApi, outbox: () => null as unknown as Outbox, account: () => 'admin0000000001', now: () => NOW });

describe('admin mutations: server first, then the mirror', () => {
  it('deletes a booking with its charges, and a late copy of it is not brought back', async () => {
    await mutations().deleteBooking('b1');
    expect(api.deleteBooking).toHaveBeenCalledWith('b1');
    expect(await db.bookings.toCollection().primaryKeys()).toEqual(['b2']);
    expect(await db.charges.toCollection().primaryKeys()).toEqual(['c2']);
    await mirror.apply('bookings', [row('b1', 0)]);
    expect(await db.bookings.count()).toBe(1);
  });

  it('leaves the mirror unchanged when the server refuses', async () => {
    api.deleteBooking.mockRejectedValueOnce(new Error('403'));
    await expect(mutations().deleteBooking('b1')).rejects.toThrow('403');
    expect(await db.bookings.count()).toBe(2);
  });

  it('approves with the time of approval and stores the server answer', async () => {
    api.updateTestimonial.mockResolvedValueOnce(row('t1', 10, { review_text: 'Real words', is_approved: true, approved_at: '2026-11-20 17:00:00.000Z' }));
    await mutations().setReviewApproved('t1', true);
    expect(api.updateTestimonial).toHaveBeenCalledWith('t1', { is_approved: true, approved_at: '2026-11-20T17:00:00.000Z' });
    expect((await db.testimonials.get('t1'))?.is_approved).toBe(true);
  });

  it('unapproves by clearing the approval time', async () => {
    api.updateTestimonial.mockResolvedValueOnce(row('t1', 10, { review_text: 'Real words', is_approved: false, approved_at: '' }));
    await mutations().setReviewApproved('t1', false);
    expect(api.updateTestimonial).toHaveBeenCalledWith('t1', { is_approved: false, approved_at: '' });
  });

  it('features and deletes a review', async () => {
    api.updateTestimonial.mockResolvedValueOnce(row('t1', 10, { review_text: 'Real words', is_featured: true }));
    await mutations().setReviewFeatured('t1', true);
    expect((await db.testimonials.get('t1'))?.is_featured).toBe(true);
    await mutations().deleteReview('t1');
    expect(await db.testimonials.count()).toBe(0);
  });
});

describe('on-site actions: through the outbox, optimistic row and entry in one transaction', () => {
  /** A date the fake server answers as taken by someone else meanwhile. */
  const TAKEN_DATE = '2026-12-12';
  const ACCOUNT = 'admin0000000001';
  let online: boolean;
  let box: Outbox;
  let clock: number;

  beforeEach(() => {
    online = true;
    const offline = () => Object.assign(new TypeError('Failed to fetch'), { status: 0 });
    const guard = <T>(fn: () => T) => (online ? fn() : Promise.reject(offline()));
    Object.assign(server, {
      createJobEvent: vi.fn((req) =>
        guard(async () => ({
          event: row(req.clientId, 40, { booking: req.bookingId, kind: req.kind, text: req.text, client_id: req.clientId, photo: req.photo ? 'tree_abc.jpg' : '' }),
          booking: row(req.bookingId, 40, { install_done_at: req.kind === 'install_done' ? '2026-11-20 17:00:00.000Z' : '' }),
          replayed: false,
        })),
      ),
      chargeBookingBalance: vi.fn(() =>
        guard(async () => ({ success: true, amountCharged: 82500, charge: row('c9', 50, { booking: 'b1', status: 'succeeded' }), booking: row('b1', 50, { balance_remaining: 0 }) })),
      ),
      sendReviewRequest: vi.fn(() => guard(async () => ({ success: true, reviewUrl: 'http://x/submit-review?token=t', mailStatus: 'logged' }))),
      saveAdminNotes: vi.fn((edit) => guard(async () => ({ booking: row(edit.bookingId, 60, { admin_notes: edit.adminNotes }), applied: true }))),
      recordPayment: vi.fn((id, req) =>
        guard(async () => ({
          payment: row(id, 70, { booking: req.bookingId, method: req.method, amount: req.amountCents, status: 'succeeded' }),
          booking: row(req.bookingId, 70, { balance_remaining: 0 }),
        })),
      ),
      answerConsultation: vi.fn((change) => guard(async () => ({ consultation: row(change.id, 95, { status: 'confirmed' }) }))),
      cancelBooking: vi.fn((bookingId, refund) =>
        guard(async () => ({ booking: row(bookingId, 90, { status: 'cancelled', payment_status: refund ? 'refunded' : 'deposit_paid' }), refunded: refund })),
      ),
      moveVisit: vi.fn((req) =>
        guard(async () => {
          if (req.date === TAKEN_DATE) throw Object.assign(new Error('taken'), { status: 409, response: { message: 'That time slot was just booked by someone else. Please choose another slot.' } });
          return { booking: row(req.bookingId, 100, { [`${req.visit}_date`]: req.date, [`${req.visit}_time_slot`]: req.timeSlot }) };
        }),
      ),
      voidPayment: vi.fn((paymentId, reason) =>
        guard(async () => ({ payment: row(paymentId, 80, { booking: 'b1', status: 'voided', void_reason: reason }), booking: row('b1', 80, { balance_remaining: 82500 }) })),
      ),
    });
    clock = Date.now();
    // The undo window's timer is driven by hand (clock and flush) in these tests.
    box = registryOutbox(db, mirror, ACCOUNT, () => clock);
  });

  const queued = () => createMutations({ mirror: () => mirror, api: api as unknown as MutationApi, outbox: () => box, account: () => ACCOUNT, now: () => NOW, answerWaitMs: 200 });

  it('a note offline: shown at once under its client-made id, queued; online it is sent once and the server row replaces it', async () => {
    online = false;
    const id = await queued().addNote('b1', 'Gate code 1234');
    expect(id).toMatch(/^[a-z0-9]{15}$/);
    expect(await db.jobEvents.get(id)).toMatchObject({ id, booking: 'b1', kind: 'note', text: 'Gate code 1234', client_id: id, updated_at: '' });
    await box.flush();
    const entry = await db.outbox.get(id);
    expect(entry).toMatchObject({ id, idempotencyKey: id, accountId: ACCOUNT, bookingId: 'b1', state: 'queued' });
    expect(entry!.attempts).toBeGreaterThan(0);

    online = true;
    await box.flush();
    expect(server.createJobEvent).toHaveBeenLastCalledWith({ clientId: id, bookingId: 'b1', kind: 'note', text: 'Gate code 1234', occurredAt: NOW.toISOString(), photo: null });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.jobEvents.where('booking').equals('b1').count()).toBe(1);
    expect((await db.jobEvents.get(id))?.updated_at).not.toBe('');
  });

  it('a payment at the door offline: a queued row at once, sent once under its key, replaced by the server row; a void follows it', async () => {
    online = false;
    const id = await queued().recordPayment({ bookingId: 'b1', method: 'check', amountCents: 82500, checkNumber: '1042', note: '' });
    expect(await db.charges.get(id)).toMatchObject({
      id,
      booking: 'b1',
      status: 'queued',
      amount: 82500,
      method: 'check',
      check_number: '1042',
      description: 'Check no. 1042',
      created_by: ACCOUNT,
      updated_at: '',
    });
    expect(await db.outbox.get(id)).toMatchObject({ kind: 'payment', idempotencyKey: `payment-${id}`, bookingId: 'b1' });
    await box.flush();
    expect(await db.outbox.count()).toBe(1);

    online = true;
    await box.flush();
    expect(server.recordPayment).toHaveBeenLastCalledWith(id, { bookingId: 'b1', method: 'check', amountCents: 82500, checkNumber: '1042', note: '' }, `payment-${id}`);
    expect(await db.charges.get(id)).toMatchObject({ status: 'succeeded' });
    expect((await db.bookings.get('b1'))?.balance_remaining).toBe(0);

    await queued().voidPayment('b1', id, 'Recorded twice');
    await box.flush();
    expect(server.voidPayment).toHaveBeenLastCalledWith(id, 'Recorded twice', expect.stringMatching(/^payment_void-/));
    expect(await db.charges.get(id)).toMatchObject({ status: 'voided', void_reason: 'Recorded twice' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('a cancellation online answers at once with the cancelled booking; offline it is queued and sent once later', async () => {
    const out = await queued().cancelBooking('b1', true);
    expect(out).toMatchObject({ queued: false, answer: { refunded: true } });
    expect(await db.bookings.get('b1')).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
    online = false;
    expect(await queued().cancelBooking('b2', false)).toEqual({ queued: true });
    online = true;
    await box.flush();
    expect(server.cancelBooking).toHaveBeenLastCalledWith('b2', false, expect.stringMatching(/^booking_cancel-/));
    expect(await db.outbox.count()).toBe(0);
  });

  it("a cancellation with the owner's own amount and a message, queued offline, sends both with the entry's key", async () => {
    online = false;
    expect(await queued().cancelBooking('b3', true, { refundCents: 30000, message: 'See you next year' })).toEqual({ queued: true });
    online = true;
    await box.flush();
    expect(server.cancelBooking).toHaveBeenLastCalledWith('b3', true, expect.stringMatching(/^booking_cancel-/), { refundCents: 30000, message: 'See you next year' });
    expect(await db.outbox.count()).toBe(0);
  });

  it('a move online answers at once with the moved booking; offline it is queued, and a slot taken meanwhile waits under Needs attention with the reason', async () => {
    const out = await queued().moveVisit({ bookingId: 'b1', visit: 'removal', date: '2027-01-05', timeSlot: '9-15' });
    expect(out.queued).toBe(false);
    expect(await db.bookings.get('b1')).toMatchObject({ removal_date: '2027-01-05', removal_time_slot: '9-15' });
    expect(await db.outbox.count()).toBe(0);

    online = false;
    expect(await queued().moveVisit({ bookingId: 'b1', visit: 'install', date: TAKEN_DATE, timeSlot: '9-15' })).toEqual({ queued: true });
    const [waiting] = await db.outbox.toArray();
    expect(waiting).toMatchObject({ kind: 'visit_move', bookingId: 'b1', state: 'queued' });
    online = true;
    await box.flush();
    expect(server.moveVisit).toHaveBeenLastCalledWith({ bookingId: 'b1', visit: 'install', date: TAKEN_DATE, timeSlot: '9-15' }, expect.stringMatching(/^visit_move-/));
    expect(await db.outbox.get(waiting!.id)).toMatchObject({ state: 'needs_attention', lastError: 'That time slot was just booked by someone else. Please choose another slot.' });
    expect((await db.bookings.get('b1'))?.install_date).not.toBe(TAKEN_DATE);
  });

  it('a discarded payment takes its queued row with it', async () => {
    online = false;
    const id = await queued().recordPayment({ bookingId: 'b1', method: 'cash', amountCents: 100, checkNumber: '', note: '' });
    await box.discard(id);
    expect(await db.charges.get(id)).toBeUndefined();
  });

  it('a done mark waits out its undo window, even a forced flush; Undo meanwhile takes it back with its local row, offline too', async () => {
    online = false;
    const slip = await queued().markDone('b1', 'removal_done');
    expect(await db.jobEvents.get(slip)).toMatchObject({ kind: 'removal_done' });
    online = true;
    await box.flush(true);
    expect(server.createJobEvent).not.toHaveBeenCalled();
    expect(await queued().undo(slip)).toBe(true);
    expect(await db.jobEvents.get(slip)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);

    const kept = await queued().markDone('b1', 'install_done');
    clock += UNDO_MS + 1;
    await box.flush();
    expect(server.createJobEvent).toHaveBeenCalledTimes(1);
    expect(await queued().undo(kept)).toBe(false);
  });

  it('done marks and photos go the same way; the booking the server answers with is stored', async () => {
    const id = await queued().markDone('b1', 'install_done');
    clock += UNDO_MS + 1;
    await box.flush();
    expect((await db.bookings.get('b1'))?.install_done_at).toBe('2026-11-20 17:00:00.000Z');
    const photo = { bytes: new Uint8Array([1, 2, 3]).buffer, type: 'image/jpeg', name: 'tree.jpg' };
    const pid = await queued().addPhoto('b1', photo, 'Finished');
    await box.flush();
    expect(server.createJobEvent).toHaveBeenLastCalledWith(expect.objectContaining({ clientId: pid, kind: 'photo', text: 'Finished', photo }));
    expect((await db.jobEvents.get(pid))?.photo).toBe('tree_abc.jpg');
    expect(id).not.toBe(pid);
  });

  it('a charge online answers at once and stores the records the answer carries', async () => {
    const req = { bookingId: 'b1', additionalCharges: null, chargeDescription: 'x' };
    const out = await queued().chargeBalance(req, 'charge-key-123456', 82500);
    expect(out).toMatchObject({ queued: false, answer: { success: true, amountCharged: 82500 } });
    expect(server.chargeBookingBalance).toHaveBeenCalledWith(req, 'charge-key-123456');
    expect((await db.charges.get('c9'))?.status).toBe('succeeded');
    expect((await db.bookings.get('b1'))?.balance_remaining).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a charge offline is queued (never charged) and keeps its key; back online it is sent once with that key', async () => {
    online = false;
    const out = await queued().chargeBalance({ bookingId: 'b1', additionalCharges: null, chargeDescription: 'x' }, 'charge-key-abcdef', 82500);
    expect(out).toEqual({ queued: true });
    expect(await db.outbox.toArray()).toMatchObject([{ kind: 'charge', idempotencyKey: 'charge-key-abcdef', payload: { estimateCents: 82500 } }]);
    expect(await db.charges.get('c9')).toBeUndefined();
    online = true;
    await box.flush();
    expect(server.chargeBookingBalance).toHaveBeenLastCalledWith(expect.anything(), 'charge-key-abcdef');
    expect((await db.charges.get('c9'))?.status).toBe('succeeded');
  });

  it('a refusal while the admin waits is thrown for the screen and not kept in the outbox', async () => {
    server.chargeBookingBalance.mockImplementationOnce(async () => {
      throw Object.assign(new Error('409'), { status: 409, response: { message: 'This booking has nothing left to pay.' } });
    });
    await expect(queued().chargeBalance({ bookingId: 'b1', additionalCharges: null, chargeDescription: 'x' }, 'charge-key-zzzzzz', 0)).rejects.toMatchObject({
      status: 409,
      response: { message: 'This booking has nothing left to pay.' },
    });
    expect(await db.outbox.count()).toBe(0);
  });

  it('a review request is sent with its own key; the admin notes edit carries the time it was made', async () => {
    const out = await queued().sendReviewRequest('b1', 'post_install');
    expect(out).toMatchObject({ queued: false, answer: { success: true } });
    expect(server.sendReviewRequest).toHaveBeenCalledWith('b1', 'post_install', expect.stringMatching(/^review_request-[a-z0-9]{15}$/));
    await queued().saveAdminNotes('b1', 'Dog: Max');
    await box.flush();
    expect(server.saveAdminNotes).toHaveBeenCalledWith({ bookingId: 'b1', adminNotes: 'Dog: Max', editedAt: NOW.toISOString() });
    expect((await db.bookings.get('b1'))?.admin_notes).toBe('Dog: Max');
  });

  it('discarding a refused job event removes its optimistic row', async () => {
    server.createJobEvent.mockImplementationOnce(async () => {
      throw Object.assign(new Error('404'), { status: 404, response: { message: 'Booking not found.' } });
    });
    const id = await queued().addNote('b1', 'For a deleted booking');
    await box.flush();
    expect(await db.outbox.get(id)).toMatchObject({ state: 'needs_attention', lastError: 'Booking not found.' });
    expect(await box.discard(id)).toBe(true);
    expect(await db.jobEvents.get(id)).toBeUndefined();
  });
});
