/**
 * Which bookings hold their slots (docs/architecture.md reading 4): deposit paid or confirmed, or
 * pending_payment with an unexpired 30-minute hold. Expired holds and cancellations free the slot.
 * Server time is frozen at 2026-11-20 17:00:00Z.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { availability, checkout, countBookings, createBookingRecord, slotMap } from './fixtures';
import { callFn, clearCollections } from './support';

beforeEach(() => clearCollections('bookings', 'blocked_dates'));

// A staged booking on Tue 2026-11-24 9-15 (removal 2026-12-28 9-15) in some state → does the
// 9-15 install slot stay free, and does a new checkout for it succeed?
const scenarios: { name: string; record: Record<string, unknown>; free: boolean }[] = [
  { name: 'pending_payment whose hold expired an hour ago', record: { status: 'pending_payment', payment_status: 'pending', hold_expires_at: '2026-11-20 16:00:00.000Z' }, free: true },
  { name: 'pending_payment whose hold expired a second ago', record: { status: 'pending_payment', payment_status: 'pending', hold_expires_at: '2026-11-20 16:59:59.000Z' }, free: true },
  { name: 'pending_payment with a hold running 20 more minutes', record: { status: 'pending_payment', payment_status: 'pending', hold_expires_at: '2026-11-20 17:20:00.000Z' }, free: false },
  { name: 'cancelled (even with a hold still running)', record: { status: 'cancelled', payment_status: 'pending', hold_expires_at: '2026-11-20 17:20:00.000Z' }, free: true },
  { name: 'confirmed with the deposit paid (hold long expired)', record: { status: 'confirmed', payment_status: 'deposit_paid', hold_expires_at: '2026-11-19 10:00:00.000Z' }, free: false },
  { name: 'completed and fully paid', record: { status: 'completed', payment_status: 'paid' }, free: false },
];

describe('held and released slots', () => {
  it.each(scenarios)('$name → slot free: $free', async ({ record, free }) => {
    await createBookingRecord(record);

    const install = await availability('2026-11-24', '7.5-9ft');
    expect(slotMap(install.body)).toEqual({ '9-15': free, '12-18': free, '15-21': true });
    const removal = await availability('2026-12-28', '7.5-9ft', 'removal');
    expect(slotMap(removal.body)['9-15']).toBe(free);
    const overlap = await callFn('POST', '/api/fn/check-slot-overlap', { check_date: '2026-11-24', start_hour: 9, end_hour: 15, is_install: true });
    expect(overlap).toEqual({ status: 200, body: !free });

    const res = await checkout();
    if (free) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await countBookings()).toBe(2);
    } else {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('That installation time slot was just booked by someone else. Please choose another slot.');
      expect(await countBookings()).toBe(1);
    }
  });

  it("a new checkout's own 30-minute hold takes the slot for the next customer", async () => {
    expect((await checkout()).status).toBe(200);
    expect(slotMap((await availability('2026-11-24', '7.5-9ft')).body)['9-15']).toBe(false);
    const second = await checkout({ customerEmail: 'other@example.com' });
    expect(second.status).toBe(409);
    expect(await countBookings()).toBe(1);
  });
});
