/**
 * Shared pieces of the charge tests (admin-charges, money-edges, crash-recovery): fresh
 * Idempotency-Keys, a charge request, staff tokens, bookings staged as the checkout leaves them,
 * and Stripe webhooks signed with the official `stripe` package.
 */
import { createHash } from 'node:crypto';
import type PocketBase from 'pocketbase';
import Stripe from 'stripe';
import { chargeFingerprintSource, parseChargeRequest } from '../../domain/money/balance-charge';
import { afterAll } from 'vitest';
import { PAID_DEMO_BOOKING } from '../../scripts/lib/example-booking.mjs';
import { deleteBookings } from './fixtures';

export const CHARGE_ROUTE = '/api/fn/charge-booking-balance';
const ROUTE = CHARGE_ROUTE;
let keySeq = 0;
/** A fresh Idempotency-Key (8–255 of [A-Za-z0-9_:.-]). */
export const newKey = () => `charge-test-${Date.now()}-${++keySeq}`;

export interface Answer {
  status: number;
  body: any;
}

/** POSTs a charge to `server` with the given token and Idempotency-Key (none when null). */
export async function charge(server: string, token: string | null, key: string | null, body: unknown): Promise<Answer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = token;
  if (key) headers['Idempotency-Key'] = key;
  const res = await fetch(`${server}${ROUTE}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

/** A staff account (admin or not) on the server of `su`, and its token (impersonation: logins are rate-limited). */
export async function staffToken(su: PocketBase, role: 'admin' | ''): Promise<string> {
  const email = `${role || 'member'}-${Math.random().toString(36).slice(2, 10)}@test.local`;
  const rec = await su.collection('staff').create({ email, password: 'staff-pass-12345', passwordConfirm: 'staff-pass-12345', role, name: 'Staff' });
  const client = await su.collection('staff').impersonate(rec.id, 3600);
  return client.authStore.token;
}

/**
 * A booking stored directly (superuser): Elevated Arbor 7.5–9 ft, $1,650 total, deposit paid,
 * $825 balance due, unless `over` says otherwise.
 */
export function stageBooking(su: PocketBase, over: Record<string, unknown> = {}) {
  return su.collection('bookings').create({ customer_name: 'Charge Customer', customer_email: 'charge@example.com', ...PAID_DEMO_BOOKING, ...over });
}

/**
 * For a test file staging bookings on the shared server: `stage(over)` stores one (stageBooking)
 * on the file's own `dates` (`install_date`, `removal_date`: other files' bookings must not meet
 * them) with the e-mail `<prefix>.<n>@example.com`, and the file's afterAll deletes them all.
 */
export function bookingsOfFile(su: PocketBase, prefix: string, dates: { install_date: string; removal_date: string }) {
  const created: string[] = [];
  let seq = 0;
  afterAll(() => deleteBookings(created));
  return async (over: Record<string, unknown> = {}) => {
    const b = await stageBooking(su, { ...dates, customer_email: `${prefix}.${++seq}@example.com`, ...over });
    created.push(b.id);
    return b;
  };
}

/**
 * A booking (stageBooking) in Stripe mode whose deposit was paid by card: payment intent `intent`
 * (none when ''), the saved card `pm_saved` of Stripe customer `cus_saved`; `over` on top.
 */
export function stageCardBooking(su: PocketBase, intent: string, over: Record<string, unknown> = {}) {
  return stageBooking(su, { payment_mode: 'stripe', stripe_customer_id: 'cus_saved', payment_method_id: 'pm_saved', payment_intent_id: intent, ...over });
}

/** The $825 balance of booking `bookingId` charged by card (payment intent `intent`), succeeded. */
export function stageCardBalance(su: PocketBase, bookingId: string, intent: string) {
  return su
    .collection('charges')
    .create({ booking: bookingId, idempotency_key: newKey(), status: 'succeeded', kind: 'balance', amount: 82500, balance_amount: 82500, damages_amount: 0, stripe_payment_intent_id: intent });
}

/** The fields of a booking paid in full: nothing left to pay (with stageBooking's $1,650 total). */
export const PAID_IN_FULL = Object.freeze({ payment_status: 'paid', balance_remaining: 0 });

/**
 * A booking (stageBooking) installed on `install` (done that day, 3 PM in New York) with its
 * removal on `removal`, both `YYYY-MM-DD` at 9 AM–3 PM: for the tests of a booking's own season
 * (docs/architecture.md reading 3).
 */
export function stageInstalledBooking(su: PocketBase, install: string, removal: string, over: Record<string, unknown> = {}) {
  return stageBooking(su, {
    install_date: install,
    install_time_slot: '9-15',
    install_done_at: `${install} 20:00:00.000Z`,
    removal_date: removal,
    removal_time_slot: '9-15',
    removal_service: true,
    ...over,
  });
}

/**
 * A `charges` row stored directly (superuser) paying `cents` of booking `bookingId`'s balance,
 * succeeded: by default cash the owner recorded (kind balance, method cash); `over` changes any
 * field (e.g. `method: ''` and a `stripe_payment_intent_id` for a card balance charge). A booking
 * staged as paid needs it: its balance is its ledger's (docs/decisions/045), not the stored field.
 */
export function stageBalancePayment(su: PocketBase, bookingId: string, cents: number, over: Record<string, unknown> = {}) {
  return su
    .collection('charges')
    .create({
      booking: bookingId,
      kind: 'balance',
      method: 'cash',
      amount: cents,
      balance_amount: cents,
      damages_amount: 0,
      description: 'Cash',
      idempotency_key: newKey(),
      request_fingerprint: 'staged',
      status: 'succeeded',
      requested_at: '2026-11-15 15:00:00.000Z',
      ...over,
    });
}

/**
 * A booking as stageBooking stores it (`over` applied), its balance then paid off: `payment_status`
 * paid, `balance_remaining` 0, and the succeeded cash payment of the balance (stageBalancePayment,
 * `payment` changing its fields) that makes its ledger say so.
 */
export async function stagePaidBooking(su: PocketBase, over: Record<string, unknown> = {}, payment: Record<string, unknown> = {}) {
  const b = await stageBooking(su, { payment_status: 'paid', balance_remaining: 0, ...over });
  await stageBalancePayment(su, b.id, b.total_price - b.deposit_amount, payment);
  return b;
}

/** The request fingerprint the server stores for `body` (to stage a charge row by hand). */
export function fingerprintOf(body: Record<string, unknown>): string {
  const parsed = parseChargeRequest(body);
  if (!parsed.ok) throw new Error(parsed.message);
  return createHash('sha256').update(chargeFingerprintSource(parsed.value)).digest('hex');
}

/**
 * A `charges` row stored directly (superuser), as a request that reached Stripe and never came
 * back leaves it: the $825 balance of `bookingId`, `pending`, under the key and fingerprint of
 * the request `{ bookingId }`; `over` changes any field. Resolves with the row and its key.
 */
export async function stageChargeRow(su: PocketBase, bookingId: string, over: Record<string, unknown> = {}) {
  const key = newKey();
  const row = await su
    .collection('charges')
    .create({
      booking: bookingId,
      kind: 'balance',
      amount: 82500,
      balance_amount: 82500,
      damages_amount: 0,
      description: 'Post-removal damages and incidentals',
      idempotency_key: key,
      request_fingerprint: fingerprintOf({ bookingId }),
      status: 'pending',
      ...over,
    });
  return { row, key };
}

export const chargesOf = (su: PocketBase, bookingId: string) => su.collection('charges').getFullList({ filter: su.filter('booking = {:id}', { id: bookingId }) });

export const WEBHOOK_SECRET = 'whsec_test_charges_secret';

/** The environment of a server in Stripe mode whose Stripe API is at `apiBase` (stripe-mock or the stand-in), signing webhooks with WEBHOOK_SECRET. */
export const stripeEnv = (apiBase: string): Record<string, string> => ({ STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_API_BASE: apiBase, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
const stripe = new Stripe('sk_test_123');

/**
 * A Checkout Session as Stripe sends it in `checkout.session.completed` once paid: session `id`,
 * its `paymentIntent` (an id, or the expanded object), and `fields` on top (`amount_total` in
 * cents, `metadata`, `customer`...).
 */
export function paidSession(id: string, paymentIntent: unknown, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { object: 'checkout.session', id, payment_status: 'paid', status: 'complete', payment_intent: paymentIntent, ...fields };
}

/**
 * Posts a Stripe event of `type` about `object` to `server`'s webhook, signed with
 * WEBHOOK_SECRET at `timestampSec` (the server's frozen clock).
 */
export async function postWebhook(server: string, type: string, object: Record<string, unknown>, timestampSec: number): Promise<Answer> {
  const payload = JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, object: 'event', type, data: { object } });
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: timestampSec });
  const res = await fetch(`${server}/api/fn/stripe-webhook`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Stripe-Signature': header }, body: payload });
  return { status: res.status, body: (await res.json()) as any };
}

/** The receipts queued for booking `bookingId` (mail_log rows of kind `receipt`), oldest first. */
export const receiptsOf = (su: PocketBase, bookingId: string) =>
  su.collection('mail_log').getFullList({ filter: su.filter("related_id = {:id} && kind = 'receipt'", { id: bookingId }), sort: 'created_at,id' });
