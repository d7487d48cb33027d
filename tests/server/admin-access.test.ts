/**
 * Who gets into the admin back office (docs/product.md §6; docs/decisions/015): every
 * admin route and every collection the admin mirrors or reads refuses anonymous callers and a
 * signed-in staff account without the admin role; the admin gets through.
 */
import type PocketBase from 'pocketbase';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadRouteTable } from '../../scripts/build/hook-registrations.mjs';
import { expectNoRead, signedInStaff, type SignedInStaff } from './admin-fixtures';
import { runScenario, type Scenario } from './scenario';
import { createBookingRecord, createConsultationRecord } from './fixtures';
import { anonymous, clearCollections, superuser } from './support';

let admin: SignedInStaff;
let member: SignedInStaff;
const ids: Record<string, string> = {};

/** Admin collections: what the admin's mirror pulls, plus analytics and the mail log. */
const ADMIN_COLLECTIONS = [
  'bookings',
  'consultation_requests',
  'testimonials',
  'charges',
  'job_events',
  'tombstones',
  'analytics_events',
  'mail_log',
  'customers',
  'waitlist_entries',
  'waitlist_offers',
];

/**
 * The admin routes, from the route table (pb_hooks/src/route-table.ts and the declared routes
 * of pb_hooks/src/lib/, as the build registers them; docs/decisions/066), so a new one is tested
 * the day it is declared: anonymous 401, staff without the role 403 (each with its sentence and
 * changing nothing), the admin through to the route's own answer (an empty body gets a 400 or
 * the route's answer, never 401/403 or 5xx). Superuser routes refuse everyone else.
 */
const { ROUTES } = await loadRouteTable();
const ADMIN_ROUTES = ROUTES.filter((r) => r.caller === 'admin');
/** Routes whose admin call ends every staff session (this file's tokens too): admin-sessions.test.ts calls them as the admin. */
const ENDS_SESSIONS: readonly string[] = ['/api/fn/admin-session/sign-out-everywhere'];
const WATCHED = { charges: 0, job_events: 0, testimonials: 0, mail_log: 0 };
const SCENARIOS: Scenario[] = [
  ...ADMIN_ROUTES.flatMap((r): Scenario[] => {
    const base = { method: r.method, url: r.path, body: r.method === 'POST' ? {} : undefined, added: WATCHED };
    return [
      { ...base, name: `${r.method} ${r.path} anonymous`, caller: 'anonymous', status: 401, answer: { message: 'Please sign in as an admin.' } },
      { ...base, name: `${r.method} ${r.path} staff`, caller: 'staff', status: 403, answer: { message: "You don't have admin privileges." } },
      ...(ENDS_SESSIONS.includes(r.path) ? [] : [{ ...base, name: `${r.method} ${r.path} admin`, caller: 'admin' as const, status: [200, 400] }]),
    ];
  }),
  ...ROUTES.filter((r) => r.caller === 'superuser').flatMap((r) =>
    (['anonymous', 'staff', 'admin'] as const).map((caller): Scenario => ({ name: `${r.path} ${caller}`, method: r.method, url: r.path, caller, status: [401, 403], added: WATCHED })),
  ),
];

