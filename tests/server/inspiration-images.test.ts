/**
 * Inspiration-image uploads (docs/product.md §5 Images, §7 Storage; docs/architecture.md "Server interface"):
 * anonymous visitors upload images one record at a time and get a public URL; stored names are
 * random with the original extension and never overwrite; anything that is not an image, or
 * is too large, is refused and stores nothing; nobody can list, change or delete uploads.
 * A booking accepts only links to those uploads and stores them in the server's own form.
 * (The original file name's privacy and client-chosen ids: privacy.test.ts.)
 */
import { ClientResponseError, type RecordModel } from 'pocketbase';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../domain/booking/inspiration-images';
import { countBookings } from './fixtures';
import { PNG, imageForm as form } from './image-fixtures';
import { anonymous, baseUrl, bookingRequest, callFn, clearCollections, statusOf, superuser } from './support';

async function countImages(): Promise<number> {
  return (await superuser().collection('inspiration_images').getList(1, 1)).totalItems;
}

beforeAll(() => clearCollections('inspiration_images', 'bookings'));

describe('anonymous upload', () => {
  let record: RecordModel;
  let url: string;

  beforeAll(async () => {
    const pb = anonymous();
    record = await pb.collection('inspiration_images').create(form(PNG, 'Jane Doe living room.PNG', 'image/png'));
    url = pb.files.getURL(record, record.image);
  });

  it('stores the image under a random name with the original extension and keeps the original name (for superusers)', async () => {
    expect(record.image).toMatch(/^[a-z0-9]{24}\.png$/);
    expect(record.image).not.toMatch(/jane|living/i);
    expect((await superuser().collection('inspiration_images').getOne(record.id)).original_name).toBe('Jane Doe living room.PNG');
  });

  it('returns a public URL on our origin that serves the image with an hour of caching', async () => {
    expect(url).toBe(`${baseUrl()}/api/files/${record.collectionId}/${record.id}/${record.image}`);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('is viewable by id but never listed, changed or deleted by visitors', async () => {
    const pb = anonymous();
    expect((await pb.collection('inspiration_images').getOne(record.id)).image).toBe(record.image);
    expect(await statusOf(pb.collection('inspiration_images').getList(1, 50))).toBe(403);
    expect(await statusOf(pb.collection('inspiration_images').update(record.id, { original_name: 'x' }))).toBe(404);
    expect(await statusOf(pb.collection('inspiration_images').update(record.id, form(PNG, 'other.png', 'image/png')))).toBe(404);
    expect(await statusOf(pb.collection('inspiration_images').delete(record.id))).toBe(404);
    const res = await fetch(url);
    expect(Buffer.from(await res.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('never overwrites: the same file name uploaded twice gets two stored names', async () => {
    const pb = anonymous();
    const a = await pb.collection('inspiration_images').create(form(PNG, 'tree.png', 'image/png'));
    const b = await pb.collection('inspiration_images').create(form(PNG, 'tree.png', 'image/png'));
    expect(a.image).not.toBe(b.image);
    expect((await fetch(pb.files.getURL(a, a.image))).status).toBe(200);
    expect((await fetch(pb.files.getURL(b, b.image))).status).toBe(200);
  });

  it('ignores an original_name sent by the client', async () => {
    const fd = form(PNG, 'porch.png', 'image/png');
    fd.append('original_name', 'spoofed.exe');
    const rec = await anonymous().collection('inspiration_images').create(fd);
    expect((await superuser().collection('inspiration_images').getOne(rec.id)).original_name).toBe('porch.png');
  });
});

describe('refused uploads store nothing', () => {
  const text = new TextEncoder().encode('just some text, not a picture\n'.repeat(10));
  const html = new TextEncoder().encode('<!doctype html><html><body><script>alert(1)</script></body></html>');
  const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
  const oversized = new Uint8Array(MAX_IMAGE_BYTES + 1024);
  oversized.set(PNG);

  it.each<[string, FormData, number[]]>([
    ['a text file', form(text, 'notes.txt', 'text/plain'), [400]],
    ['a text file claiming to be a PNG', form(text, 'tree.png', 'image/png'), [400]],
    ['an HTML page claiming to be a PNG', form(html, 'tree.png', 'image/png'), [400]],
    ['an SVG (scriptable) image', form(svg, 'tree.svg', 'image/svg+xml'), [400]],
    ['a real PNG named .html', form(PNG, 'tree.html', 'text/html'), [400]],
    ['an image over 5 MB', form(oversized, 'huge.png', 'image/png'), [400, 413]],
    ['no file at all', new FormData(), [400]],
  ])('%s', async (_name, body, statuses) => {
    const before = await countImages();
    const status = await statusOf(anonymous().collection('inspiration_images').create(body));
    expect(statuses).toContain(status);
    expect(await countImages()).toBe(before);
  });

  it('refuses a non-image with a message naming the file', async () => {
    const err = await anonymous()
      .collection('inspiration_images')
      .create(form(PNG, 'tree.html', 'text/html'))
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ClientResponseError);
    expect((err as ClientResponseError).response.message).toBe('"tree.html" is not a supported image. Please upload JPEG, PNG, WebP, GIF, AVIF or HEIC photos.');
  });
});

describe('a booking keeps only links to our uploads, in its own form', () => {
  const ROUTE = '/api/fn/create-booking-checkout';
  let good: string;
  let rec: RecordModel;
  let other: RecordModel;

  // Fresh uploads for each test: deleting the bookings of the one before deletes its images
  // (docs/decisions/042).
  beforeEach(async () => {
    await clearCollections('bookings');
    const pb = anonymous();
    rec = await pb.collection('inspiration_images').create(form(PNG, 'mantel.png', 'image/png'));
    good = pb.files.getURL(rec, rec.image);
    other = await pb.collection('inspiration_images').create(form(PNG, 'stairs.png', 'image/png'));
  });

  it('stores each uploaded image as its root-relative file path (APP_URL is not set here)', async () => {
    const res = await callFn('POST', ROUTE, { bookingData: bookingRequest({ styleInspirationImages: [good] }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const booking = await superuser().collection('bookings').getOne(res.body.bookingId);
    expect(booking.style_inspiration_images).toEqual([`/api/files/inspiration_images/${rec.id}/${rec.image}`]);
  });

  it('stores a link to another host naming one of our uploads only in our own form', async () => {
    const res = await callFn('POST', ROUTE, { bookingData: bookingRequest({ styleInspirationImages: [good.replace(baseUrl(), 'https://evil.example')] }) });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const booking = await superuser().collection('bookings').getOne(res.body.bookingId);
    expect(booking.style_inspiration_images).toEqual([`/api/files/inspiration_images/${rec.id}/${rec.image}`]);
  });

  it.each<[string, () => string]>([
    ['a link elsewhere that is not a file link', () => 'https://evil.example/pixel.gif'],
    ['a record that does not exist', () => good.replace(/\/api\/files\/([^/]+)\/[^/]+\//, '/api/files/$1/zzzzzzzzzzzzzzz/')],
    ['another record’s file name', () => good.replace(/[^/]+$/, other.image)],
    ['another collection', () => good.replace(/\/api\/files\/[^/]+\//, '/api/files/bookings/')],
    ['a thumbnail query', () => `${good}?thumb=100x100`],
  ])('refuses %s', async (_name, makeUrl) => {
    const res = await callFn('POST', ROUTE, { bookingData: bookingRequest({ styleInspirationImages: [good, makeUrl()] }) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Inspiration images must be links to uploaded images');
    expect(await countBookings()).toBe(0);
  });
});
