/**
 * One way to repeat a request (docs/architecture.md "The path of a command"): every keyed
 * command, on the runner or around a Stripe call, is keyed through the runner's one store
 * (request_keys; pb_hooks/src/lib/commands/request-keys.ts). Per path: the same key with the same
 * request answers the first answer (the same ids) and writes nothing twice; the same key with
 * another request is a 422 with the path's sentence, and writes nothing.
 */
import { createHash, randomBytes } from 'node:crypto';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_EVENT_MESSAGES } from '../../domain/booking/job-events';
import { OWNERSHIP_MESSAGES } from '../../domain/booking/ownership';
import { RECORDED_PAYMENT_MESSAGES } from '../../domain/money/recorded-payments';
import { stageBooking } from './charge-fixtures';
import { createBookingRecord, deleteBookings } from './fixtures';
import { staffClient } from './review-fixtures';
import { bookingRequest, clearCollections, request, superuser } from './support';

interface Answer {
  status: number;
  body: any;
}

/** One keyed path as the table drives it. */
interface Path {
  name: string;
  /** Stages what the path acts on; `send` makes one request under `key` ('same' or 'other' body). */
  stage: () => Promise<{ send: (key: string, body: 'same' | 'other') => Promise<Answer>; rows: () => Promise<number> }>;
  /** The ids of the answer that must be the first answer's on a repeat. */
  ids: (a: Answer) => unknown;
  /** The path's own 422 sentence. */
  reused: string;
  /** The command's name: the key's route in the store. */
  route: string;
  /** A fresh key of the path's shape (default: an Idempotency-Key). */
  key?: () => string;
}

const su = superuser();
let admin: PocketBase;
const created: string[] = [];
let seq = 0;
const newKey = () => `idem-paths-${Date.now()}-${++seq}`;

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** A client-made id as the admin's outbox makes it: 15 of [a-z0-9]. */
const clientId = () => Array.from(randomBytes(15), (b) => ALPHABET[b % ALPHABET.length]).join('');

const asAdmin = (route: string, key: string, body: unknown, headers: Record<string, string> = { 'Idempotency-Key': key }): Promise<Answer> =>
  request({ route, body, token: admin.authStore.token, headers });
/** The routes the store holds `key` under (one: the command's). */
const storedRoutes = async (key: string) => (await su.collection('request_keys').getFullList({ filter: su.filter('key = {:key}', { key }) })).map((r) => r.route);
const countOf = async (collection: string, filter: string, params: Record<string, unknown>) => (await su.collection(collection).getFullList({ filter: su.filter(filter, params) })).length;

/** A new manage link of booking `bookingId` (its token; the server stores its SHA-256). */
async function manageLink(bookingId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await su.collection('booking_links').create({ booking: bookingId, token_hash: createHash('sha256').update(token).digest('hex'), expires_at: '2027-03-01 00:00:00.000Z' });
  return token;
}

const PHONE_DAYS = [
  ['2026-12-11', '2027-01-11'],
  ['2026-12-15', '2027-01-12'],
];
let phoneStagings = 0;
const CHECKOUT_DAYS = [
  ['2026-12-18', '2027-01-05'],
  ['2026-12-22', '2027-01-06'],
];
let checkoutStagings = 0;
const MOVE_DAYS = [
  ['2027-01-22', '2027-01-23'],
  ['2027-01-19', '2027-01-20'],
];
let moveStagings = 0;

