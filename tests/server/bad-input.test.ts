/**
 * Bad input to create-booking-checkout gets a 400 with a clear message and stores nothing
 * (docs/product.md §5 Customer form, Booking submission, Dates). docs/product.md's messages are asserted exactly;
 * the server's own date and slot messages must be plain sentences saying what is wrong.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES as M } from '../../domain/messages';
import { countBookings, expectClearSentence } from './fixtures';
import { bookingRequest, callFn, clearCollections, superuser } from './support';

const ROUTE = '/api/fn/create-booking-checkout';

/** A bookingData body: the valid request with `over` applied; `undefined` values delete keys. */
function withData(over: Record<string, unknown>): { bookingData: Record<string, unknown> } {
  const data = bookingRequest(over);
  for (const [k, v] of Object.entries(over)) if (v === undefined) delete data[k];
  return { bookingData: data };
}

interface Scenario {
  name: string;
  /** A string is sent raw; anything else as JSON; `undefined` sends no body. */
  body: unknown;
  /** Exact docs/product.md message, or a pattern the (plain-sentence) message must match. */
  message: string | RegExp;
}

const scenarios: Scenario[] = [
  // The request body itself.
  { name: 'malformed JSON', body: '{bad', message: /JSON/ },
  { name: 'truncated JSON', body: '{"bookingData": {"customerName": "Jane"', message: /JSON/ },
  { name: 'empty body', body: '', message: /empty|JSON/i },
  { name: 'no body at all', body: undefined, message: /empty|JSON/i },
  { name: 'a JSON array', body: '[]', message: /JSON object/ },
  { name: 'a JSON string', body: '"hello"', message: /JSON object/ },
  { name: 'bookingData is null', body: { bookingData: null }, message: /Booking details/ },
  { name: 'bookingData is a string', body: { bookingData: 'elevated-arbor' }, message: /Booking details/ },
  { name: 'an empty object (no bookingData)', body: {}, message: M.selectPackageAndSize },
  { name: 'a body over 64 KB', body: withData({ notes: 'x'.repeat(70_000) }), message: /too large/ },

  // Contact fields (docs/product.md §5 Customer form).
  { name: 'missing customerName', body: withData({ customerName: undefined }), message: M.nameRequired },
  { name: 'blank customerName', body: withData({ customerName: '   ' }), message: M.nameRequired },
  { name: 'customerName of 101 characters', body: withData({ customerName: 'J'.repeat(101) }), message: M.nameTooLong },
  { name: 'bad email', body: withData({ customerEmail: 'jane-at-example' }), message: M.emailInvalid },
  { name: 'missing email', body: withData({ customerEmail: undefined }), message: M.emailInvalid },
  { name: 'email over 255 characters', body: withData({ customerEmail: `${'j'.repeat(250)}@example.com` }), message: M.emailTooLong },
  { name: 'bad phone', body: withData({ customerPhone: 'call me maybe' }), message: M.phoneInvalid },
  { name: 'phone over 20 characters', body: withData({ customerPhone: '410 555 0100 410 555 0100' }), message: M.phoneTooLong },
  { name: 'short address', body: withData({ customerAddress: '12 M' }), message: M.addressTooShort },
  { name: 'address over 500 characters', body: withData({ customerAddress: 'A'.repeat(501) }), message: M.addressTooLong },
  { name: 'notes over 2000 characters', body: withData({ notes: 'n'.repeat(2001) }), message: M.notesTooLong },
  { name: 'parking over 1000 characters', body: withData({ parkingInstructions: 'p'.repeat(1001) }), message: M.parkingTooLong },
  { name: 'special requests over 2000 characters', body: withData({ styleSpecialRequests: 's'.repeat(2001) }), message: M.specialRequestsTooLong },

  // Selections (docs/product.md §5 Booking submission).
  { name: 'no package', body: withData({ packageType: undefined }), message: M.selectPackageAndSize },
  { name: 'unknown package', body: withData({ packageType: 'deluxe' }), message: M.selectPackageAndSize },
  { name: 'no tree size', body: withData({ treeSize: undefined }), message: M.selectPackageAndSize },
  { name: 'unknown tree size', body: withData({ treeSize: '20ft' }), message: M.selectPackageAndSize },
  { name: 'no install date', body: withData({ installDate: undefined }), message: M.selectInstall },
  { name: 'no install slot', body: withData({ installTimeSlot: undefined }), message: M.selectInstall },
  { name: 'install slot not a range', body: withData({ installTimeSlot: 'morning' }), message: M.selectInstall },
  { name: 'install date not YYYY-MM-DD', body: withData({ installDate: '11/24/2026' }), message: M.selectInstall },
  { name: 'Elevated Arbor without removal date', body: withData({ removalDate: undefined }), message: M.selectRemoval },
  { name: 'Elevated Arbor without removal slot', body: withData({ removalTimeSlot: null }), message: M.selectRemoval },
  { name: 'Adorned Arrangement with removal ticked but no removal visit', body: withData({ packageType: 'adorned-arrangement', removalService: true, removalDate: null }), message: M.selectRemoval },
  { name: 'unknown add-on', body: withData({ selectedAddons: ['unicorn'] }), message: /add-on/ },
  { name: 'javascript: inspiration image link', body: withData({ styleInspirationImages: ['javascript:alert(1)'] }), message: /image/ },
  { name: 'off-site inspiration image link', body: withData({ styleInspirationImages: ['https://evil.example/pixel.gif'] }), message: /image/ },
  { name: 'more than 10 inspiration images', body: withData({ styleInspirationImages: Array.from({ length: 11 }, () => 'x') }), message: /image/ },

  // Dates and slots (docs/product.md §5 Dates; docs/architecture.md reading 2).
  { name: 'install on a Monday (2026-11-23)', body: withData({ installDate: '2026-11-23' }), message: /Tuesdays, Fridays, Saturdays and Sundays/ },
  { name: 'install on a Wednesday (2026-11-25)', body: withData({ installDate: '2026-11-25' }), message: /Tuesdays, Fridays, Saturdays and Sundays/ },
  { name: 'install on a past date (2026-11-17)', body: withData({ installDate: '2026-11-17' }), message: /passed/ },
  { name: 'install today (2026-11-20)', body: withData({ installDate: '2026-11-20' }), message: /passed|after today/ },
  { name: 'install out of season (2026-12-25)', body: withData({ installDate: '2026-12-25' }), message: /Installations are scheduled between/ },
  { name: 'install a year ahead (2027-11-26)', body: withData({ installDate: '2027-11-26' }), message: /Installations are scheduled between/ },
  { name: 'slot past Sunday closing (2026-11-22 15-21, 7.5-9ft)', body: withData({ installDate: '2026-11-22', installTimeSlot: '15-21' }), message: /slot/ },
  { name: 'slot of another size (9-12 for 7.5-9ft)', body: withData({ installTimeSlot: '9-12' }), message: /slot/ },
  { name: 'made-up slot (8-14)', body: withData({ installTimeSlot: '8-14' }), message: /slot/ },
  { name: 'removal before the removal window (2026-12-24)', body: withData({ removalDate: '2026-12-24' }), message: /Removals are scheduled between/ },
  { name: 'removal after the removal window (2027-02-02)', body: withData({ removalDate: '2027-02-02' }), message: /Removals are scheduled between/ },
  { name: 'removal slot past Sunday closing (2027-01-03 15-21)', body: withData({ removalDate: '2027-01-03', removalTimeSlot: '15-21' }), message: /removal time slot/ },
  { name: 'removal slot of another size (9-18 for 7.5-9ft)', body: withData({ removalTimeSlot: '9-18' }), message: /removal time slot/ },
];

beforeEach(() => clearCollections('bookings', 'blocked_dates'));

describe('POST /api/fn/create-booking-checkout: bad input', () => {
  it.each(scenarios)('$name → 400, stores nothing', async ({ body, message }) => {
    const before = await countBookings();
    const res = await callFn('POST', ROUTE, body);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(400);
    expect(res.body.status).toBe(400);
    if (typeof message === 'string') {
      expect(res.body.message).toBe(message);
    } else {
      expectClearSentence(res.body.message);
      expect(res.body.message).toMatch(message);
    }
    expect(await countBookings()).toBe(before);
  });

  it('a blocked install date is refused with a clear message', async () => {
    await superuser().collection('blocked_dates').create({ blocked_date: '2026-11-24' });
    const res = await callFn('POST', ROUTE, withData({}));
    expect(res.status).toBe(400);
    expectClearSentence(res.body.message);
    expect(res.body.message).toMatch(/not available/);
    expect(await countBookings()).toBe(0);
  });

  it('the valid request these scenarios vary is itself accepted', async () => {
    const res = await callFn('POST', ROUTE, withData({}));
    expect(res.status).toBe(200);
    expect(await countBookings()).toBe(1);
  });
});
