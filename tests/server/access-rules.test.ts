/**
 * API rules (docs/architecture.md "Server interface"; docs/product.md §6): anonymous visitors never read personal
 * data; bookings are created only through create-booking-checkout; admin-only collections are
 * readable by staff with role admin; blocked_dates and settings are public.
 */
import type PocketBase from 'pocketbase';
import { ClientResponseError } from 'pocketbase';
import { beforeEach, describe, expect, it } from 'vitest';
import { countBookings, createBookingRecord } from './fixtures';
import { anonymous, baseUrl, clearCollections, statusOf, superuser } from './support';
import { runScenario, type CallerTokens } from './scenario';

/** These scenarios are anonymous: no caller signs in. */
const NO_SIGNED_IN_CALLERS: CallerTokens = { staff: '', admin: '', superuser: '' };

const SECRET_EMAIL = 'jane.secret@example.com';
const SECRET_PHONE = '(410) 555-7777';

/** Every admin-only collection with a field holding something personal, to filter on. */
const PRIVATE: { collection: string; field: string; needle: string }[] = [
  { collection: 'bookings', field: 'customer_email', needle: 'jane' },
  { collection: 'consultation_requests', field: 'customer_email', needle: 'jane' },
  { collection: 'analytics_events', field: 'session_id', needle: 'jane' },
  { collection: 'charges', field: 'description', needle: 'Jane' },
  { collection: 'mail_log', field: 'to', needle: 'jane' },
  { collection: 'job_events', field: 'text', needle: 'Jane' },
  { collection: 'testimonials', field: 'customer_email', needle: 'jane' },
];

/** Record ids created in beforeEach, by collection. */
const ids: Record<string, string> = {};

/** One private record of each collection but bookings, all about Jane (`booking`: her booking's id). */
const privateRecords = (booking: string): Record<string, Record<string, unknown>> => ({
  consultation_requests: {
    customer_name: 'Jane Secret',
    customer_email: SECRET_EMAIL,
    customer_phone: SECRET_PHONE,
    customer_address: '1 Hidden Way, Ellicott City, MD',
    consultation_date: '2026-11-25',
    consultation_time_slot: '10:00',
    status: 'pending',
  },
  analytics_events: { event_type: 'page_view', page_path: '/booking', session_id: 'jane-session', user_agent: 'JaneBrowser/1.0', location_country: 'US' },
  charges: { booking, kind: 'damages', amount: 2000, description: 'Jane broke an ornament', idempotency_key: 'charge-jane-1', status: 'succeeded' },
  mail_log: { to: SECRET_EMAIL, subject: 'Your booking', kind: 'booking_confirmation', body: `Phone ${SECRET_PHONE}`, status: 'logged', related_id: booking },
  job_events: { booking, kind: 'note', text: 'Jane: gate code 1234', client_id: 'job-jane-1' },
  testimonials: { customer_name: 'Jane Secret', customer_email: SECRET_EMAIL, booking, rating: 5, review_token: 'secret-token-jane' },
});

async function seedPrivateRecords(): Promise<void> {
  const su = superuser();
  const booking = await createBookingRecord({ customer_email: SECRET_EMAIL, customer_phone: SECRET_PHONE, customer_name: 'Jane Secret' });
  ids.bookings = booking.id;
  for (const [collection, fields] of Object.entries(privateRecords(booking.id))) ids[collection] = (await su.collection(collection).create(fields)).id;
}

/** Asserts a list answer is either refused (403) or empty, with nothing personal in it. */
async function expectEmptyOrForbidden(pb: PocketBase, collection: string, options: Record<string, unknown> = {}) {
  try {
    const list = await pb.collection(collection).getList(1, 50, options);
    expect(list.items, collection).toEqual([]);
    expect(list.totalItems, collection).toBe(0);
    expect(JSON.stringify(list)).not.toMatch(/jane|555-7777/i);
  } catch (err) {
    if (!(err instanceof ClientResponseError)) throw err;
    expect([400, 403], `${collection}: ${err.status}`).toContain(err.status);
    expect(JSON.stringify(err.response)).not.toMatch(/jane|555-7777/i);
  }
}

beforeEach(async () => {
  await clearCollections('charges', 'job_events', 'testimonials', 'mail_log', 'analytics_events', 'consultation_requests', 'bookings', 'staff');
  await seedPrivateRecords();
});

