import { IDBKeyRange, indexedDB } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdminDb } from './db';
import { row } from './fake-server.test-support';
import { Mirror } from './mirror';
import { createMutations, type MutationApi } from './mutations';

vi.mock('./admin-data', () => ({ adminMirror: () => null }));

let db: AdminDb;
let mirror: Mirror;
let api: { [K in keyof MutationApi]: ReturnType<typeof vi.fn> };
let n = 0;
const NOW = new Date('2026-11-20T17:00:00.000Z');

beforeEach(async () => {
  db = new AdminDb(`mutations-test-${++n}`, { indexedDB, IDBKeyRange });
  mirror = new Mirror(db);
  api = {
    deleteBooking: vi.fn(async () => {}),
    getBooking: vi.fn(),
    updateTestimonial: vi.fn(),
    deleteTestimonial: vi.fn(async () => {}),
    sendReviewRequest: vi.fn(),
    chargeBookingBalance: vi.fn(),
  };
  await mirror.apply('bookings', [row('b1', 0, { balance_remaining: 82500, payment_status: 'deposit_paid' }), row('b2', 0)]);
  await mirror.apply('charges', [row('c1', 0, { booking: 'b1' }), row('c2', 0, { booking: 'b2' })]);
  await mirror.apply('testimonials', [row('t1', 0, { review_text: 'Real words', is_approved: false, is_featured: false })]);
});

afterEach(async () => {
  await db.delete();
});

const mutations = () => createMutations(() => mirror, api as unknown as MutationApi, () => NOW);

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

  it('charges with the idempotency key and refreshes the booking', async () => {
    api.chargeBookingBalance.mockResolvedValueOnce({ success: true, amountCharged: 87500 });
    api.getBooking.mockResolvedValueOnce(row('b1', 20, { balance_remaining: 0, payment_status: 'paid' }));
    const req = { bookingId: 'b1', additionalCharges: { items: { small: 10 }, incidentals: false, totalLoss: false }, chargeDescription: 'Post-removal damages and incidentals' };
    const answer = await mutations().chargeBalance(req, 'key-123456');
    expect(answer).toEqual({ success: true, amountCharged: 87500 });
    expect(api.chargeBookingBalance).toHaveBeenCalledWith(req, 'key-123456');
    expect((await db.bookings.get('b1'))?.payment_status).toBe('paid');
  });

  it('stores the booking and charge records the answer carries, without another request', async () => {
    api.chargeBookingBalance.mockResolvedValueOnce({
      success: true,
      amountCharged: 82500,
      booking: row('b1', 30, { balance_remaining: 0, payment_status: 'paid' }),
      charge: row('c9', 30, { booking: 'b1', status: 'succeeded', amount: 82500 }),
    });
    await mutations().chargeBalance({ bookingId: 'b1', additionalCharges: null, chargeDescription: 'x' }, 'key-12345678');
    expect(api.getBooking).not.toHaveBeenCalled();
    expect((await db.bookings.get('b1'))?.payment_status).toBe('paid');
    expect((await db.charges.get('c9'))?.status).toBe('succeeded');
  });

  it('still reports the charge when the booking cannot be re-read', async () => {
    api.chargeBookingBalance.mockResolvedValueOnce({ success: true, amountCharged: 100 });
    api.getBooking.mockRejectedValueOnce(new Error('offline'));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const answer = await mutations().chargeBalance({ bookingId: 'b1', additionalCharges: null, chargeDescription: 'x' }, 'key-abcdefgh');
    expect(answer.success).toBe(true);
  });
});