beforeAll(async () => {
  await clearCollections(
    'waitlist_offers',
    'waitlist_entries',
    'charges',
    'job_events',
    'testimonials',
    'mail_log',
    'analytics_events',
    'consultation_requests',
    'bookings',
    'staff',
    'tombstones',
    'customers',
  );
  const su = superuser();
  admin = await signedInStaff('admin');
  member = await signedInStaff('');
  const booking = await createBookingRecord();
  ids.bookings = booking.id;
  ids.consultation_requests = (await createConsultationRecord()).id;
  ids.testimonials = (await su.collection('testimonials').create({ customer_name: 'Holly', booking: booking.id, rating: 5 })).id;
  ids.charges = (await su.collection('charges').create({ booking: booking.id, kind: 'damages', amount: 500, idempotency_key: 'access-1', status: 'succeeded' })).id;
  ids.job_events = (await su.collection('job_events').create({ booking: booking.id, kind: 'note', text: 'x', client_id: 'access-1' })).id;
  ids.analytics_events = (await su.collection('analytics_events').create({ event_type: 'page_view', page_path: '/' })).id;
  ids.customers = (await su.collection('customers').create({ email_key: 'holly@example.com', notes_gate: '1234' })).id;
  ids.waitlist_entries = (
    await su.collection('waitlist_entries').create({ email_key: 'holly@example.com', name: 'Holly', date: '2026-12-05', kind: 'install', tree_size: '7.5-9ft', joined_at: 1, status: 'removed' })
  ).id;
  ids.waitlist_offers = (
    await su
      .collection('waitlist_offers')
      .create({
        entry: ids.waitlist_entries,
        date: '2026-12-05',
        kind: 'install',
        time_slot: '9-15',
        offered_at: '2026-11-20 17:00:00.000Z',
        expires_at: '2026-11-20 18:00:00.000Z',
        status: 'expired',
      })
  ).id;
  ids.mail_log = (await su.collection('mail_log').create({ to: 'holly@example.com', subject: 's', kind: 'k', status: 'logged' })).id;
  const doomed = await createBookingRecord({ install_date: '2026-11-27' });
  await su.collection('bookings').delete(doomed.id);
  ids.tombstones = (await su.collection('tombstones').getFirstListItem(`record_id = "${doomed.id}"`)).id;
});

describe('admin routes', () => {
  it('the table names every admin route the back office calls', () => {
    expect(ADMIN_ROUTES.map((r) => r.path).sort()).toEqual([
      '/api/fn/admin-bookings/blocked-day',
      '/api/fn/admin-bookings/cancel',
      '/api/fn/admin-bookings/create',
      '/api/fn/admin-bookings/move',
      '/api/fn/admin-bookings/send-link',
      '/api/fn/admin-customers/erase',
      '/api/fn/admin-first-run',
      '/api/fn/admin-refunds/charge',
      '/api/fn/admin-refunds/returned',
      '/api/fn/admin-session/sign-out-everywhere',
      '/api/fn/admin-waitlist/offer',
      '/api/fn/admin-waitlist/remove',
      '/api/fn/admin-waitlist/skip',
      '/api/fn/booking-admin-notes',
      '/api/fn/booking-payments',
      '/api/fn/booking-payments/void',
      '/api/fn/calendar-feed',
      '/api/fn/calendar-feed/rotate',
      '/api/fn/charge-booking-balance',
      '/api/fn/consultations/status',
      '/api/fn/customer-notes',
      '/api/fn/insights',
      '/api/fn/job-events',
      '/api/fn/seasons',
      '/api/fn/send-review-request',
    ]);
  });

  it.each(SCENARIOS)('$name', (s) => runScenario(s, { staff: member.token, admin: admin.token, superuser: superuser().authStore.token }));
});

describe('admin-readable collections', () => {
  it.each(ADMIN_COLLECTIONS)('%s: nothing for anonymous callers or staff without the role', async (collection) => {
    await expectNoRead(anonymous(), collection, ids[collection]!);
    await expectNoRead(member.pb, collection, ids[collection]!);
  });

  it.each(ADMIN_COLLECTIONS)('%s: the admin lists, pulls by (updated_at, id) and views', async (collection) => {
    const pb: PocketBase = admin.pb;
    const list = await pb.collection(collection).getList(1, 500, { sort: 'updated_at,id', filter: "updated_at > '2000-01-01 00:00:00.000Z'", skipTotal: true });
    expect(list.items.map((r) => r.id)).toContain(ids[collection]);
    expect((await pb.collection(collection).getOne(ids[collection]!)).id).toBe(ids[collection]);
  });
});