describe('anonymous visitors cannot read admin-only collections', () => {
  it.each(PRIVATE)('$collection: list, filtered list, sorted list and view leak nothing', async ({ collection, field, needle }) => {
    const anon = anonymous();
    await expectEmptyOrForbidden(anon, collection);
    await expectEmptyOrForbidden(anon, collection, { filter: `${field}~'${needle}'` });
    await expectEmptyOrForbidden(anon, collection, { filter: `id='${ids[collection]}'` });
    await expectEmptyOrForbidden(anon, collection, { filter: `${field}!=''`, sort: `-${field}`, fields: `id,${field}` });
    await expectEmptyOrForbidden(anon, collection, { filter: `@request.auth.id='' || id!=''` });

    const viewStatus = await statusOf(anon.collection(collection).getOne(ids[collection]!));
    expect([403, 404], `${collection} view`).toContain(viewStatus);
  });

  it('expand through relations leaks no booking', async () => {
    const anon = anonymous();
    for (const collection of ['charges', 'job_events', 'testimonials']) {
      await expectEmptyOrForbidden(anon, collection, { expand: 'booking' });
      expect([403, 404]).toContain(await statusOf(anon.collection(collection).getOne(ids[collection]!, { expand: 'booking' })));
    }
    // Back-relation expand from a public collection cannot reach private ones either.
    const blocked = await superuser().collection('blocked_dates').create({ blocked_date: '2026-12-05' });
    const res = await fetch(`${baseUrl()}/api/collections/blocked_dates/records/${blocked.id}?expand=bookings_via_install_date`);
    expect(JSON.stringify(await res.json())).not.toMatch(/jane|555-7777/i);
    await superuser().collection('blocked_dates').delete(blocked.id);
  });

  it('raw list query strings with filter tricks leak nothing', async () => {
    const queries = [
      `filter=${encodeURIComponent("customer_email~'jane'")}`,
      `filter=${encodeURIComponent("customer_email~'jane' || 1=1")}`,
      `perPage=500&skipTotal=1&fields=${encodeURIComponent('*')}`,
      `sort=customer_email&expand=booking`,
    ];
    for (const q of queries) {
      const res = await fetch(`${baseUrl()}/api/collections/bookings/records?${q}`);
      const text = await res.text();
      expect(text, q).not.toMatch(/jane|555-7777|Hidden Way/i);
      if (res.status === 200) expect(JSON.parse(text).items, q).toEqual([]);
      else expect([400, 403], q).toContain(res.status);
    }
  });

  it('an @collection join in a public list filter is refused, so it cannot be used as an oracle', async () => {
    const blocked = await superuser().collection('blocked_dates').create({ blocked_date: '2026-12-05' });
    const answers: string[] = [];
    for (const needle of ['jane.secret', 'nobody-at-all']) {
      const filter = encodeURIComponent(`@collection.bookings.customer_email~'${needle}'`);
      const res = await fetch(`${baseUrl()}/api/collections/blocked_dates/records?filter=${filter}`);
      expect([400, 403]).toContain(res.status);
      answers.push(await res.text());
    }
    expect(answers[0]).toBe(answers[1]);
    await superuser().collection('blocked_dates').delete(blocked.id);
  });

  it('collection schemas are not listed to anonymous visitors', async () => {
    expect([401, 403]).toContain((await fetch(`${baseUrl()}/api/collections`)).status);
  });
});

describe('anonymous visitors cannot write bookings or other private records', () => {
  it('POST /api/collections/bookings/records is refused and stores nothing', async () => {
    const before = await countBookings();
    const res = await fetch(`${baseUrl()}/api/collections/bookings/records`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        customer_name: 'Mallory',
        customer_email: 'mallory@example.com',
        customer_phone: '410 555 0000',
        customer_address: '1 Evil St, Nowhere',
        package_type: 'elevated-arbor',
        tree_size: '7.5-9ft',
        install_date: '2026-11-27',
        install_time_slot: '9-15',
        total_price: 1,
        deposit_amount: 1,
        payment_status: 'deposit_paid',
        status: 'confirmed',
      }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await countBookings()).toBe(before);
    const mallory = await superuser().collection('bookings').getList(1, 1, { filter: "customer_email='mallory@example.com'" });
    expect(mallory.totalItems).toBe(0);
  });

  it.each(['consultation_requests', 'charges', 'mail_log', 'job_events', 'testimonials'])('create on %s is refused', (collection) =>
    runScenario(
      {
        name: `anonymous create on ${collection}`,
        method: 'POST',
        url: `/api/collections/${collection}/records`,
        caller: 'anonymous',
        body: {
          customer_name: 'Mallory',
          customer_email: 'mallory@example.com',
          customer_phone: '4105550000',
          customer_address: '1 Evil St',
          consultation_date: '2026-12-02',
          consultation_time_slot: '10:00',
          booking: ids.bookings,
          amount: 100,
          idempotency_key: 'evil',
          client_id: 'evil',
          to: 'x@example.com',
          rating: 5,
        },
        // Refused as the caller's mistake (never a 5xx), and nothing stored.
        status: [400, 401, 403, 404],
        added: { [collection]: 0 },
      },
      NO_SIGNED_IN_CALLERS,
    ),
  );

  it('update and delete of a booking are refused and change nothing', async () => {
    const anon = anonymous();
    expect([403, 404]).toContain(await statusOf(anon.collection('bookings').update(ids.bookings!, { payment_status: 'paid', total_price: 1 })));
    expect([403, 404]).toContain(await statusOf(anon.collection('bookings').delete(ids.bookings!)));
    const rec = await superuser().collection('bookings').getOne(ids.bookings!);
    expect(rec).toMatchObject({ payment_status: 'pending', total_price: 165000 });
  });
});

