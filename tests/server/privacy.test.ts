/**
 * Privacy leftovers (docs/decisions/010): an upload's original file name (often a person's name)
 * is readable by superusers only; anonymous uploaders cannot choose a record id; a checkout
 * session id reveals only what the payment pages show (no name or e-mail), and only for a day
 * after the checkout closed.
 */
import { ClientResponseError, type RecordModel } from 'pocketbase';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkout, createBookingRecord } from './fixtures';
import { PNG, imageForm, uploadPng } from './image-fixtures';
import { anonymous, callFn, clearCollections, superuser } from './support';

async function failure(p: Promise<unknown>): Promise<ClientResponseError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ClientResponseError);
  return err as ClientResponseError;
}

describe('inspiration_images.original_name', () => {
  let uploaded: RecordModel;
  beforeAll(async () => {
    uploaded = await uploadPng('Jane Doe living room.png');
  });

  it('is not in the upload response', () => {
    expect(uploaded.image).toMatch(/^[a-z0-9]{24}\.png$/);
    expect(uploaded).not.toHaveProperty('original_name');
    expect(JSON.stringify(uploaded)).not.toMatch(/jane|living/i);
  });

  it('is not readable anonymously by view, even when asked for by name', async () => {
    const pb = anonymous();
    const viewed = await pb.collection('inspiration_images').getOne(uploaded.id);
    expect(viewed.image).toBe(uploaded.image);
    expect(viewed).not.toHaveProperty('original_name');
    const picked = await pb.collection('inspiration_images').getOne(uploaded.id, { fields: 'id,original_name' });
    expect(picked).not.toHaveProperty('original_name');
  });

  it('is not readable anonymously by list, nor usable in a filter', async () => {
    const pb = anonymous();
    expect((await failure(pb.collection('inspiration_images').getList(1, 50))).status).toBe(403);
    const filtered = await pb
      .collection('inspiration_images')
      .getList(1, 50, { filter: "original_name ~ 'Jane'" })
      .then(
        (r) => r.items,
        (e: unknown) => (e instanceof ClientResponseError ? [] : Promise.reject(e)),
      );
    expect(filtered).toEqual([]);
  });

  it('is still recorded for superusers', async () => {
    expect((await superuser().collection('inspiration_images').getOne(uploaded.id)).original_name).toBe('Jane Doe living room.png');
  });
});

describe('inspiration_images record ids', () => {
  it('refuses an id chosen by an anonymous uploader and stores nothing', async () => {
    const chosen = 'chosenbyclient1';
    const fd = imageForm(PNG, 'tree.png', 'image/png');
    fd.append('id', chosen);
    const err = await failure(anonymous().collection('inspiration_images').create(fd));
    expect(err.status).toBe(400);
    expect(err.response.message).toBe('Record ids are chosen by the server. Please upload the image without an id.');
    expect((await failure(superuser().collection('inspiration_images').getOne(chosen))).status).toBe(404);
  });

  it('gives every upload a server-chosen id', async () => {
    const rec = await uploadPng('tree.png');
    expect(rec.id).toMatch(/^[a-z0-9]{15}$/);
  });
});

describe('what a checkout session id reveals', () => {
  beforeEach(() => clearCollections('bookings', 'blocked_dates'));

  const verify = (sessionId: string) => callFn('POST', '/api/fn/verify-booking-payment', { sessionId });
  const demoSession = (sessionId: string) => callFn('GET', `/api/fn/demo-checkout?session_id=${encodeURIComponent(sessionId)}`);
  const PAGE_FIELDS = ['packageTitle', 'treeSize', 'installDate', 'installTimeSlot', 'removalDate', 'removalTimeSlot', 'totalCents', 'depositCents', 'balanceCents'];

  it('a fresh session shows what the payment pages show, without the name or e-mail', async () => {
    const res = await checkout();
    expect(res.status).toBe(200);
    const { sessionId } = res.body;
    const shown = [(await demoSession(sessionId)).body, (await verify(sessionId)).body];
    for (const body of shown) {
      expect(Object.keys(body.booking).sort()).toEqual([...PAGE_FIELDS].sort());
      expect(body.booking).toMatchObject({ packageTitle: 'Elevated Arbor', installDate: '2026-11-24', depositCents: 82500 });
      expect(JSON.stringify(body)).not.toMatch(/Jane|jane@example\.com|555-0100|Main St/);
    }
  });

  it('a paid session whose checkout closed under a day ago still shows its details', async () => {
    // The server's clock is 2026-11-20 17:00Z; this checkout closed 23 hours earlier.
    await createBookingRecord({ checkout_session_id: 'demo_cs_closed_23h_ago', hold_expires_at: '2026-11-19 18:00:00.000Z', payment_status: 'deposit_paid', status: 'confirmed' });
    const v = await verify('demo_cs_closed_23h_ago');
    expect(v.body.success).toBe(true);
    expect(v.body.booking).toMatchObject({ packageTitle: 'Elevated Arbor', depositCents: 82500 });
  });

  it('a day after the checkout closed, the routes answer with the state only', async () => {
    await createBookingRecord({ checkout_session_id: 'demo_cs_closed_a_day_ago', hold_expires_at: '2026-11-19 17:00:00.000Z', payment_status: 'deposit_paid', status: 'confirmed' });
    const v = await verify('demo_cs_closed_a_day_ago');
    expect(v).toEqual({ status: 200, body: { success: true, conflict: false, open: false, booking: null } });
    const d = await demoSession('demo_cs_closed_a_day_ago');
    expect(d).toEqual({ status: 200, body: { sessionId: 'demo_cs_closed_a_day_ago', state: 'paid', booking: null } });
  });
});
