/**
 * The manage-booking calls (docs/decisions/027), with a plain `fetch` rather than the SDK so the
 * page stays within the public pages' JavaScript budget:
 * - fetchMyBooking(token) → MyBookingView (POST /api/fn/my-booking), the one prefetchMyBooking
 *   started as the page's module loaded when there is one (web/src/lib/early-request.ts);
 * - moveVisit(token, visit, date, timeSlot, from) → the view after the move (POST /api/fn/my-booking/move);
 * - cancelMyBooking(token, from) → { refunded } (POST /api/fn/my-booking/cancel);
 * - payBalanceOnline(token, key) → { url } of a Checkout page (the demo payment page in demo mode), or
 *   { paid } when it was already paid (POST /api/fn/my-booking/pay-balance, with the attempt's
 *   Idempotency-Key: a retry of a lost answer gets the first one back);
 * - addRemoval(token, date, timeSlot, from) → { url } of a Checkout page for its price (the demo
 *   payment page in demo mode), or { view } once booked (free) (POST /api/fn/my-booking/add-removal, docs/decisions/029);
 * - requestMyLink(email) → the server's one sentence (POST /api/fn/my-booking/send-link);
 * A change names what it changes `from`: the visit's date and slot as the page showed them
 * (the installation's for a cancel, both '' for a removal not booked), so the server refuses a
 * request from a stale page (409) instead of applying it to a booking that changed since.
 * - fetchMoveCalendar(installDate) → the server's today, the booking's season and the blocked
 *   dates, for the move calendar (GET /api/fn/season?installDate=, blocked_dates' list).
 * Each rejects with a MyBookingError carrying the server's sentence and status (0: no answer).
 */
import type { DateContext, SeasonWindows } from '@domain/schedule/season';
import type { MyBookingView, VisitAt } from '@domain/booking/self-service';
import type { VisitKind } from '@domain/schedule/slots';
import { MyBookingError, postManage as post } from '@/lib/manage-link-fetch';
import { startEarly, takeEarly, takeEarlyResponse } from '@/lib/early-request';

export type { MyBookingView, VisitAt };

// The manage pages' one POST and its error live in web/src/lib (the consultation's page uses them too).
export { MyBookingError };

const viewKey = (token: string) => `my-booking:${token}`;
// The read web/public/early-requests.js started with the page, if it is still waiting, else a new one.
const readView = (token: string) => post<MyBookingView>('/api/fn/my-booking', { token }, { sent: takeEarlyResponse(viewKey(token)) });

export function fetchMyBooking(token: string): Promise<MyBookingView> {
  return takeEarly(viewKey(token), () => readView(token));
}

/** Starts reading the booking of `token` ahead of the page (the route module's prefetch); fetchMyBooking takes it. */
export function prefetchMyBooking(token: string): void {
  startEarly(viewKey(token), () => readView(token));
}

export async function moveVisit(token: string, visit: VisitKind, date: string, timeSlot: string, from: VisitAt): Promise<MyBookingView> {
  return (await post<{ view: MyBookingView }>('/api/fn/my-booking/move', { token, visit, date, timeSlot, from })).view;
}

/**
 * POST /api/fn/my-booking/pay-balance: the Checkout page to pay the balance at (the demo payment
 * page in demo mode), or paid already. `idempotencyKey`: the attempt's key (lib/request-attempt.ts).
 */
export function payBalanceOnline(token: string, idempotencyKey: string): Promise<{ url?: string; paid?: boolean }> {
  return post('/api/fn/my-booking/pay-balance', { token }, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** POST /api/fn/my-booking/add-removal: the Checkout page for the removal's price (also the one already open), or the booking with the removal booked. */
export function addRemoval(token: string, date: string, timeSlot: string, from: VisitAt): Promise<{ url?: string; view?: MyBookingView }> {
  return post('/api/fn/my-booking/add-removal', { token, date, timeSlot, from });
}

export async function cancelMyBooking(token: string, from: VisitAt): Promise<{ refunded: boolean }> {
  return post('/api/fn/my-booking/cancel', { token, from });
}

/** POST /api/fn/my-booking/send-link: the same sentence whether or not the address booked (429: too many from this connection). */
export async function requestMyLink(email: string): Promise<string> {
  return (await post<{ message: string }>('/api/fn/my-booking/send-link', { email })).message;
}

/** What a page shows of `visit` as the `from` of a change (both '' when there is none). */
export function visitFrom(visit: { date: string; timeSlot: string } | null): VisitAt {
  return visit ? { date: visit.date, timeSlot: visit.timeSlot } : { date: '', timeSlot: '' };
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

/** Blocked dates per page (PocketBase's largest page). */
const BLOCKED_PAGE = 500;

/**
 * What the move calendar needs to disable exactly the days the server refuses: the server's
 * today, the season of the booking installed on `installDate` (`YYYY-MM-DD`, New York; a
 * visit's season is its booking's, docs/decisions/045) and every blocked date. Rejects with a
 * MyBookingError when either cannot be loaded.
 */
export async function fetchMoveCalendar(installDate: string): Promise<DateContext> {
  const read = async <T>(url: string): Promise<T> => {
    let response: Response;
    try {
      response = await fetch(url);
    } catch {
      throw new MyBookingError('We could not reach the server. Please check your connection and try again.', 0);
    }
    const data = (await response.json().catch(() => null)) as (T & { message?: string }) | null;
    if (!response.ok || !data) throw new MyBookingError(data?.message || 'The calendar could not be loaded. Please try again.', response.status);
    return data;
  };
  const season = read<{ today: string; season: SeasonWindows }>(`/api/fn/season?installDate=${encodeURIComponent(installDate)}`);
  const blocked = new Set<string>();
  for (let page = 1; ; page++) {
    const rows = await read<{ items: { blocked_date: string }[] }>(`/api/collections/blocked_dates/records?fields=blocked_date&skipTotal=1&perPage=${BLOCKED_PAGE}&page=${page}`);
    for (const r of rows.items) blocked.add(r.blocked_date);
    if (rows.items.length < BLOCKED_PAGE) break;
  }
  const s = await season;
  return { today: s.today, season: s.season, blocked };
}