describe('staff access', () => {
  let admin: PocketBase;
  let member: PocketBase;
  let memberId: string;

  // Impersonation by the superuser gives staff tokens without password logins (rate-limited).
  beforeEach(async () => {
    const su = superuser();
    const adminRec = await su.collection('staff').create({ email: 'admin@test.local', password: 'admin-pass-123', passwordConfirm: 'admin-pass-123', role: 'admin', name: 'Admin' });
    const memberRec = await su.collection('staff').create({ email: 'member@test.local', password: 'member-pass-123', passwordConfirm: 'member-pass-123', name: 'Member' });
    memberId = memberRec.id;
    admin = await su.collection('staff').impersonate(adminRec.id, 600);
    member = await su.collection('staff').impersonate(memberRec.id, 600);
  });

  it('an admin reads every admin-only collection', async () => {
    for (const { collection } of PRIVATE) {
      const list = await admin.collection(collection).getList(1, 50);
      expect(list.totalItems, collection).toBe(1);
    }
  });

  it('a staff member without the admin role reads nothing private and cannot promote themself', async () => {
    for (const { collection } of PRIVATE) await expectEmptyOrForbidden(member, collection);
    expect(await statusOf(member.collection('staff').update(memberId, { role: 'admin' }))).toBeGreaterThanOrEqual(400);
    expect((await superuser().collection('staff').getOne(memberId)).role).toBe('');
  });

  it('an admin still cannot create a booking directly (only through the checkout route)', async () => {
    const before = await countBookings();
    const status = await statusOf(
      admin
        .collection('bookings')
        .create({
          customer_name: 'Direct',
          customer_email: 'direct@example.com',
          customer_phone: '4105550000',
          customer_address: '1 Direct St',
          package_type: 'elevated-arbor',
          tree_size: '7.5-9ft',
          install_date: '2026-11-27',
          install_time_slot: '9-15',
        }),
    );
    expect(status).toBe(403);
    expect(await countBookings()).toBe(before);
  });
});

describe('public collections', () => {
  it('blocked_dates and settings are readable by anyone; anonymous visitors cannot change them', async () => {
    await clearCollections('blocked_dates');
    await superuser().collection('blocked_dates').create({ blocked_date: '2026-12-05', reason: 'Closed' });
    const anon = anonymous();
    const blocked = await anon.collection('blocked_dates').getFullList();
    expect(blocked.map((b) => b.blocked_date)).toEqual(['2026-12-05']);
    const settings = await anon.collection('settings').getFullList();
    expect(settings.map((s) => s.key)).toEqual(expect.arrayContaining(['season', 'capacity']));

    expect(await statusOf(anon.collection('blocked_dates').create({ blocked_date: '2026-12-06' }))).toBeGreaterThanOrEqual(400);
    expect(await statusOf(anon.collection('settings').update(settings[0]!.id, { value: { crews: 99 } }))).toBeGreaterThanOrEqual(400);
    expect((await superuser().collection('blocked_dates').getFullList()).length).toBe(1);
    await clearCollections('blocked_dates');
  });

  it('public_testimonials shows only approved, submitted reviews without e-mail, token or booking', async () => {
    const su = superuser();
    await su
      .collection('testimonials')
      .update(ids.testimonials!, { is_approved: true, submitted_at: '2026-11-19 12:00:00.000Z', review_text: 'Lovely tree, wonderful people, would book again next year for sure.' });
    const list = await anonymous().collection('public_testimonials').getFullList();
    expect(list).toHaveLength(1);
    expect(JSON.stringify(list)).not.toMatch(/jane\.secret|secret-token|555-7777/i);
    expect(list[0]).not.toHaveProperty('customer_email');
    expect(list[0]).not.toHaveProperty('review_token');
    expect(list[0]).not.toHaveProperty('booking');
  });
});
