/**
 * The site's own address is never taken from the request's Origin header (docs/decisions/010):
 * a booking's inspiration-image links are checked by record id and file name against our own
 * `inspiration_images` collection and stored in a form the server builds itself (root-relative
 * without APP_URL, on APP_URL when set), and the links sent to the customer (checkout, demo
 * payment) are built on APP_URL or the request's Host, whatever Origin the client sends.
 */
import http from 'node:http';
import PocketBase, { type RecordModel } from 'pocketbase';
import { beforeEach, describe, expect, it } from 'vitest';
import { countBookings } from './fixtures';
import { PNG, imageForm, uploadPng } from './image-fixtures';
import { ownServerHooks } from './own-server';
import { anonymous, baseUrl, bookingRequest, clearCollections, superuser } from './support';

const EVIL = 'https://evil.example';
const CHECKOUT = '/api/fn/create-booking-checkout';

/** POST JSON to `base + route` with extra headers (Origin is an ordinary header for Node's fetch). */
async function postAs(base: string, route: string, body: unknown, headers: Record<string, string>) {
  const res = await fetch(`${base}${route}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as any };
}

/** The path PocketBase serves an upload's file at, by collection name. */
const filePath = (rec: RecordModel) => `/api/files/inspiration_images/${rec.id}/${rec.image}`;

async function storedImages(bookingId: string): Promise<unknown> {
  return (await superuser().collection('bookings').getOne(bookingId)).style_inspiration_images;
}

describe('without APP_URL', () => {
  let rec: RecordModel;
  // A fresh upload for each test: deleting the bookings of the one before deletes its image
  // (docs/decisions/042).
  beforeEach(async () => {
    await clearCollections('bookings');
    rec = await uploadPng('mantel.png');
  });

  it('a link on another host naming a real upload is stored only as our own root-relative path, even with a spoofed Origin', async () => {
    const foreign = `${EVIL}${filePath(rec)}`;
    const res = await postAs(baseUrl(), CHECKOUT, { bookingData: bookingRequest({ styleInspirationImages: [foreign] }) }, { Origin: EVIL });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await storedImages(res.body.bookingId)).toEqual([filePath(rec)]);
    const served = await fetch(`${baseUrl()}${filePath(rec)}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('the URL the uploader received (by collection id, on our origin) is stored in the same form', async () => {
    const own = anonymous().files.getURL(rec, rec.image);
    expect(own).toContain(rec.collectionId);
    const res = await postAs(baseUrl(), CHECKOUT, { bookingData: bookingRequest({ styleInspirationImages: [own] }) }, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await storedImages(res.body.bookingId)).toEqual([filePath(rec)]);
  });

  it('a root-relative link (the stored form) is accepted as it is', async () => {
    const res = await postAs(baseUrl(), CHECKOUT, { bookingData: bookingRequest({ styleInspirationImages: [filePath(rec)] }) }, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await storedImages(res.body.bookingId)).toEqual([filePath(rec)]);
  });

  it('a spoofed Host header does not reach the stored link either', async () => {
    const body = JSON.stringify({ bookingData: bookingRequest({ styleInspirationImages: [`http://evil.example${filePath(rec)}`] }) });
    const res = await new Promise<{ status: number; body: any }>((resolve, reject) => {
      const req = http.request(`${baseUrl()}${CHECKOUT}`, { method: 'POST', headers: { Host: 'evil.example', 'Content-Type': 'application/json' } }, (r) => {
        let text = '';
        r.on('data', (c) => (text += c));
        r.on('end', () => resolve({ status: r.statusCode ?? 0, body: JSON.parse(text) }));
      });
      req.on('error', reject);
      req.end(body);
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await storedImages(res.body.bookingId)).toEqual([filePath(rec)]);
  });

  it.each<[string, () => string]>([
    ['a record that does not exist', () => `${EVIL}/api/files/inspiration_images/zzzzzzzzzzzzzzz/${rec.image}`],
    ['a real record with another file name', () => `${EVIL}/api/files/inspiration_images/${rec.id}/other.png`],
    ['a real record under another collection', () => `${EVIL}/api/files/bookings/${rec.id}/${rec.image}`],
  ])('refuses %s on a foreign host, with a spoofed Origin', async (_name, makeUrl) => {
    const res = await postAs(baseUrl(), CHECKOUT, { bookingData: bookingRequest({ styleInspirationImages: [makeUrl()] }) }, { Origin: EVIL });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Inspiration images must be links to uploaded images');
    expect(await countBookings()).toBe(0);
  });

  it('checkout and demo payment links ignore a spoofed Origin and use the request Host', async () => {
    const res = await postAs(baseUrl(), CHECKOUT, { bookingData: bookingRequest() }, { Origin: EVIL });
    expect(res.status).toBe(200);
    expect(res.body.url).toBe(`${baseUrl()}/demo-payment?session_id=${res.body.sessionId}`);
    const paid = await postAs(baseUrl(), '/api/fn/demo-checkout/pay', { sessionId: res.body.sessionId }, { Origin: EVIL });
    expect(paid.body.url).toBe(`${baseUrl()}/booking-success?session_id=${res.body.sessionId}`);
    const cancelled = await postAs(baseUrl(), '/api/fn/demo-checkout/cancel', { sessionId: res.body.sessionId }, { Origin: EVIL });
    expect(cancelled.body.url).toBe(`${baseUrl()}/booking-cancel`);
  });
});

describe('with APP_URL', () => {
  const APP_URL = 'https://shop.example';
  const own = ownServerHooks('origin-test', { APP_URL });

  it('stores image links and builds customer links on APP_URL, whatever Origin says', async () => {
    const rec = await new PocketBase(own.server.url).collection('inspiration_images').create(imageForm(PNG, 'porch.png', 'image/png'));
    const res = await postAs(own.server.url, CHECKOUT, { bookingData: bookingRequest({ styleInspirationImages: [`${EVIL}${filePath(rec)}`] }) }, { Origin: EVIL });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.url).toBe(`${APP_URL}/demo-payment?session_id=${res.body.sessionId}`);
    const booking = await own.su.collection('bookings').getOne(res.body.bookingId);
    expect(booking.style_inspiration_images).toEqual([`${APP_URL}${filePath(rec)}`]);
  });
});
