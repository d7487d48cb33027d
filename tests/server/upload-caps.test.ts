/**
 * Bounded uploads (docs/decisions/042-bounded-uploads.md; docs/product.md §5 Images, §7 Storage):
 * visitors' inspiration uploads are capped per wizard (10), per client address per hour and for
 * the whole site per day, each answered 429 with a plain sentence and checked in the insert's
 * transaction (parallel uploads cannot slip past); admins are not capped; uploads no booking
 * links to are deleted 24 hours after upload (the clock injected); deleting a booking deletes its
 * images and job photos; with the data disk under UPLOAD_MIN_FREE_MB, uploads answer 507 while
 * checkouts still succeed.
 *
 * The caps run on a server of their own with every per-caller limit on (the shared server runs
 * with RATE_LIMITS=off), budgets of 1 MB per address per hour and 12 MB per day for the site, and
 * PocketBase's trusted-proxy header set, so each test speaks from its own address. The disk
 * guard runs on another with a threshold no disk can meet. The booking deletion uses the shared
 * server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import PocketBase from 'pocketbase';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer } from '../../scripts/lib/server.mjs';
import { stageBooking, staffToken } from './charge-fixtures';
import { SERVER_NOW, SUPERUSER } from './constants';
import { PNG, imageForm, newWizardId } from './image-fixtures';
import { baseUrl, bookingRequest, request, superuser, type FnResponse, template } from './support';

const WIZARD_FULL = 'You have already uploaded 10 images for this booking, the most one booking can have.';
const ADDRESS_BUSY = 'You have uploaded a lot of images in the last hour. Please try again later.';
const SITE_BUSY = 'We have received a great many images today, so uploads are paused. You can still book without images, or try again tomorrow.';
const DISK_LOW = 'Image uploads are paused because the server is short of storage space. You can still book without images, or try again later.';
const PHOTO_DISK_LOW = 'The server is short of storage space, so the photo cannot be saved yet. It stays queued and will be sent again.';
const WIZARD_MISSING = 'Please reload the booking page and add your images again.';

const MB = 1024 * 1024;
/** A 400 KB PNG (the 1×1 PNG padded: PocketBase sniffs the start): two fit a 1 MB budget, three do not. */
const BIG = Buffer.concat([PNG, Buffer.alloc(400 * 1024 - PNG.length)]);
const UPLOADS = '/api/collections/inspiration_images/records';
const HOUR = 60 * 60 * 1000;

interface Server {
  url: string;
  su: PocketBase;
  stop: () => Promise<void>;
}
let capped: Server;
let lowDisk: Server;
const dataDirs: string[] = [];

async function start(env: Record<string, string>): Promise<Server> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'pb-upload-caps-'));
  dataDirs.push(dataDir);
  const server = await startServer({ dataDir, template: template(), env: { APP_NOW: SERVER_NOW, ...env } });
  const su = new PocketBase(server.url);
  su.autoCancellation(false);
  await su.collection('_superusers').authWithPassword(SUPERUSER.email, SUPERUSER.password);
  await su.settings.update({ trustedProxy: { headers: ['X-Forwarded-For'], useLeftmostIP: false } });
  return { url: server.url, su, stop: server.stop };
}

beforeAll(async () => {
  capped = await start({ UPLOAD_ADDRESS_MB_PER_HOUR: '1', UPLOAD_SITE_MB_PER_DAY: '12' });
  lowDisk = await start({ RATE_LIMITS: 'off', UPLOAD_MIN_FREE_MB: '1000000000' });
}, 60_000);

