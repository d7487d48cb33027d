/**
 * A booking money moved for cannot be deleted, only cancelled (docs/product.md §2 Delete
 * Booking, domain/booking/deletion.ts): a deposit paid, a charge taken, a payment recorded at the
 * door. The admin's delete is refused with a sentence saying so and nothing changes; anonymous
 * visitors and staff without the admin role cannot delete at all. An unpaid hold (or one whose
 * only charge failed) is still deleted.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInStaff, type SignedInStaff } from './admin-fixtures';
import { stageBooking } from './charge-fixtures';
import { createBookingRecord, expectClearSentence } from './fixtures';
import { request, superuser } from './support';

const su = superuser();
let admin: SignedInStaff;
let member: SignedInStaff;

beforeAll(async () => {
  admin = await signedInStaff('admin');
  member = await signedInStaff('');
});

const del = (id: string, token: string | null) => request({ method: 'DELETE', route: `/api/collections/bookings/records/${id}`, token });
const exists = async (id: string) => (await su.collection('bookings').getList(1, 1, { filter: su.filter('id = {:id}', { id }) })).totalItems === 1;

describe('deleting a booking money moved for', () => {
  it('a paid deposit: refused for the admin with a sentence, and for anonymous visitors and staff', async () => {
    const b = await stageBooking(su, { customer_email: 'paid.delete@example.com' });
    expect([403, 404]).toContain((await del(b.id, null)).status);
    expect([403, 404]).toContain((await del(b.id, member.token)).status);
    const res = await del(b.id, admin.token);
    expect(res.status).toBe(400);
    expectClearSentence(res.body.message);
    expect(res.body.message).toMatch(/cannot be deleted\. Cancel it instead/);
    expect(await exists(b.id)).toBe(true);
  });

  it('a cash payment recorded at the door, or a damage charge taken: refused', async () => {
    const cash = await createBookingRecord({ customer_email: 'cash.delete@example.com' });
    await su.collection('charges').create({ booking: cash.id, kind: 'balance', method: 'cash', amount: 2000, idempotency_key: `cash-${cash.id}`, status: 'succeeded' });
    expect((await del(cash.id, admin.token)).status).toBe(400);
    const damages = await createBookingRecord({ customer_email: 'damages.delete@example.com' });
    await su.collection('charges').create({ booking: damages.id, kind: 'damages', amount: 2000, idempotency_key: `dmg-${damages.id}`, status: 'succeeded' });
    expect((await del(damages.id, admin.token)).status).toBe(400);
    expect(await exists(cash.id)).toBe(true);
    expect(await exists(damages.id)).toBe(true);
  });

  it('an unpaid hold, or one whose only charge failed, is deleted', async () => {
    const hold = await createBookingRecord({ customer_email: 'hold.delete@example.com' });
    expect((await del(hold.id, admin.token)).status).toBe(204);
    const failed = await createBookingRecord({ customer_email: 'failed.delete@example.com' });
    await su.collection('charges').create({ booking: failed.id, kind: 'balance', amount: 2000, idempotency_key: `failed-${failed.id}`, status: 'failed' });
    expect((await del(failed.id, admin.token)).status).toBe(204);
    expect(await exists(hold.id)).toBe(false);
  });
});
