/**
 * POST /api/fn/create-booking-checkout: the stored booking and its server-side price
 * (docs/product.md §7; docs/architecture.md readings 1, 4, 5, 6). Client amounts are sent and must be ignored.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { quote } from '../../domain/money/pricing';
import { parseBookingRequest, toChoices } from '../../domain/booking/schemas';
import { checkout, countBookings } from './fixtures';
import { bookingRequest, callFn, clearCollections, superuser } from './support';
import { EXAMPLE_CHOICES } from '../../scripts/lib/example-booking.mjs';

/** What the client claims the booking costs: all of it is to be ignored. */
const CLIENT_AMOUNTS = { totalPrice: 1, depositAmount: 1, travelFee: 0, ornamentOwnershipCost: 0 };

/** The domain's quote for a request, i.e. what the server must store. */
function expectedQuote(over: Record<string, unknown>) {
  const parsed = parseBookingRequest(bookingRequest(over));
  if (!parsed.ok) throw new Error(`fixture does not parse: ${parsed.message}`);
  return quote(toChoices(parsed.value, null));
}

beforeEach(() => clearCollections('bookings', 'blocked_dates'));

describe('POST /api/fn/create-booking-checkout: a valid request', () => {
  it('stores a pending_payment booking with a 30-minute hold and returns the demo checkout url', async () => {
    const res = await checkout(CLIENT_AMOUNTS);
    expect(res.status).toBe(200);
    expect(res.body.sessionId).toMatch(/^demo_cs_\w+$/);
    expect(res.body.url).toMatch(/\/demo-payment\?session_id=demo_cs_\w+$/);
    expect(res.body.url).toContain(encodeURIComponent(res.body.sessionId));

    const rec = await superuser().collection('bookings').getOne(res.body.bookingId);
    expect(rec).toMatchObject({
      customer_name: 'Jane Doe',
      customer_email: 'jane@example.com',
      customer_phone: '(410) 555-0100',
      customer_address: '123 Main St, Ellicott City, MD 21043',
      ...EXAMPLE_CHOICES,
      removal_service: true,
      status: 'pending_payment',
      payment_status: 'pending',
      payment_mode: 'demo',
      checkout_session_id: res.body.sessionId,
      hold_expires_at: '2026-11-20 17:30:00.000Z', // APP_NOW + 30 min
      deposit_paid_at: '',
    });
    expect(await countBookings()).toBe(1);
  });

  it('prices Elevated Arbor 7.5-9 ft alone at $1,650 with an $825 deposit, whatever the client says', async () => {
    const res = await checkout({ ...CLIENT_AMOUNTS, totalPrice: 100, depositAmount: 50 });
    expect(res.status).toBe(200);
    const rec = await superuser().collection('bookings').getOne(res.body.bookingId);
    expect(rec.total_price).toBe(165000);
    expect(rec.deposit_amount).toBe(82500);
    expect(rec.balance_remaining).toBe(165000); // nothing paid yet
    expect(rec.travel_fee).toBe(0);
    expect(rec.ornament_ownership_cost).toBe(0);
    expect(rec.price_lines).toEqual([{ code: 'base', label: 'Elevated Arbor · 7.5–9 ft', amountCents: 165000 }]);
  });

  // Each scenario: the request's choices (with lying client amounts) → stored amounts equal quote().
  const pricing: { name: string; over: Record<string, unknown>; hardTotal?: number }[] = [
    { name: 'Elevated Arbor 7.5-9 ft alone', over: {}, hardTotal: 165000 },
    {
      name: 'Elevated Arbor 10-12 ft, Luxe Finish, 4 stockings, keep ornaments + 50 luxe, removal kept',
      over: {
        treeSize: '10-12ft',
        installTimeSlot: '9-18',
        removalTimeSlot: '9-18',
        luxeFinish: true,
        selectedAddons: ['stockings', 'ornament-boost'],
        addonQuantities: { stockings: 4 },
        keepOrnaments: true,
        luxeKeepOrnaments: 50,
        removalService: true,
      },
      // 2400 + 1000 luxe + 60 stockings (ornament boost cleared by luxe) + 1200 keep + 500 luxe keep
      hardTotal: 516000,
    },
    {
      name: 'Adorned Arrangement 5-7 ft, 6 monogram letters and gift-wrap, removal free with an upgrade',
      over: {
        packageType: 'adorned-arrangement',
        treeSize: '5-7ft',
        installTimeSlot: '9-12',
        removalTimeSlot: '9-12',
        selectedAddons: ['monogram-charms', 'gift-wrap'],
        addonQuantities: { 'monogram-charms': 6 },
        removalService: true,
      },
      hardTotal: 30000 + 3000 + 12500,
    },
    { name: 'Adorned Arrangement 7.5-9 ft with paid removal (+$85), no upgrades', over: { packageType: 'adorned-arrangement', removalService: true }, hardTotal: 60000 + 8500 },
    {
      name: 'Adorned Arrangement 7.5-9 ft without removal; travel fee sent by the client is ignored',
      over: { packageType: 'adorned-arrangement', removalDate: null, removalTimeSlot: null, travelFee: 5000 },
      hardTotal: 60000,
    },
    {
      name: 'Curated Christmas 7.5-9 ft, extra tree, keep ornaments and removal declined (credit)',
      over: { packageType: 'curated-christmas', extraTree: true, keepOrnaments: true, removalService: false, removalDate: null, removalTimeSlot: null, ornamentOwnershipCost: 1 },
      // 1850 + 800 keep − 150 removal credit + 1000 extra tree (no extra-tree removal)
      hardTotal: 350000,
    },
    {
      name: 'Curated Christmas 10-12 ft, extra tree with removal (+$500)',
      over: { packageType: 'curated-christmas', treeSize: '10-12ft', installTimeSlot: '12-21', removalTimeSlot: '12-21', extraTree: true },
      hardTotal: 270000 + 100000 + 50000,
    },
  ];

  it.each(pricing)('stores the server price: $name', async ({ over, hardTotal }) => {
    const q = expectedQuote(over);
    const res = await checkout({ ...CLIENT_AMOUNTS, ...over });
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const rec = await superuser().collection('bookings').getOne(res.body.bookingId);
    const stored = {
      total: rec.total_price,
      deposit: rec.deposit_amount,
      travel: rec.travel_fee,
      ornaments: rec.ornament_ownership_cost,
      removal: rec.removal_service,
      lines: rec.price_lines,
      addons: rec.selected_addons,
    };
    expect(stored).toEqual({
      total: q.totalCents,
      deposit: q.depositCents,
      travel: q.travelFeeCents,
      ornaments: q.ornamentOwnershipCents,
      removal: q.removalApplies,
      lines: q.lines,
      addons: q.addons,
    });
    if (hardTotal !== undefined) {
      expect(rec.total_price).toBe(hardTotal);
      expect(rec.deposit_amount).toBe(Math.round(hardTotal / 2));
    }
    if (!q.removalApplies) {
      expect(rec.removal_date).toBe('');
      expect(rec.removal_time_slot).toBe('');
    }
  });

  it('ignores a removal visit sent for a booking without removal, leaving that slot free', async () => {
    const res = await checkout({ packageType: 'adorned-arrangement', removalService: false }); // removal 2026-12-28 9-15 still sent
    expect(res.status).toBe(200);
    const rec = await superuser().collection('bookings').getOne(res.body.bookingId);
    expect(rec).toMatchObject({ removal_service: false, removal_date: '', removal_time_slot: '', total_price: 60000 });
    const removal = await callFn('POST', '/api/fn/check-slot-overlap', { check_date: '2026-12-28', start_hour: 9, end_hour: 15, is_install: false });
    expect(removal.body).toBe(false);
  });

  it('accepts the booking payload at the top level as well as under bookingData', async () => {
    // Kept compatible: the route reads `bookingData` when present, else the body itself.
    const res = await callFn('POST', '/api/fn/create-booking-checkout', bookingRequest(CLIENT_AMOUNTS));
    expect(res.status).toBe(200);
    const rec = await superuser().collection('bookings').getOne(res.body.bookingId);
    expect(rec.total_price).toBe(165000);
  });
});
