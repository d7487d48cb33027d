/**
 * Shared pieces of the server scenario tests: calls to the booking routes, booking records made
 * directly as superuser (to stage holds, cancellations and payments), and record counting.
 */
import { expect } from 'vitest';
import { bookingRequest, callFn, superuser, type FnResponse } from './support';

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

/** Number of stored bookings (superuser). */
export async function countBookings(): Promise<number> {
  const res = await superuser().collection('bookings').getList(1, 1, { fields: 'id' });
  return res.totalItems;
}

/** A booking stored directly as superuser (bypassing the route), for staging holds and states. */
export async function createBookingRecord(over: Record<string, unknown> = {}): Promise<Record<string, any>> {
  return superuser()
    .collection('bookings')
    .create({
      customer_name: 'Staged Customer',
      customer_email: 'staged@example.com',
      customer_phone: '(410) 555-0199',
      customer_address: '9 Staged Lane, Columbia, MD 21044',
      package_type: 'elevated-arbor',
      tree_size: '7.5-9ft',
      install_date: '2026-11-24',
      install_time_slot: '9-15',
      removal_date: '2026-12-28',
      removal_time_slot: '9-15',
      total_price: 165000,
      deposit_amount: 82500,
      balance_remaining: 165000,
      payment_status: 'pending',
      status: 'pending_payment',
      payment_mode: 'demo',
      ...over,
    });
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