const PATHS: Path[] = [
  {
    name: "the website's checkout",
    async stage() {
      const email = `idem.checkout.${++seq}@example.com`;
      // A day of its own per staging, so the first hold's slots never refuse the next.
      const day = CHECKOUT_DAYS[checkoutStagings++ % CHECKOUT_DAYS.length]!;
      return {
        send: async (key, body) => {
          const over = { customerEmail: email, installDate: day[0], removalDate: day[1], customerName: body === 'same' ? 'Idem Checkout' : 'Another Name' };
          const res = await request({ route: '/api/fn/create-booking-checkout', body: { bookingData: bookingRequest(over) }, headers: { 'Idempotency-Key': key } });
          if (res.body.bookingId) created.push(res.body.bookingId);
          return res;
        },
        rows: () => countOf('bookings', 'customer_email = {:e}', { e: email }),
      };
    },
    ids: (a) => [a.body.bookingId, a.body.sessionId],
    reused: OWNERSHIP_MESSAGES.idempotencyKeyReused,
    route: 'create-booking-checkout',
  },
  {
    name: 'a recorded payment',
    async stage() {
      // Dates of their own: other files' bookings must not meet these.
      const b = await stageBooking(su, { install_date: '2026-12-19', removal_date: '2027-01-26', customer_email: `idem.${++seq}@example.com` });
      created.push(b.id);
      return {
        send: (key, body) => asAdmin('/api/fn/booking-payments', key, { bookingId: b.id, method: 'cash', amountCents: body === 'same' ? 30000 : 20000 }),
        rows: () => countOf('charges', 'booking = {:b} && method = "cash"', { b: b.id }),
      };
    },
    ids: (a) => [a.body.payment?.id, a.body.booking?.id],
    reused: RECORDED_PAYMENT_MESSAGES.keyReused,
    route: 'booking-payments',
  },
  {
    name: 'a phone booking',
    async stage() {
      // A day of its own per staging (installs: Tuesdays, Fridays, Saturdays, Sundays), so the first booking's slots never refuse the next.
      const day = PHONE_DAYS[phoneStagings++ % PHONE_DAYS.length]!;
      const over = { customerEmail: `idem.phone.${++seq}@example.com`, installDate: day[0], removalDate: day[1] };
      return {
        send: async (key, body) => {
          const res = await asAdmin('/api/fn/admin-bookings/create', key, {
            bookingData: bookingRequest(over),
            deposit: body === 'same' ? { method: 'cash' } : { method: 'check', checkNumber: '12' },
          });
          if (res.body.booking?.id) created.push(res.body.booking.id);
          return res;
        },
        rows: () => countOf('bookings', 'customer_email = {:e}', { e: over.customerEmail }),
      };
    },
    ids: (a) => [a.body.booking?.id, a.body.url],
    reused: OWNERSHIP_MESSAGES.idempotencyKeyReused,
    route: 'admin-bookings-create',
  },
  {
    name: "the admin's balance charge",
    async stage() {
      const b = await stageBooking(su, { install_date: '2026-12-20', removal_date: '2027-01-25', customer_email: `idem.${++seq}@example.com` });
      created.push(b.id);
      return {
        send: (key, body) => asAdmin('/api/fn/charge-booking-balance', key, body === 'same' ? { bookingId: b.id } : { bookingId: b.id, additionalCharges: { items: { small: 1 } } }),
        rows: () => countOf('charges', 'booking = {:b} && method != "cash"', { b: b.id }),
      };
    },
    ids: (a) => [a.body.chargeId, a.body.amountCharged, a.body.booking?.id],
    reused: OWNERSHIP_MESSAGES.idempotencyKeyReused,
    route: 'charge-booking-balance',
  },
  {
    name: "the owner's move",
    async stage() {
      const b = await stageBooking(su, { install_date: '2026-12-26', removal_date: '2027-01-24', customer_email: `idem.${++seq}@example.com` });
      created.push(b.id);
      // Days of its own per staging, so the first move's slot never refuses the next.
      const days = MOVE_DAYS[moveStagings++ % MOVE_DAYS.length]!;
      return {
        send: (key, body) => asAdmin('/api/fn/admin-bookings/move', key, { bookingId: b.id, visit: 'removal', date: body === 'same' ? days[0] : days[1], timeSlot: '9-15' }),
        // The customer is told of a move once: its e-mails are what a second move would write.
        rows: () => countOf('mail_log', "related_id = {:b} && kind != 'receipt'", { b: b.id }),
      };
    },
    ids: (a) => [a.body.booking?.id, a.body.booking?.removal_date, a.body.booking?.ics_sequence],
    reused: OWNERSHIP_MESSAGES.idempotencyKeyReused,
    route: 'admin-bookings/move',
  },
  {
    name: "the customer's 'Pay online' (pay-balance)",
    async stage() {
      const b = await stageBooking(su, { install_date: '2026-12-29', removal_date: '2027-01-27', customer_email: `idem.${++seq}@example.com` });
      created.push(b.id);
      // Two links of the booking: another token under the key is another request.
      const tokens = { same: await manageLink(b.id), other: await manageLink(b.id) };
      return {
        send: (key, body) => request({ route: '/api/fn/my-booking/pay-balance', body: { token: tokens[body] }, headers: { 'Idempotency-Key': key } }),
        rows: () => countOf('charges', 'booking = {:b}', { b: b.id }),
      };
    },
    ids: (a) => [a.body.url],
    reused: OWNERSHIP_MESSAGES.idempotencyKeyReused,
    route: 'my-booking-pay-balance',
  },
  {
    name: 'a job event (its client id is the key)',
    async stage() {
      const b = await createBookingRecord({ payment_status: 'deposit_paid', status: 'confirmed', balance_remaining: 82500 });
      created.push(b.id);
      return {
        send: (id, body) => asAdmin('/api/fn/job-events', id, { clientId: id, bookingId: b.id, kind: 'note', text: body === 'same' ? 'Gate code 1234' : 'Gate code 9999' }, {}),
        rows: () => countOf('job_events', 'booking = {:b}', { b: b.id }),
      };
    },
    ids: (a) => [a.body.event?.id, a.body.booking?.id],
    reused: JOB_EVENT_MESSAGES.reused,
    route: 'job-events',
    key: clientId,
  },
];

beforeAll(async () => {
  admin = await staffClient('admin');
  // The checkout, the phone booking and the move check their slots: another file that ran
  // before on this worker's server may have left a booking, a hold or a blocked date on these
  // days (a phone booking once met 'just booked by someone else'). The server is this file's
  // alone while it runs, so start from none, as the other slot-checking files do.
  await clearCollections('bookings', 'blocked_dates', 'waitlist_offers');
});
afterAll(() => deleteBookings(created));

describe.each(PATHS)('$name', (path) => {
  it('the same key with the same request answers the first answer and writes nothing twice', async () => {
    const { send, rows } = await path.stage();
    const key = (path.key ?? newKey)();
    const first = await send(key, 'same');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    // Keyed through the runner's one store, under the command's name.
    expect(await storedRoutes(key)).toEqual([path.route]);
    const written = await rows();
    expect(written).toBeGreaterThan(0);
    const again = await send(key, 'same');
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(path.ids(first)).not.toContain(undefined);
    expect(path.ids(again)).toEqual(path.ids(first));
    expect(await rows()).toBe(written);
  });

  it('the same key with another request is a 422 with its sentence and writes nothing', async () => {
    const { send, rows } = await path.stage();
    const key = (path.key ?? newKey)();
    const first = await send(key, 'same');
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const written = await rows();
    const other = await send(key, 'other');
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(path.reused);
    expect(await rows()).toBe(written);
  });
});
