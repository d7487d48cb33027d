/**
 * The service area at checkout (docs/architecture.md reading 16; docs/product.md §9 Travel): the distance is
 * measured to the last ZIP of the address line, every US ZIP is known, and
 * create-booking-checkout refuses an address without a findable ZIP or beyond the
 * `max_service_miles` setting (60 by default) with a 400 and a plain sentence, storing
 * nothing. Distances are the ZIP-centroid estimate from the base ZIP 21043 (× 1.25 circuity).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { travelFeeCents } from '../../domain/place/travel';
import { checkout, countBookings } from './fixtures';
import { callFn, clearCollections, superuser } from './support';

const NO_ZIP = 'Please include your ZIP code so we can confirm the travel fee.';
/** Elevated Arbor 7.5–9 ft with removal, before travel (the default bookingRequest). */
const BASE_PRICE = 165000;

interface Distance {
  distance?: number;
  travelFee?: number;
  error?: string;
}

const lookup = async (address: string) => (await callFn<Distance>('POST', '/api/fn/calculate-distance', { address })).body;

async function setMaxServiceMiles(miles: number): Promise<void> {
  const pb = superuser();
  const rec = await pb.collection('settings').getFirstListItem('key = "max_service_miles"');
  await pb.collection('settings').update(rec.id, { value: miles });
}

beforeEach(() => clearCollections('bookings', 'blocked_dates'));

describe('create-booking-checkout refuses addresses outside the service area', () => {
  it.each<[string, string, string]>([
    ['Miami Beach, FL (1,188 miles)', '1 Ocean Dr, Miami Beach, FL 33139', 'Sorry, ZIP code 33139 is 1188.3 miles away, outside our service area (up to 60 miles).'],
    ['York, PA, just beyond 60 miles', '50 W Market St, York, PA 17401', 'Sorry, ZIP code 17401 is 61.4 miles away, outside our service area (up to 60 miles).'],
    ['no ZIP', '123 Main St, Ellicott City, MD', NO_ZIP],
    ['a five-digit house number and no ZIP', '10001 Frederick Rd, Ellicott City, MD', NO_ZIP],
    ['a ZIP that does not exist', '123 Main St, Ellicott City, MD 99999', NO_ZIP],
  ])('%s → 400 with a plain sentence, nothing stored', async (_name, address, message) => {
    const res = await checkout({ customerAddress: address });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await countBookings()).toBe(0);
    // The wizard's live lookup answers the same sentence, marked as a refusal (shown under the
    // address field on step 4, where it blocks Continue).
    expect(await lookup(address)).toEqual({ error: message, refused: true });
  });
});

describe('create-booking-checkout prices by the last ZIP of the address', () => {
  it('a five-digit house number (itself a New York ZIP) before a nearby ZIP: priced by the nearby ZIP', async () => {
    const address = '10001 Old Frederick Rd, Ellicott City, MD 21042';
    const nearby = await lookup('1 Main St, Ellicott City, MD 21042');
    expect(nearby.distance).toBeLessThan(20);
    const res = await checkout({ customerAddress: address });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const booking = await superuser().collection('bookings').getOne(res.body.bookingId);
    expect(booking.distance_miles).toBe(nearby.distance);
    expect(booking.travel_fee).toBe(0);
    expect(booking.total_price).toBe(BASE_PRICE);
  });

  it.each<[string, string, number, number]>([
    ['Leesburg, VA', '1 Harrison St SE, Leesburg, VA 20175', 57, 7400],
    ['Gettysburg, PA (ZIP+4)', '1 Lincoln Sq, Gettysburg, PA 17325-1234', 57.2, 7440],
    ['Frederick, MD (five-digit house number, then ", USA")', '12345 Urbana Pike, Frederick, MD 21701, USA', 39.4, 3880],
  ])('%s, far but within 60 miles: 2 dollars a mile beyond 20, stored on the booking', async (_name, address, miles, fee) => {
    expect(travelFeeCents(miles)).toBe(fee);
    const res = await checkout({ customerAddress: address, travelFee: 0 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const booking = await superuser().collection('bookings').getOne(res.body.bookingId);
    expect(booking.distance_miles).toBe(miles);
    expect(booking.travel_fee).toBe(fee);
    expect(booking.total_price).toBe(BASE_PRICE + fee);
    expect(booking.deposit_amount).toBe((BASE_PRICE + fee) / 2);
  });
});

describe('the maximum service distance is the `max_service_miles` setting', () => {
  afterEach(() => setMaxServiceMiles(60));

  it('is 60 miles after the migrations', async () => {
    const rec = await superuser().collection('settings').getFirstListItem('key = "max_service_miles"');
    expect(rec.value).toBe(60);
  });

  it('an admin lowering it to 30 miles refuses Frederick, MD (39.4 miles)', async () => {
    await setMaxServiceMiles(30);
    const res = await checkout({ customerAddress: '100 N Market St, Frederick, MD 21701' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Sorry, ZIP code 21701 is 39.4 miles away, outside our service area (up to 30 miles).');
    expect(await countBookings()).toBe(0);
  });

  it('a value that is not a sensible number falls back to 60 miles', async () => {
    await setMaxServiceMiles(0);
    expect(await lookup('1 Harrison St SE, Leesburg, VA 20175')).toMatchObject({ distance: 57, travelFee: 7400 });
  });
});
