/**
 * docs/product.md §3's booking payload is the contract (docs/decisions/010): it has no removal flag, only
 * removalDate and removalTimeSlot "(or null)". Where removal is optional (Adorned Arrangement,
 * or keep-ornaments), a removal visit sent without `removalService` is a removal asked for, and
 * is booked and charged; only an explicit `removalService: false` declines it.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { checkout } from './fixtures';
import { clearCollections, superuser } from './support';

/** Adorned Arrangement 7.5–9 ft ($600) with the fixture's removal visit, Monday 2026-12-28 9–15. */
const ADORNED = { packageType: 'adorned-arrangement' };
const REMOVAL_LINE = { code: 'removal', label: 'Removal service', amountCents: 8500 };
const NO_VISIT = { removalDate: null, removalTimeSlot: null };

beforeEach(() => clearCollections('bookings', 'blocked_dates'));

describe('POST /api/fn/create-booking-checkout: the removal of a payload without a removal flag', () => {
  it.each<{ name: string; over: Record<string, unknown>; stored: Record<string, unknown>; removalLine: boolean }>([
    {
      name: 'Adorned Arrangement, removal visit, no flag: removal booked and charged $85',
      over: ADORNED,
      stored: { removal_service: true, removal_date: '2026-12-28', removal_time_slot: '9-15', total_price: 68500, deposit_amount: 34250 },
      removalLine: true,
    },
    {
      name: 'Adorned Arrangement, removal visit, removalService false: no removal',
      over: { ...ADORNED, removalService: false },
      stored: { removal_service: false, removal_date: '', removal_time_slot: '', total_price: 60000, deposit_amount: 30000 },
      removalLine: false,
    },
    {
      name: 'Adorned Arrangement, no removal visit, no flag: no removal',
      over: { ...ADORNED, ...NO_VISIT },
      stored: { removal_service: false, removal_date: '', removal_time_slot: '', total_price: 60000 },
      removalLine: false,
    },
    {
      name: 'Elevated Arbor with keep-ornaments, removal visit, no flag: removal kept, no credit',
      over: { keepOrnaments: true },
      // 1650 + 800 keep, and no −150 removal credit
      stored: { removal_service: true, removal_date: '2026-12-28', removal_time_slot: '9-15', total_price: 245000 },
      removalLine: false,
    },
  ])('$name', async ({ over, stored, removalLine }) => {
    const res = await checkout(over);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rec = await superuser().collection('bookings').getOne(res.body.bookingId);
    expect(rec).toMatchObject(stored);
    if (removalLine) expect(rec.price_lines).toContainEqual(REMOVAL_LINE);
    else expect(rec.price_lines).not.toContainEqual(expect.objectContaining({ code: 'removal' }));
  });

  it('a removal visit sent without a flag is checked like a ticked one: a date without a slot is refused', async () => {
    const res = await checkout({ ...ADORNED, removalTimeSlot: null });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please select removal date and time slot');
  });
});
