/**
 * The manage-booking calls (docs/decisions/027), with a plain `fetch` rather than the SDK so the
 * page stays within the public pages' JavaScript budget:
 * - fetchMyBooking(token) → MyBookingView (POST /api/fn/my-booking);
 * - moveVisit(token, visit, date, timeSlot) → the view after the move (POST /api/fn/my-booking/move);
 * - cancelMyBooking(token) → { refunded } (POST /api/fn/my-booking/cancel);
 * - payBalanceOnline(token) → { url } of a Checkout page, or { paid } (POST /api/fn/my-booking/pay-balance);
 * - addRemoval(token, date, timeSlot) → { url } of a Checkout page for its price, or { view }
 *   once booked (free, or demo mode) (POST /api/fn/my-booking/add-removal, docs/decisions/029).
 * Each rejects with a MyBookingError carrying the server's sentence and status (0: no answer).
 */
import type { MyBookingView } from '@domain/self-service';
import type { VisitKind } from '@domain/slots';

export type { MyBookingView };

export class MyBookingError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

const FALLBACK = 'Something went wrong. Please try again, or call us.';

async function post<T>(route: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(route, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  } catch {
    throw new MyBookingError('We could not reach the server. Please check your connection and try again.', 0);
  }
  const data = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
  if (!response.ok || !data) throw new MyBookingError(data?.message || FALLBACK, response.status);
  return data;
}

export function fetchMyBooking(token: string): Promise<MyBookingView> {
  return post('/api/fn/my-booking', { token });
}

export async function moveVisit(token: string, visit: VisitKind, date: string, timeSlot: string): Promise<MyBookingView> {
  return (await post<{ view: MyBookingView }>('/api/fn/my-booking/move', { token, visit, date, timeSlot })).view;
}

/** POST /api/fn/my-booking/pay-balance: the Checkout page to pay the balance at, or paid at once (demo mode). */
export function payBalanceOnline(token: string): Promise<{ url?: string; paid?: boolean }> {
  return post('/api/fn/my-booking/pay-balance', { token });
}

/** POST /api/fn/my-booking/add-removal: the Checkout page for the removal's price (also the one already open), or the booking with the removal booked. */
export function addRemoval(token: string, date: string, timeSlot: string): Promise<{ url?: string; view?: MyBookingView }> {
  return post('/api/fn/my-booking/add-removal', { token, date, timeSlot });
}

export async function cancelMyBooking(token: string): Promise<{ refunded: boolean }> {
  return post('/api/fn/my-booking/cancel', { token });
}

export interface SlotChoice {
  id: string;
  label: string;
  time: string;
  available: boolean;
}

/** GET /api/fn/availability for another date of a visit: the slots, or the reason the date cannot be booked. */
export async function fetchSlots(date: string, size: string, kind: VisitKind, installDate: string): Promise<{ bookable: boolean; reason: string | null; slots: SlotChoice[] }> {
  // The installation date for both visits: the server checks them in that booking's season.
  const query = new URLSearchParams({ date, size, kind, ...(installDate ? { installDate } : {}) });
  const response = await fetch(`/api/fn/availability?${query}`);
  const data = (await response.json().catch(() => null)) as { bookable: boolean; reason: string | null; slots: SlotChoice[]; message?: string } | null;
  if (!response.ok || !data) throw new MyBookingError(data?.message || 'Error loading time slots', response.status);
  return data;
}
