/**
 * Shared pieces of the server scenario tests: calls to the booking routes, booking records made
 * directly as superuser (to stage holds, cancellations and payments), and record counting.
 */
import { expect } from 'vitest';
import type PocketBase from 'pocketbase';
import { bookingRequest, callFn, superuser, type FnResponse } from './support';
import { EXAMPLE_CHOICES } from '../../scripts/lib/example-booking.mjs';

/** Collections every booking test touches. */
export const BOOKING_COLLECTIONS = ['bookings', 'blocked_dates'] as const;

export interface Slot {
  id: string;
  label: string;
  time: string;
  startHour: number;
  endHour: number;
  available: boolean;
}

export interface Availability {
  date: string;
  size: string;
  kind: string;
  closingHour: number;
  bookable: boolean;
  reason: string | null;
  slots: Slot[];
}

/** GET /api/fn/availability for one date, size and kind. */
export async function availability(date: string, size: string, kind: 'install' | 'removal' = 'install', installDate?: string): Promise<FnResponse<Availability>> {
  const q = new URLSearchParams({ date, size, kind });
  if (installDate) q.set('installDate', installDate);
  return callFn<Availability>('GET', `/api/fn/availability?${q}`);
}

/** Slot id → available, for compact assertions. */
export function slotMap(a: Availability): Record<string, boolean> {
  return Object.fromEntries(a.slots.map((s) => [s.id, s.available]));
}

export interface CheckoutOk {
  url: string;
  sessionId: string;
  bookingId: string;
}

/** POST /api/fn/create-booking-checkout with `bookingRequest(over)`. */
export function checkout(over: Record<string, unknown> = {}): Promise<FnResponse<CheckoutOk & { message?: string }>> {
  return callFn('POST', '/api/fn/create-booking-checkout', { bookingData: bookingRequest(over) });
}

/**
 * Work-day install dates of the default season whose every slot starts outside the 48 hours'
 * notice from the frozen now (Friday 2026-11-20, noon; domain/schedule/notice.ts): from Tuesday
 * 2026-11-24, 17 dates.
 */
export function installDates(): string[] {
  const out: string[] = [];
  for (let t = Date.UTC(2026, 10, 24); t <= Date.UTC(2026, 11, 23); t += 86_400_000) {
    const d = new Date(t);
    if ([0, 2, 5, 6].includes(d.getUTCDay())) out.push(d.toISOString().slice(0, 10));
  }
  return out;
}

/** Number of stored bookings (superuser). */
export async function countBookings(): Promise<number> {
  const res = await superuser().collection('bookings').getList(1, 1, { fields: 'id' });
  return res.totalItems;
}

/**
 * A confirmed Elevated Arbor, 7.5–9 ft, installed 9 AM–3 PM, of $1,000 with its $500 deposit paid
 * (cents): the booking fields besides contact and date that the customers and insights tests store.
 */
export const CONFIRMED_1000 = Object.freeze({
  package_type: 'elevated-arbor',
  tree_size: '7.5-9ft',
  install_time_slot: '9-15',
  total_price: 100000,
  deposit_amount: 50000,
  balance_remaining: 50000,
  payment_status: 'deposit_paid',
  status: 'confirmed',
});

/** The contact of a booking createBookingRecord stores. */
const STAGED_CONTACT = { customer_name: 'Staged Customer', customer_email: 'staged@example.com', customer_phone: '(410) 555-0199', customer_address: '9 Staged Lane, Columbia, MD 21044' };

/** The contact of a consultation request createConsultationRecord stores. */
const HOLLY = { customer_name: 'Holly', customer_email: 'holly@example.com', customer_phone: '410 555 0101', customer_address: '42 Evergreen Lane, Ellicott City' };

/** A booking stored directly as superuser (bypassing the route), for staging holds and states. */
export async function createBookingRecord(over: Record<string, unknown> = {}): Promise<Record<string, any>> {
  return superuser()
    .collection('bookings')
    .create({
      ...STAGED_CONTACT,
      ...EXAMPLE_CHOICES,
      total_price: 165000,
      deposit_amount: 82500,
      balance_remaining: 165000,
      payment_status: 'pending',
      status: 'pending_payment',
      payment_mode: 'demo',
      ...over,
    });
}

/**
 * A consultation request stored directly as superuser: Holly's, pending, 25 November 2026 at
 * 10:30, unless `over` says otherwise.
 */
export async function createConsultationRecord(over: Record<string, unknown> = {}): Promise<Record<string, any>> {
  return superuser()
    .collection('consultation_requests')
    .create({ ...HOLLY, consultation_date: '2026-11-25', consultation_time_slot: '10:30', status: 'pending', ...over });
}

/** Deletes the bookings `ids` (their charges and job events cascade); one already gone is fine. */
export async function deleteBookings(ids: Iterable<string>): Promise<void> {
  for (const id of ids)
    await superuser()
      .collection('bookings')
      .delete(id)
      .catch(() => undefined);
}

/**
 * The body of POST /api/fn/waitlist/join (SPEC "Waitlist"): Wendy waits for an install of an
 * Elevated Arbor, 7.5–9 ft, no add-ons, on `date` (`YYYY-MM-DD`); `over` on top (e.g. `email`).
 */
export function waitlistJoinBody(date: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  const choices = { package: 'elevated-arbor', size: '7.5-9ft', addons: [] };
  return { name: 'Wendy', email: 'wendy@example.com', phone: '(410) 555-0111', date, kind: 'install', size: choices.size, package: choices.package, choices, ...over };
}

/** Messages PocketBase gives for failures nobody handled: never acceptable as a user-facing answer. */
const GENERIC_MESSAGES = [/something went wrong/i, /failed to load the submitted data/i, /an error occurred/i, /^bad request\.?$/i];

/**
 * Asserts a PocketBase error JSON carries a clear, plain sentence: non-empty, starting with a
 * capital, no code, stack or JSON fragments, and not PocketBase's generic fallback.
 */
export function expectClearSentence(message: unknown): void {
  expect(typeof message).toBe('string');
  const text = message as string;
  expect(text.trim().length).toBeGreaterThan(10);
  expect(text).toMatch(/^[A-Z]/);
  expect(text).not.toMatch(/[{}<>]|Error:|at \w+ \(|\bundefined\b|\bnull\b|goja|\.go:\d+/);
  for (const generic of GENERIC_MESSAGES) expect(text).not.toMatch(generic);
}

/**
 * Sets every package's minimum notice for a visit (domain/schedule/notice.ts; 48 hours by
 * default) to `hours` on the server `pb` signs in to (the shared one unless given), and answers
 * the function that puts the stored value back. For files about holds, keys and payments whose
 * dates start with tomorrow (installDates), the notice being no part of what they test.
 */
export async function setVisitNotice(hours: number, pb: PocketBase = superuser()): Promise<() => Promise<void>> {
  const row = await pb.collection('settings').getFirstListItem("key = 'notice'");
  const visit_hours = { 'adorned-arrangement': hours, 'elevated-arbor': hours, 'curated-christmas': hours };
  await pb.collection('settings').update(row.id, { value: { ...row.value, visit_hours } });
  return async () => {
    await pb.collection('settings').update(row.id, { value: row.value });
  };
}
