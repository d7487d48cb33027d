/**
 * POST /api/fn/calculate-distance (docs/product.md §7, §9 Travel; docs/architecture.md readings 8 and 16): the
 * default provider estimates from bundled ZIP centroids (every US ZIP); within 20 miles there
 * is no fee, beyond it $2 per mile on the distance rounded to 0.1 mile; an address without a
 * findable ZIP or beyond the maximum service distance gets 200 { error } with the sentence
 * checkout refuses it with (the client clears the result silently), never a 500.
 *
 * The real provider (openrouteservice, OPENROUTESERVICE_API_KEY) runs against a local fake of
 * its two endpoints on a second server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_ZIP_MESSAGE } from '../../domain/place/service-area';
import { travelFeeCents } from '../../domain/place/travel';
import { startServer } from '../../scripts/lib/server.mjs';
import { SERVER_NOW } from './constants';
import { bookingRequest, callFn, clearCollections, superuser, template } from './support';

const ROUTE = '/api/fn/calculate-distance';

interface Result {
  distance?: number;
  duration?: number;
  travelFee?: number;
  error?: string;
}

describe('ZIP-centroid estimate (default provider)', () => {
  it('a nearby ZIP (Ellicott City 21042) is within the free radius', async () => {
    const res = await callFn<Result>('POST', ROUTE, { address: '3430 Court House Dr, Ellicott City, MD 21042' });
    expect(res.status).toBe(200);
    expect(res.body.error).toBeUndefined();
    expect(res.body.distance).toBeGreaterThan(0);
    expect(res.body.distance).toBeLessThan(20);
    expect(res.body.travelFee).toBe(0);
    expect(Number.isInteger(res.body.duration)).toBe(true);
  });

  it('the base ZIP itself is 0 miles and free', async () => {
    const res = await callFn<Result>('POST', ROUTE, { address: '8000 Main St, Ellicott City, MD 21043' });
    expect(res.body).toEqual({ distance: 0, duration: 0, travelFee: 0 });
  });

  it.each([
    ['Annapolis, MD 21401', '100 State Cir, Annapolis, MD 21401'],
    ['Washington, DC 20001', '801 Mt Vernon Pl NW, Washington, DC 20001-4321'],
  ])('a far ZIP (%s) pays 2 dollars a mile beyond 20 miles on the rounded distance', async (_name, address) => {
    const res = await callFn<Result>('POST', ROUTE, { address });
    expect(res.status).toBe(200);
    const { distance, travelFee, duration } = res.body;
    expect(distance).toBeGreaterThan(20);
    expect(distance).toBeLessThan(60);
    expect(Math.round(distance! * 10)).toBe(distance! * 10); // one decimal
    expect(travelFee).toBe(travelFeeCents(distance!));
    expect(travelFee).toBeGreaterThan(0);
    expect(duration).toBeGreaterThan(0);
  });

  // A refusal (the address checkout would refuse) is marked for the wizard to show; the rest it ignores.
  const refused = (error: string) => ({ error, refused: true });
  it.each<[string, unknown, Record<string, unknown>]>([
    ['no ZIP in the address', { address: '123 Main Street, Ellicott City' }, refused(NO_ZIP_MESSAGE)],
    ['a ZIP that does not exist', { address: '123 Main Street, Ellicott City, MD 99999' }, refused(NO_ZIP_MESSAGE)],
    ['a ZIP across the country', { address: '1 Infinite Loop, Cupertino, CA 95014' }, refused('Sorry, ZIP code 95014 is 3039.7 miles away, outside our service area (up to 60 miles).')],
    ['garbage', { address: '%%%%%%%%' }, refused(NO_ZIP_MESSAGE)],
    ['a house number only', { address: '12345 Frederick Road' }, refused(NO_ZIP_MESSAGE)],
    ['too short', { address: '2104' }, { error: 'Please enter the full installation address.' }],
    ['empty', { address: '' }, { error: 'Please enter the full installation address.' }],
    ['over 500 characters', { address: `${'A'.repeat(600)} 21042` }, { error: 'Please enter the full installation address.' }],
    ['not a string', { address: { zip: '21042' } }, { error: 'Please enter the full installation address.' }],
    ['a number', { address: 21042 }, { error: 'Please enter the full installation address.' }],
    ['no address field', {}, { error: 'Please enter the full installation address.' }],
  ])('%s → 200 %o', async (_name, body, answer) => {
    const res = await callFn<Result>('POST', ROUTE, body);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(answer);
  });

  it('a body that is not JSON is a 400, not a 500', async () => {
    const res = await callFn('POST', ROUTE, '{not json');
    expect(res.status).toBe(400);
  });
});

describe('create-booking-checkout prices travel with the server’s distance', () => {
  it('charges the fee for the address, whatever travel fee the client sends', async () => {
    await clearCollections('bookings');
    const address = '100 State Cir, Annapolis, MD 21401';
    const lookup = await callFn<Result>('POST', ROUTE, { address });
    const res = await callFn('POST', '/api/fn/create-booking-checkout', { bookingData: bookingRequest({ customerAddress: address, travelFee: 0, totalPrice: 165000 }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const booking = await superuser().collection('bookings').getOne(res.body.bookingId);
    expect(booking.distance_miles).toBe(lookup.body.distance);
    expect(booking.travel_fee).toBe(lookup.body.travelFee);
    expect(booking.total_price).toBe(165000 + lookup.body.travelFee!);
  });
});

describe('openrouteservice provider (OPENROUTESERVICE_API_KEY)', () => {
  const KEY = 'test-ors-key';
  const requests: { path: string; auth: string | undefined; query: URLSearchParams }[] = [];
  let fake: http.Server;
  let server: Awaited<ReturnType<typeof startServer>>;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pb-ors-test-'));

  beforeAll(async () => {
    fake = http.createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://localhost');
      requests.push({ path: u.pathname, auth: req.headers.authorization, query: u.searchParams });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== KEY) return send(403, { error: 'Access denied' });
      if (u.pathname === '/geocode/search') {
        const text = u.searchParams.get('text') ?? '';
        if (text.includes('Nowhere')) return send(200, { type: 'FeatureCollection', features: [] });
        const coordinates = text.includes('Pittsburgh') ? [-79.99, 40.44] : [-76.49, 38.98];
        return send(200, { type: 'FeatureCollection', features: [{ geometry: { type: 'Point', coordinates } }] });
      }
      if (u.pathname === '/v2/directions/driving-car') {
        // Pittsburgh: 370,149.1 m = 230.0 miles; elsewhere 40,233.6 m = 25.0 miles, 1,860 s = 31 minutes.
        const meters = u.searchParams.get('end') === '-79.99,40.44' ? 370149.1 : 40233.6;
        return send(200, { type: 'FeatureCollection', features: [{ properties: { summary: { distance: meters, duration: 1860 } } }] });
      }
      return send(404, {});
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const port = (fake.address() as AddressInfo).port;
    server = await startServer({ dataDir, template: template(), env: { APP_NOW: SERVER_NOW, OPENROUTESERVICE_API_KEY: KEY, OPENROUTESERVICE_URL: `http://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    await server?.stop();
    await new Promise((resolve) => fake?.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = async (address: string): Promise<Result> => {
    const res = await fetch(`${server.url}${ROUTE}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ address }) });
    expect(res.status).toBe(200);
    return (await res.json()) as Result;
  };

  it('geocodes the address and routes by car from the base, with the key in a header', async () => {
    requests.length = 0;
    expect(await post('100 State Cir, Annapolis, MD 21401')).toEqual({ distance: 25, duration: 31, travelFee: 1000 });
    expect(requests.map((r) => r.path)).toEqual(['/geocode/search', '/v2/directions/driving-car']);
    expect(requests.every((r) => r.auth === KEY && !r.query.has('api_key'))).toBe(true);
    expect(requests[0]!.query.get('text')).toBe('100 State Cir, Annapolis, MD 21401');
    expect(requests[1]!.query.get('end')).toBe('-76.49,38.98');
  });

  it('falls back to the ZIP estimate when the provider finds nothing', async () => {
    const r = await post('1 Nowhere Lane, Ellicott City, MD 21043');
    expect(r).toEqual({ distance: 0, duration: 0, travelFee: 0 });
  });

  it('refuses a routed distance beyond the maximum service distance', async () => {
    expect(await post('1 PPG Pl, Pittsburgh, PA 15222')).toEqual({ error: 'Sorry, ZIP code 15222 is 230.0 miles away, outside our service area (up to 60 miles).', refused: true });
  });

  it('still needs a known ZIP: without one, no routing call is made and checkout refuses the address', async () => {
    requests.length = 0;
    expect(await post('100 State Cir, Annapolis, MD')).toEqual({ error: NO_ZIP_MESSAGE, refused: true });
    expect(await post('100 State Cir, Annapolis, MD 99999')).toEqual({ error: NO_ZIP_MESSAGE, refused: true });
    const res = await fetch(`${server.url}/api/fn/create-booking-checkout`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ bookingData: bookingRequest({ customerAddress: '100 State Cir, Annapolis, MD' }) }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe(NO_ZIP_MESSAGE);
    expect(requests).toEqual([]);
  });
});
