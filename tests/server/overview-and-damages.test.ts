/**
 * The admin's Overview tells the truth about what happened (docs/product.md §4 booking status,
 * §9 Damages and Revenue): Completed counts only the bookings whose visits are done, not every
 * confirmed one; damages can be charged after the balance was paid (the normal case: paid on
 * install day, damage found at the removal), their receipt carries the owner's description,
 * and Revenue's Collected counts them. Demo mode on the shared server (clock 2026-11-20).
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signedInStaff, type SignedInStaff } from './admin-fixtures';
import { charge, newKey, receiptsOf, stageBooking, stagePaidBooking } from './charge-fixtures';
import { baseUrl, callFnAs, clearCollections, superuser } from './support';

const su = superuser();
let admin: SignedInStaff;

beforeAll(async () => {
  admin = await signedInStaff('admin');
});
beforeEach(() => clearCollections('charges', 'bookings'));

const insights = async () => (await callFnAs(admin.token, 'GET', '/api/fn/insights')).body as { bookings: { completed: number }; revenue: { collected: number } };
const DONE = '2026-11-19 18:00:00.000Z';

describe("the Overview's Completed tile", () => {
  it('counts only bookings whose visits are done', async () => {
    // Confirmed, nothing done yet: not completed.
    await stageBooking(su, { customer_email: 'upcoming@example.com', install_date: '2026-12-05' });
    // Installed, removal still to come: not completed.
    await stageBooking(su, { customer_email: 'half@example.com', install_date: '2026-12-06', install_done_at: DONE });
    expect((await insights()).bookings.completed).toBe(0);
    // Installed and removed; installed with no removal booked; marked completed.
    await stageBooking(su, { customer_email: 'done@example.com', install_date: '2026-12-11', install_done_at: DONE, removal_done_at: DONE });
    await stageBooking(su, { customer_email: 'noremoval@example.com', install_date: '2026-12-12', install_done_at: DONE, removal_date: '', removal_time_slot: '', removal_service: false });
    await stageBooking(su, { customer_email: 'completed@example.com', install_date: '2026-12-13', status: 'completed', payment_status: 'paid', balance_remaining: 0 });
    expect((await insights()).bookings.completed).toBe(3);
  });
});

describe('damages after the balance was paid', () => {
  it('are charged, their receipt carries the description, and Revenue counts them', async () => {
    // The balance paid in cash on install day (its payment among the charges, as the ledger reads it).
    const b = await stagePaidBooking(su, { customer_email: 'damage.after.paid@example.com', balance_paid_at: '2026-12-05 20:00:00.000Z', install_done_at: DONE, removal_done_at: DONE });
    const before = (await insights()).revenue.collected;
    const res = await charge(baseUrl(), admin.token, newKey(), {
      bookingId: b.id,
      additionalCharges: { items: { small: 3, fixtures: 1 } },
      chargeDescription: 'Three glass ornaments and a light strand broken on the stairs',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ success: true, amountCharged: 3500 });

    const [receipt] = await receiptsOf(su, b.id);
    expect(receipt!.body).toContain('Damage description: Three glass ornaments and a light strand broken on the stairs');
    expect(receipt!.html ?? receipt!.body).toContain('Three glass ornaments and a light strand broken on the stairs');

    expect((await insights()).revenue.collected).toBe(before + 3500);
  });
});
