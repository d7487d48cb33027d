/**
 * Nothing can double-book a slot (docs/architecture.md reading 4): create-booking-checkout re-checks and
 * inserts inside one transaction, so simultaneous checkouts for one slot yield one booking.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { checkout } from './fixtures';
import { clearCollections, superuser } from './support';

const INSTALL_TAKEN = 'That installation time slot was just booked by someone else. Please choose another slot.';
const REMOVAL_TAKEN = 'That removal time slot was just booked by someone else. Please choose another slot.';

beforeEach(() => clearCollections('bookings', 'blocked_dates'));

async function allBookings() {
  return superuser().collection('bookings').getFullList({ sort: 'created_at' });
}

/** Fires every request at once and tallies the statuses. */
async function fireAll(requests: Record<string, unknown>[]) {
  const results = await Promise.all(requests.map((over, i) => checkout({ customerEmail: `racer${i}@example.com`, ...over })));
  const statuses = results.map((r) => r.status);
  return { results, ok: results.filter((r) => r.status === 200), conflicts: results.filter((r) => r.status === 409), statuses };
}

describe('concurrent create-booking-checkout', () => {
  it('20 checkouts for the same install slot create exactly one booking; 19 get 409', async () => {
    const { ok, conflicts, statuses, results } = await fireAll(Array.from({ length: 20 }, () => ({})));
    expect(ok.length, `statuses ${statuses}`).toBe(1);
    expect(conflicts.length, `statuses ${statuses}`).toBe(19);
    for (const c of conflicts) expect(c.body.message).toBe(INSTALL_TAKEN);

    const stored = await allBookings();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.id).toBe(ok[0]!.body.bookingId);
    expect(stored[0]).toMatchObject({ install_date: '2026-11-24', install_time_slot: '9-15', status: 'pending_payment' });
    expect(results.filter((r) => r.status === 200).map((r) => r.body.sessionId)).toEqual([stored[0]!.checkout_session_id]);
  });

  it('overlapping but different slots racing on one date (9-15 vs 12-18) still yield one booking', async () => {
    const requests = Array.from({ length: 20 }, (_, i) => ({ installTimeSlot: i % 2 ? '12-18' : '9-15' }));
    const { ok, conflicts, statuses } = await fireAll(requests);
    expect(ok.length, `statuses ${statuses}`).toBe(1);
    expect(conflicts.length).toBe(19);
    expect(await allBookings()).toHaveLength(1);
  });

  it('different install visits racing for one removal slot yield one booking; the rest get the removal 409', async () => {
    // Not Saturday Nov 21: tomorrow is inside the 48 hours' notice (domain/schedule/notice.ts).
    const dates = ['2026-12-04', '2026-11-24', '2026-11-27', '2026-11-28', '2026-12-01'];
    const requests = dates.flatMap((installDate) => ['9-15', '15-21'].map((installTimeSlot) => ({ installDate, installTimeSlot }))); // 10 distinct install visits, all with removal 2026-12-28 9-15
    const { ok, conflicts, statuses } = await fireAll(requests);
    expect(ok.length, `statuses ${statuses}`).toBe(1);
    expect(conflicts.length).toBe(9);
    for (const c of conflicts) expect(c.body.message).toBe(REMOVAL_TAKEN);
    expect(await allBookings()).toHaveLength(1);
  });

  it('20 concurrent checkouts for 20 non-overlapping slots on different dates all succeed', async () => {
    // Not Saturday Nov 21: tomorrow is inside the 48 hours' notice (domain/schedule/notice.ts).
    const dates = ['2026-12-04', '2026-11-24', '2026-11-27', '2026-11-28', '2026-12-01'];
    const requests = dates.flatMap((installDate) =>
      ['9-12', '12-15', '15-18', '18-21'].map((installTimeSlot) => ({ packageType: 'adorned-arrangement', treeSize: '5-7ft', installDate, installTimeSlot, removalDate: null, removalTimeSlot: null })),
    );
    expect(requests).toHaveLength(20);
    const { ok, statuses } = await fireAll(requests);
    expect(ok.length, `statuses ${statuses}`).toBe(20);

    const stored = await allBookings();
    expect(stored).toHaveLength(20);
    const visits = stored.map((b) => `${b.install_date} ${b.install_time_slot}`).sort();
    expect(visits).toEqual(requests.map((r) => `${r.installDate} ${r.installTimeSlot}`).sort());
    expect(new Set(stored.map((b) => b.checkout_session_id)).size).toBe(20);
  });

  it('with two crews (settings capacity), 20 racing checkouts for one slot create exactly two bookings', async () => {
    const su = superuser();
    const capacity = await su.collection('settings').getFirstListItem("key='capacity'");
    await su.collection('settings').update(capacity.id, { value: { crews: 2 } });
    try {
      const { ok, conflicts, statuses } = await fireAll(Array.from({ length: 20 }, () => ({})));
      expect(ok.length, `statuses ${statuses}`).toBe(2);
      expect(conflicts.length).toBe(18);
      expect(await allBookings()).toHaveLength(2);
    } finally {
      await su.collection('settings').update(capacity.id, { value: { crews: 1 } });
    }
  });
});
