/**
 * Tombstones for the admin's offline mirror (docs/architecture.md "Admin data and sync"): every deletion
 * of an admin-readable record leaves one row, in the same transaction (cascades included);
 * the admin reads them like any mirrored collection, nobody writes them through the API, and
 * rows older than 400 days are purged.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { expectNoRead, signedInStaff, type SignedInStaff } from './admin-fixtures';
import { createBookingRecord, createConsultationRecord } from './fixtures';
import { anonymous, callFnAs, clearCollections, statusOf, superuser } from './support';
import { SERVER_NOW } from './constants';

const MIRRORED = ['bookings', 'consultation_requests', 'testimonials', 'charges', 'job_events', 'tombstones', 'waitlist_entries', 'waitlist_offers'];
const DELETED_AT = SERVER_NOW.replace('T', ' ').replace('Z', '.000Z');
const DAY = 24 * 60 * 60 * 1000;

let admin: SignedInStaff;

async function tombstones(filter = '') {
  return superuser().collection('tombstones').getFullList({ filter, sort: 'updated_at,id' });
}

async function seedBookingWithChildren() {
  const su = superuser();
  // Unpaid, its one charge failed: a booking money moved for is cancelled, never deleted.
  const booking = await createBookingRecord();
  const charge = await su.collection('charges').create({ booking: booking.id, kind: 'damages', amount: 2000, idempotency_key: `k-${booking.id}`, status: 'failed' });
  const job = await su.collection('job_events').create({ booking: booking.id, kind: 'note', text: 'Gate code 1234', client_id: `c-${booking.id}` });
  const review = await su.collection('testimonials').create({ customer_name: 'Jane', booking: booking.id, rating: 5, review_stage: 'post_install' });
  return { booking, charge, job, review };
}

beforeEach(async () => {
  await clearCollections('charges', 'job_events', 'testimonials', 'consultation_requests', 'bookings', 'staff');
  await clearCollections('tombstones');
  admin = await signedInStaff('admin');
});

describe('deleting an admin-readable record leaves a tombstone', () => {
  it('a booking deleted by the admin: one for it and one for each charge and job event it cascades to', async () => {
    const { booking, charge, job, review } = await seedBookingWithChildren();
    await admin.pb.collection('bookings').delete(booking.id);

    const rows = await tombstones();
    expect(rows.map((t) => [t.collection_name, t.record_id]).sort()).toEqual(
      [
        ['bookings', booking.id],
        ['charges', charge.id],
        ['job_events', job.id],
      ].sort(),
    );
    for (const t of rows) {
      expect(t.deleted_at).toBe(DELETED_AT);
      expect(t.updated_at).not.toBe('');
    }
    // The review is kept, unlinked; its updated_at moved, so a pull picks the change up.
    const kept = await superuser().collection('testimonials').getOne(review.id);
    expect(kept.booking).toBe('');
    expect(kept.updated_at > review.updated_at).toBe(true);
  });

  it('consultations, testimonials, charges and job events each leave theirs', async () => {
    const su = superuser();
    const { charge, job, review } = await seedBookingWithChildren();
    const consultation = await createConsultationRecord();
    await admin.pb.collection('consultation_requests').delete(consultation.id);
    await admin.pb.collection('testimonials').delete(review.id);
    await su.collection('charges').delete(charge.id);
    await su.collection('job_events').delete(job.id);
    const rows = await tombstones();
    expect(rows.map((t) => `${t.collection_name}/${t.record_id}`).sort()).toEqual(
      [`consultation_requests/${consultation.id}`, `testimonials/${review.id}`, `charges/${charge.id}`, `job_events/${job.id}`].sort(),
    );
  });

  it('a refused deletion leaves none', async () => {
    const booking = await createBookingRecord();
    expect([403, 404]).toContain(await statusOf(anonymous().collection('bookings').delete(booking.id)));
    const member = await signedInStaff('');
    expect([403, 404]).toContain(await statusOf(member.pb.collection('bookings').delete(booking.id)));
    expect(await tombstones()).toEqual([]);
  });

  it('other collections leave none', async () => {
    const blocked = await superuser().collection('blocked_dates').create({ blocked_date: '2026-12-09' });
    await superuser().collection('blocked_dates').delete(blocked.id);
    expect(await tombstones()).toEqual([]);
  });
});

describe('who reads and writes tombstones', () => {
  it('the admin pulls them by (updated_at, id); anonymous visitors and staff without the role see nothing', async () => {
    const { booking } = await seedBookingWithChildren();
    await admin.pb.collection('bookings').delete(booking.id);
    const all = await tombstones();
    const page = await admin.pb.collection('tombstones').getList(1, 500, { sort: 'updated_at,id', filter: `updated_at >= '${all[0]!.updated_at}'`, skipTotal: true });
    expect(page.items.map((t) => t.id)).toEqual(all.map((t) => t.id));

    await expectNoRead(anonymous(), 'tombstones', all[0]!.id);
    await expectNoRead((await signedInStaff('')).pb, 'tombstones', all[0]!.id);
  });

  it('nobody creates, changes or deletes one through the API, not even the admin', async () => {
    const { booking } = await seedBookingWithChildren();
    await admin.pb.collection('bookings').delete(booking.id);
    const [t] = await tombstones("collection_name = 'bookings'");
    expect(await statusOf(admin.pb.collection('tombstones').create({ collection_name: 'bookings', record_id: 'x', deleted_at: DELETED_AT }))).toBe(403);
    expect(await statusOf(admin.pb.collection('tombstones').update(t!.id, { record_id: 'other' }))).toBe(403);
    expect(await statusOf(admin.pb.collection('tombstones').delete(t!.id))).toBe(403);
    expect(await tombstones()).toHaveLength(3);
  });

  it('every mirrored collection has an index on (updated_at, id)', async () => {
    for (const name of MIRRORED) {
      const collection = await superuser().collections.getOne(name);
      expect(collection.indexes.join('\n'), name).toMatch(/ON `\w+` \(`updated_at`, `id`\)/);
    }
  });
});

describe('purging old tombstones', () => {
  it('removes those deleted more than 400 days ago (server clock) and keeps the rest', async () => {
    const su = superuser();
    const at = (daysAgo: number) => new Date(Date.parse(SERVER_NOW) - daysAgo * DAY).toISOString().replace('T', ' ');
    const old = await su.collection('tombstones').create({ collection_name: 'bookings', record_id: 'old000000000001', deleted_at: at(401) });
    const recent = await su.collection('tombstones').create({ collection_name: 'bookings', record_id: 'new000000000001', deleted_at: at(399) });

    expect([401, 403]).toContain((await callFnAs(admin.token, 'POST', '/api/fn/jobs/purge-tombstones')).status);
    expect((await tombstones()).map((t) => t.id).sort()).toEqual([old.id, recent.id].sort());

    const res = await callFnAs(su.authStore.token, 'POST', '/api/fn/jobs/purge-tombstones');
    // The same job purges old request keys (the next test counts them): other files run beside this one.
    expect(res).toMatchObject({ status: 200, body: { purged: 1 } });
    expect((await tombstones()).map((t) => t.id)).toEqual([recent.id]);
  });
});

describe('purging old request keys (the same daily job)', () => {
  it('removes the Idempotency-Keys written more than 30 days ago (server clock) and keeps the rest', async () => {
    const su = superuser();
    await clearCollections('request_keys');
    const at = (daysAgo: number) => new Date(Date.parse(SERVER_NOW) - daysAgo * DAY).toISOString().replace('T', ' ');
    const key = (name: string, daysAgo: number) => su.collection('request_keys').create({ key: name, route: 'send-review-request', answer: {}, done: true, written_at: at(daysAgo) });
    await key('old-key', 31);
    await key('just-old-key', 30.001);
    const kept = [await key('recent-key', 29), await key('new-key', 0)];

    const res = await callFnAs(su.authStore.token, 'POST', '/api/fn/jobs/purge-tombstones');
    expect(res).toEqual({ status: 200, body: { purged: 0, purgedRequestKeys: 2 } });
    const left = await su.collection('request_keys').getFullList({ sort: 'key' });
    expect(left.map((k) => k.id).sort()).toEqual(kept.map((k) => k.id).sort());
  });
});