afterAll(async () => {
  await capped?.stop();
  await lowDisk?.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

let lastIp = 0;
/** A client address no other test uses (PocketBase's own per-IP limits stay out of the way). */
const newIp = () => `203.0.113.${++lastIp}`;

interface UploadOptions {
  ip?: string;
  /** The wizard id sent (default: a new one); null sends none. */
  wizard?: string | null;
  bytes?: Buffer;
  token?: string;
  fields?: Record<string, string>;
}

/** Uploads one image to `base` as the wizard does (multipart `image` and `wizardId`). */
function upload(base: string, o: UploadOptions = {}): Promise<FnResponse> {
  const body = imageForm(o.bytes ?? PNG, 'tree.png', 'image/png', o.wizard === undefined ? newWizardId() : o.wizard);
  for (const [k, v] of Object.entries(o.fields ?? {})) body.append(k, v);
  return request({ base, route: UPLOADS, body, token: o.token, headers: o.ip ? { 'X-Forwarded-For': o.ip } : {} });
}

const fileUrl = (base: string, rec: { id: string; image: string }) => `${base}/api/files/inspiration_images/${rec.id}/${rec.image}`;
const statusOfUrl = async (url: string) => (await fetch(url)).status;
const statuses = (answers: FnResponse[]) => answers.map((a) => a.status);

/** Bytes of visitors' uploads stored on `s` (superuser: the hidden fields). */
async function visitorBytes(s: Server): Promise<number> {
  const rows = await s.su.collection('inspiration_images').getFullList({ filter: 'wizard != ""', fields: 'size' });
  return rows.reduce((n, r) => n + (r.size as number), 0);
}

describe('caps on anonymous uploads', () => {
  it('a visitor’s upload must name its wizard', async () => {
    const res = await upload(capped.url, { ip: newIp(), wizard: null });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(WIZARD_MISSING);
    expect((await upload(capped.url, { ip: newIp(), wizard: 'short' })).body.message).toBe(WIZARD_MISSING);
  });

  it('stores the caps’ hidden fields from the request, never from the client, and shows them to no visitor', async () => {
    const ip = newIp();
    const wizard = newWizardId();
    const res = await upload(capped.url, { ip, wizard, bytes: BIG, fields: { size: '1', wizard: 'wizard_other_123', client_ip: '10.0.0.1', uploaded_at: '2000-01-01 00:00:00.000Z' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    for (const hidden of ['size', 'wizard', 'client_ip', 'uploaded_at']) expect(res.body).not.toHaveProperty(hidden);
    const stored = await capped.su.collection('inspiration_images').getOne(res.body.id);
    expect(stored).toMatchObject({ size: BIG.length, wizard, client_ip: ip, uploaded_at: '2026-11-20 17:00:00.000Z' });
  });

  it('the 11th upload of one wizard is refused with 429 and a sentence', async () => {
    const wizard = newWizardId();
    const ip = newIp();
    const answers: FnResponse[] = [];
    for (let i = 0; i < 11; i++) answers.push(await upload(capped.url, { ip, wizard }));
    expect(statuses(answers)).toEqual([...Array<number>(10).fill(200), 429]);
    expect(answers[10]!.body.message).toBe(WIZARD_FULL);
    // Another wizard from the same address goes on.
    expect((await upload(capped.url, { ip })).status).toBe(200);
  });

  it('an address over its hourly budget is refused with 429 and a sentence; other addresses go on', async () => {
    const ip = newIp();
    const answers: FnResponse[] = [];
    // One wizard each, so only the address's budget (1 MB here) decides.
    for (let i = 0; i < 3; i++) answers.push(await upload(capped.url, { ip, bytes: BIG }));
    expect(statuses(answers)).toEqual([200, 200, 429]);
    expect(answers[2]!.body.message).toBe(ADDRESS_BUSY);
    // A small image still fits the remaining 224 KB; another address has its own budget.
    expect((await upload(capped.url, { ip })).status).toBe(200);
    expect((await upload(capped.url, { ip: newIp(), bytes: BIG })).status).toBe(200);
  });

  it('parallel uploads of one wizard: exactly 10 are stored', async () => {
    const wizard = newWizardId();
    // From many addresses at once: only the wizard's cap can stop them.
    const answers = await Promise.all(Array.from({ length: 30 }, () => upload(capped.url, { ip: newIp(), wizard, bytes: BIG })));
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(10);
    expect(answers.filter((a) => a.status === 429).map((a) => a.body.message)).toEqual(Array<string>(20).fill(WIZARD_FULL));
    expect(await capped.su.collection('inspiration_images').getList(1, 1, { filter: capped.su.filter('wizard = {:w}', { w: wizard }) })).toMatchObject({ totalItems: 10 });
  });

  it('parallel uploads from one address: no more bytes than its budget are stored', async () => {
    const ip = newIp();
    const answers = await Promise.all(Array.from({ length: 20 }, () => upload(capped.url, { ip, bytes: BIG })));
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 429).map((a) => a.body.message)).toEqual(Array<string>(18).fill(ADDRESS_BUSY));
    const stored = await capped.su.collection('inspiration_images').getFullList({ filter: capped.su.filter('client_ip = {:ip}', { ip }), fields: 'size' });
    expect(stored.reduce((n, r) => n + (r.size as number), 0)).toBeLessThanOrEqual(MB);
  });

  it('an admin and a superuser are not capped (and not counted)', async () => {
    const admin = await staffToken(capped.su, 'admin');
    const ip = newIp();
    const before = await visitorBytes(capped);
    const answers: FnResponse[] = [];
    for (let i = 0; i < 12; i++) answers.push(await upload(capped.url, { ip, wizard: null, token: admin, bytes: i < 3 ? BIG : PNG }));
    answers.push(await upload(capped.url, { ip, wizard: null, token: capped.su.authStore.token, bytes: BIG }));
    expect(statuses(answers)).toEqual(Array<number>(13).fill(200));
    expect(await visitorBytes(capped)).toBe(before);
    // The same address as a visitor still has its own whole budget.
    expect((await upload(capped.url, { ip, bytes: BIG })).status).toBe(200);
  });

  it('the site over its daily budget is refused with 429 and a sentence, whatever the address', async () => {
    const room = 12 * MB - (await visitorBytes(capped));
    const fitting = Math.floor(room / BIG.length);
    const answers: FnResponse[] = [];
    for (let i = 0; i < fitting; i++) answers.push(await upload(capped.url, { ip: newIp(), bytes: BIG }));
    expect(statuses(answers)).toEqual(Array<number>(fitting).fill(200));
    const refused = await upload(capped.url, { ip: newIp(), bytes: BIG });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(SITE_BUSY);
    expect(fitting).toBeGreaterThan(0);
    expect(await visitorBytes(capped)).toBeLessThanOrEqual(12 * MB);
  });
});

describe('the orphan job (uploads no booking links to, 24 hours after upload)', () => {
  const ROUTE = '/api/fn/jobs/delete-orphan-uploads';
  const runJob = (now?: string) => request<{ deleted: number }>({ base: capped.url, route: ROUTE, body: now ? { now } : {}, token: capped.su.authStore.token });
  /** A superuser's upload (no cap, none left) dated `hoursBefore` hours before the frozen clock. */
  async function uploadDated(hoursBefore: number) {
    const res = await upload(capped.url, { wizard: null, token: capped.su.authStore.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const at = new Date(Date.parse(SERVER_NOW) - hoursBefore * HOUR).toISOString().replace('T', ' ');
    await capped.su.collection('inspiration_images').update(res.body.id, { uploaded_at: at });
    return res.body as { id: string; image: string; collectionId: string };
  }

  it('deletes an unlinked upload 25 hours old with its file, keeps one 23 hours old and linked ones, on the injected clock', async () => {
    const old = await uploadDated(25);
    const recent = await uploadDated(23);
    const linked = await uploadDated(25);
    const linkedById = await uploadDated(25);
    const sharedLink = await uploadDated(48);
    await stageBooking(capped.su, { style_inspiration_images: [`/api/files/inspiration_images/${linked.id}/${linked.image}`] });
    await stageBooking(capped.su, {
      install_date: '2026-12-12',
      status: 'cancelled',
      style_inspiration_images: [
        `https://shop.example/api/files/${linkedById.collectionId}/${linkedById.id}/${linkedById.image}`,
        `/api/files/inspiration_images/${sharedLink.id}/${sharedLink.image}`,
      ],
    });
    for (const r of [old, recent, linked, linkedById, sharedLink]) expect(await statusOfUrl(fileUrl(capped.url, r))).toBe(200);

    // The server's own clock (APP_NOW): the earlier tests' uploads are brand new and stay.
    expect((await runJob()).body).toEqual({ deleted: 1 });
    expect(await statusOfUrl(fileUrl(capped.url, old))).toBe(404);
    await expect(capped.su.collection('inspiration_images').getOne(old.id)).rejects.toMatchObject({ status: 404 });
    for (const r of [recent, linked, linkedById, sharedLink]) expect(await statusOfUrl(fileUrl(capped.url, r))).toBe(200);

    // Two hours later the 23-hour-old one is 25 hours old; the linked ones stay for good.
    const later = new Date(Date.parse(SERVER_NOW) + 2 * HOUR).toISOString();
    expect((await runJob(later)).body).toEqual({ deleted: 1 });
    expect(await statusOfUrl(fileUrl(capped.url, recent))).toBe(404);
    for (const r of [linked, linkedById, sharedLink]) expect(await statusOfUrl(fileUrl(capped.url, r))).toBe(200);
  });

  it('pages through more candidates than one page holds', async () => {
    for (let batch = 0; batch < 13; batch++) {
      const many = await Promise.all(Array.from({ length: 10 }, () => upload(capped.url, { wizard: null, token: capped.su.authStore.token })));
      expect(statuses(many)).toEqual(Array<number>(10).fill(200));
    }
    // A week later every unlinked upload is old: the 130 and everything the caps' tests stored.
    const unlinkedBefore = (await capped.su.collection('inspiration_images').getList(1, 1)).totalItems - 3;
    const weekLater = new Date(Date.parse(SERVER_NOW) + 7 * 24 * HOUR).toISOString();
    expect((await runJob(weekLater)).body).toEqual({ deleted: unlinkedBefore });
    expect((await capped.su.collection('inspiration_images').getList(1, 1)).totalItems).toBe(3);
  });

  it('is for superusers only', async () => {
    const admin = await staffToken(capped.su, 'admin');
    expect((await request({ base: capped.url, route: ROUTE, body: {} })).status).toBe(401);
    expect([401, 403]).toContain((await request({ base: capped.url, route: ROUTE, body: {}, token: admin })).status);
  });
  it('a checkout hold that ended unpaid stops keeping its images 24 hours after it ended; a live hold keeps them', async () => {
    const expiredHold = await uploadDated(48);
    const liveHold = await uploadDated(48);
    const at = (hours: number) => new Date(Date.parse(SERVER_NOW) + hours * HOUR).toISOString();
    const link = (r: { id: string; image: string }) => [`/api/files/inspiration_images/${r.id}/${r.image}`];
    const unpaid = { payment_status: 'pending', deposit_paid_at: '', install_date: '2026-12-19' };
    await stageBooking(capped.su, { ...unpaid, status: 'cancelled', cancel_reason: 'hold_expired', hold_expires_at: at(-1).replace('T', ' '), style_inspiration_images: link(expiredHold) });
    await stageBooking(capped.su, { ...unpaid, status: 'pending_payment', hold_expires_at: at(0.5).replace('T', ' '), style_inspiration_images: link(liveHold) });
    const exists = async (r: { id: string; image: string; collectionId: string }) => (await statusOfUrl(fileUrl(capped.url, r))) === 200;

    // The hold expired an hour ago, and 22 hours on it is still within the day.
    await runJob();
    await runJob(at(22));
    expect([await exists(expiredHold), await exists(liveHold)]).toEqual([true, true]);
    // 24 hours after it expired its images go; the live hold's stay.
    await runJob(at(23.5));
    expect([await exists(expiredHold), await exists(liveHold)]).toEqual([false, true]);
    await expect(capped.su.collection('inspiration_images').getOne(expiredHold.id)).rejects.toMatchObject({ status: 404 });
    await runJob(at(24 * 7));
    expect(await exists(liveHold)).toBe(true);
  });
});

describe('deleting a booking deletes its images and job photos', () => {
  it('their file URLs answer 404 afterwards; an image another booking links to stays', async () => {
    const su = superuser();
    const admin = await staffToken(su, 'admin');
    const own = (await upload(baseUrl())).body as { id: string; image: string };
    const shared = (await upload(baseUrl())).body as { id: string; image: string };
    const link = (r: { id: string; image: string }) => `/api/files/inspiration_images/${r.id}/${r.image}`;
    // Unpaid: a booking money moved for is cancelled, never deleted.
    const doomed = await stageBooking(su, {
      install_date: '2026-12-13',
      style_inspiration_images: [link(own), link(shared)],
      status: 'pending_payment',
      payment_status: 'pending',
      deposit_paid_at: '',
    });
    const kept = await stageBooking(su, { install_date: '2026-12-19', style_inspiration_images: [link(shared)] });

    const jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 20, g: 120, b: 40 } } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    const clientId = `delphoto${Date.now().toString(36)}`.slice(0, 15).padEnd(15, '0');
    for (const [k, v] of Object.entries({ clientId, bookingId: doomed.id, kind: 'photo', occurredAt: '2026-11-20T17:05:00.000Z' })) form.append(k, v);
    form.append('photo', new File([new Uint8Array(jpeg)], 'tree.jpg', { type: 'image/jpeg' }));
    const event = await request({ route: '/api/fn/job-events', body: form, token: admin });
    expect(event.status, JSON.stringify(event.body)).toBe(200);
    const photoUrl = `${baseUrl()}/api/files/job_events/${clientId}/${event.body.event.photo as string}`;
    const fileToken = async () => (await request<{ token: string }>({ route: '/api/files/token', method: 'POST', token: admin })).body.token;
    expect(await statusOfUrl(`${photoUrl}?token=${await fileToken()}`)).toBe(200);
    expect(await statusOfUrl(fileUrl(baseUrl(), own))).toBe(200);

    const del = await request({ route: `/api/collections/bookings/records/${doomed.id}`, method: 'DELETE', token: admin });
    expect(del.status, JSON.stringify(del.body)).toBe(204);

    expect(await statusOfUrl(fileUrl(baseUrl(), own))).toBe(404);
    expect(await statusOfUrl(`${photoUrl}?token=${await fileToken()}`)).toBe(404);
    await expect(su.collection('job_events').getOne(clientId)).rejects.toMatchObject({ status: 404 });
    expect(await statusOfUrl(fileUrl(baseUrl(), shared))).toBe(200);
    // The rest of the delete still happened: its tombstone, for the admin's mirror.
    expect((await su.collection('tombstones').getFullList({ filter: su.filter('record_id = {:id}', { id: doomed.id }) })).length).toBe(1);
    await su.collection('bookings').delete(kept.id);
    expect(await statusOfUrl(fileUrl(baseUrl(), shared))).toBe(404);
  });
});

describe('the data disk under UPLOAD_MIN_FREE_MB', () => {
  it('refuses inspiration uploads and job photos with 507 and a sentence, storing nothing, while a checkout succeeds', async () => {
    const before = (await lowDisk.su.collection('inspiration_images').getList(1, 1)).totalItems;
    const res = await upload(lowDisk.url, { ip: newIp() });
    expect(res.status).toBe(507);
    expect(res.body.message).toBe(DISK_LOW);
    expect((await upload(lowDisk.url, { token: lowDisk.su.authStore.token, wizard: null })).status).toBe(507);
    expect((await lowDisk.su.collection('inspiration_images').getList(1, 1)).totalItems).toBe(before);

    const admin = await staffToken(lowDisk.su, 'admin');
    const booking = await stageBooking(lowDisk.su);
    const form = new FormData();
    for (const [k, v] of Object.entries({ clientId: 'lowdisk00000001', bookingId: booking.id, kind: 'photo' })) form.append(k, v);
    form.append('photo', new File([new Uint8Array(PNG)], 'tree.png', { type: 'image/png' }));
    const photo = await request({ base: lowDisk.url, route: '/api/fn/job-events', body: form, token: admin });
    expect(photo.status).toBe(507);
    expect(photo.body.message).toBe(PHOTO_DISK_LOW);
    // A note (no file) still goes through.
    const note = await request({ base: lowDisk.url, route: '/api/fn/job-events', body: { clientId: 'lowdisk00000002', bookingId: booking.id, kind: 'note', text: 'Gate code 1234' }, token: admin });
    expect(note.status, JSON.stringify(note.body)).toBe(200);

    const checkout = await request({ base: lowDisk.url, route: '/api/fn/create-booking-checkout', body: { bookingData: bookingRequest() } });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
    expect(checkout.body.url).toBeTruthy();
  });
});
